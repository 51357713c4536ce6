import { Pencil } from "lucide-react";
import { productTypeMeta } from "@/components/status/product-types";
import { Button } from "@/components/ui/button";
import { formatDay } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import { CABIN_LABELS, describePlace, type OccupancyEntry, type SearchCriteria } from "@/lib/search/criteria";
import { nightsOf, parseIsoDate } from "./search-limits";

/** "1 Dec 2026", or "1 Dec" where the range gives the year; null for what is not a calendar day. */
const day = (iso: string, withYear = true) => (parseIsoDate(iso) ? formatDay(iso, { weekday: false, year: withYear }) : null);

/** "1 Dec – 4 Dec 2026", with both years when the range crosses one. */
export function formatDateRange(from: string, to: string): string {
  if (!to) return day(from) ?? "";
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${day(from, !sameYear) ?? "…"} – ${day(to) ?? "…"}`;
}

/** "1 Dec 2026, 14:30" from a local date-time. */
export function formatDateTime(local: string): string {
  const [date = "", time = ""] = local.split("T");
  return [day(date), time.slice(0, 5)].filter(Boolean).join(", ");
}

/** "1 room, 2 adults, 1 child" (hotels) or "2 adults" (one party). */
export function partySummary(occupancy: OccupancyEntry[], rooms: boolean): string {
  const adults = occupancy.reduce((n, e) => n + e.adults, 0);
  const children = occupancy.reduce((n, e) => n + e.childrenAges.length, 0);
  return [
    rooms ? plural(occupancy.length, "room", "rooms") : null,
    plural(adults, "adult", "adults"),
    children > 0 ? plural(children, "child", "children") : null,
  ]
    .filter(Boolean)
    .join(", ");
}

const code = (p: Parameters<typeof describePlace>[0]) => (p?.kind === "airport" ? p.code : describePlace(p));

/** One line saying what was searched: "London · 1 Dec – 4 Dec 2026 · 3 nights · 1 room, 2 adults". */
export function summarizeCriteria(c: SearchCriteria): string[] {
  switch (c.productType) {
    case "hotel": {
      const nights = nightsOf(c.checkIn, c.checkOut);
      return [
        describePlace(c.place) || (c.query.trim() ? `“${c.query.trim()}”` : c.near ? "Near a point" : "Anywhere"),
        formatDateRange(c.checkIn, c.checkOut),
        nights ? plural(nights, "night", "nights") : "",
        partySummary(c.occupancy, true),
      ].filter(Boolean);
    }
    case "flight": {
      const route =
        c.trip === "multi"
          ? c.slices.map((s, i) => (i === 0 ? `${code(s.origin)} → ${code(s.destination)}` : code(s.destination))).join(" → ")
          : `${code(c.origin)} → ${code(c.destination)}`;
      const dates =
        c.trip === "multi"
          ? formatDateRange(c.slices[0]?.date ?? "", c.slices.at(-1)?.date ?? "")
          : formatDateRange(c.departDate, c.trip === "return" ? c.returnDate : "");
      const trip = c.trip === "multi" ? plural(c.slices.length, "flight", "flights") : c.trip === "return" ? "Return" : "One-way";
      return [route, trip, dates, CABIN_LABELS[c.cabinClass], partySummary(c.occupancy, false)].filter(Boolean);
    }
    case "activity":
      return [describePlace(c.place), day(c.date) ?? "", partySummary(c.occupancy, false)].filter(Boolean);
    case "transfer": {
      const party =
        c.passengers != null
          ? [plural(c.passengers, "passenger", "passengers"), ...(c.occupancy[0]?.childrenAges.length ? [plural(c.occupancy[0].childrenAges.length, "child", "children")] : [])].join(", ")
          : partySummary(c.occupancy, false);
      return [
        `${describePlace(c.pickup)} → ${describePlace(c.dropoff)}`,
        formatDateTime(c.pickupAt),
        c.returnAt ? `return ${formatDateTime(c.returnAt)}` : "One way",
        party,
      ].filter(Boolean);
    }
  }
}

/** The collapsed search form above results, with a way back to the full form. */
export function SearchSummary({ criteria, onEdit, onEditIntent }: { criteria: SearchCriteria; onEdit: () => void; onEditIntent?: () => void }) {
  const { label, Icon } = productTypeMeta(criteria.productType);
  const parts = summarizeCriteria(criteria);
  return (
    <section
      aria-label="Current search"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:flex-row sm:items-center sm:px-5"
    >
      <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset sm:grid">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-brand-700">{label}</p>
        <p className="text-[0.9375rem] font-medium text-ink" data-testid="search-summary">
          {parts.map((part, i) => (
            <span key={i}>
              {i > 0 ? (
                <>
                  <span aria-hidden className="mx-1.5 text-slate-400">
                    ·
                  </span>
                  <span className="sr-only">, </span>
                </>
              ) : null}
              <span className={i > 0 ? "font-normal text-slate-600" : undefined}>{part}</span>
            </span>
          ))}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onEdit} onPointerEnter={onEditIntent} onFocus={onEditIntent} className="self-start sm:self-center">
        <Pencil className="size-3.5" aria-hidden />
        Edit search
      </Button>
    </section>
  );
}
