import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { buildOverview, SOLD_STATES, type Overview, type OverviewRange } from "@/lib/bookings/overview";
import type { Db } from "@/lib/db";
import { bookingFacts, bookingsLedger, deskSync, users } from "@/lib/db/schema";

// GET /api/admin/overview: the agency at a glance, from what the desk has learned (booking_facts,
// kept fresh by the background check of lib/bff/attention.ts) and who booked what (the ledger).

const DAY_MS = 86_400_000;

export async function agencyOverview(
  db: Db,
  opts: { range: OverviewRange; now: Date; currency: string; creditLimitMinor: number | null },
): Promise<Overview> {
  const { range, now, currency } = opts;
  const from = new Date(Date.parse(`${new Date(now.getTime() - (range - 1) * DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`));
  const [rows, [credit], [sync]] = await Promise.all([
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
    },
  );
}
