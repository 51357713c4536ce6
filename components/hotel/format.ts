import type { HotelCriteria, SearchCriteria } from "@/lib/search/criteria";
import { formatMoney } from "@/lib/money";
import { lazily } from "@/lib/lazily";

// Formatting the hotel page shares: money in minor units, dates, boards, humanised keys.

export { formatMoney };

const BOARDS: Record<string, string> = {
  room_only: "Room only",
  breakfast: "Breakfast included",
  bed_and_breakfast: "Breakfast included",
  half_board: "Half board",
  full_board: "Full board",
  all_inclusive: "All inclusive",
};

/** A board basis code as people say it; unknown codes are humanised rather than hidden. */
export function boardLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return BOARDS[code] ?? sentenceCase(code);
}

const KEY_LABELS: Record<string, string> = {
  minAge: "Minimum age",
  maxAge: "Maximum age",
  beginTime: "From",
  endTime: "Until",
  from: "From",
  until: "Until",
  before: "Before",
  after: "After",
  time: "Time",
  knowBeforeYouGo: "Know before you go",
  specialInstructions: "Special instructions",
  instructions: "Instructions",
  mandatory: "Mandatory",
  optional: "Optional",
  city_tax: "City tax",
  amountMinor: "Amount",
  per: "Charged",
  payableAt: "Payable at",
};

/** A word made of camelCase or snake_case as a sentence-case label ("minAge" → "Min age"). */
export function sentenceCase(raw: string): string {
  const words = raw
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A key of a source's object as a label: known ones by name, others humanised. */
export function humaniseKey(key: string): string {
  return KEY_LABELS[key] ?? sentenceCase(key);
}

const PER: Record<string, string> = {
  stay: "per stay",
  night: "per night",
  person: "per person",
  person_per_night: "per person per night",
  room_per_night: "per room per night",
  person_per_stay: "per person per stay",
  room: "per room",
};

/** A charging basis ("person_per_night") as words ("per person per night"). */
export function perLabel(per: string): string {
  return PER[per] ?? (per.startsWith("per") ? sentenceCase(per).toLowerCase() : `per ${sentenceCase(per).toLowerCase()}`);
}

/* ---------------------------------------------------------------------------- dates */

const dayFormat = lazily(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }));
const longDayFormat = lazily(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));

/** A calendar date (YYYY-MM-DD) as "1 Dec"; it names a day, not an instant, so it is read in UTC. */
export function formatDay(isoDate: string, long = false): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return (long ? longDayFormat : dayFormat)().format(d);
}

/** An instant as "14:05" in the given zone. */
export function formatClock(d: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(d);
}

/** Nights between two calendar dates, or null when either is missing. */
export function nightsBetween(checkIn: string, checkOut: string): number | null {
  const a = Date.parse(`${checkIn}T00:00:00Z`);
  const b = Date.parse(`${checkOut}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b <= a) return null;
  return Math.round((b - a) / 86_400_000);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The stay the criteria describe, for hotels; null for other product types or missing criteria. */
export function stayOf(criteria: SearchCriteria | null): {
  criteria: HotelCriteria;
  nights: number | null;
  rooms: number;
  adults: number;
  children: number;
} | null {
  if (!criteria || criteria.productType !== "hotel") return null;
  return {
    criteria,
    nights: nightsBetween(criteria.checkIn, criteria.checkOut),
    rooms: criteria.occupancy.length,
    adults: criteria.occupancy.reduce((n, o) => n + o.adults, 0),
    children: criteria.occupancy.reduce((n, o) => n + o.childrenAges.length, 0),
  };
}

/** "2 adults, 1 child" */
export function guestsLabel(adults: number, children: number): string {
  return [plural(adults, "adult"), children > 0 ? plural(children, "child", "children") : null].filter(Boolean).join(", ");
}
