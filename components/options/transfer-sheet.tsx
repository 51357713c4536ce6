"use client";

import { useTimeZone } from "@/components/layout/time-zone";
import { ArrowRight, CalendarDays, Info, Luggage, Route, Timer, Users } from "lucide-react";
import { useMemo } from "react";
import type { TransferRow } from "@/components/results/types";
import { cn } from "@/components/ui/cn";
import { describePlace, type SearchCriteria } from "@/lib/search/criteria";
import { formatDuration } from "@/lib/format/durations";
import { shownFee, useRowPrices, type ShownPrice } from "@/components/pricing/client-prices";
import { cancellationSummary, formatLocalDateTime, formatMoney, formatPassengers, partyOfOccupancy } from "./format";
import { count, flag, text, transferDirection, transferSections, type TransferSection } from "./group";
import { AddToProposalButton } from "@/components/proposals/add-button";
import { Cancellation, CheapestBadge, Feature, Price, SelectButton } from "./option-parts";
import { SheetHeader } from "./sheet-header";
import { useSelectOption } from "./use-select-option";

type Props = { rows: TransferRow[]; searchId: string; criteria: SearchCriteria | null };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, " ");

/** The route as the advisor named it in the search, else as the service names it. */
function routeNames(rows: TransferRow[], criteria: SearchCriteria | null) {
  const outbound = rows.find((r) => transferDirection(r) !== "return") ?? rows[0];
  const service = { from: text(outbound?.summary.pickupName), to: text(outbound?.summary.dropoffName) };
  const picked =
    criteria?.productType === "transfer" ? { from: describePlace(criteria.pickup) || null, to: describePlace(criteria.dropoff) || null } : { from: null, to: null };
  return { from: picked.from ?? service.from ?? "Pickup", to: picked.to ?? service.to ?? "Drop-off", service, outbound };
}

/** Every vehicle saved for one transfer: round trips, and legs sold one direction at a time. */
export function TransferSheet({ rows, searchId, criteria }: Props) {
  const sections = useMemo(() => transferSections(rows), [rows]);
  const { from, to, service, outbound } = routeNames(rows, criteria);
  const { select, selectedId } = useSelectOption(searchId, criteria);
  const pickupAt = text(outbound?.summary.pickupAt);
  const returnAt = rows.map((r) => text(r.summary.returnAt) ?? (transferDirection(r) === "return" ? text(r.summary.pickupAt) : null)).find(Boolean) ?? null;
  const km = count(outbound?.summary.distanceKm);
  const minutes = count(outbound?.summary.durationMinutes);
  const passengers = count(outbound?.summary.passengers);
  const party = passengers !== null ? formatPassengers(passengers) : criteria ? partyOfOccupancy(criteria.occupancy) : "";
  const flightDetails = rows.some((r) => flag(r.summary.flightDetailsRequired));
  const flightEverywhere = rows.every((r) => flag(r.summary.flightDetailsRequired));
  const { shown } = useRowPrices();
  const bothLegs = cheapestBothLegs(sections, shown);
  const showService = (service.from && service.from !== from) || (service.to && service.to !== to);
  const sectionsOnlyOutbound = sections.length === 1 && sections[0]!.kind === "outbound";

  return (
    <>
      <SheetHeader
        priced
        kicker="Transfer options"
        title={
          <>
            {from} <span aria-hidden>→</span>
            <span className="sr-only">to</span> {to}
          </>
        }
        facts={[
          pickupAt ? (
            <>
              <CalendarDays aria-hidden className="size-4 text-slate-400" />
              <span>
                <span className="sr-only">Pickup </span>
                {formatLocalDateTime(pickupAt)}
              </span>
            </>
          ) : null,
          returnAt ? (
            <>
              <ArrowRight aria-hidden className="size-4 rotate-180 text-slate-400" />
              <span>Return {formatLocalDateTime(returnAt)}</span>
            </>
          ) : null,
          km !== null ? (
            <>
              <Route aria-hidden className="size-4 text-slate-400" />
              {km} km
            </>
          ) : null,
          minutes !== null ? (
            <>
              <Timer aria-hidden className="size-4 text-slate-400" />
              about {formatDuration(minutes)}
            </>
          ) : null,
          party ? (
            <>
              <Users aria-hidden className="size-4 text-slate-400" />
              {party}
            </>
          ) : null,
        ]}
      >
        {showService ? (
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-slate-600">
            <dt className="text-slate-500">Pickup</dt>
            <dd className="min-w-0 text-slate-700">{service.from ?? "—"}</dd>
            <dt className="text-slate-500">Drop-off</dt>
            <dd className="min-w-0 text-slate-700">{service.to ?? "—"}</dd>
          </dl>
        ) : null}
      </SheetHeader>

      {flightDetails ? (
        <p className="mt-5 flex max-w-3xl items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-600" />
          <span>
            Flight details are required{flightEverywhere ? "" : " for some vehicles"}: checkout asks for the carrier and flight number so
            the driver can follow the arrival.
          </span>
        </p>
      ) : null}

      <div className="mt-8 space-y-6">
        {sections.map((section) => (
          <VehicleSection
            key={section.kind}
            section={section}
            title={sectionsOnlyOutbound ? "Vehicles" : undefined}
            routeFrom={from}
            routeTo={to}
            bothLegs={bothLegs}
            flightNote={!flightEverywhere}
            selectedId={selectedId}
            onSelect={select}
            criteria={criteria}
          />
        ))}
      </div>
    </>
  );
}

