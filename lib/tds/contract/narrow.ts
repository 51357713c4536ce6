import type { ActivityRow, FlightRow, HotelRow, ResultRow, SearchCreated, TransferRow } from "./types";

// Small checks of the service's shapes, without zod: pages that only tell rows apart or read one
// field (checkout, the rate sheet, the results, "search again") load no schema and none of
// ./answers.ts for them.

/** Narrowing helpers: `productType` is open, so a plain comparison cannot exclude a future product's rows. */
export const isHotelRow = (row: ResultRow): row is HotelRow => row.productType === "hotel";
export const isFlightRow = (row: ResultRow): row is FlightRow => row.productType === "flight";
export const isActivityRow = (row: ResultRow): row is ActivityRow => row.productType === "activity";
export const isTransferRow = (row: ResultRow): row is TransferRow => row.productType === "transfer";

/** Search sessions go `pending` → `partial` → `completed`, or `failed`: keep reading while filling. An unknown status is not polled. */
export function isSessionFilling(status: string): boolean {
  return status === "pending" || status === "partial";
}

/** POST /api/search's answer (the BFF parsed it; the browser checks the one field it reads). */
export const isSearchCreated = (v: unknown): v is SearchCreated =>
  typeof v === "object" && v !== null && typeof (v as { searchId?: unknown }).searchId === "string";
