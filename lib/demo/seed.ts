import { eq, sql } from "drizzle-orm";
import { DEMO_USERS } from "@/lib/auth/config";
import { findUserByEmail } from "@/lib/auth/users";
import type { Db } from "@/lib/db";
import { saveListFacts } from "@/lib/db/ledger";
import { bookingsLedger, deskSync } from "@/lib/db/schema";
import type { BookingListRow } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";

// Demo data for a first run in development (docs/bookings.md#demo-data). The sandbox's demo
// agency starts with a few weeks of bookings (SANDBOX_DEMO_BOOKINGS, which the app's mount sets);
// the service attributes them all to its key, so the desk records them here as booked by the two
// demo users, as if they had booked them through it. Done once per database: a row in
// `desk_sync` says so, and a desk that has bookings of its own is left as it is.

export const DEMO_SYNC_KEY = "demo-data";
/** The most service pages read (100 rows each): the demo agency has DEMO_BOOKINGS. */
const MAX_PAGES = 5;

export { DEMO_BOOKINGS, demoDataEnabled } from "./config";

export type DemoSeedResult =
  | { done: true; attributed: number; byUser: Record<string, number> }
  | { done: false; reason: string };

/** The state POST /bookings answered for a booking now in `state`: a cancellation came later. */
function bookedStateOf(state: string): string {
  return state === "cancelled" || state === "refunded" || state === "cancellation_pending" ? "confirmed" : state;
}

/**
 * Records the agency's bookings as made by the demo users: about two in three by the advisor,
 * the rest by the admin, decided by each booking's place in the list (the same every time).
 */
export async function seedDemoLedger(db: Db, tds: TdsClient): Promise<DemoSeedResult> {
  const [marked] = await db.select().from(deskSync).where(eq(deskSync.key, DEMO_SYNC_KEY));
  if (marked) return { done: false, reason: "made on an earlier start" };
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(bookingsLedger)) as [{ count: number }];
  if (count > 0) return { done: false, reason: "the desk already has bookings of its own" };

  const people = await Promise.all(DEMO_USERS.map((demo) => findUserByEmail(db, demo.email)));
  const advisor = people.find((u) => u?.role === "advisor" && u.active);
  const admin = people.find((u) => u?.role === "admin" && u.active);
  if (!advisor || !admin) return { done: false, reason: "the demo users are not there (the database had users of its own)" };

  const rows: BookingListRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await tds.listBookings({ limit: 100, ...(cursor ? { cursor } : {}) });
    rows.push(...listed.rows);
    if (!listed.nextCursor) break;
    cursor = listed.nextCursor;
  }
  if (rows.length === 0) return { done: false, reason: "the service has no bookings for the agency" };

  // Oldest first, so that who booked what does not depend on the list's order.
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  const byUser: Record<string, number> = { [advisor.name]: 0, [admin.name]: 0 };
  const values = rows.map((row, i) => {
    const user = i % 3 === 2 ? admin : advisor;
    byUser[user.name]! += 1;
    const at = new Date(row.createdAt);
    return {
      bookingId: row._id,
      orderRef: row.orderRef,
      userId: user.id,
      searchId: null,
      quoteId: `demo:${row._id}`,
      idempotencyKey: `demo:${row._id}`,
      productType: row.firstItem.productType,
      outcome: "booked" as const,
      bookedState: bookedStateOf(row.state),
      requestedAt: at,
      completedAt: at,
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(bookingsLedger).values(values).onConflictDoNothing();
    // Their state, total and dates, as the list says them (booking_facts, where a booking's state lives).
    await saveListFacts(tx, rows);
    await tx.insert(deskSync).values({ key: DEMO_SYNC_KEY, startedAt: new Date(), finishedAt: new Date() }).onConflictDoNothing();
  });
  return { done: true, attributed: values.length, byUser };
}
