import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { deadlinesOf } from "@/lib/bff/bookings";
import { withBackgroundScope } from "@/lib/bff/rate-shaping";
import type { Db } from "@/lib/db";
import { recordDeskCheck } from "@/lib/db/ledger";
import { bookingFacts, type BookingFactsRow } from "@/lib/db/schema";
import { TdsError } from "@/lib/tds/contract";
import type { JobContext } from "../definitions";
import { bookingName, remindOnce } from "../remind-once";
import { AUTO_PAY_LEAD_MS, autoPayOf, payAutomatically, type AutoPayOutcome } from "./auto-pay";
import { deadlineNearNotice, lapsedNotice } from "./notices";

// Job 2 (docs/follow-ups.md#job-2-holds), every 5 minutes: the agency's holds whose payment
// deadline is within a day (the desk's facts: booked here, or read in a list or a detail). The
// advisor who booked one is reminded 24 h and 2 h before it, each once; an admin's "pay
// automatically" is carried out 2 h before; a hold whose deadline passed is read once more and,
// released, the advisor is told it lapsed.

export const HOLDS_JOB = "holds-scan";
const HOUR = 3_600_000;
export const REMIND_AT = { first: 24 * HOUR, last: 2 * HOUR } as const;
/** Details read in one run: holds whose deadline the desk does not know yet, and holds past it. */
const DETAIL_READS = 10;

type Hold = BookingFactsRow & { paymentDeadline: Date };

export type HoldsRun = { reminded: string[]; lapsed: string[]; autoPay: Record<string, AutoPayOutcome> };

export async function scanHolds(ctx: JobContext): Promise<HoldsRun> {
  const now = ctx.now();
  const run: HoldsRun = { reminded: [], lapsed: [], autoPay: {} };
  let reads = await learnDeadlines(ctx, DETAIL_READS);
  const holds = (await ctx.db
    .select()
    .from(bookingFacts)
    .where(and(eq(bookingFacts.state, "held"), isNotNull(bookingFacts.paymentDeadline), lte(bookingFacts.paymentDeadline, new Date(now.getTime() + REMIND_AT.first))))
    .orderBy(asc(bookingFacts.paymentDeadline))
    .limit(200)) as Hold[];

  for (const hold of holds) {
    const left = hold.paymentDeadline.getTime() - now.getTime();
    if (left <= 0) {
      if (reads++ >= DETAIL_READS) continue;
      if (await settleLapsed(ctx, hold)) run.lapsed.push(hold.bookingId);
      continue;
    }
    const auto = await autoPayOf(ctx.db, hold.bookingId);
    if (auto?.state === "on" && left <= AUTO_PAY_LEAD_MS) {
      run.autoPay[hold.bookingId] = await payAutomatically(ctx, hold, auto);
      continue;
    }
    const last = left <= REMIND_AT.last;
    const autoPayAt = auto?.state === "on" ? new Date(hold.paymentDeadline.getTime() - AUTO_PAY_LEAD_MS) : null;
    const told = await remindOnce(ctx.db, {
      key: `hold-${last ? "2h" : "24h"}:${hold.bookingId}`,
      // Reached 2 h before without the 24 h reminder (the desk was down): that one is moot.
      alsoMarks: last ? [`hold-24h:${hold.bookingId}`] : [],
      bookingId: hold.bookingId,
      kind: "hold_deadline_near",
      notice: (timeZone, a) =>
        deadlineNearNotice({ name: bookingName(hold.orderRef, a), orderRef: hold.orderRef, deadline: hold.paymentDeadline, timeZone, hoursLeft: last ? 2 : 24, autoPayAt }),
    });
    if (told.length) run.reminded.push(hold.bookingId);
  }
  return run;
}

/**
 * A hold past its deadline, read once more: released (the service cancels a lapsed hold), the
 * advisor is told once and the history says the desk saw it; paid meanwhile elsewhere, only its
 * state is kept; still held, it is read again next time.
 */
async function settleLapsed(ctx: JobContext, hold: Hold): Promise<boolean> {
  let state: string;
  try {
    state = (await withBackgroundScope(() => ctx.tds.getBooking(hold.bookingId))).order.state;
  } catch (err) {
    if (!(err instanceof TdsError && err.status === 404)) throw err;
    // The service no longer has it: nothing to tell, and nothing to read again.
    await ctx.db.update(bookingFacts).set({ state: "cancelled", checkedAt: ctx.now() }).where(eq(bookingFacts.bookingId, hold.bookingId));
    return false;
  }
  if (state === "held") return false;
  const now = ctx.now();
  if (state !== "cancelled") {
    await ctx.db.update(bookingFacts).set({ state, checkedAt: now }).where(eq(bookingFacts.bookingId, hold.bookingId));
    return false;
  }
  const told = await remindOnce(
    ctx.db,
    {
      key: `hold-lapsed:${hold.bookingId}`,
      bookingId: hold.bookingId,
      kind: "hold_lapsed",
      notice: (timeZone, a) => lapsedNotice({ name: bookingName(hold.orderRef, a), orderRef: hold.orderRef, deadline: hold.paymentDeadline, timeZone }),
    },
    async (tx) => {
      await tx.update(bookingFacts).set({ state, checkedAt: now }).where(eq(bookingFacts.bookingId, hold.bookingId));
      await recordDeskCheck(tx, { bookingId: hold.bookingId, state, at: now, result: { checkedBy: "desk", previousState: "held", via: "detail", lapsed: true } });
    },
  );
  return told.length > 0;
}

/** Holds the desk knows from a list only (made elsewhere): their detail says the deadline. A few a run. */
async function learnDeadlines(ctx: JobContext, limit: number): Promise<number> {
  const unknown = await ctx.db
    .select({ bookingId: bookingFacts.bookingId })
    .from(bookingFacts)
    .where(and(eq(bookingFacts.state, "held"), isNull(bookingFacts.paymentDeadline), isNull(bookingFacts.detailCheckedAt)))
    .limit(limit);
  for (const { bookingId } of unknown) await learnDeadline(ctx.db, ctx, bookingId);
  return unknown.length;
}

async function learnDeadline(db: Db, ctx: JobContext, bookingId: string): Promise<void> {
  const detail = await withBackgroundScope(() => ctx.tds.getBooking(bookingId)).catch(() => null);
  if (!detail) return;
  const { paymentDeadline, freeCancelUntil } = deadlinesOf(detail);
  await db.update(bookingFacts).set({ state: detail.order.state, paymentDeadline, freeCancelUntil, detailCheckedAt: ctx.now() }).where(eq(bookingFacts.bookingId, bookingId));
}
