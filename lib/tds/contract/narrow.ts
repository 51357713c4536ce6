// Small checks of the service's shapes, without zod: pages that only tell rows apart or read one
// field (checkout, the rate sheet, the results, "search again") load no schema and none of
// ./answers.ts for them. It imports nothing, not even types: the rows' types live in ./types.ts,
// which reads ./schemas.ts; these narrow whatever row type they are given.

type Typed = { productType: string };
type Of<R extends Typed, P extends string> = Extract<R, { productType: P }>;

/** Narrowing helpers: `productType` is open, so a plain comparison cannot exclude a future product's rows. */
export const isHotelRow = <R extends Typed>(row: R): row is Of<R, "hotel"> => row.productType === "hotel";
export const isFlightRow = <R extends Typed>(row: R): row is Of<R, "flight"> => row.productType === "flight";
export const isActivityRow = <R extends Typed>(row: R): row is Of<R, "activity"> => row.productType === "activity";
export const isTransferRow = <R extends Typed>(row: R): row is Of<R, "transfer"> => row.productType === "transfer";

/** Search sessions go `pending` → `partial` → `completed`, or `failed`: keep reading while filling. An unknown status is not polled. */
export function isSessionFilling(status: string): boolean {
  return status === "pending" || status === "partial";
}

/** POST /api/search's answer (the BFF parsed it; the browser checks the one field it reads). */
export const isSearchCreated = (v: unknown): v is { searchId: string } =>
  typeof v === "object" && v !== null && typeof (v as { searchId?: unknown }).searchId === "string";
