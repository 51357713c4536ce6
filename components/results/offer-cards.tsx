"use client";

import { ArrowRight, Car, Clock, Luggage, MapPin, Plane, Ticket, Users } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import { routeOf } from "@/lib/bookings/summary";
import { formatDuration } from "@/lib/format/durations";
import { plural } from "@/lib/format/words";
import { checkoutHref, describePlace, optionsHref } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { isActivityRow, isFlightRow, isTransferRow } from "@/lib/tds/contract/narrow";
import { PriceText, type ShownPrice } from "@/components/pricing/client-prices";
import { AddToProposalButton } from "@/components/proposals/add-button";
import type { AddInput } from "@/components/proposals/draft-store";
import { Badge, CancellationLine, CardShell, PriceBlock, useRowPrice, type CardContext } from "./card-parts";
import { cabinLabel, dayDifference, formatDate, formatTime } from "./format";
import type { ActivityRow, FlightRow, ResultGroup, ResultRow, TransferRow } from "./types";

// The cards of flights, activities, transfers and of products added after this client: each offer
// is selected from the card itself (a hotel's card leads to its rooms instead, result-cards.tsx).
// Apart from the hotel's card so that hotel results, the most common, do not load them: the search
// page loads them when another product's results are to be shown (offer-cards-lazy.ts).

/* ------------------------------------------------------------------- offer actions */

function SelectLink({ row, ctx, label, variant = "primary" }: { row: ResultRow; ctx: CardContext; label: string; variant?: "primary" | "secondary" }) {
  return (
    <IntentLink
      href={checkoutHref(row.rateQuoteId, ctx.searchId, ctx.criteria)}
      onClick={(e) => {
        e.stopPropagation();
        rememberSelectedRate(row);
      }}
      aria-label={label}
      className={buttonClasses({ variant, size: "sm" })}
    >
      Select
    </IntentLink>
  );
}

