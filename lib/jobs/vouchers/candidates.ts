import { and, asc, eq, gte, inArray, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { bookingActions, bookingFacts, bookingsLedger, followUpMarks, users } from "@/lib/db/schema";

// Which bookings get their voucher from the desk (job 4): confirmed, travelling within the
// agency's N days (today included: late is better than never), and no voucher sent, being sent or
// of unknown outcome, by a person or by the desk (a person's failed send does not count: nothing
// went). Read from what the desk knows of the bookings (booking_facts: booked here, or read in a
// list or a detail; job 1's scan reads the agency's active bookings every minute).

export const voucherMark = (bookingId: string) => `voucher:${bookingId}`;

export type VoucherCandidate = {
  bookingId: string;
  orderRef: string;
  travelStart: string;
  /** The advisor who booked it through the desk, when they still sign in; null: the admins are told. */
  advisor: { id: string; email: string } | null;
  /** Booked through the desk by someone since deactivated. */
  bookerGone: boolean;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The bookings due a voucher at `now` with the setting at `days`, soonest travel first. */
export async function voucherCandidates(db: Db, now: Date, days: number, limit: number): Promise<VoucherCandidate[]> {
  const rows = await db
    .select({
      bookingId: bookingFacts.bookingId,
      orderRef: bookingFacts.orderRef,
      travelStart: bookingFacts.travelStart,
      userId: users.id,
      email: users.email,
      active: users.active,
    })
    .from(bookingFacts)
    .leftJoin(bookingsLedger, eq(bookingsLedger.bookingId, bookingFacts.bookingId))
    .leftJoin(users, eq(users.id, bookingsLedger.userId))
    .where(
      and(
        eq(bookingFacts.state, "confirmed"),
        // Calendar days (UTC): the trip's first day is a date at the destination, with no zone.
        gte(bookingFacts.travelStart, isoDay(now)),
        lte(bookingFacts.travelStart, isoDay(new Date(now.getTime() + days * DAY_MS))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookingActions)
            .where(
              and(
                eq(bookingActions.bookingId, bookingFacts.bookingId),
                eq(bookingActions.action, "email"),
                inArray(bookingActions.outcome, ["succeeded", "pending", "unknown"]),
              ),
            ),
        ),
        notExists(db.select({ one: sql`1` }).from(followUpMarks).where(eq(followUpMarks.key, sql`'voucher:' || ${bookingFacts.bookingId}`))),
      ),
    )
    .orderBy(asc(bookingFacts.travelStart), asc(bookingFacts.bookingId))
    .limit(limit);
  return rows.map((r) => ({
    bookingId: r.bookingId,
    orderRef: r.orderRef,
    travelStart: r.travelStart!,
    advisor: r.userId && r.active ? { id: r.userId, email: r.email! } : null,
    bookerGone: !!r.userId && !r.active,
  }));
}
