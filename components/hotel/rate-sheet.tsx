"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { BedDouble, Package, RefreshCw } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import type { HotelRow } from "@/components/results/types";
import { useRunSearch } from "@/components/search/use-run-search";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeferredAnswer } from "@/components/ui/use-deferred-answer";
import { ApiError } from "@/lib/api-client";
import { boardLabel, plural } from "@/lib/format/words";
import { checkoutHref, searchHref, type SearchCriteria } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { PriceText, usePricer } from "@/components/pricing/client-prices";
import { ClientPricesSwitch } from "@/components/pricing/client-prices-switch";
import { AddToProposalButton } from "@/components/proposals/add-button";
import { destinationCountry } from "@/lib/pricing/destination";
import { CancellationTimeline } from "./cancellation-timeline";
import { formatClock, formatMoney, sentenceCase, stayOf } from "./format";
import { sourceLabel } from "@/lib/search/source-label";
import { groupRates, type RoomGroup } from "./rate-groups";
import { QUOTE_LIFE_MS, useNow, usePassed, useRateSheet } from "./use-rate-sheet";

const REASSURE_AFTER_S = 8;
const RATES_SHOWN = 4;
const DEAD_ENDS = new Set(["search_expired", "not_found", "invalid_product_type", "forbidden"]);

type Props = {
  searchId: string;
  productId: string;
  criteria: SearchCriteria | null;
  /** For the checkout's summary and the headings; from content, else from the rows. */
  hotelName: string | null;
  /** The hotel's photo, for a proposal item made from one of its rates. */
  photoUrl?: string | null;
};

