import { LRUCache } from "lru-cache";
import type { ResultRow } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { quiet, type Cache } from "./cache";
import { hotelContent } from "./hotel-content";

// The service has no "read a quote" call, yet checkout must say what is being booked (hotel,
// room, board, rate; flight segments; activity option; vehicle and route) when it is opened
// from a link, after a reload or in another tab. So the BFF remembers each row it hands out
// (results pages and rate sheets), keyed by its rateQuoteId, in the shared cache (Redis when
// instances share one). A row is the agency's, not a person's: the key acts for the agency.

/** Longer than a quote lives (20 minutes, extended by rate sheets), so checkout never outlives it. */
export const QUOTE_MEMORY_TTL_SEC = 2 * 3600;

export type RememberedQuote = {
  searchId: string;
  row: ResultRow;
  /** The hotel's name when the row does not carry it (rate-sheet rows may not). */
  hotelName: string | null;
};

const key = (quoteId: string) => `quote:${quoteId}`;

// Rows are re-read many times while a search fills: each is written once per process (and again
// only when it may have left the cache), so polling costs no extra writes.
const written = new LRUCache<string, number>({ max: 50_000 });
const REWRITE_AFTER_MS = (QUOTE_MEMORY_TTL_SEC * 1000) / 2;

/** Remembers the rows a search (or a rate sheet) handed out. Never fails the request. */
export async function rememberQuotes(cache: Cache, searchId: string, rows: readonly ResultRow[], now = Date.now()): Promise<void> {
  const entries: Array<[string, RememberedQuote]> = [];
  for (const row of rows) {
    const at = written.get(row.rateQuoteId);
    if (at !== undefined && now - at < REWRITE_AFTER_MS) continue;
    written.set(row.rateQuoteId, now);
    entries.push([key(row.rateQuoteId), { searchId, row, hotelName: null }]);
  }
  if (entries.length > 0) await quiet(cache.setMany(entries, QUOTE_MEMORY_TTL_SEC), undefined);
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/**
 * What the desk handed out for this quote, or null when it never did (or long ago). A hotel row
 * without a hotel name gets it from the hotel's content (cached for a day).
 */
export async function recallQuote(deps: { cache: Cache; tds: TdsClient }, quoteId: string, signal?: AbortSignal): Promise<RememberedQuote | null> {
  const [hit] = await quiet(deps.cache.getMany<RememberedQuote>([key(quoteId)]), [undefined]);
  if (!hit) return null;
  if (hit.row.productType !== "hotel" || text(hit.row.summary.hotelName)) return hit;
  const canonicalId = hit.row.canonicalProductId;
  const content = await hotelContent(deps, canonicalId, signal).catch(() => null);
  return { ...hit, hotelName: text(content?.name) };
}

/** For tests: forget which rows this process already wrote. */
export function forgetWrittenQuotes(): void {
  written.clear();
}
