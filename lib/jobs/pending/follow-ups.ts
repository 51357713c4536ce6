import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, max, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordDeskCheck } from "@/lib/db/ledger";
import { bookingActions, bookingFacts, bookingFollowUps, bookingsLedger, users, type BookingFollowUpRow, type NotificationRow } from "@/lib/db/schema";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { activeAdminIds, addNotifications } from "@/lib/notifications/store";
import { stateChangeNotice } from "./notify";
import { checkInterval, isPendingState, MIN_CHECK_SPACING_MS } from "./spacing";

// The bookings the desk follows (table booking_follow_ups): which, since when, when each was last
// checked and is due next, and the one place a change the desk finds is recorded: the booking's
// state, a step of its history "checked by the desk", and a notification, in one transaction.

export type FollowUp = BookingFollowUpRow;
const SETTLED_STATES = ["confirmed", "held", "failed", "cancelled", "refunded"];

export type Sighting = { bookingId: string; orderRef: string; state: string; pendingSince: Date };

/**
 * Starts following bookings seen pending, or follows again one that settled and is pending anew (a
 * confirmed booking being cancelled). One already followed in the same state is left as it is.
 */
export async function trackPending(db: Db, seen: readonly Sighting[], now: Date): Promise<number> {
  const rows = seen.filter((s) => isPendingState(s.state));
  if (rows.length === 0) return 0;
  const tracked = await db
    .insert(bookingFollowUps)
    .values(rows.map((s) => ({ ...s, pendingSince: s.pendingSince > now ? now : s.pendingSince, nextCheckAt: now })))
    .onConflictDoUpdate({
      target: bookingFollowUps.bookingId,
      set: {
        state: sql`excluded.state`,
        orderRef: sql`excluded.order_ref`,
        // Pending anew: its age counts from now.
        pendingSince: now,
        nextCheckAt: now,
        settledAt: null,
        error: null,
      },
      setWhere: and(isNotNull(bookingFollowUps.settledAt), sql`${bookingFollowUps.state} <> excluded.state`),
    })
    .returning({ bookingId: bookingFollowUps.bookingId });
  return tracked.length;
}

/** Bookings the desk's facts say are pending (booked here, read in a list or a detail) and that it does not follow yet. */
export async function pendingFromFacts(db: Db, now: Date, limit = 500): Promise<Sighting[]> {
  const rows = await db
    .select({ bookingId: bookingFacts.bookingId, orderRef: bookingFacts.orderRef, state: bookingFacts.state, bookedAt: bookingFacts.bookedAt })
    .from(bookingFacts)
    .leftJoin(bookingFollowUps, eq(bookingFollowUps.bookingId, bookingFacts.bookingId))
    .where(
      and(
        notInArray(bookingFacts.state, SETTLED_STATES),
        or(isNull(bookingFollowUps.bookingId), and(isNotNull(bookingFollowUps.settledAt), sql`${bookingFollowUps.state} <> ${bookingFacts.state}`)),
      ),
    )
    .limit(limit);
  return rows.map((r) => ({ bookingId: r.bookingId, orderRef: r.orderRef, state: r.state, pendingSince: pendingSinceOf(r.state, r.bookedAt, now) }));
}

/**
 * Since when a booking seen in `state` is pending: a booking waits for the supplier or is in review
 * from when it was made; a cancellation in progress began at a time the service does not give, so
 * from when the desk saw it.
 */
export function pendingSinceOf(state: string, createdAt: Date | null, now: Date): Date {
  if ((state === "supplier_pending" || state === "manual_review") && createdAt && createdAt <= now) return createdAt;
  return now;
}

export async function followUp(db: Db, bookingId: string): Promise<FollowUp | null> {
  const [row] = await db.select().from(bookingFollowUps).where(eq(bookingFollowUps.bookingId, bookingId));
  return row ?? null;
}

/** The followed bookings to check by `until`, soonest first. */
export async function dueFollowUps(db: Db, until: Date, limit = 200): Promise<FollowUp[]> {
  return db
    .select()
    .from(bookingFollowUps)
    .where(and(isNull(bookingFollowUps.settledAt), lte(bookingFollowUps.nextCheckAt, until)))
    .orderBy(asc(bookingFollowUps.nextCheckAt))
    .limit(limit);
}

