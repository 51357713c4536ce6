import { resultRowSchema } from "@/lib/tds/contract/schemas";
import type { ResultRow } from "@/lib/tds/contract/types";

// The service has no "read a quote" call, so checkout learns what the advisor chose (hotel,
// room, board, flight times) from the row they selected. It travels in sessionStorage, per tab,
// keyed by rateQuoteId; checkout works without it (the price-check is the authority on price
// and policy) and only shows less.

const key = (rateQuoteId: string) => `agency-desk:selected-rate:${rateQuoteId}`;

/** Call when the advisor selects a row, before navigating to checkoutHref(row.rateQuoteId, …). */
export function rememberSelectedRate(row: ResultRow, context: { hotelName?: string | null } = {}): void {
  try {
    sessionStorage.setItem(key(row.rateQuoteId), JSON.stringify({ row, context, savedAt: Date.now() }));
  } catch {
    // Storage full or disabled: checkout still works from the quote alone.
  }
}

/** The row selected for this quote in this tab, or null. */
export function recallSelectedRate(rateQuoteId: string): { row: ResultRow; context: { hotelName?: string | null } } | null {
  try {
    const raw = sessionStorage.getItem(key(rateQuoteId));
    if (!raw) return null;
    const saved = JSON.parse(raw) as { row?: unknown; context?: { hotelName?: string | null } };
    const row = resultRowSchema.safeParse(saved.row);
    return row.success ? { row: row.data, context: saved.context ?? {} } : null;
  } catch {
    return null;
  }
}
