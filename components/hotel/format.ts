import type { HotelCriteria, SearchCriteria } from "@/lib/search/criteria";
import { nightsBetween } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import { formatMoney } from "@/lib/money";

// Formatting the hotel page shares: money in minor units, the stay, humanised keys. Days, counts
// and boards have one home (lib/format/).

export { formatMoney };

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

/* ---------------------------------------------------------------------------- the stay */

/** An instant as "14:05" in the given zone. */
export function formatClock(d: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(d);
}

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
