import { nightsBetween } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import { SEARCH_LIMITS } from "@/lib/tds/contract/limits";

// Limits the search form enforces before the request is built (POST /search, specification).
// They are derived from the canonical schema's SEARCH_LIMITS so the form and the BFF agree.

export type SearchProductType = "hotel" | "flight" | "activity" | "transfer";

export type OccupancyEntry = { adults: number; childrenAges: number[] };

export type OccupancyLimits = {
  /** Hotels: one entry per room. Other products: one entry for the whole party. */
  maxEntries: number;
  minAdults: number;
  maxAdults: number;
  maxChildren: number;
  minChildAge: number;
  maxChildAge: number;
};

export const MIN_CHILD_AGE = 0;
export const MAX_CHILD_AGE = 17;
/** The age a newly added child starts with, until the agent picks one. */
/** A child added to the party has no age until the advisor picks one (ages change prices): never guessed. */
export const CHILD_AGE_UNSET = -1;

export function occupancyLimits(productType: SearchProductType): OccupancyLimits {
  if (productType === "hotel") {
    return {
      maxEntries: SEARCH_LIMITS.hotel.maxRooms,
      minAdults: 1,
      maxAdults: SEARCH_LIMITS.hotel.maxAdults,
      maxChildren: SEARCH_LIMITS.hotel.maxChildren,
      minChildAge: MIN_CHILD_AGE,
      maxChildAge: MAX_CHILD_AGE,
    };
  }
  return {
    maxEntries: 1,
    minAdults: 1,
    maxAdults: SEARCH_LIMITS.other.maxAdults,
    maxChildren: SEARCH_LIMITS.other.maxChildren,
    minChildAge: MIN_CHILD_AGE,
    maxChildAge: MAX_CHILD_AGE,
  };
}

/**
 * An occupancy brought within a product type's limits, e.g. when the agent switches from a
 * three-room hotel search to an activity: rooms are merged into one party, then counts are
 * clamped (extra children dropped, ages clamped to 0..17).
 */
export function fitOccupancy(value: OccupancyEntry[], productType: SearchProductType): OccupancyEntry[] {
  const limits = occupancyLimits(productType);
  const entries =
    productType === "hotel"
      ? value.slice(0, limits.maxEntries)
      : [{ adults: value.reduce((n, e) => n + e.adults, 0), childrenAges: value.flatMap((e) => e.childrenAges) }];
  const fitted = entries.map((e) => ({
    adults: Math.min(limits.maxAdults, Math.max(limits.minAdults, e.adults)),
    childrenAges: e.childrenAges
      .slice(0, limits.maxChildren)
      .map((age) => Math.min(limits.maxChildAge, Math.max(limits.minChildAge, Math.round(age)))),
  }));
  return fitted.length > 0 ? fitted : [{ adults: Math.min(2, limits.maxAdults), childrenAges: [] }];
}

/** "2 rooms · 4 adults · 1 child" for hotels; "3 adults · 2 children" for one party. */
export function occupancySummary(value: OccupancyEntry[], productType: SearchProductType): string {
  const adults = value.reduce((sum, e) => sum + e.adults, 0);
  const children = value.reduce((sum, e) => sum + e.childrenAges.length, 0);
  const parts = [plural(adults, "adult", "adults")];
  if (children > 0) parts.push(plural(children, "child", "children"));
  if (productType === "hotel") parts.unshift(plural(value.length, "room", "rooms"));
  return parts.join(" · ");
}

/* ---------------------------------------------------------------------------- dates */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD string as a local-midnight Date, or null when it is not a real calendar date. */
export function parseIsoDate(value: string | undefined | null): Date | null {
  const m = value ? ISO_DATE.exec(value) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** A Date's local calendar day as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), independent of time zones and DST. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const MAX_NIGHTS = SEARCH_LIMITS.maxNights;
export const MAX_DAYS_AHEAD = SEARCH_LIMITS.maxCheckInDaysAhead;

/** Problem with a single date (activity date, flight date) or null. */
export function dateError(date: string | undefined, today: string, what = "The date"): string | null {
  if (!date) return null;
  if (!parseIsoDate(date)) return `${what} is not a valid date.`;
  const ahead = daysBetween(today, date);
  if (ahead < 0) return `${what} can't be in the past.`;
  if (ahead > MAX_DAYS_AHEAD) return `${what} can be at most ${MAX_DAYS_AHEAD} days ahead.`;
  return null;
}

/**
 * The hotel stay's problem as a sentence, or null when the stay is valid (or not yet complete:
 * a missing date is the "required" rule's business, not this one's).
 */
export function stayRangeError({ checkIn, checkOut }: { checkIn?: string; checkOut?: string }, today: string): string | null {
  const checkInError = dateError(checkIn, today, "Check-in");
  if (checkInError) return checkInError;
  if (!checkOut) return null;
  if (!parseIsoDate(checkOut)) return "Check-out is not a valid date.";
  if (!checkIn) return null;
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 1) return "Check-out must be after check-in.";
  if (nights > MAX_NIGHTS) return `A stay can be at most ${MAX_NIGHTS} nights.`;
  return null;
}

/** Nights between check-in and check-out, or null when the range is incomplete or reversed. */
export function nightsOf(checkIn?: string, checkOut?: string): number | null {
  if (!parseIsoDate(checkIn) || !parseIsoDate(checkOut)) return null;
  return nightsBetween(checkIn!, checkOut!);
}
