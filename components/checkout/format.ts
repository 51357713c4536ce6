import { formatDay } from "@/lib/format/dates";
import { formatMoney, formatMoneyDelta } from "@/lib/money";

// Money and the price check's clock as the checkout shows them (Intl, en locale like the rest of
// the desk). Days, counts, durations and codes as words have one home: lib/format/.

export { formatMoney, formatMoneyDelta };

/**
 * A sentence of the service's with its days (YYYY-MM-DD) as the page shows them: "valid until at
 * least 2027-06-29" reads "valid until at least Tue, 29 Jun 2027". Instants (with a time) are left.
 */
export function readableDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b(?![T:\d])/g, (day) => formatDay(day));
}

/** "9:42" from milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}
