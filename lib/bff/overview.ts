import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { buildOverview, SOLD_STATES, type Overview, type OverviewRange } from "@/lib/bookings/overview";
import type { Db } from "@/lib/db";
import { bookingFacts, bookingsLedger, deskSync, proposalBookings, users } from "@/lib/db/schema";

// GET /api/admin/overview: the agency at a glance, from what the desk has learned (booking_facts,
// kept fresh by the background check of lib/bff/attention.ts) and who booked what (the ledger);
// the margin on bookings made from proposals from what the desk recorded when they were booked
// (proposal_bookings: the cost and the client price they were sold at).

const DAY_MS = 86_400_000;

export async function agencyOverview(
  db: Db,
  opts: { range: OverviewRange; now: Date; currency: string; creditLimitMinor: number | null },
): Promise<Overview> {
  const { range, now, currency } = opts;
  const from = new Date(Date.parse(`${new Date(now.getTime() - (range - 1) * DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`));
  const [rows, [credit], [sync], sales] = await Promise.all([
    db
      .select({ f: bookingFacts, userId: bookingsLedger.userId, userName: users.name })
      .from(bookingFacts)
      .leftJoin(bookingsLedger, eq(bookingsLedger.bookingId, bookingFacts.bookingId))
      .leftJoin(users, eq(users.id, bookingsLedger.userId))
      .where(gte(bookingFacts.bookedAt, from)),
    db
      .select({ used: sql<string>`coalesce(sum(${bookingFacts.totalSellMinor}), 0)` })
      .from(bookingFacts)
      .where(and(inArray(bookingFacts.state, [...SOLD_STATES]), eq(bookingFacts.currency, currency))),
    db.select().from(deskSync).where(eq(deskSync.key, "attention")),
    db
      .select({ b: proposalBookings, userName: users.name, state: bookingFacts.state })
      .from(proposalBookings)
      .leftJoin(users, eq(users.id, proposalBookings.bookedBy))
      .leftJoin(bookingFacts, eq(bookingFacts.bookingId, proposalBookings.bookingId))
      .where(gte(proposalBookings.createdAt, from)),
  ]);
  return buildOverview(
    rows.map(({ f, userId, userName }) => ({
      bookingId: f.bookingId,
      productType: f.productType,
      state: f.state,
      totalSellMinor: f.totalSellMinor,
      currency: f.currency,
      commissionMinor: f.commissionMinor,
      bookedAt: f.bookedAt!.toISOString(),
      advisor: userId ? { id: userId, name: userName ?? "Former user" } : null,
    })),
    {
      range,
      now,
      currency,
      creditUsedMinor: Number(credit?.used ?? 0),
      creditLimitMinor: opts.creditLimitMinor,
      checkedAt: sync?.finishedAt?.toISOString() ?? null,
      proposalSales: sales.map(({ b, userName, state }) => ({
        state,
        currency: b.currency,
        costMinor: b.costMinor,
        clientMinor: b.clientMinor,
        createdAt: b.createdAt.toISOString(),
        bookedBy: b.bookedBy ? { id: b.bookedBy, name: userName ?? "A former user" } : null,
      })),
    },
  );
}
