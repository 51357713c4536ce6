"use client";

import { ClipboardList, Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { productTypeMeta } from "@/components/status/product-types";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { EmptyCard, FilterCard, MineToggle, SearchField, SkeletonRows } from "@/components/ui/list-parts";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeferredAnswer } from "@/components/ui/use-deferred-answer";
import { ApiError } from "@/lib/api-client";
import {
  appliedStatus,
  bookingHref,
  bookingsHref,
  changeFilters,
  DEFAULT_FILTERS,
  isFiltered,
  QUERY_MAX,
  type BookingFilters,
} from "@/lib/bookings/filters";
import type { BookingListRowView, BookingSummary } from "@/lib/bookings/schemas";
import { formatCount, formatMoney } from "@/lib/money";
import { BookingStateBadge } from "../booking-state";
import { formatCreated, formatTravel } from "./format";
import { useBookingSummaries, useBookingsList } from "./use-bookings-list";

const SEARCH_DEBOUNCE_MS = 300;
const NO_PAGES: never[] = [];
/**
 * Pages the list asks for by itself while a filter the desk applies (Mine, a state the service
 * cannot filter by) has found nothing yet: then it says how far it looked and offers to go on.
 */
const LOOK_AHEAD_PAGES = 2;

// In the words of the list's badges (components/bookings/booking-state.tsx).
const STATE_OPTIONS: Array<[BookingFilters["state"], string]> = [
  ["all", "Any state"],
  ["confirmed", "Confirmed"],
  ["held", "Held · not paid"],
  ["supplier_pending", "Pending confirmation"],
  ["manual_review", "In review"],
  ["failed", "Failed"],
  ["cancellation_pending", "Cancellation pending"],
  ["cancelled", "Cancelled or refunded"],
];
const TRIP_OPTIONS: Array<[BookingFilters["trip"], string]> = [
  ["all", "Any time"],
  ["upcoming", "Upcoming"],
  ["traveling", "Travelling now"],
  ["past", "Past"],
];
const STATUS_OPTIONS: Array<[BookingFilters["status"], string]> = [
  ["all", "Active and cancelled"],
  ["active", "Active"],
  ["cancelled", "Cancelled"],
];
const SORT_OPTIONS: Array<[BookingFilters["sort"], string]> = [
  ["desc", "Newest first"],
  ["asc", "Oldest first"],
];

type Me = { id: string; name: string };

