"use client";

import { useId, useState, type ReactNode } from "react";
import type * as z from "zod/mini";
import { BedDouble } from "lucide-react";
import type { hotelContentSchema } from "@/lib/tds/contract/schemas";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { regionName } from "@/components/status/format";
import { isEmptyValue, StructuredValue } from "./structured-value";

export type HotelContent = z.output<typeof hotelContentSchema>;

/** Stars drawn (halves included) with the rating as text for screen readers. */
export function StarRating({ rating, className }: { rating: number | null | undefined; className?: string }) {
  const clipId = useId();
  if (!rating || rating <= 0) return null;
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return (
    <span className={cn("inline-flex items-center gap-0.5 text-amber-500", className)}>
      <span className="sr-only">{rating}-star</span>
      {Array.from({ length: full + (half ? 1 : 0) }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" aria-hidden className="size-4">
          <defs>
            <clipPath id={`${clipId}-${i}`}>
              <rect x="0" y="0" width="10" height="20" />
            </clipPath>
          </defs>
          <path
            d="M10 1.8l2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7z"
            fill="currentColor"
            clipPath={half && i === full ? `url(#${clipId}-${i})` : undefined}
          />
        </svg>
      ))}
    </span>
  );
}

/** "171 Bridge Street, London · United Kingdom" without repeating the city. */
export function placeLine(h: { address?: string | null; cityName?: string | null; countryCode?: string | null }): string {
  const parts: string[] = [];
  if (h.address) parts.push(h.address);
  if (h.cityName && !(h.address ?? "").toLowerCase().includes(h.cityName.toLowerCase())) parts.push(h.cityName);
  const line = parts.join(", ");
  const country = h.countryCode ? regionName(h.countryCode) : "";
  return [line, country].filter(Boolean).join(" · ");
}

export function AmenityList({ amenities, initial = 12 }: { amenities: readonly string[]; initial?: number }) {
  const [all, setAll] = useState(false);
  const id = useId();
  if (amenities.length === 0) return null;
  const shown = all ? amenities : amenities.slice(0, initial);
  return (
    <div>
      <ul id={id} className="flex flex-wrap gap-2">
        {shown.map((a) => (
          <li key={a} className="rounded-full bg-slate-100 px-3 py-1 text-[0.8125rem] text-slate-700 ring-1 ring-slate-200 ring-inset">
            {a}
          </li>
        ))}
      </ul>
      {amenities.length > initial ? (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={id}
          onClick={() => setAll((v) => !v)}
          className="mt-3 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          {all ? "Show fewer" : `Show all ${amenities.length}`}
        </button>
      ) : null}
    </div>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} id={id} className="scroll-mt-6">
      <h2 id={headingId} className="border-b border-slate-100 px-5 py-4 text-[0.9375rem] font-semibold text-ink sm:px-6">
        {title}
      </h2>
      <div className="px-5 py-5 text-sm text-slate-700 sm:px-6">{children}</div>
    </Card>
  );
}

/** Description, amenities and house rules; a designed state when the property sent no content. */
export function HotelDetails({ hotel }: { hotel: HotelContent }) {
  const c = hotel.content;
  if (!c) return <NoContent hotel={hotel} />;
  const rules: { title: string; value: unknown }[] = [
    { title: "Check-in", value: c.checkin },
    { title: "Check-out", value: c.checkout },
  ].filter((r) => !isEmptyValue(r.value));
  return (
    <div className="space-y-6">
      {c.description || c.amenities.length > 0 ? (
        <Section title="About the property">
          {c.description ? <p className="max-w-prose text-[0.9375rem] leading-relaxed text-slate-700">{c.description}</p> : null}
          {c.amenities.length > 0 ? (
            <div className={c.description ? "mt-5" : undefined}>
              <h3 className="mb-2.5 text-sm font-semibold text-ink">Amenities</h3>
              <AmenityList amenities={c.amenities} />
            </div>
          ) : null}
        </Section>
      ) : null}
      {rules.length > 0 || !isEmptyValue(c.policies) || !isEmptyValue(c.fees) ? (
        <Section title="House rules and fees">
          {rules.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {rules.map((r) => (
                <div key={r.title} className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200/70 ring-inset">
                  <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{r.title}</h3>
                  <StructuredValue value={r.value} className="mt-1.5 text-slate-700" />
                </div>
              ))}
            </div>
          ) : null}
          {!isEmptyValue(c.policies) ? (
            <div className={rules.length ? "mt-6" : undefined}>
              <h3 className="mb-2 text-sm font-semibold text-ink">Policies</h3>
              <StructuredValue value={c.policies} className="text-slate-700" />
            </div>
          ) : null}
          {!isEmptyValue(c.fees) ? (
            <div className="mt-6">
              <h3 className="mb-2 text-sm font-semibold text-ink">Fees</h3>
              <StructuredValue value={c.fees} className="text-slate-700" />
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

function NoContent({ hotel }: { hotel: HotelContent }) {
  const facts: [string, string | null][] = [
    ["Address", hotel.address],
    ["City", hotel.cityName],
    ["Country", hotel.countryCode ? regionName(hotel.countryCode) : null],
    ["Chain", hotel.chainName],
    ["Rating", hotel.starRating ? `${hotel.starRating} stars` : null],
  ];
  return (
    <Card className="px-5 py-6 sm:px-6">
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset">
          <BedDouble className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-[0.9375rem] font-semibold text-ink">This property has not sent detailed content</h2>
          <p className="mt-1 max-w-prose text-sm leading-relaxed text-slate-600">
            There are no photos, description or house rules for it yet. The rates below are live, and the price-check at
            checkout shows the terms of the rate you choose.
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {facts
              .filter((f): f is [string, string] => !!f[1])
              .map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium text-ink">{value}</dd>
                </div>
              ))}
          </dl>
        </div>
      </div>
    </Card>
  );
}

export function GallerySkeleton() {
  return (
    <div aria-hidden>
      <Skeleton className="aspect-[2/1] w-full rounded-xl lg:aspect-[5/2]" />
      {/* As tall as the gallery's strip of thumbnails, scrollbar room (pb-1) included. */}
      <div className="mt-2 flex gap-2 pb-1">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-14 w-20 sm:h-16 sm:w-24" />
        ))}
      </div>
    </div>
  );
}

export function DetailsSkeleton() {
  return (
    <Card className="px-5 py-5 sm:px-6" aria-hidden>
      <Skeleton className="h-4 w-44" />
      <div className="mt-4 space-y-2">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-11/12" />
        <Skeleton className="h-3.5 w-4/5" />
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        {["w-20", "w-28", "w-24", "w-32", "w-16", "w-24"].map((w, i) => (
          <Skeleton key={i} className={`h-7 rounded-full ${w}`} />
        ))}
      </div>
    </Card>
  );
}
