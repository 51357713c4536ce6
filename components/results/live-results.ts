import { plural } from "@/lib/format/words";
import { isSessionFilling } from "@/lib/tds/contract/narrow";
import { countOf, nounOf } from "./nouns";
import type { ResultRow, ResultsMeta, SessionInfo } from "./types";

// The pure half of live results: when loaded pages must be re-read, and what to say when they were.

export type ResultsPage = { rows: ResultRow[]; meta: ResultsMeta };

/** Hotels page by product (one thumbnail call covers a page); other products page by row. */
export function pageQuery(productType: string): { limit: number; groupByProduct?: true } {
  return productType === "hotel" ? { limit: 40, groupByProduct: true } : { limit: 50 };
}

/** While filling, a cheap read (one product of page 1) every this many ms brings the session's meta. */
export const POLL_MS = 1200;
/** After a failed poll (rate limited, offline), wait longer before the next. */
export const POLL_BACKOFF_MS = 5000;
/**
 * A slow source can raise lateArrivals on every poll; re-reading every loaded page each time
 * would spend the rate budget (300 reads a minute per agency), so re-reads are spaced.
 */
export const MIN_REREAD_GAP_MS = 3000;

export type RereadReason = "late_arrivals" | "new_batches" | "settled";

/**
 * Whether the loaded pages are behind the latest known session and must be re-read from the
 * first page. Late rows can land on any page, so a rise over the oldest page read means a
 * re-read. New batches rank after everything read so far: they matter only once the advisor
 * has reached the end (no next cursor), since paging on reaches them otherwise.
 */
export function rereadReason(pages: readonly ResultsMeta[], latest: SessionInfo | null | undefined): RereadReason | null {
  const last = pages.at(-1);
  if (!last || !latest) return null;
  const readLate = Math.min(...pages.map((p) => p.session.lateArrivals ?? 0));
  if ((latest.lateArrivals ?? 0) > readLate) return "late_arrivals";
  if (last.nextCursor !== null) return null;
  if (latest.batchProgress.done > last.session.batchProgress.done) return "new_batches";
  // The final rows of a search that settled after the last read.
  if (isSessionFilling(last.session.status) && !isSessionFilling(latest.status)) return "settled";
  return null;
}

/** Whether a re-read may start now, given when the last one started; a settled session is read at once. */
export function rereadDue(reason: RereadReason, lastRereadAt: number, now: number): boolean {
  return reason === "settled" || now - lastRereadAt >= MIN_REREAD_GAP_MS;
}

/** The session as last heard: the poll's answer when it is newer than the pages', else the last page read. */
export function latestSession(
  pages: readonly ResultsMeta[],
  pagesUpdatedAt: number,
  poll: SessionInfo | null | undefined,
  pollUpdatedAt: number,
): SessionInfo | null {
  const fromPages = pages.at(-1)?.session ?? null;
  if (poll && (!fromPages || pollUpdatedAt > pagesUpdatedAt)) return poll;
  return fromPages;
}

export type Counts = { products: number; rows: number };

/** What a re-read brought, for the live region: "12 more hotels arrived", or null when nothing did. */
export function arrivalMessage(before: Counts, after: Counts, productType: string): string | null {
  const products = after.products - before.products;
  if (products > 0) return `${countOf(products, productType).replace(/^(\S+) /, "$1 more ")} arrived`;
  const rows = after.rows - before.rows;
  if (rows > 0) return `${plural(rows, "more rate")} arrived from slower sources`;
  return null;
}

/** The sentence under the bar: "Pricing hotels — batch 3 of 9", "All 9 batches priced", "Search failed". */
export function progressSentence(session: SessionInfo, productType: string): string {
  const { done, total } = session.batchProgress;
  const noun = nounOf(productType);
  switch (session.status) {
    case "failed":
      return "Search failed";
    case "completed":
      return total > 1 ? `All ${total} batches priced` : `All ${noun} priced`;
    case "pending":
      return `Pricing ${noun} — waiting for the first sources`;
    case "partial":
      return total > 0 ? `Pricing ${noun} — batch ${Math.min(done + 1, total)} of ${total}` : `Pricing ${noun}`;
    default:
      return `Search ${session.status.replace(/_/g, " ")}`;
  }
}

/** Said once when a search the advisor watched filling has settled. */
export function settledMessage(session: SessionInfo, productType: string): string {
  return session.status === "failed" ? "The search failed." : `Search complete: ${progressSentence(session, productType).replace(/^All/, "all")}.`;
}