/** The cheapest outbound and cheapest return added up (as each is shown: two bookings, each priced), when a source sells both legs separately. */
function cheapestBothLegs(sections: TransferSection[], shown: (row: TransferRow) => ShownPrice): string | null {
  const pick = (kind: TransferSection["kind"]) => {
    const section = sections.find((s) => s.kind === kind);
    return section?.rows.find((r) => r._id === section.cheapestId);
  };
  const out = pick("outbound");
  const back = pick("return");
  if (!out || !back || out.sellCurrency !== back.sellCurrency) return null;
  const [a, b] = [shown(out), shown(back)];
  return a.amountMinor === null || b.amountMinor === null ? null : formatMoney(a.amountMinor + b.amountMinor, out.sellCurrency);
}

const SECTION_TEXT: Record<TransferSection["kind"], { title: string; note: string }> = {
  round: { title: "Round trip", note: "One booking covers both directions." },
  outbound: { title: "Outbound", note: "Sold one direction at a time: book the return separately." },
  return: { title: "Return", note: "Sold one direction at a time: book it in addition to the outbound." },
};

function VehicleSection({
  section,
  title,
  routeFrom,
  routeTo,
  bothLegs,
  flightNote,
  selectedId,
  onSelect,
  criteria,
}: {
  section: TransferSection;
  title?: string;
  routeFrom: string;
  routeTo: string;
  /** Cheapest outbound plus cheapest return, to compare with round trips. */
  bothLegs: string | null;
  flightNote: boolean;
  selectedId: string | null;
  onSelect: (row: TransferRow) => void;
  criteria: SearchCriteria | null;
}) {
  const t = SECTION_TEXT[section.kind];
  const id = `transfer-${section.kind}-title`;
  const route = section.kind === "return" ? `${routeTo} → ${routeFrom}` : `${routeFrom} → ${routeTo}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={id} className="text-[0.9375rem] font-semibold text-ink">
            {title ?? t.title}
            {section.kind !== "round" && !title ? <span className="font-normal text-slate-500"> · {route}</span> : null}
          </h2>
          {title ? null : (
            <p className="mt-0.5 text-sm text-slate-500">
              {t.note}
              {bothLegs && section.kind === "outbound" ? ` Cheapest both ways: ${bothLegs}.` : null}
            </p>
          )}
        </div>
        <p className="text-sm text-slate-500">
          {section.rows.length} vehicle{section.rows.length === 1 ? "" : "s"} · cheapest first
        </p>
      </header>
      <ul className="divide-y divide-slate-100">
        {section.rows.map((row) => (
          <VehicleRow
            key={row._id}
            row={row}
            cheapest={row._id === section.cheapestId && section.rows.length > 1}
            flightNote={flightNote}
            pending={selectedId === row._id}
            disabled={selectedId !== null}
            onSelect={() => onSelect(row)}
            criteria={criteria}
          />
        ))}
      </ul>
    </section>
  );
}

function VehicleRow({
  row,
  cheapest,
  flightNote,
  pending,
  disabled,
  onSelect,
  criteria,
}: {
  row: TransferRow;
  cheapest: boolean;
  /** Say "Flight number needed" on the row (when the page does not say it for every vehicle). */
  flightNote: boolean;
  pending: boolean;
  disabled: boolean;
  onSelect: () => void;
  criteria: SearchCriteria | null;
}) {
  const timeZone = useTimeZone();
  const s = row.summary;
  const vehicle = text(s.vehicle) ?? "Vehicle";
  const service = text(s.serviceType);
  const vehicleClass = text(s.vehicleClass);
  const capacity = count(s.capacity);
  const luggage = count(s.luggageCapacity);
  const direction = transferDirection(row);
  const pickupAt = text(s.pickupAt);
  const returnAt = text(s.returnAt);
  const price = useRowPrices().shown(row);
  const cancel = cancellationSummary(row.refundable, s.cancellationPolicy, { priceMinor: row.sellAmountMinor, timeZone, shownPriceMinor: shownFee(price) });
  const trip = direction === "round" ? "round trip" : direction === "return" ? "return" : "one way";
  return (
    <li className={cn("grid gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:px-6", cheapest && "bg-brand-50/40")}>
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-[0.9375rem] font-semibold text-ink">{vehicle}</h3>
          {service ? (
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
                service === "shared" ? "bg-amber-50 text-amber-800 ring-amber-600/20" : "bg-slate-100 text-slate-700 ring-slate-500/20",
              )}
            >
              {capitalise(service)}
            </span>
          ) : null}
          {vehicleClass && vehicleClass !== service ? <span className="text-xs text-slate-500">{capitalise(vehicleClass)} class</span> : null}
          {cheapest ? <CheapestBadge /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-slate-700">
          {capacity !== null ? (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden className="size-3.5 text-slate-400" />
              Up to {formatPassengers(capacity)}
            </span>
          ) : null}
          {luggage !== null ? (
            <span className="inline-flex items-center gap-1">
              <Luggage aria-hidden className="size-3.5 text-slate-400" />
              {luggage} {luggage === 1 ? "bag" : "bags"}
            </span>
          ) : null}
          {flag(s.meetAndGreet) ? <Feature>Meet &amp; greet</Feature> : null}
          {flightNote && flag(s.flightDetailsRequired) ? <span className="text-slate-500">Flight number needed</span> : null}
        </div>
        {pickupAt ? (
          <p className="text-[0.8125rem] text-slate-600">
            {direction === "round" ? (
              <>
                <span className="font-medium text-slate-700">Outbound</span> {formatLocalDateTime(pickupAt)}
                {returnAt ? (
                  <>
                    {" · "}
                    <span className="font-medium text-slate-700">Return</span> {formatLocalDateTime(returnAt)}
                  </>
                ) : null}
              </>
            ) : (
              <>
                <span className="font-medium text-slate-700">Pickup</span> {formatLocalDateTime(pickupAt)}
              </>
            )}
          </p>
        ) : null}
        <Cancellation summary={cancel} />
      </div>
      <div className="flex items-center justify-between gap-4 sm:contents">
        <Price price={price} caption={direction === "round" ? "both directions" : "one way"} className="max-sm:text-left" />
        <div className="flex flex-col items-stretch gap-2">
          <SelectButton
            label={`${vehicle}${service ? ` (${service})` : ""}, ${trip}, ${cancel.badge.toLowerCase()}, ${price.text}`}
            onSelect={onSelect}
            pending={pending}
            disabled={disabled}
          />
          <AddToProposalButton label={`${vehicle}${service ? ` (${service})` : ""}, ${trip}, ${price.text}`} input={() => ({ kind: "transfer", row, criteria })} />
        </div>
      </div>
    </li>
  );
}
