import type { SessionUser } from "@/lib/auth/session-core";
import { bookingKnown } from "@/lib/db/ledger";
import { readBooking } from "./bookings";
import { getBffDeps } from "./deps";
import { withShapingScope } from "./rate-shaping";
import { idParam } from "./schemas";

export type FirstRead =
  /** The desk has booked or read it before: it exists, and the page reads it itself. */
  | { kind: "known" }
  /** Read here to learn whether it exists: the page starts from this read (GET /api/bookings/:id's answer). */
  | { kind: "read"; booking: Awaited<ReturnType<typeof readBooking>>; readAt: number }
  /** No booking of the agency has this ID: the page answers 404. */
  | { kind: "missing" }
  /** The service could not say now (down, busy): the page reads it itself and shows what happens. */
  | { kind: "unsure" };

/**
 * What the booking page's server part needs before it sends its status: whether the ID is a
 * booking at all. A booking the desk has met exists (the database says so in a millisecond);
 * any other is read from the service once, as its API route would, and handed to the page.
 */
export async function firstRead(user: SessionUser, bookingId: string): Promise<FirstRead> {
  if (!idParam.safeParse(bookingId).success) return { kind: "missing" };
  const deps = await getBffDeps();
  const db = await deps.db();
  if (await bookingKnown(db, bookingId)) return { kind: "known" };
  try {
    const booking = await withShapingScope(user.id, () => readBooking({ tds: deps.tds(), db }, bookingId));
    return { kind: "read", booking, readAt: Date.now() };
  } catch (err) {
    return isNotFound(err) ? { kind: "missing" } : { kind: "unsure" };
  }
}

/**
 * The service's 404 `not_found`, read from the error's fields: the service client is made once per
 * process (lib/bff/runtime.ts) and may come from the route handlers' bundle, whose TdsError class
 * is not the one a page's bundle imports, so `instanceof` cannot tell.
 */
function isNotFound(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown } | null;
  return typeof e === "object" && e !== null && e.status === 404 && e.code === "not_found";
}
