"use client";

import { useTimeZone } from "@/components/layout/time-zone";
import { BedDouble } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import type { FlightRow, ResultRow } from "@/components/results/types";
import { buttonClasses } from "@/components/ui/button";
import { hotelHref, type SearchCriteria } from "@/lib/search/criteria";
import { isFlightRow } from "@/lib/tds/contract/narrow";
import { formatDuration } from "@/lib/format/durations";
import { shownFee, useRowPrices } from "@/components/pricing/client-prices";
import { cancellationSummary, formatLocalDateTime, type CancellationPolicy } from "./format";
import { byPrice, cheapestId, count, text } from "./group";
import { Cancellation, CheapestBadge, Price, SelectButton } from "./option-parts";
import { SheetHeader } from "./sheet-header";
import { StatePanel } from "./option-states";
import { useSelectOption } from "./use-select-option";

type Props = { rows: ResultRow[]; searchId: string; productId: string; criteria: SearchCriteria | null };

/** Hotels have their own page (content and the live rate sheet); this page only points there. */
export function HotelElsewhere({ searchId, productId, criteria }: Omit<Props, "rows">) {
  const href = criteria ? hotelHref(searchId, productId, criteria) : `/search/${encodeURIComponent(searchId)}/hotels/${encodeURIComponent(productId)}`;
  return (
    <StatePanel
      icon={BedDouble}
      title="This is a hotel"
      actions={
        <Link href={href} className={buttonClasses()}>
          Open the hotel&apos;s rooms and rates
        </Link>
      }
    >
      <p>A hotel&apos;s rooms and live rates are on its own page, with its photos and policies.</p>
    </StatePanel>
  );
}

type Slice = { origin?: unknown; destination?: unknown; departAt?: unknown; arriveAt?: unknown; stops?: unknown };

function flightLine(row: FlightRow): string {
  const slices = (Array.isArray(row.summary.slices) ? row.summary.slices : []) as Slice[];
  return slices
    .map((s) => {
      const depart = text(s.departAt);
      const arrive = text(s.arriveAt);
      const stops = count(s.stops);
      return [
        `${text(s.origin) ?? "?"} → ${text(s.destination) ?? "?"}`,
        depart ? formatLocalDateTime(depart) : null,
        arrive ? `arrives ${formatLocalDateTime(arrive)}` : null,
        stops === null ? null : stops === 0 ? "nonstop" : `${stops} stop${stops === 1 ? "" : "s"}`,
      ]
        .filter(Boolean)
        .join(", ");
    })
    .join(" · ");
}

/** Flights and product types this desk does not know yet: one list, cheapest first. */
export function SimpleSheet({ rows, searchId, criteria }: Props) {
  const sorted = useMemo(() => [...rows].sort(byPrice), [rows]);
  const cheapest = useMemo(() => cheapestId(rows), [rows]);
  const { select, selectedId } = useSelectOption(searchId, criteria);
  const { shown } = useRowPrices();
  const flights = rows.every(isFlightRow);
  const timeZone = useTimeZone();
  return (
    <>
      <SheetHeader kicker={flights ? "Flight options" : "Options"} title={flights ? "Fares for this flight" : "Saved options"} facts={[`${rows.length} option${rows.length === 1 ? "" : "s"}`]} priced />
      <section aria-labelledby="simple-options-title" className="mt-8 rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
        <h2 id="simple-options-title" className="border-b border-slate-100 px-5 py-4 text-[0.9375rem] font-semibold text-ink sm:px-6">
          Cheapest first
        </h2>
        <ul className="divide-y divide-slate-100">
          {sorted.map((row, i) => {
            const summary = row.summary as Record<string, unknown>;
            const name = isFlightRow(row)
              ? [text(row.summary.airline), text(row.summary.fareName), text(row.summary.cabinClass)].filter(Boolean).join(" · ") || `Fare ${i + 1}`
              : text(summary.name) ?? text(summary.title) ?? `Option ${i + 1}`;
            const detail = isFlightRow(row) ? [flightLine(row), formatDuration(count(row.summary.durationMinutes))].filter(Boolean).join(" · ") : row.productType;
            const cancel = cancellationSummary(row.refundable, summary.cancellationPolicy as CancellationPolicy | undefined, { priceMinor: row.sellAmountMinor, timeZone, shownPriceMinor: shownFee(shown(row)) });
            return (
              <li key={row._id} className="grid gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:px-6">
                <div className="min-w-0 space-y-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-[0.9375rem] font-semibold text-ink">{name}</h3>
                    {row._id === cheapest && rows.length > 1 ? <CheapestBadge /> : null}
                  </div>
                  {detail ? <p className="text-[0.8125rem] text-slate-600">{detail}</p> : null}
                  <Cancellation summary={cancel} />
                </div>
                <div className="flex items-center justify-between gap-4 sm:contents">
                  <Price price={shown(row)} className="max-sm:text-left" />
                  <SelectButton
                    label={`${name}, ${cancel.badge.toLowerCase()}, ${shown(row).text}`}
                    onSelect={() => select(row)}
                    pending={selectedId === row._id}
                    disabled={selectedId !== null}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
