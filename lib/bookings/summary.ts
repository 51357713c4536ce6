import type { z } from "zod";
import type { bookingDetailSchema } from "@/lib/tds/contract/schemas";
import type { BookingSummary } from "./schemas";

// A booking's detail reduced to what a list needs and its row lacks: the lead guest, the item
// named for its product, the travel dates. The inner fields of line-item details are the
// service's to choose (not shown in the specification), so each is read only when it has the
// expected type, and a missing one leaves its fact null rather than failing.

type Detail = z.output<typeof bookingDetailSchema>;
type Details = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const day = (v: unknown): string | null => {
  const s = str(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};
const records = (v: unknown): Details[] => (Array.isArray(v) ? v.filter((x): x is Details => !!x && typeof x === "object") : []);

/** "DXB ⇄ LAX" for a there-and-back trip, "DXB → LAX → JFK" otherwise. */
export function routeOf(slices: Details[]): string | null {
  const legs = slices.map((s) => [str(s.origin), str(s.destination)] as const).filter((l): l is readonly [string, string] => !!l[0] && !!l[1]);
  if (legs.length === 0) return null;
  const first = legs[0]!;
  if (legs.length === 2 && legs[1]![0] === first[1] && legs[1]![1] === first[0]) return `${first[0]} ⇄ ${first[1]}`;
  const stops = [first[0]];
  for (const [from, to] of legs) {
    if (stops[stops.length - 1] !== from) stops.push(from);
    stops.push(to);
  }
  return stops.join(" → ");
}

function itemOf(productType: string, d: Details, hotelName: string | null): string | null {
  switch (productType) {
    case "hotel":
      return hotelName ?? str(d.hotelName);
    case "flight":
      return routeOf(records(d.slices));
    case "activity":
      return str(d.activityName) ?? str(d.name);
    case "transfer": {
      const from = str(d.pickupName);
      const to = str(d.dropoffName);
      if (!from || !to) return from ?? to;
      return `${from} ${d.tripType === "round" || str(d.returnAt) ? "⇄" : "→"} ${to}`;
    }
    default:
      return str(d.name) ?? str(d.hotelName);
  }
}

function datesOf(productType: string, d: Details): [string | null, string | null] {
  switch (productType) {
    case "hotel":
      return [day(d.checkIn), day(d.checkOut)];
    case "flight": {
      const slices = records(d.slices);
      return [day(slices[0]?.departAt), day(slices[slices.length - 1]?.arriveAt ?? slices[slices.length - 1]?.departAt)];
    }
    case "activity":
      return [day(d.date), day(d.date)];
    case "transfer":
      return [day(d.pickupAt), day(d.returnAt) ?? day(d.pickupAt)];
    default:
      return [day(d.checkIn) ?? day(d.date), day(d.checkOut) ?? day(d.date)];
  }
}

/** An activity's start: its date, with its start time when it has one ("2026-12-06T14:30", local). */
export function activityStart(d: Details): string | null {
  const date = day(d.date);
  const time = str(d.startTime);
  return date && time && /^\d{2}:\d{2}$/.test(time) ? `${date}T${time}` : date;
}

/**
 * The one field that says when travel starts, as the service wrote it: a hotel's check-in day, a
 * flight's first local departure, an activity's date and start time, a transfer's pickup. Needs
 * attention and the booking page show travel times from this, so they agree.
 */
export function travelAtOf(productType: string, d: Details): string | null {
  const given = (v: unknown) => {
    const s = str(v);
    return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s : null;
  };
  switch (productType) {
    case "hotel":
      return day(d.checkIn);
    case "flight":
      return given(records(d.slices)[0]?.departAt);
    case "activity":
      return activityStart(d);
    case "transfer":
      return given(d.pickupAt);
    default:
      return day(d.checkIn) ?? day(d.date);
  }
}

export function summarizeBooking(detail: Detail): BookingSummary {
  const line = detail.lineItems[0];
  const productType = line?.productType ?? "unknown";
  const details = (line?.details ?? {}) as Details;
  const lead = detail.order.travelers[0];
  const leadGuest = lead ? [str(lead.firstName), str(lead.lastName)].filter(Boolean).join(" ") || null : null;
  const [travelStart, travelEnd] = datesOf(productType, details);
  return {
    productType,
    leadGuest,
    travelers: detail.order.travelers.length || null,
    item: itemOf(productType, details, str(detail.bookedHotel?.name)),
    travelStart,
    travelEnd,
    travelAt: travelAtOf(productType, details),
  };
}
