import type { ResultRow, ResultsMeta } from "@/lib/tds/contract/types";

// Shapes the results components share (list, cards, filters, map, hotel page). The rows are the
// service's, from lib/tds (lib/ never imports components/).

export type { ActivityRow, FlightRow, HotelRow, ResultRow, ResultsMeta, TransferRow } from "@/lib/tds/contract/types";
export type SessionInfo = ResultsMeta["session"];

/**
 * One product of a search: its rows in rank order (for hotels, each source's cheapest rate of
 * that hotel, as `groupByProduct` returns them). `rows[0]` is the top-ranked rate.
 */
export type ResultGroup = {
  productId: string;
  productType: string;
  rows: ResultRow[];
  /** Position of the product in the service's ranking (0-based, over loaded rows). */
  position: number;
};

/** Rows to groups, keeping the service's order (consecutive or not, rows of one product join its group). */
export function groupRows(rows: readonly ResultRow[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const row of rows) {
    const g = groups.get(row.canonicalProductId);
    if (g) g.rows.push(row);
    else groups.set(row.canonicalProductId, { productId: row.canonicalProductId, productType: row.productType, rows: [row], position: groups.size });
  }
  return [...groups.values()];
}
