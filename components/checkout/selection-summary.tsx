import type { ReactNode } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import type { ResultRow } from "@/components/results/types";
import { productTypeMeta } from "@/components/status/product-types";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, formatTravelTime, nightsBetween } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/durations";
import { humanize, plural } from "@/lib/format/words";
import { describePlace, type SearchCriteria } from "@/lib/search/criteria";
import { formatMoney } from "./format";

/** "2 rooms · 3 adults · 1 child" (hotels), "3 adults · 1 child" otherwise. */
export function describeParty(criteria: SearchCriteria): string {
  const adults =
    criteria.productType === "transfer" && criteria.passengers ? criteria.passengers : criteria.occupancy.reduce((n, o) => n + o.adults, 0);
  const children = criteria.occupancy.reduce((n, o) => n + o.childrenAges.length, 0);
  const parts = [plural(adults, "adult"), ...(children ? [plural(children, "child", "children")] : [])];
  if (criteria.productType === "hotel") parts.unshift(plural(criteria.occupancy.length, "room"));
  return parts.join(" · ");
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

type Line = { label: string; value: ReactNode };

function criteriaLines(c: SearchCriteria, timeZone: string): { title: string; lines: Line[] } {
  switch (c.productType) {
    case "hotel": {
      const nights = c.checkIn && c.checkOut ? nightsBetween(c.checkIn, c.checkOut) : null;
      return {
        title: describePlace(c.place) || "Hotel stay",
        lines: [
          ...(c.checkIn ? [{ label: "Check-in", value: formatDay(c.checkIn) }] : []),
          ...(c.checkOut ? [{ label: "Check-out", value: formatDay(c.checkOut) }] : []),
          ...(nights ? [{ label: "Length", value: plural(nights, "night") }] : []),
        ],
      };
    }
    case "flight": {
      const route =
        c.trip === "multi"
          ? [...c.slices.map((s) => describePlace(s.origin)), describePlace(c.slices.at(-1)?.destination ?? null)].filter(Boolean).join(" → ")
          : `${describePlace(c.origin)} ${c.trip === "return" ? "⇄" : "→"} ${describePlace(c.destination)}`;
      return {
        title: route || "Flight",
        lines: [
          ...(c.trip !== "multi" && c.departDate ? [{ label: "Departs", value: formatDay(c.departDate) }] : []),
          ...(c.trip === "return" && c.returnDate ? [{ label: "Returns", value: formatDay(c.returnDate) }] : []),
          ...(c.trip === "multi" ? c.slices.filter((s) => s.date).map((s, i) => ({ label: `Flight ${i + 1}`, value: formatDay(s.date) })) : []),
          { label: "Cabin", value: humanize(c.cabinClass) },
        ],
      };
    }
    case "activity":
      return { title: describePlace(c.place) || "Activity", lines: c.date ? [{ label: "Date", value: formatDay(c.date) }] : [] };
    case "transfer":
      return {
        title: `${describePlace(c.pickup) || "Pickup"} → ${describePlace(c.dropoff) || "Drop-off"}`,
        lines: [
          ...(c.pickupAt ? [{ label: "Pickup", value: formatTravelTime(c.pickupAt, timeZone) }] : []),
          ...(c.returnAt ? [{ label: "Return", value: formatTravelTime(c.returnAt, timeZone) }] : []),
        ],
      };
  }
}

/** What the selected row says (hotel, room, board; flight times; activity session; vehicle). */
function rowLines(row: ResultRow, hotelName: string | null | undefined, criteria: SearchCriteria, timeZone: string): { title: string | null; subtitle: string | null; lines: Line[] } {
  const s = row.summary as Record<string, unknown>;
  switch (row.productType) {
    case "hotel": {
      const stars = num(s.starRating);
      return {
        title: str(s.hotelName) ?? hotelName ?? null,
        subtitle: [stars ? `${stars}★` : null, str(s.neighborhoodName), str(s.cityName)].filter(Boolean).join(" · ") || null,
        lines: [
          ...(str(s.roomName) ? [{ label: "Room", value: str(s.roomName) }] : []),
          ...(str(s.boardBasis) ? [{ label: "Board", value: humanize(str(s.boardBasis)!) }] : []),
          ...(str(s.rateName) ? [{ label: "Rate", value: str(s.rateName) }] : []),
        ],
      };
    }
    case "flight": {
      const slices = Array.isArray(s.slices) ? (s.slices as Array<Record<string, unknown>>) : [];
      return {
        title: str(s.airline),
        subtitle: [str(s.cabinClass) && humanize(str(s.cabinClass)!), str(s.fareName)].filter(Boolean).join(" · ") || null,
        lines: slices.map((sl, i) => {
          const stops = num(sl.stops);
          return {
            label: `${str(sl.origin) ?? "?"} → ${str(sl.destination) ?? "?"}`,
            value: (
              <span key={i}>
                {str(sl.departAt) ? formatTravelTime(str(sl.departAt)!, timeZone) : ""}
                {stops !== null ? <span className="block text-xs font-normal text-slate-500">{stops === 0 ? "Direct" : plural(stops, "stop")}{num(sl.durationMinutes) ? ` · ${formatDuration(num(sl.durationMinutes))}` : ""}</span> : null}
              </span>
            ),
          };
        }),
      };
    }
    case "activity":
      return {
        title: str(s.activityName),
        subtitle: str(s.cityName),
        lines: [
          ...(str(s.modality) ? [{ label: "Option", value: str(s.modality) }] : []),
          ...(str(s.date) ? [{ label: "Date", value: formatDay(str(s.date)!) }] : []),
          ...(str(s.sessionStartTime) ? [{ label: "Starts", value: str(s.sessionStartTime) }] : []),
          ...(num(s.durationMinutes) ? [{ label: "Duration", value: formatDuration(num(s.durationMinutes)) }] : []),
        ],
      };
    case "transfer": {
      // The ends as the advisor named them (an address reads better than its coordinates), else the service's names.
      const picked = criteria.productType === "transfer" ? criteria : null;
      const from = (picked && describePlace(picked.pickup)) || str(s.pickupName);
      const to = (picked && describePlace(picked.dropoff)) || str(s.dropoffName);
      return {
        title: str(s.vehicle),
        subtitle: s.tripType === "round" ? "Round trip" : str(s.serviceType) && humanize(str(s.serviceType)!),
        lines: [
          ...(from ? [{ label: "From", value: from }] : []),
          ...(to ? [{ label: "To", value: to }] : []),
          ...(str(s.pickupAt) ? [{ label: "Pickup", value: formatTravelTime(str(s.pickupAt)!, timeZone) }] : []),
          ...(str(s.returnAt) ? [{ label: "Return", value: formatTravelTime(str(s.returnAt)!, timeZone) }] : []),
        ],
      };
    }
    default:
      return { title: null, subtitle: null, lines: [] };
  }
}

/** The card that says what is being booked: the selected row when this tab came from Select, and the searched criteria. */
export function SelectionSummary({
  criteria,
  row,
  hotelName,
  price,
}: {
  criteria: SearchCriteria;
  row: ResultRow | null;
  hotelName?: string | null;
  /** The live price once checked; null while checking. */
  price: { amountMinor: number; currency: string; label: string } | null;
}) {
  const meta = productTypeMeta(criteria.productType);
  const timeZone = useTimeZone();
  const searched = criteriaLines(criteria, timeZone);
  const chosen = row ? rowLines(row, hotelName, criteria, timeZone) : null;
  const lines = [...(chosen?.lines ?? []), ...(criteria.productType === "hotel" || !chosen?.lines.length ? searched.lines : []), { label: "Travellers", value: describeParty(criteria) }];
  return (
    <Card aria-labelledby="selection-title">
      <div className="px-5 py-5 sm:px-6">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
          <meta.Icon className="size-4" />
          {meta.singular}
        </p>
        <h2 id="selection-title" className="mt-2 text-lg leading-snug font-semibold text-ink">
          {chosen?.title ?? searched.title}
        </h2>
        {chosen?.subtitle ? <p className="mt-0.5 text-sm text-slate-500">{chosen.subtitle}</p> : null}
        {!row ? (
          <p className="mt-2 text-[0.8125rem] text-slate-500">
            The desk no longer holds what was selected for this {meta.singular.toLowerCase()} (it was shown too long ago); the price check below is what counts.
          </p>
        ) : null}
        <dl className="mt-4 space-y-2.5 text-sm">
          {lines.map((l, i) => (
            <div key={`${l.label}-${i}`} className="flex items-start justify-between gap-4">
              <dt className="shrink-0 text-slate-500">{l.label}</dt>
              <dd className="min-w-0 text-right font-medium break-words text-ink">{l.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex items-baseline justify-between gap-4 rounded-b-xl border-t border-slate-100 bg-slate-50/70 px-5 py-4 sm:px-6">
        <span className="text-sm text-slate-600">{price?.label ?? "Total"}</span>
        {price ? (
          <span className="text-xl font-semibold tracking-tight text-ink tabular-nums">{formatMoney(price.amountMinor, price.currency)}</span>
        ) : (
          <Skeleton className="h-6 w-28" />
        )}
      </div>
    </Card>
  );
}