/** The live rate sheet: progress while sources answer, rooms with their rates, and every failure. */
export function RateSheet({ searchId, productId, criteria, hotelName, photoUrl = null }: Props) {
  const headingId = useId();
  const query = useRateSheet(searchId, productId);
  // The rooms render at a lower priority, in slices; the sheet reads as loading until they are on screen.
  const { shown: rows, catchingUp } = useDeferredAnswer(query.data);
  const loading = query.isFetching || catchingUp;
  const receivedAt = query.data && !loading ? query.dataUpdatedAt : null;
  const heldUntil = receivedAt !== null ? receivedAt + QUOTE_LIFE_MS : null;
  const expired = usePassed(heldUntil);
  // Refreshing cannot help a search that is gone or a hotel that is not in it.
  const dead = !loading && query.error instanceof ApiError && DEAD_ENDS.has(query.error.code);

  return (
    <section aria-labelledby={headingId} id="rooms" className="scroll-mt-6">
      {/* A grid, not a wrapping row: the status line's text changes as the rates arrive, and a
          wrapping row put the button on a line of its own or back beside the text, moving the
          rooms below (layout shift). Narrow screens: heading and button, then the status line. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 sm:items-end">
        <h2 id={headingId} className="col-start-1 row-start-1 text-lg font-semibold tracking-tight text-ink">
          Rooms and rates
        </h2>
        <p className="col-span-2 col-start-1 row-start-2 mt-0.5 text-sm text-slate-500 sm:col-span-1" aria-live="polite">
          {loading ? (
            "Live prices from every source, fetched now."
          ) : heldUntil !== null ? (
            expired ? (
              <span className="font-medium text-amber-700">Prices were held until {formatClock(new Date(heldUntil))}</span>
            ) : (
              <>
                Prices held until <span className="font-medium text-ink tabular-nums">{formatClock(new Date(heldUntil))}</span>
              </>
            )
          ) : (
            "Live prices from every source."
          )}
        </p>
        {dead ? null : (
          <Button
            variant="secondary"
            size="sm"
            className="col-start-2 row-start-1 sm:row-span-2"
            onClick={() => void query.refetch()}
            disabled={loading}
            aria-busy={loading || undefined}
          >
            <RefreshCw className={cn("size-4", loading && "animate-spin motion-reduce:animate-none")} />
            Refresh rates
          </Button>
        )}
      </div>

      <ClientPricesSwitch className="mt-3" />
      <div className="mt-4">
        {loading ? (
          <RateSheetProgress />
        ) : query.error ? (
          <RateSheetError error={query.error} criteria={criteria} searchId={searchId} onRetry={() => void query.refetch()} />
        ) : rows ? (
          rows.length === 0 ? (
            <NoRooms criteria={criteria} searchId={searchId} />
          ) : (
            <RoomList
              rows={rows}
              expired={expired}
              heldUntil={heldUntil}
              criteria={criteria}
              searchId={searchId}
              hotelName={hotelName ?? rows[0]?.summary.hotelName ?? null}
              photoUrl={photoUrl}
              onRefresh={() => void query.refetch()}
            />
          )
        ) : null}
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------------------ progress */

function RateSheetProgress() {
  const [started] = useState(() => Date.now());
  const now = useNow(1000);
  const elapsed = Math.max(0, Math.floor((now.getTime() - started) / 1000));
  return (
    <div>
      <Card className="px-5 py-4 sm:px-6">
        <style>{`@keyframes hotel-rates-slide{0%{transform:translateX(-100%)}100%{transform:translateX(350%)}}
.hotel-rates-bar{animation:hotel-rates-slide 1.4s ease-in-out infinite}
@media (prefers-reduced-motion: reduce){.hotel-rates-bar{animation:none;width:100%!important;opacity:.5}}`}</style>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {/* Only the message is live: the seconds tick, and a live region would read them out each time. */}
          <p role="status" className="text-sm font-medium text-ink">
            Checking live rates with every source…
          </p>
          <p className="text-xs text-slate-500 tabular-nums">
            <span className="sr-only">Elapsed: </span>
            {elapsed} s
          </p>
        </div>
        <div
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-brand-100"
          role="progressbar"
          aria-label="Checking live rates"
          aria-valuetext="In progress"
        >
          <div className="hotel-rates-bar h-full w-2/5 rounded-full bg-brand-600" />
        </div>
        {elapsed >= REASSURE_AFTER_S ? (
          <p className="mt-3 text-[0.8125rem] leading-relaxed text-slate-600" aria-live="polite">
            Some sources take longer to answer. Every room and rate arrives together in a moment: keep this page open, there is
            no need to reload.
          </p>
        ) : null}
      </Card>
      <div className="mt-4 space-y-4" aria-hidden>
        {[3, 2].map((n, g) => (
          <Card key={g}>
            <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="mt-2 h-3 w-56 max-w-full" />
            </div>
            <ul className="divide-y divide-slate-100">
              {Array.from({ length: n }, (_, i) => (
                <li key={i} className="grid gap-4 px-5 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_11rem]">
                  <div className="space-y-2.5">
                    <Skeleton className="h-4 w-64 max-w-full" />
                    <div className="flex gap-2">
                      <Skeleton className="h-5 w-24 rounded-full" />
                      <Skeleton className="h-5 w-20 rounded-full" />
                    </div>
                    <Skeleton className="h-2 w-full max-w-md rounded-full" />
                    <Skeleton className="h-3 w-72 max-w-full" />
                  </div>
                  <div className="flex items-center justify-between gap-3 md:flex-col md:items-end">
                    <Skeleton className="h-6 w-24" />
                    <Skeleton className="h-10 w-24 rounded-lg" />
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------------------ failures */

function SearchAgain({ criteria, label = "Search again" }: { criteria: SearchCriteria | null; label?: string }) {
  const run = useRunSearch();
  if (!criteria) {
    return (
      <Link href="/search" className={buttonClasses({ size: "sm" })}>
        Start a new search
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button size="sm" pending={run.isPending} onClick={() => run.mutate(criteria)}>
        {label}
      </Button>
      {run.error ? <p className="text-[0.8125rem] text-rose-700">{run.error.message}</p> : null}
    </div>
  );
}

function BackToResults({ criteria, searchId }: { criteria: SearchCriteria | null; searchId: string }) {
  return (
    <Link href={criteria ? searchHref(criteria, searchId) : "/search"} className={buttonClasses({ variant: "secondary", size: "sm" })}>
      Back to results
    </Link>
  );
}

export function RateSheetError({
  error,
  criteria,
  searchId,
  onRetry,
}: {
  error: Error;
  criteria: SearchCriteria | null;
  searchId: string;
  onRetry: () => void;
}) {
  const code = error instanceof ApiError ? error.code : "unknown";
  const retry = (
    <Button size="sm" variant="secondary" onClick={onRetry}>
      <RefreshCw className="size-4" />
      Try again
    </Button>
  );
  const view = (() => {
    switch (code) {
      case "search_expired":
        return {
          tone: "warning" as const,
          title: "This search has expired — searches last 20 minutes",
          body: "Its rates can no longer be booked. Search again with the same criteria for fresh prices; it takes a few seconds.",
          actions: (
            <>
              <SearchAgain criteria={criteria} />
            </>
          ),
        };
      case "not_found":
        return {
          tone: "error" as const,
          title: "This hotel is not part of this search",
          body: "The search no longer knows this hotel (or the link is wrong). Go back to the results and pick it there.",
          actions: <BackToResults criteria={criteria} searchId={searchId} />,
        };
      case "invalid_product_type":
        return {
          tone: "error" as const,
          title: "This is not a hotel search",
          body: "Live room rates exist only for hotel searches. Go back to the results, or search for hotels.",
          actions: <BackToResults criteria={criteria} searchId={searchId} />,
        };
      case "rate_limited":
        return {
          tone: "warning" as const,
          title: "Too many rate checks in the last minute",
          body: "The service allows 60 live rate checks a minute for the whole agency. Wait a few seconds, then try again.",
          actions: retry,
        };
      case "forbidden":
        return {
          tone: "error" as const,
          title: "This search belongs to someone else",
          body: error.message || "The service refused to share this search with our agency.",
          actions: <BackToResults criteria={criteria} searchId={searchId} />,
        };
      default:
        return {
          tone: "error" as const,
          title: "The rates could not be loaded",
          body: error.message || "Something went wrong while asking the sources for rates.",
          actions: retry,
        };
    }
  })();
  return (
    <Callout tone={view.tone} title={view.title}>
      <p>{view.body}</p>
      <div className="mt-3 flex flex-wrap items-start gap-2">{view.actions}</div>
    </Callout>
  );
}

function NoRooms({ criteria, searchId }: { criteria: SearchCriteria | null; searchId: string }) {
  return (
    <Card className="px-5 py-8 text-center sm:px-6">
      <span className="mx-auto grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
        <BedDouble className="size-5" />
      </span>
      <h3 className="mt-3 text-[0.9375rem] font-semibold text-ink">No rooms are available for these dates</h3>
      <p className="mx-auto mt-1 max-w-md text-sm leading-relaxed text-slate-600">
        No source offers a room here for this stay and party right now. Try other dates, fewer guests per room, or another hotel
        from the results; availability changes often, so a new search may find rooms.
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <SearchAgain criteria={criteria} />
        <BackToResults criteria={criteria} searchId={searchId} />
      </div>
    </Card>
  );
}

/* ------------------------------------------------------------------------------ rooms */

function RoomList({
  rows,
  expired,
  heldUntil,
  criteria,
  searchId,
  hotelName,
  photoUrl,
  onRefresh,
}: {
  rows: HotelRow[];
  expired: boolean;
  heldUntil: number | null;
  criteria: SearchCriteria | null;
  searchId: string;
  hotelName: string | null;
  photoUrl: string | null;
  onRefresh: () => void;
}) {
  const [refundableOnly, setRefundableOnly] = useState(false);
  const [board, setBoard] = useState("");
  const boards = useMemo(() => [...new Set(rows.map((r) => r.summary.boardBasis ?? ""))].filter(Boolean), [rows]);
  const filtered = useMemo(
    () => rows.filter((r) => (!refundableOnly || r.refundable) && (!board || r.summary.boardBasis === board)),
    [rows, refundableOnly, board],
  );
  const groups = useMemo(() => groupRates(filtered), [filtered]);
  const now = useNow(60_000);
  const staleId = useId();
  const blockedId = useId();
  const zone = useTimeZone();
  return (
    <div className="space-y-4">
      {expired ? (
        <div id={staleId}>
          <Callout tone="warning" title="These prices are no longer held">
            <p>
              Quotes from this rate sheet expired at {heldUntil !== null ? formatClock(new Date(heldUntil)) : "their end"}. Refresh
              the rates to get fresh prices before selecting one.
            </p>
            <Button size="sm" className="mt-3" onClick={onRefresh}>
              <RefreshCw className="size-4" />
              Refresh rates
            </Button>
          </Callout>
        </div>
      ) : null}
      {!criteria ? (
        <div id={blockedId}>
          <Callout tone="warning" title="Search again to select a rate">
            <p>
              This page&apos;s address has lost the search details (dates and guests), so checkout could not know who is travelling.
              Start the search again, then open this hotel from its results.
            </p>
            <Link href="/search" className={cn(buttonClasses({ size: "sm" }), "mt-3")}>
              Start a new search
            </Link>
          </Callout>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm">
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            checked={refundableOnly}
            onChange={(e) => setRefundableOnly(e.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Refundable only
        </label>
        {boards.length > 1 ? (
          <label className="inline-flex items-center gap-2 text-slate-700">
            Board
            <Select size="xs" value={board} onChange={(e) => setBoard(e.target.value)}>
              <option value="">Any</option>
              {boards.map((b) => (
                <option key={b} value={b}>
                  {boardLabel(b)}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        <p className="text-xs text-slate-500 sm:ml-auto" aria-live="polite">
          {filtered.length === rows.length
            ? `${plural(rows.length, "rate")} in ${plural(groups.length, "room type")}, cheapest first`
            : `${filtered.length} of ${plural(rows.length, "rate")} shown`}
        </p>
      </div>
      {groups.length === 0 ? (
        <Card className="px-5 py-6 text-center text-sm text-slate-600 sm:px-6">
          <p>No rate matches these filters.</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-3"
            onClick={() => {
              setRefundableOnly(false);
              setBoard("");
            }}
          >
            Show every rate
          </Button>
        </Card>
      ) : null}
      {groups.map((g) => (
        <RoomGroupCard
          key={g.key}
          group={g}
          now={now}
          expired={expired}
          staleId={staleId}
          blockedId={blockedId}
          criteria={criteria}
          searchId={searchId}
          hotelName={hotelName}
          photoUrl={photoUrl}
        />
      ))}
      <p className="text-xs text-slate-500">Cancellation times are in your time zone ({zone}). Taxes under “Pay at property” are not in the price; the hotel collects them.</p>
    </div>
  );
}

function RoomGroupCard({
  group,
  ...rest
}: {
  group: RoomGroup;
  now: Date;
  expired: boolean;
  staleId: string;
  blockedId: string;
  criteria: SearchCriteria | null;
  searchId: string;
  hotelName: string | null;
  photoUrl: string | null;
}) {
  const [all, setAll] = useState(false);
  const headingId = useId();
  const listId = useId();
  const shown = all ? group.rates : group.rates.slice(0, RATES_SHOWN);
  const cheapest = group.cheapest;
  const pricer = usePricer();
  const from = pricer.price(cheapest.sellAmountMinor, cheapest.sellCurrency, "hotel", destinationCountry(rest.criteria));
  return (
    <Card aria-labelledby={headingId}>
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            {group.label}
          </h3>
          {group.roomNames.length > 0 && !(group.roomNames.length === 1 && group.roomNames[0] === group.label) ? (
            <p className="mt-0.5 text-sm text-slate-600">{group.roomNames.join(" · ")}</p>
          ) : null}
          {group.roomDescription && group.roomNames.length <= 1 ? (
            <p className="mt-0.5 text-[0.8125rem] text-slate-500">{group.roomDescription}</p>
          ) : null}
        </div>
        <p className="text-sm text-slate-500">
          {plural(group.rates.length, "rate")} from{" "}
          <PriceText price={from} className="font-semibold text-ink" />
        </p>
      </header>
      <ul id={listId} className="divide-y divide-slate-100">
        {shown.map((row) => (
          <RateItem key={row._id} row={row} showRoomName={group.roomNames.length > 1} {...rest} />
        ))}
      </ul>
      {group.rates.length > RATES_SHOWN ? (
        <div className="border-t border-slate-100 px-5 py-3 sm:px-6">
          <button
            type="button"
            aria-expanded={all}
            aria-controls={listId}
            onClick={() => setAll((v) => !v)}
            className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {all ? "Show fewer rates" : `Show all ${group.rates.length} rates for ${group.label.toLowerCase()}`}
          </button>
        </div>
      ) : null}
    </Card>
  );
}

function Badge({ tone = "neutral", children }: { tone?: "ok" | "warning" | "error" | "neutral" | "brand"; children: React.ReactNode }) {
  const tones = {
    ok: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
    warning: "bg-amber-50 text-amber-800 ring-amber-600/25",
    error: "bg-rose-50 text-rose-800 ring-rose-600/20",
    neutral: "bg-slate-100 text-slate-700 ring-slate-500/15",
    brand: "bg-brand-50 text-brand-800 ring-brand-600/20",
  };
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", tones[tone])}>
      {children}
    </span>
  );
}

const COMMENT_CLAMP = 160;

function RateComments({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > COMMENT_CLAMP;
  return (
    <div className="text-xs leading-relaxed text-slate-600">
      <span className="font-medium text-slate-700">Rate notes: </span>
      <span id={id}>{long && !open ? `${text.slice(0, COMMENT_CLAMP).trimEnd()}…` : text}</span>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="ml-1 font-medium text-brand-700 hover:underline"
        >
          {open ? "Less" : "More"}
        </button>
      ) : null}
    </div>
  );
}

function taxLine(t: Record<string, unknown>, fallbackCurrency: string): string {
  const name = [t.name, t.description, t.type].find((v): v is string => typeof v === "string" && v.trim() !== "");
  const currency = typeof t.currency === "string" ? t.currency : fallbackCurrency;
  const amount = typeof t.amountMinor === "number" ? formatMoney(t.amountMinor, currency) : null;
  return [name ? (/^[a-z_]+$/.test(name) ? sentenceCase(name) : name) : "Tax", amount].filter(Boolean).join(": ");
}

function RateItem({
  row,
  showRoomName,
  now,
  expired,
  staleId,
  blockedId,
  criteria,
  searchId,
  hotelName,
  photoUrl,
}: {
  row: HotelRow;
  showRoomName: boolean;
  now: Date;
  expired: boolean;
  staleId: string;
  blockedId: string;
  criteria: SearchCriteria | null;
  searchId: string;
  hotelName: string | null;
  photoUrl: string | null;
}) {
  const router = useRouter();
  const s = row.summary;
  const stay = stayOf(criteria);
  const board = boardLabel(s.boardBasis);
  const titleId = useId();
  const taxes = (s.excludedTaxes ?? []).filter((t) => Object.keys(t).length > 0);
  const pricer = usePricer();
  const price = pricer.price(row.sellAmountMinor, row.sellCurrency, "hotel", destinationCountry(criteria));
  // A screen turned to a client shows no commission.
  const commission = pricer.on ? null : s.agencyCommission;
  const canSelect = !!criteria && !expired;
  const select = () => {
    if (!criteria) return;
    rememberSelectedRate(row, { hotelName });
    router.push(checkoutHref(row.rateQuoteId, searchId, criteria));
  };
  const priceFor = stay?.nights
    ? `total for ${plural(stay.nights, "night")}, ${plural(stay.rooms, "room")}`
    : stay
      ? `total for the stay, ${plural(stay.rooms, "room")}`
      : "total for the stay";

  return (
    <li aria-labelledby={titleId} className={cn("grid gap-4 px-5 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_11rem]", expired && "opacity-60")}>
      <div className="min-w-0 space-y-2.5">
        <div>
          <h4 id={titleId} className="text-sm font-semibold text-ink">
            {s.rateName ?? board ?? "Rate"}
          </h4>
          {showRoomName && s.roomName ? <p className="text-[0.8125rem] text-slate-600">{s.roomName}</p> : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {board ? <Badge>{board}</Badge> : null}
          {row.refundable ? <Badge tone="ok">Refundable</Badge> : <Badge tone="error">Non-refundable</Badge>}
          {s.isPackage ? (
            <Badge tone="warning">
              <Package className="size-3.5" />
              Package rate
            </Badge>
          ) : null}
          {commission && (commission.percent !== undefined || commission.amountMinor !== undefined) ? (
            <Badge tone="brand">
              Commission{" "}
              {[
                commission.percent !== undefined ? `${commission.percent}%` : null,
                commission.amountMinor !== undefined ? formatMoney(commission.amountMinor, commission.currency ?? row.sellCurrency) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Badge>
          ) : null}
          <Badge>{sourceLabel(row.supplier)}</Badge>
        </div>
        {price.amountMinor === null ? (
          // Client prices on and not known yet: no charge is shown rather than the cost's.
          <p className="text-xs text-slate-500">The cancellation terms show with the client price.</p>
        ) : (
          <CancellationTimeline
            policy={s.cancellationPolicy}
            refundable={row.refundable}
            totalMinor={row.sellAmountMinor}
            shownTotalMinor={price.state === "client" ? price.amountMinor : undefined}
            currency={row.sellCurrency}
            checkIn={stay?.criteria.checkIn ?? ""}
            now={now}
          />
        )}
        {taxes.length > 0 ? (
          <div className="text-xs text-slate-600">
            <span className="font-medium text-slate-700">Pay at property: </span>
            {taxes.map((t) => taxLine(t, row.sellCurrency)).join(" · ")}
            <span className="text-slate-500"> (not in the price)</span>
          </div>
        ) : null}
        {s.isPackage ? (
          <p className="text-xs text-amber-800">Package rate: it must be sold inside a package with other travel, not as a room alone.</p>
        ) : null}
        {s.requiresGuestTitle ? <p className="text-xs text-slate-600">Titles needed for every guest (Mr, Mrs, Ms…).</p> : null}
        {s.rateComments ? <RateComments text={s.rateComments} /> : null}
      </div>
      <div className="flex items-end justify-between gap-3 md:flex-col md:items-end md:justify-start md:text-right">
        <div>
          <p className="text-lg font-semibold text-ink tabular-nums" data-testid="shown-price">
            <PriceText price={price} />
          </p>
          <p className="text-xs text-slate-500">{priceFor}</p>
        </div>
        <Button
          onClick={select}
          disabled={!canSelect}
          aria-describedby={!criteria ? blockedId : expired ? staleId : undefined}
          aria-label={`Select ${s.rateName ?? "rate"}${s.roomName ? `, ${s.roomName}` : ""}, ${price.text}`}
          className="min-w-24"
        >
          Select
        </Button>
        {/* A proposal keeps what this rate shows (words, not the quote): it can be added until the sheet is refreshed. */}
        {criteria ? (
          <AddToProposalButton
            className="min-w-24"
            label={`${s.rateName ?? "rate"}${s.roomName ? `, ${s.roomName}` : ""}, ${price.text}`}
            input={() => ({ kind: "hotel", row, criteria, hotelName, photoUrl })}
          />
        ) : null}
      </div>
    </li>
  );
}