/** Other sources' offers for the same product, each selectable. */
function OtherOffers({ rows, ctx, describe }: { rows: ResultRow[]; ctx: CardContext; describe: (row: ResultRow) => string }) {
  const { shown } = useRowPrice(ctx);
  if (rows.length === 0) return null;
  return (
    <div className="border-t border-slate-100 px-3 py-2 sm:px-4">
      <p className="sr-only">Other offers</p>
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => (
          <li key={r._id} className="flex items-center justify-between gap-3 py-1.5 text-[0.8125rem]">
            <span className="min-w-0 text-slate-600">
              <span className="font-medium text-slate-700" title={r.supplier}>
                {ctx.sources.label(r.supplier)}
              </span>
              {describe(r) ? <span> · {describe(r)}</span> : null}
              <span className="text-slate-500"> · {r.refundable ? "Refundable" : "Non-refundable"}</span>
            </span>
            <span className="flex shrink-0 items-center gap-3">
              <PriceText price={shown(r)} className="font-semibold text-ink tabular-nums" />
              <SelectLink
                row={r}
                ctx={ctx}
                variant="secondary"
                label={`Select ${describe(r) || "offer"} from ${ctx.sources.label(r.supplier)}, ${shown(r).text}`}
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[0.8125rem] text-slate-600">{children}</div>;
}

function Fact({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      {icon}
      {children}
    </span>
  );
}

const iconCls = "size-3.5 shrink-0 text-slate-400";

/* -------------------------------------------------------------------------- flight */

/**
 * A card's right-hand column: the price, Select, Add to proposal and, where the offer has more to
 * choose from, a link to its options. `what` names the offer for the buttons' accessible names.
 */
function OfferActions({
  price,
  lead,
  caption,
  row,
  ctx,
  what,
  input,
  more,
}: {
  price: ShownPrice;
  lead?: string;
  caption: ReactNode;
  row: ResultRow;
  ctx: CardContext;
  what: string;
  input: () => AddInput;
  more?: { href: string; text: string; label: string };
}) {
  return (
    <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
      <PriceBlock price={price} lead={lead} caption={caption} />
      <div className="flex flex-wrap items-center justify-end gap-2 sm:w-full sm:flex-col sm:items-stretch">
        <SelectLink row={row} ctx={ctx} label={`Select ${what}, ${price.text}`} />
        <AddToProposalButton compact label={`${what}, ${price.text}`} input={input} />
        {more ? (
          <IntentLink href={more.href} className={buttonClasses({ variant: "secondary", size: "sm" })} aria-label={more.label}>
            {more.text}
          </IntentLink>
        ) : null}
      </div>
    </div>
  );
}

type Slice = { origin?: string; destination?: string; departAt?: string; arriveAt?: string; durationMinutes?: number; stops?: number; segments?: Array<{ destination?: string }> };

function readSlices(row: FlightRow): Slice[] {
  return (row.summary.slices ?? []).map((s) => s as Slice);
}

function stopsText(slice: Slice): string {
  const stops = slice.stops ?? Math.max(0, (slice.segments?.length ?? 1) - 1);
  if (stops === 0) return "Direct";
  const via = (slice.segments ?? [])
    .slice(0, -1)
    .map((seg) => seg.destination)
    .filter(Boolean)
    .join(", ");
  return `${plural(stops, "stop")}${via ? ` (${via})` : ""}`;
}

export function FlightCard({ group, row, ctx }: { group: ResultGroup; row: FlightRow; ctx: CardContext }) {
  const s = row.summary;
  const titleId = `flight-${group.productId}`;
  const slices = readSlices(row);
  // "LHR ⇄ JFK" for there and back (never "LHR to LHR"), "LHR → JFK → LAX" otherwise; each slice below.
  const route = routeOf(slices as unknown as Array<Record<string, unknown>>) ?? "";
  const fare = [route, cabinLabel(s.cabinClass), s.fareName].filter(Boolean).join(" · ");
  const price = useRowPrice(ctx).shown(row);
  return (
    <CardShell labelledBy={titleId}>
      <div className="flex flex-col gap-4 p-3 sm:flex-row sm:p-4">
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex items-center gap-2">
            <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-sky-50 text-sky-700 ring-1 ring-sky-100 ring-inset">
              <Plane aria-hidden className="size-4" />
            </span>
            <div className="min-w-0">
              <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold text-ink">
                {s.airline ?? "Flight"}
                {route ? <span className="sr-only">, {route.includes("⇄") ? `${route.replace(" ⇄ ", " to ")} and back` : route.replaceAll(" → ", " to ")}</span> : null}
              </h3>
              {fare ? <p className="text-xs text-slate-500">{fare}</p> : null}
            </div>
          </div>
          <ol className="space-y-2.5">
            {slices.map((slice, i) => {
              const plusDays = slice.departAt && slice.arriveAt ? dayDifference(slice.departAt, slice.arriveAt) : 0;
              return (
                <li key={i} className="sm:grid sm:grid-cols-[6.5rem_1fr] sm:items-baseline sm:gap-x-3">
                  <span className="block text-xs text-slate-500">{slice.departAt ? formatDate(slice.departAt) : ""}</span>
                  <div className="min-w-0">
                    <span className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink">
                      <span className="font-semibold whitespace-nowrap tabular-nums">
                        {slice.departAt ? formatTime(slice.departAt) : "—"} {slice.origin}
                      </span>
                      <ArrowRight aria-label="to" className="size-3.5 self-center text-slate-400" />
                      <span className="font-semibold whitespace-nowrap tabular-nums">
                        {slice.arriveAt ? formatTime(slice.arriveAt) : "—"} {slice.destination}
                        {plusDays > 0 ? (
                          <sup className="ml-0.5 text-[0.6875rem] font-medium text-amber-700" title={`Arrives ${plusDays} day${plusDays > 1 ? "s" : ""} later`}>
                            +{plusDays}
                          </sup>
                        ) : null}
                      </span>
                    </span>
                    <span className="block text-xs text-slate-500">
                      {slice.durationMinutes ? `${formatDuration(slice.durationMinutes, "short")} · ` : ""}
                      {stopsText(slice)}
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
          <CancellationLine policy={s.cancellationPolicy} refundable={row.refundable} />
        </div>
        <OfferActions
          price={price}
          caption="total for your party"
          row={row}
          ctx={ctx}
          what={`${s.airline ?? "flight"} ${s.fareName ?? ""} ${route}`}
          input={() => ({ kind: "flight", row, criteria: ctx.criteria })}
        />
      </div>
      <OtherOffers rows={group.rows.slice(1)} ctx={ctx} describe={(r) => (isFlightRow(r) ? (r.summary.fareName ?? "") : "")} />
    </CardShell>
  );
}

/* ------------------------------------------------------------------------ activity */

export function ActivityCard({ group, row, ctx }: { group: ResultGroup; row: ActivityRow; ctx: CardContext }) {
  const s = row.summary;
  const name = s.activityName ?? "Activity";
  const titleId = `activity-${group.productId}`;
  const when = [s.date ? formatDate(s.date) : null, s.sessionStartTime].filter(Boolean).join(", ");
  const price = useRowPrice(ctx).shown(row);
  return (
    <CardShell labelledBy={titleId}>
      <div className="flex flex-col gap-4 p-3 sm:flex-row sm:p-4">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100 ring-inset">
            <Ticket aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1 space-y-1.5">
            <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold text-ink">
              {name}
            </h3>
            <Facts>
              {s.modality ? <span className="font-medium text-slate-700">{s.modality}</span> : null}
              {when ? <Fact icon={<Clock aria-hidden className={iconCls} />}>{when}</Fact> : null}
              {s.durationMinutes ? <Fact>{formatDuration(s.durationMinutes, "short")}</Fact> : null}
              {s.cityName ? <Fact icon={<MapPin aria-hidden className={iconCls} />}>{s.cityName}</Fact> : null}
            </Facts>
            <CancellationLine policy={s.cancellationPolicy} refundable={row.refundable} />
          </div>
        </div>
        <OfferActions
          price={price}
          lead="from"
          caption="total for your party"
          row={row}
          ctx={ctx}
          what={`${name}, ${s.modality ?? ""} ${when}`}
          input={() => ({ kind: "activity", row, criteria: ctx.criteria })}
          more={{ href: optionsHref(ctx.searchId, group.productId, ctx.criteria), text: "See options", label: `See options for ${name}` }}
        />
      </div>
      <OtherOffers
        rows={group.rows.slice(1)}
        ctx={ctx}
        describe={(r) => (isActivityRow(r) ? [r.summary.modality, r.summary.sessionStartTime].filter(Boolean).join(", ") : "")}
      />
    </CardShell>
  );
}

/* ------------------------------------------------------------------------ transfer */

function serviceLabel(serviceType: string | null | undefined): string | null {
  if (serviceType === "private") return "Private";
  if (serviceType === "shared") return "Shared";
  return serviceType ?? null;
}

function legLabel(row: TransferRow): string {
  const s = row.summary;
  if (s.tripType === "round") return "Round trip";
  const direction = (s as { direction?: unknown }).direction;
  return direction === "return" ? "Return leg" : "One way";
}

export function TransferCard({ group, row, ctx }: { group: ResultGroup; row: TransferRow; ctx: CardContext }) {
  const s = row.summary;
  const extra = s as { capacity?: unknown; luggageCapacity?: unknown };
  const capacity = typeof extra.capacity === "number" ? extra.capacity : null;
  const luggage = typeof extra.luggageCapacity === "number" ? extra.luggageCapacity : null;
  const vehicle = s.vehicle ?? "Transfer";
  const titleId = `transfer-${group.productId}`;
  const round = s.tripType === "round";
  const service = serviceLabel(s.serviceType);
  // The route as the advisor named it in the search (as the vehicles sheet shows it), else the service's names.
  const picked = ctx.criteria.productType === "transfer" ? ctx.criteria : null;
  const from = (picked && describePlace(picked.pickup)) || s.pickupName || "Pickup";
  const to = (picked && describePlace(picked.dropoff)) || s.dropoffName || "Drop-off";
  const price = useRowPrice(ctx).shown(row);
  return (
    <CardShell labelledBy={titleId}>
      <div className="flex flex-col gap-4 p-3 sm:flex-row sm:p-4">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-violet-50 text-violet-700 ring-1 ring-violet-100 ring-inset">
            <Car aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold text-ink">
                {vehicle}
              </h3>
              {service ? <Badge tone={s.serviceType === "private" ? "brand" : "slate"}>{service}</Badge> : null}
              <Badge tone={round ? "green" : "slate"}>{legLabel(row)}</Badge>
            </div>
            <ol className="space-y-1 text-[0.8125rem] text-slate-700">
              <li className="flex flex-col sm:flex-row sm:gap-x-2">
                <span className="shrink-0 whitespace-nowrap text-slate-500 tabular-nums sm:w-32">{s.pickupAt ? `${formatDate(s.pickupAt)}, ${formatTime(s.pickupAt)}` : "Outbound"}</span>
                <span className="min-w-0">
                  {from} <ArrowRight aria-label="to" className="inline size-3.5 text-slate-400" /> {to}
                </span>
              </li>
              {round ? (
                <li className="flex flex-col sm:flex-row sm:gap-x-2">
                  <span className="shrink-0 whitespace-nowrap text-slate-500 tabular-nums sm:w-32">{s.returnAt ? `${formatDate(s.returnAt)}, ${formatTime(s.returnAt)}` : "Return"}</span>
                  <span className="min-w-0">
                    {to} <ArrowRight aria-label="to" className="inline size-3.5 text-slate-400" /> {from}
                  </span>
                </li>
              ) : null}
            </ol>
            <Facts>
              {capacity ? <Fact icon={<Users aria-hidden className={iconCls} />}>Up to {capacity}</Fact> : null}
              {luggage ? <Fact icon={<Luggage aria-hidden className={iconCls} />}>{plural(luggage, "bag")}</Fact> : null}
              {s.durationMinutes ? <Fact icon={<Clock aria-hidden className={iconCls} />}>{formatDuration(s.durationMinutes, "short")}</Fact> : null}
            </Facts>
            <CancellationLine policy={s.cancellationPolicy} refundable={row.refundable} />
          </div>
        </div>
        <OfferActions
          price={price}
          lead="from"
          caption={round ? "both ways" : "one way"}
          row={row}
          ctx={ctx}
          what={`${vehicle}, ${legLabel(row)}`}
          input={() => ({ kind: "transfer", row, criteria: ctx.criteria })}
          more={{ href: optionsHref(ctx.searchId, group.productId, ctx.criteria), text: "See vehicles", label: `See vehicles for ${service ?? ""} ${vehicle}` }}
        />
      </div>
      <OtherOffers
        rows={group.rows.slice(1)}
        ctx={ctx}
        describe={(r) => (isTransferRow(r) ? [r.summary.vehicle, legLabel(r)].filter(Boolean).join(", ") : "")}
      />
    </CardShell>
  );
}

/* ------------------------------------------------------------------------- generic */

/** A product type added after this client: what every row has, without actions it may not support. */
export function GenericCard({ group, row, ctx }: { group: ResultGroup; row: ResultRow; ctx: CardContext }) {
  const titleId = `product-${group.productId}`;
  const price = useRowPrice(ctx).shown(row);
  return (
    <CardShell labelledBy={titleId}>
      <div className="flex items-start justify-between gap-4 p-3 sm:p-4">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="text-[0.9375rem] font-semibold text-ink">
            {row.productType.charAt(0).toUpperCase() + row.productType.slice(1).replace(/_/g, " ")}
          </h3>
          <p className="truncate font-mono text-xs text-slate-500">{group.productId}</p>
          <p className="text-[0.8125rem] text-slate-600">
            <span title={row.supplier}>{ctx.sources.label(row.supplier)}</span> · {row.refundable ? "Refundable" : "Non-refundable"}
          </p>
        </div>
        <PriceBlock price={price} />
      </div>
    </CardShell>
  );
}