/** The followed bookings still pending, by ID. */
export async function openFollowUps(db: Db, bookingIds: readonly string[]): Promise<Map<string, FollowUp>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bookingFollowUps)
    .where(and(isNull(bookingFollowUps.settledAt), inArray(bookingFollowUps.bookingId, [...new Set(bookingIds)])));
  return new Map(rows.map((r) => [r.bookingId, r]));
}

/** An advisor's last refresh of the booking (its page's "Check now" and polling), if any. */
export async function lastPersonCheck(db: Db, bookingId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(bookingActions.createdAt) })
    .from(bookingActions)
    .where(and(eq(bookingActions.bookingId, bookingId), eq(bookingActions.action, "refresh"), eq(bookingActions.actor, "person")));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Takes the right to check the booking now: at most one check of a booking in any 15 s, whatever
 * instance, job or retry asks, counting an advisor's refresh too. Null when it may not check yet.
 */
export async function claimCheck(db: Db, bookingId: string, now: Date): Promise<FollowUp | null> {
  const spaced = new Date(now.getTime() - MIN_CHECK_SPACING_MS);
  const [row] = await db
    .update(bookingFollowUps)
    .set({ lastCheckedAt: now, checks: sql`${bookingFollowUps.checks} + 1` })
    .where(
      and(
        eq(bookingFollowUps.bookingId, bookingId),
        isNull(bookingFollowUps.settledAt),
        lte(bookingFollowUps.nextCheckAt, now),
        or(isNull(bookingFollowUps.lastCheckedAt), lte(bookingFollowUps.lastCheckedAt, spaced)),
        sql`not exists (select 1 from ${bookingActions} where ${bookingActions.bookingId} = ${bookingId}
              and ${bookingActions.action} = 'refresh' and ${bookingActions.actor} = 'person' and ${bookingActions.createdAt} > ${spaced})`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Moves the claimed check's time to when the service answered it (or failed to): the claim is
 * written before the call, which may wait for a place in the rate budget, so the next check's
 * 15 s are counted from the latest moment this one can have reached the service.
 */
export async function checkAnswered(db: Db, bookingId: string, at: Date): Promise<void> {
  await db
    .update(bookingFollowUps)
    .set({ lastCheckedAt: at })
    .where(and(eq(bookingFollowUps.bookingId, bookingId), or(isNull(bookingFollowUps.lastCheckedAt), lte(bookingFollowUps.lastCheckedAt, at))));
}

/**
 * The desk's own check of a booking within the contract's 15 s before `now`, when one answered:
 * an advisor's refresh then takes its state rather than asking the service a second time (the
 * other half of claimCheck, which keeps the jobs away from a booking an advisor just checked).
 * A check still under way answers the state it started from, the last the desk knows.
 */
export async function recentDeskCheck(db: Db, bookingId: string, now: Date): Promise<{ bookingId: string; orderRef: string; state: string } | null> {
  const spaced = new Date(now.getTime() - MIN_CHECK_SPACING_MS);
  const [row] = await db
    .select({ bookingId: bookingFollowUps.bookingId, orderRef: bookingFollowUps.orderRef, state: bookingFollowUps.state })
    .from(bookingFollowUps)
    .where(and(eq(bookingFollowUps.bookingId, bookingId), gt(bookingFollowUps.lastCheckedAt, spaced), lte(bookingFollowUps.lastCheckedAt, now), isNull(bookingFollowUps.error)));
  return row ?? null;
}

/** After a check that found the booking as it was (or failed): when it is due next, and why the last failed. */
export async function checkedUnchanged(db: Db, f: FollowUp, now: Date, error: string | null = null): Promise<Date> {
  const next = new Date(now.getTime() + checkInterval(now.getTime() - f.pendingSince.getTime()));
  await db.update(bookingFollowUps).set({ nextCheckAt: next, error }).where(eq(bookingFollowUps.bookingId, f.bookingId));
  return next;
}

/** Moves a check that may not run yet to when it may. */
export async function postpone(db: Db, bookingId: string, until: Date): Promise<void> {
  await db.update(bookingFollowUps).set({ nextCheckAt: until }).where(eq(bookingFollowUps.bookingId, bookingId));
}

/** Stops following a booking the service no longer has (or that cannot be followed), saying why. */
export async function giveUp(db: Db, bookingId: string, now: Date, error: string): Promise<void> {
  await db.update(bookingFollowUps).set({ settledAt: now, error }).where(eq(bookingFollowUps.bookingId, bookingId));
}

export type Change = {
  /** How the desk learned it: its own refresh-status or read of the detail, or a page of the list. */
  via: "refresh-status" | "detail" | "list";
  state: string;
};

export type ChangeRecorded =
  | { recorded: false }
  | { recorded: true; historyId: string | null; told: string[]; outsideDesk: boolean; settled: boolean; nextCheckAt: Date | null };

/**
 * Records that a followed booking is now in `change.state`, once: the follow-up's state moves only
 * from the state this check started from, so a second instance or a retry that finds the same
 * change records nothing. In one transaction: the booking's state as last seen, a step of its
 * history by the desk ("checked by the desk"), and a notification for the advisor who booked it
 * (for a booking made outside the desk, the admins). When an advisor already saw the new state
 * (their own refresh answered it), only the state moves: they know.
 */
export async function recordChange(db: Db, f: FollowUp, change: Change, now: Date): Promise<ChangeRecorded> {
  const pending = isPendingState(change.state);
  const nextCheckAt = pending ? new Date(now.getTime() + checkInterval(0)) : null;
  let told: NotificationRow[] = [];
  const recorded = await db.transaction(async (txn): Promise<ChangeRecorded> => {
    const tx = txn as unknown as Db;
    const [moved] = await tx
      .update(bookingFollowUps)
      .set({
        state: change.state,
        error: null,
        settledAt: pending ? null : now,
        // Pending in another way (waiting for the supplier, now in review): a new wait begins.
        ...(pending ? { pendingSince: now, nextCheckAt: nextCheckAt! } : {}),
      })
      .where(and(eq(bookingFollowUps.bookingId, f.bookingId), eq(bookingFollowUps.state, f.state), isNull(bookingFollowUps.settledAt)))
      .returning({ bookingId: bookingFollowUps.bookingId });
    if (!moved) return { recorded: false };

    await tx.update(bookingFacts).set({ state: change.state, checkedAt: now }).where(eq(bookingFacts.bookingId, f.bookingId));

    const [seen] = await tx
      .select({ id: bookingActions.id })
      .from(bookingActions)
      .where(
        and(
          eq(bookingActions.bookingId, f.bookingId),
          eq(bookingActions.actor, "person"),
          eq(bookingActions.state, change.state),
          gte(bookingActions.createdAt, f.pendingSince),
        ),
      )
      .limit(1);
    const [booker] = await tx
      .select({ id: users.id, active: users.active })
      .from(bookingsLedger)
      .innerJoin(users, eq(users.id, bookingsLedger.userId))
      .where(eq(bookingsLedger.bookingId, f.bookingId));
    const outsideDesk = !booker;
    if (seen) return { recorded: true, historyId: null, told: [], outsideDesk, settled: !pending, nextCheckAt };

    const step = await recordDeskCheck(tx, {
      bookingId: f.bookingId,
      state: change.state,
      at: now,
      result: { checkedBy: "desk", previousState: f.state, via: change.via },
    });
    const people = booker?.active ? [booker.id] : await activeAdminIds(tx);
    const notice = stateChangeNotice({ orderRef: f.orderRef, from: f.state, to: change.state, outsideDesk, bookerGone: !!booker && !booker.active });
    told = await addNotifications(
      tx,
      people.map((userId) => ({ kind: "booking_state_changed" as const, userId, bookingId: f.bookingId, ...notice })),
    );
    return { recorded: true, historyId: step.id, told: people, outsideDesk, settled: !pending, nextCheckAt };
  });
  // Committed: the open desks of the people told hear it now.
  await deliverNotifications(told);
  return recorded;
}