/** /bookings: the agency's bookings, filtered in the URL, one service page at a time. */
export function BookingsDesk({ initialFilters, me }: { initialFilters: BookingFilters; me: Me }) {
  const router = useRouter();
  const [filters, setFilters] = useState(initialFilters);
  const [text, setText] = useState(initialFilters.q);
  const [announce, setAnnounce] = useState("");

  const update = (next: Partial<BookingFilters>) => {
    const merged = changeFilters(filters, next);
    setFilters(merged);
    router.replace(bookingsHref(merged), { scroll: false });
  };

  // Free text waits for a pause in typing; the service reads 100 characters.
  const trimmed = text.trim().slice(0, QUERY_MAX);
  useEffect(() => {
    if (trimmed === filters.q) return;
    const t = setTimeout(() => update({ q: trimmed }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is stable in effect (setState + router)
  }, [trimmed, filters.q]);

  const list = useBookingsList(filters);
  // The table and the cards of 50 bookings render at a lower priority, in slices (useDeferredAnswer).
  const { shown: shownPages, catchingUp } = useDeferredAnswer(list.data?.pages);
  const pending = list.isPending || catchingUp;
  const pages = shownPages ?? NO_PAGES;
  const rows = pages.flatMap((p) => p.rows);
  const summaries = useBookingSummaries(pages.filter((p) => p.rows.length > 0));
  const stale = list.isPlaceholderData;
  const filtered = isFiltered(filters);

  // A filter the desk applies itself may find nothing in the first pages of a large agency:
  // the list looks a little further by itself, then says how far it looked and offers to go on,
  // never "nothing matches" while there are bookings it has not looked through.
  const loaded = list.data?.pages ?? NO_PAGES;
  const foundAny = loaded.some((p) => p.rows.length > 0);
  const lookedThrough = loaded.reduce((n, p) => n + p.lookedThrough, 0);
  const listKey = bookingsHref(filters);
  const [lookAhead, setLookAhead] = useState({ key: listKey, pages: LOOK_AHEAD_PAGES });
  const lookPages = lookAhead.key === listKey ? lookAhead.pages : LOOK_AHEAD_PAGES;
  const looking = !foundAny && !list.isPlaceholderData && list.hasNextPage && loaded.length < lookPages && !list.isError;
  const { fetchNextPage, isFetching } = list;
  const loadedPages = loaded.length;
  useEffect(() => {
    if (looking && !isFetching) void fetchNextPage();
    // loadedPages: a page that came and went within one render still calls for the next.
  }, [looking, isFetching, loadedPages, fetchNextPage]);
  const lookFurther = () => setLookAhead({ key: listKey, pages: loaded.length + LOOK_AHEAD_PAGES });

  const loadMore = async () => {
    const before = rows.length;
    // A page the desk filtered may hold none of the next bookings: go on a little until some come.
    let res = await list.fetchNextPage();
    for (let more = 1; more < LOOK_AHEAD_PAGES && res.hasNextPage && !res.isError && (res.data?.pages.at(-1)?.rows.length ?? 1) === 0; more++) {
      res = await list.fetchNextPage();
    }
    const after = res.data?.pages.flatMap((p) => p.rows).length ?? before;
    setAnnounce(after > before ? `${after - before} more bookings loaded.` : "No more bookings match in the next ones looked through.");
  };

  const clear = () => {
    setText("");
    update({ ...DEFAULT_FILTERS });
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">After sale</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Bookings</h1>
          <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
            Every booking of the agency: find one, follow it, pay a hold, cancel, or send the voucher.
          </p>
        </div>
        <Link href="/search" className={buttonClasses()}>
          <Plus className="size-4" aria-hidden />
          New booking
        </Link>
      </div>

      <Filters filters={filters} text={text} onText={setText} onChange={update} onClear={clear} />

      {/* A line tall even when it has nothing to say (no bookings), so the list does not move up as it loads. */}
      <div className="mt-4 flex min-h-5 flex-wrap items-center justify-between gap-2 text-sm text-slate-600" aria-live="polite">
        <p>
          {pending
            ? "Loading bookings…"
            : rows.length === 0
              ? looking
                ? `Looking through the agency's bookings… ${formatCount(lookedThrough)} so far`
                : ""
              : list.hasNextPage
                ? `Showing ${rows.length} bookings · more available`
                : `All ${rows.length} ${rows.length === 1 ? "booking" : "bookings"} shown`}
        </p>
        <p className="sr-only">{announce}</p>
      </div>

      <div className="mt-3" aria-busy={list.isFetching && !list.isFetchingNextPage ? true : undefined}>
        {pending || (rows.length === 0 && looking) ? (
          <ListSkeleton />
        ) : list.isError && rows.length === 0 ? (
          <Callout title="The bookings could not be loaded" className="max-w-2xl">
            <p>{list.error instanceof ApiError ? list.error.message : "Try again in a moment."}</p>
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : rows.length === 0 && list.hasNextPage ? (
          <NotFoundYet lookedThrough={lookedThrough} onLookFurther={lookFurther} pending={list.isFetchingNextPage} onClear={clear} />
        ) : rows.length === 0 ? (
          <EmptyState filtered={filtered} onClear={clear} />
        ) : (
          <div className={cn("transition-opacity", stale && "opacity-60")}>
            <BookingsTable rows={rows} summaries={summaries} filters={filters} me={me} />
            <BookingCards rows={rows} summaries={summaries} filters={filters} me={me} />
          </div>
        )}
      </div>

      {rows.length > 0 ? (
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
          {list.hasNextPage ? (
            <Button variant="secondary" onClick={() => void loadMore()} pending={list.isFetchingNextPage}>
              Show more bookings
            </Button>
          ) : null}
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-rose-700">
              The next bookings could not be loaded: {list.error instanceof ApiError ? list.error.message : "try again."}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Filters({
  filters,
  text,
  onText,
  onChange,
  onClear,
}: {
  filters: BookingFilters;
  text: string;
  onText: (t: string) => void;
  onChange: (f: Partial<BookingFilters>) => void;
  onClear: () => void;
}) {
  const id = useId();
  const tooLong = text.trim().length > QUERY_MAX;
  return (
    <FilterCard label="Filters">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
        <div className="flex-1">
          <SearchField
            id={`${id}-q`}
            label="Search bookings"
            value={text}
            onChange={onText}
            placeholder="Order reference, lead guest, hotel or supplier reference"
            hint={tooLong ? `Only the first ${QUERY_MAX} characters are searched.` : undefined}
          />
        </div>
        <MineToggle label="Whose bookings" mine={filters.mine} onChange={(mine) => onChange({ mine })} className="self-start lg:self-auto" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label className="text-sm font-medium text-slate-800">
          State
          <Select className="mt-1.5" value={filters.state} onChange={(e) => onChange({ state: e.target.value as BookingFilters["state"] })}>
            {STATE_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Travel
          <Select className="mt-1.5" value={filters.trip} onChange={(e) => onChange({ trip: e.target.value as BookingFilters["trip"] })}>
            {TRIP_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Status
          {/* What the list shows: a state implies its group, a travel period alone leaves cancelled bookings out. */}
          <Select className="mt-1.5" value={appliedStatus(filters)} onChange={(e) => onChange({ status: e.target.value as BookingFilters["status"] })}>
            {STATUS_OPTIONS.map(([v, l]) => (
              <option key={v} value={v} disabled={v === "all" && travelHidesCancelled(filters.trip)}>
                {l}
              </option>
            ))}
          </Select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Sort
          <Select className="mt-1.5" value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as BookingFilters["sort"] })}>
            {SORT_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {travelHidesCancelled(filters.trip) && appliedStatus(filters) === "active" && filters.state === "all" ? (
        <p className="mt-3 text-[0.8125rem] text-slate-500">With a travel period, the list shows active bookings; choose Status: Cancelled to see the cancelled ones.</p>
      ) : null}
      {isFiltered(filters) ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </FilterCard>
  );
}

type RowProps = { rows: BookingListRowView[]; summaries: { items: Map<string, BookingSummary>; pending: Set<string> }; filters: BookingFilters; me: Me };

function itemOf(row: BookingListRowView, s: BookingSummary | undefined): string | null {
  return row.firstItem.hotelName ?? s?.item ?? null;
}

function LeadGuest({ row, summaries }: { row: BookingListRowView; summaries: RowProps["summaries"] }) {
  const s = summaries.items.get(row._id);
  if (s?.leadGuest) {
    const more = (s.travelers ?? 1) - 1;
    return (
      <>
        {s.leadGuest}
        {more > 0 ? <span className="text-slate-500"> +{more}</span> : null}
      </>
    );
  }
  if (summaries.pending.has(row._id)) {
    return (
      <>
        <Skeleton className="h-3.5 w-24" />
        <span className="sr-only">Loading</span>
      </>
    );
  }
  return <span className="text-slate-400">—</span>;
}

function BookedBy({ row, me }: { row: BookingListRowView; me: Me }) {
  if (!row.bookedBy) {
    return (
      <span className="text-slate-500" title="Booked with the agency's key outside Agency Desk">
        Outside the desk
      </span>
    );
  }
  return <>{row.bookedBy.id === me.id ? "You" : row.bookedBy.name}</>;
}

function BookingsTable({ rows, summaries, filters, me }: RowProps) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)] md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The agency&apos;s bookings</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5">Order · created</th>
            <th scope="col" className="px-3 py-2.5">State</th>
            <th scope="col" className="px-3 py-2.5">Booking</th>
            <th scope="col" className="px-3 py-2.5">Travel</th>
            <th scope="col" className="px-3 py-2.5">Lead guest</th>
            <th scope="col" className="px-3 py-2.5">Booked by</th>
            <th scope="col" className="px-4 py-2.5 text-right">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const s = summaries.items.get(row._id);
            const meta = productTypeMeta(String(row.firstItem.productType));
            return (
              <tr key={row._id} className="relative align-top hover:bg-slate-50 focus-within:bg-brand-50/40">
                <td className="px-4 py-3">
                  <IntentLink
                    href={bookingHref(row._id, filters)}
                    className="font-mono text-[0.8125rem] font-semibold whitespace-nowrap text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline"
                  >
                    {row.orderRef}
                  </IntentLink>
                  <p className="mt-0.5 text-xs whitespace-nowrap text-slate-500">{formatCreated(row.createdAt)}</p>
                </td>
                <td className="px-3 py-3">
                  <BookingStateBadge state={String(row.state)} />
                </td>
                <td className="max-w-56 px-3 py-3">
                  <p className="flex items-center gap-1.5 text-xs text-slate-500">
                    <meta.Icon className="size-3.5" aria-hidden />
                    {meta.singular}
                  </p>
                  <p className="truncate font-medium text-ink" title={itemOf(row, s) ?? undefined}>
                    {itemOf(row, s) ?? (summaries.pending.has(row._id) ? <Skeleton className="mt-1 h-3.5 w-32" /> : "—")}
                  </p>
                </td>
                <td className="px-3 py-3 text-slate-700">{formatTravel(row.firstItem.checkIn ?? s?.travelStart, row.firstItem.checkOut ?? s?.travelEnd) ?? "—"}</td>
                <td className="px-3 py-3 text-slate-700">
                  <LeadGuest row={row} summaries={summaries} />
                </td>
                <td className="px-3 py-3 text-slate-700">
                  <BookedBy row={row} me={me} />
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-ink tabular-nums">{formatMoney(row.totalSell.amountMinor, row.totalSell.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BookingCards({ rows, summaries, filters, me }: RowProps) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="The agency's bookings">
      {rows.map((row) => {
        const s = summaries.items.get(row._id);
        const meta = productTypeMeta(String(row.firstItem.productType));
        return (
          <li key={row._id} className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] focus-within:ring-3 focus-within:ring-brand-500/20">
            <div className="flex items-start justify-between gap-3">
              <IntentLink href={bookingHref(row._id, filters)} className="font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 focus:outline-none">
                {row.orderRef}
              </IntentLink>
              <BookingStateBadge state={String(row.state)} />
            </div>
            <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500">
              <meta.Icon className="size-3.5" aria-hidden />
              {meta.singular}
            </p>
            <p className="font-medium break-words text-ink">{itemOf(row, s) ?? "—"}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-[0.8125rem]">
              <dt className="text-slate-500">Travel</dt>
              <dd className="text-slate-700">{formatTravel(row.firstItem.checkIn ?? s?.travelStart, row.firstItem.checkOut ?? s?.travelEnd) ?? "—"}</dd>
              <dt className="text-slate-500">Lead guest</dt>
              <dd className="text-slate-700">
                <LeadGuest row={row} summaries={summaries} />
              </dd>
              <dt className="text-slate-500">Total</dt>
              <dd className="font-medium text-ink tabular-nums">{formatMoney(row.totalSell.amountMinor, row.totalSell.currency)}</dd>
              <dt className="text-slate-500">Booked by</dt>
              <dd className="text-slate-700">
                <BookedBy row={row} me={me} />
              </dd>
              <dt className="text-slate-500">Created</dt>
              <dd className="text-slate-700">{formatCreated(row.createdAt)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** The service lists either active or cancelled bookings of a travel period, never both at once. */
const travelHidesCancelled = (trip: BookingFilters["trip"]) => trip !== "all";

/** Nothing found in the bookings looked through so far, with more behind them. */
function NotFoundYet({ lookedThrough, onLookFurther, pending, onClear }: { lookedThrough: number; onLookFurther: () => void; pending: boolean; onClear: () => void }) {
  return (
    <EmptyCard
      icon={SearchX}
      title={`None in the first ${formatCount(lookedThrough)} bookings`}
      actions={
        <>
          <Button onClick={onLookFurther} pending={pending}>
            Look further
          </Button>
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </>
      }
    >
      The agency has more bookings than these. Look through the next ones, or narrow the list with a travel period or a search.
    </EmptyCard>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyCard
      icon={filtered ? SearchX : ClipboardList}
      title={filtered ? "Nothing matches these filters" : "No bookings yet"}
      actions={
        filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Link href="/search" className={buttonClasses()}>
            Start a search
          </Link>
        )
      }
    >
      {filtered ? "Try other filters, or search by order reference or the lead guest's last name." : "Bookings the agency makes appear here, whoever makes them."}
    </EmptyCard>
  );
}

function ListSkeleton() {
  return (
    <SkeletonRows label="Loading bookings" rows={6}>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-6 w-24 rounded-full" />
      <Skeleton className="hidden h-4 flex-1 sm:block" />
      <Skeleton className="h-4 w-20" />
    </SkeletonRows>
  );
}
