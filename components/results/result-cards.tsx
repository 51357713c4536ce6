"use client";

import { ArrowRight, BadgePercent, Car, Clock, ImageOff, Luggage, MapPin, Package, Plane, Ticket, Users } from "lucide-react";
import { memo, useState, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { routeOf } from "@/lib/bookings/summary";
import { formatDuration } from "@/lib/format/durations";
import { boardLabel, plural } from "@/lib/format/words";
import { checkoutHref, describePlace, hotelHref, optionsHref, type SearchCriteria } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { isActivityRow, isFlightRow, isHotelRow, isTransferRow } from "@/lib/tds/contract/schemas";
import { PriceText, usePricer, type ShownPrice } from "@/components/pricing/client-prices";
import { AddToProposalButton } from "@/components/proposals/add-button";
import { destinationCountry } from "@/lib/pricing/destination";
import { Badge, CancellationLine, PriceBlock, StarRating } from "./card-parts";
import {
  cabinLabel,
  dayDifference,
  formatDate,
  formatMoney,
  formatTime,
  type SourceLabels,
} from "./format";
import type { ActivityRow, FlightRow, HotelRow, ResultGroup, ResultRow, TransferRow } from "./types";
import type { Thumbnail } from "./use-thumbnails";

export type CardContext = {
  searchId: string;
  criteria: SearchCriteria;
  sources: SourceLabels;
};

/** The price each row of a card shows: its cost, or the client price for the search's destination when Client prices is on. */
function useRowPrice(ctx: CardContext): { shown: (row: ResultRow) => ShownPrice; clientPrices: boolean } {
  const pricer = usePricer();
  const country = destinationCountry(ctx.criteria);
  return { shown: (row) => pricer.price(row.sellAmountMinor, row.sellCurrency, row.productType, country), clientPrices: pricer.on };
}

const cardBase =
  "group/card relative rounded-xl border bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-[border-color,box-shadow] duration-150";

function CardShell({
  selected,
  onSelect,
  labelledBy,
  children,
  className,
}: {
  selected?: boolean;
  onSelect?: () => void;
  labelledBy: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <article
      aria-labelledby={labelledBy}
      aria-current={selected ? "true" : undefined}
      data-selected={selected || undefined}
      // Selection follows the pointer and the keyboard focus, so the map can show either.
      onClick={onSelect}
      onFocus={onSelect}
      className={cn(
        cardBase,
        onSelect && "cursor-pointer",
        selected ? "border-brand-500 ring-2 ring-brand-500/25" : "border-slate-200 hover:border-slate-300 hover:shadow-sm",
        className,
      )}
    >
      {children}
    </article>
  );
}

function sourceCount(group: ResultGroup): number {
  return new Set(group.rows.map((r) => r.supplier)).size;
}

/* --------------------------------------------------------------------------- hotel */

export function HotelThumb({ thumbnail, name }: { thumbnail: Thumbnail; name: string }) {
  const [failed, setFailed] = useState(false);
  const frame = "relative size-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:h-auto sm:min-h-32 sm:w-44";
  if (thumbnail.state === "ready" && !failed) {
    return (
      <div className={frame}>
        {/* eslint-disable-next-line @next/next/no-img-element -- thumbnails come from the service's image hosts */}
        <img
          src={thumbnail.url}
          alt={name}
          width={176}
          height={128}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
    );
  }
  if (thumbnail.state === "loading") return <div aria-hidden className={cn(frame, "animate-pulse bg-slate-200/70")} />;
  return (
    <div className={cn(frame, "grid place-items-center bg-gradient-to-br from-slate-100 to-slate-200/80 text-slate-400")}>
      <span className="flex flex-col items-center gap-1 text-[0.6875rem] font-medium">
        <ImageOff aria-hidden className="size-5" />
        <span>No photo</span>
      </span>
    </div>
  );
}

function commissionText(c: NonNullable<HotelRow["summary"]["agencyCommission"]>, currency: string): string | null {
  const parts: string[] = [];
  if (typeof c.percent === "number") parts.push(`${c.percent}%`);
  if (typeof c.amountMinor === "number") parts.push(formatMoney(c.amountMinor, c.currency ?? currency));
  return parts.length ? `Commission ${parts.join(" · ")}` : null;
}

function nightsOf(criteria: SearchCriteria): number | null {
  if (criteria.productType !== "hotel" || !criteria.checkIn || !criteria.checkOut) return null;
  const n = Math.round((Date.parse(criteria.checkOut) - Date.parse(criteria.checkIn)) / 86_400_000);
  return n > 0 ? n : null;
}

/** The group's cheapest rate (a refundable one on a tie): what "from" promises. */
export function cheapestHotelRow(group: ResultGroup, fallback: HotelRow): HotelRow {
  let best = fallback;
  for (const r of group.rows) {
    if (!isHotelRow(r) || r.sellCurrency !== fallback.sellCurrency) continue;
    if (r.sellAmountMinor < best.sellAmountMinor || (r.sellAmountMinor === best.sellAmountMinor && r.refundable && !best.refundable)) best = r;
  }
  return best;
}

export function HotelCard({
  group,
  row,
  ctx,
  thumbnail,
  selected,
  onSelect,
}: {
  group: ResultGroup;
  row: HotelRow;
  ctx: CardContext;
  thumbnail: Thumbnail;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const s = row.summary;
  const name = s.hotelName ?? "Unnamed hotel";
  const titleId = `hotel-${group.productId}`;
  const place = [s.neighborhoodName, s.cityName].filter(Boolean).join(" · ");
  const board = boardLabel(s.boardBasis);
  const { shown, clientPrices } = useRowPrice(ctx);
  // A screen turned to a client shows no commission.
  const commission = s.agencyCommission && !clientPrices ? commissionText(s.agencyCommission, row.sellCurrency) : null;
  const nights = nightsOf(ctx.criteria);
  const sources = sourceCount(group);
  return (
    <CardShell selected={selected} onSelect={() => onSelect(group.productId)} labelledBy={titleId}>
      <div className="flex flex-col gap-4 p-3 sm:flex-row sm:p-4">
        <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
          <HotelThumb thumbnail={thumbnail} name={name} />
          <div className="min-w-0 flex-1 space-y-1.5">
            <div>
              <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold text-ink">
                {name}
              </h3>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[0.8125rem] text-slate-600">
                <StarRating value={s.starRating} />
                {place ? (
                  <span className="inline-flex min-w-0 items-center gap-1">
                    <MapPin aria-hidden className="size-3.5 shrink-0 text-slate-400" />
                    <span className="truncate">{place}</span>
                  </span>
                ) : null}
              </div>
            </div>
            <p className="text-[0.8125rem] text-slate-700">
              {s.roomName ?? s.roomGroupLabel ?? "Room details at the rate sheet"}
              {board ? <span className="text-slate-500"> · {board}</span> : null}
            </p>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
              <CancellationLine policy={s.cancellationPolicy} refundable={row.refundable} />
              {s.isPackage ? (
                <Badge tone="amber" title="Sold only as part of a package: the advisor confirms this at checkout">
                  <Package aria-hidden className="size-3" />
                  Package rate
                </Badge>
              ) : null}
              {commission ? (
                <Badge tone="brand">
                  <BadgePercent aria-hidden className="size-3" />
                  {commission}
                </Badge>
              ) : null}
            </div>
          </div>
        </div>
        <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:justify-between sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <PriceBlock
            price={shown(row)}
            lead="from"
            caption={nights ? `total for ${plural(nights, "night")}` : "total"}
          />
          <div className="flex flex-col items-end gap-1.5 sm:w-full">
            <p className="text-xs text-slate-500">
              {plural(group.rows.length, "rate")} from {plural(sources, "source")}
            </p>
            <IntentLink
              href={hotelHref(ctx.searchId, group.productId, ctx.criteria)}
              onClick={(e) => e.stopPropagation()}
              className={cn(buttonClasses({ variant: "primary", size: "sm" }), "sm:w-full")}
              aria-label={`See rooms at ${name}`}
            >
              See rooms
              <ArrowRight aria-hidden className="size-3.5" />
            </IntentLink>
          </div>
        </div>
      </div>
    </CardShell>
  );
}

/* ------------------------------------------------------------- shared offer actions */

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
        <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <PriceBlock price={price} caption="total for your party" />
          <div className="flex flex-wrap items-center justify-end gap-2 sm:w-full sm:flex-col sm:items-stretch">
            <SelectLink row={row} ctx={ctx} label={`Select ${s.airline ?? "flight"} ${s.fareName ?? ""} ${route}, ${price.text}`} />
            <AddToProposalButton compact label={`${s.airline ?? "flight"} ${s.fareName ?? ""} ${route}, ${price.text}`} input={() => ({ kind: "flight", row, criteria: ctx.criteria })} />
          </div>
        </div>
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
        <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <PriceBlock price={price} lead="from" caption="total for your party" />
          <div className="flex flex-wrap items-center justify-end gap-2 sm:w-full sm:flex-col sm:items-stretch">
            <SelectLink row={row} ctx={ctx} label={`Select ${name}, ${s.modality ?? ""} ${when}, ${price.text}`} />
            <AddToProposalButton compact label={`${name}, ${s.modality ?? ""} ${when}, ${price.text}`} input={() => ({ kind: "activity", row, criteria: ctx.criteria })} />
            <IntentLink
              href={optionsHref(ctx.searchId, group.productId, ctx.criteria)}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
              aria-label={`See options for ${name}`}
            >
              See options
            </IntentLink>
          </div>
        </div>
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
        <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <PriceBlock price={price} lead="from" caption={round ? "both ways" : "one way"} />
          <div className="flex flex-wrap items-center justify-end gap-2 sm:w-full sm:flex-col sm:items-stretch">
            <SelectLink row={row} ctx={ctx} label={`Select ${vehicle}, ${legLabel(row)}, ${price.text}`} />
            <AddToProposalButton compact label={`${vehicle}, ${legLabel(row)}, ${price.text}`} input={() => ({ kind: "transfer", row, criteria: ctx.criteria })} />
            <IntentLink
              href={optionsHref(ctx.searchId, group.productId, ctx.criteria)}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
              aria-label={`See vehicles for ${service ?? ""} ${vehicle}`}
            >
              See vehicles
            </IntentLink>
          </div>
        </div>
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

type ResultCardProps = {
  group: ResultGroup;
  ctx: CardContext;
  thumbnail: Thumbnail;
  selected: boolean;
  onSelect: (id: string) => void;
};

const sameThumbnail = (a: Thumbnail, b: Thumbnail) => a.state === b.state && (a.state !== "ready" || a.url === (b as { url: string }).url);

/**
 * The card for a product, by its type. Memoised: the virtual list re-renders on every scroll
 * frame, and a card only changes with its group, selection or thumbnail.
 */
export const ResultCard = memo(
  ResultCardByType,
  (a: ResultCardProps, b: ResultCardProps) =>
    a.group === b.group && a.ctx === b.ctx && a.selected === b.selected && a.onSelect === b.onSelect && sameThumbnail(a.thumbnail, b.thumbnail),
);

function ResultCardByType({
  group,
  ctx,
  thumbnail,
  selected,
  onSelect,
}: ResultCardProps) {
  const row = group.rows[0];
  if (!row) return null;
  // A hotel's "from" is the lowest of its rates the advisor will find, described by that rate.
  if (isHotelRow(row)) return <HotelCard group={group} row={cheapestHotelRow(group, row)} ctx={ctx} thumbnail={thumbnail} selected={selected} onSelect={onSelect} />;
  if (isFlightRow(row)) return <FlightCard group={group} row={row} ctx={ctx} />;
  if (isActivityRow(row)) return <ActivityCard group={group} row={row} ctx={ctx} />;
  if (isTransferRow(row)) return <TransferCard group={group} row={row} ctx={ctx} />;
  return <GenericCard group={group} row={row} ctx={ctx} />;
}
