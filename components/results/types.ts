import type { z } from "zod";
import type {
  activityRowSchema,
  flightRowSchema,
  hotelRowSchema,
  resultRowSchema,
  resultsMetaSchema,
  transferRowSchema,
} from "@/lib/tds/schemas";

// Shapes the results components share (list, cards, filters, map, hotel page).

export type ResultRow = z.output<typeof resultRowSchema>;
export type HotelRow = z.output<typeof hotelRowSchema>;
export type FlightRow = z.output<typeof flightRowSchema>;
export type ActivityRow = z.output<typeof activityRowSchema>;
export type TransferRow = z.output<typeof transferRowSchema>;
export type ResultsMeta = z.output<typeof resultsMetaSchema>;
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
