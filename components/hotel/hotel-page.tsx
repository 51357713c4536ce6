"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card } from "@/components/ui/card";
import { regionName } from "@/components/status/format";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeferredAnswer } from "@/components/ui/use-deferred-answer";
import { ApiError, apiGet } from "@/lib/api-client";
import { DAY_MONTH, formatDay } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import { searchHref, type HotelCriteria, type SearchCriteria } from "@/lib/search/criteria";
import { hotelContentSchema } from "@/lib/tds/contract/schemas";
import type { HotelContent } from "@/lib/tds/contract/types";
import { guestsLabel, stayOf } from "./format";
import { HotelGallery } from "./hotel-gallery";
import { DetailsSkeleton, GallerySkeleton, HotelDetails, placeLine, StarRating } from "./hotel-content";
import { RateSheet } from "./rate-sheet";
import { useRateSheet } from "./use-rate-sheet";

const DAY_MS = 86_400_000;

type Props = {
  searchId: string;
  productId: string;
  criteria: SearchCriteria | null;
  /** The content as the server had it for the first HTML (lib/bff/hotel-content.ts), or null. */
  initialContent?: HotelContent | null;
};

/** A hotel within a search: who it is (content), what it costs now (live rates), and the stay. */
export function HotelPage({ searchId, productId, criteria, initialContent = null }: Props) {
  const content = useQuery({
    queryKey: ["hotel-content", productId],
    queryFn: ({ signal }) => apiGet(`/api/products/hotel/${encodeURIComponent(productId)}`, hotelContentSchema, { signal }),
    // Content changes rarely (the service says: cache it, refresh daily).
    staleTime: DAY_MS,
    // Rendered in the first HTML (and so at once, not deferred) when the server had it.
    initialData: initialContent ?? undefined,
  });
  const rates = useRateSheet(searchId, productId);
  // The gallery and the details render at a lower priority, in slices, like the rooms; their outlines stay until then.
  const { shown: hotel, catchingUp } = useDeferredAnswer(content.data);
  const contentPending = content.isPending || catchingUp;
  const fallback = rates.data?.[0]?.summary;
  const name = hotel?.name ?? fallback?.hotelName ?? null;

  return (
    <div>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Hotel</p>
          {/* The name and the place line keep their height while they load (a line each), so the page
              under them does not move when the content or the first rates arrive (layout shift). */}
          {name ? (
            <h1 className="mt-1 text-2xl/8 font-semibold tracking-tight text-ink sm:text-[1.75rem]/9">{name}</h1>
          ) : (
            <>
              <h1 className="sr-only">Hotel</h1>
              <div className="mt-1 flex h-8 items-center sm:h-9" aria-hidden>
                <Skeleton className="h-7 w-72 max-w-full" />
              </div>
            </>
          )}
          <div className="mt-1.5 flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <StarRating rating={hotel?.starRating ?? fallback?.starRating} />
            {hotel ? (
              <span>{placeLine(hotel)}</span>
            ) : fallback?.cityName ? (
              <span>{fallback.cityName}</span>
            ) : contentPending ? (
              <Skeleton className="h-4 w-56 max-w-full" />
            ) : null}
            {hotel?.chainName ? <span className="text-slate-500">Part of {hotel.chainName}</span> : null}
          </div>
        </div>
        <a
          href="#rooms"
          className="inline-flex items-center gap-1.5 self-start rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100 sm:self-auto"
        >
          Rooms and rates
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden className="size-4">
            <path d="M12 5v14M6 13l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <aside aria-label="Your stay" className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <StaySummary criteria={criteria} searchId={searchId} />
        </aside>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-1">
          {contentPending ? (
            <GallerySkeleton />
          ) : hotel?.content && hotel.content.images.length > 0 ? (
            <HotelGallery hotelName={hotel.name} images={hotel.content.images} />
          ) : null}

          <RateSheet
            searchId={searchId}
            productId={productId}
            criteria={criteria}
            hotelName={name}
            photoUrl={hotel?.content?.images.find((i) => i.heroImage)?.url ?? hotel?.content?.images[0]?.url ?? null}
          />

          {contentPending ? (
            <DetailsSkeleton />
          ) : content.error ? (
            <Callout
              tone={content.error instanceof ApiError && content.error.code === "not_found" ? "warning" : "error"}
              title={
                content.error instanceof ApiError && content.error.code === "not_found"
                  ? "The catalogue has no details for this hotel"
                  : "The hotel's details could not be loaded"
              }
            >
              <p>
                {content.error instanceof ApiError && content.error.code === "not_found"
                  ? "Its rates above are live and can be booked; photos and house rules are not available."
                  : content.error.message}
              </p>
              {!(content.error instanceof ApiError && content.error.code === "not_found") ? (
                <Button size="sm" variant="secondary" className="mt-3" onClick={() => void content.refetch()}>
                  Try again
                </Button>
              ) : null}
            </Callout>
          ) : hotel ? (
            <HotelDetails hotel={hotel} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function StaySummary({ criteria, searchId }: { criteria: SearchCriteria | null; searchId: string }) {
  const stay = stayOf(criteria);
  if (!stay) {
    return (
      <Card className="px-5 py-4">
        <h2 className="text-sm font-semibold text-ink">Your stay</h2>
        <p className="mt-1 text-sm text-slate-600">This page&apos;s address has lost the search details (dates and guests).</p>
        <Link href="/search" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
          Start a new search
        </Link>
      </Card>
    );
  }
  const c = stay.criteria;
  const dates = c.checkIn && c.checkOut ? `${formatDay(c.checkIn, DAY_MONTH)} – ${formatDay(c.checkOut, DAY_MONTH)} ${c.checkOut.slice(0, 4)}` : "Dates not set";
  return (
    <>
      {/* Narrow screens: one compact line, so the rates stay near the top. */}
      <Card className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 lg:hidden">
        <h2 className="sr-only">Your stay</h2>
        <p className="text-sm text-ink">
          <span className="font-medium">{dates}</span>
          <span className="text-slate-500">
            {" · "}
            {stay.nights ? plural(stay.nights, "night") : "—"} · {plural(stay.rooms, "room")}, {guestsLabel(stay.adults, stay.children)}
          </span>
        </p>
        <Link href={searchHref(c)} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          Change search
        </Link>
      </Card>
      <StayCard criteria={c} stay={stay} searchId={searchId} />
    </>
  );
}

function StayCard({ criteria: c, stay, searchId }: { criteria: HotelCriteria; stay: NonNullable<ReturnType<typeof stayOf>>; searchId: string }) {
  return (
    <Card className="hidden px-5 py-4 lg:block">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-ink">Your stay</h2>
        <Link href={searchHref(c)} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          Change search
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-y-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Check-in</dt>
          <dd className="font-medium text-ink">{c.checkIn ? formatDay(c.checkIn) : "Not set"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Check-out</dt>
          <dd className="font-medium text-ink">{c.checkOut ? formatDay(c.checkOut) : "Not set"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Length</dt>
          <dd className="font-medium text-ink">{stay.nights ? plural(stay.nights, "night") : "—"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Guests</dt>
          <dd className="font-medium text-ink">
            {plural(stay.rooms, "room")}, {guestsLabel(stay.adults, stay.children)}
          </dd>
        </div>
        {c.residency ? (
          <div>
            <dt className="text-xs text-slate-500">Lead guest&apos;s residence</dt>
            <dd className="font-medium text-ink">{regionName(c.residency)}</dd>
          </div>
        ) : null}
      </dl>
      <Link href={searchHref(c, searchId)} className="mt-4 inline-block text-sm font-medium text-slate-600 hover:text-ink hover:underline">
        ← Back to results
      </Link>
    </Card>
  );
}
