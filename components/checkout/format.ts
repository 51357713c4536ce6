import { formatDay } from "@/lib/format/dates";
import { formatMoney, formatMoneyDelta } from "@/lib/money";

// Money, durations and parties as the checkout shows them (Intl, en locale like the rest of the desk).

export { formatMoney, formatMoneyDelta };

// Dates have one home (lib/format/dates.ts); the checkout's calendar days come from there.
export { formatDay };

/**
 * A sentence of the service's with its days (YYYY-MM-DD) as the page shows them: "valid until at
 * least 2027-06-29" reads "valid until at least Tue, 29 Jun 2027". Instants (with a time) are left.
 */
export function readableDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b(?![T:\d])/g, (day) => formatDay(day));
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  const n = Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(n) ? n : 0;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "9:42" from milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Board codes (`room_only`, `half_board`) as words. */
export function humanize(code: string): string {
  const s = code.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
