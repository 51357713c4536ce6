import { and, eq, getTableColumns, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "./index";
import {
  bookingActions,
  bookingFacts,
  bookingsLedger,
  users,
  type ActionActor,
  type ActionOutcome,
  type BookingAction,
  type BookingActionRow,
  type BookingFactsRow,
  type LedgerEntry,
} from "./schema";

// Who made each booking and who did what to it since (docs/bff.md#ledger). The service
// attributes every booking to the admin who created the agency's key, so the desk keeps
// this itself: a row per booking attempt, written before the service is called and keyed by
// the attempt's idempotency key, so a retried submit finds its row instead of adding one.
//
// A step writes at two moments, each all or nothing: its row before the service is called (so an
// attempt the desk does not live to finish is still on record, and a retry with the key settles
// it), then, once the service has answered, its outcome and the booking's state in one
// transaction. The booking's state has one home, booking_facts.

export type BookingAttempt = {
  userId: string;
  idempotencyKey: string;
  quoteId: string;
  searchId: string | null;
  productType: string;
};

/** The attempt's row, with the booking's state as last seen once it is booked. */
export type AttemptRow = LedgerEntry & { state: string | null };

/**
 * The attempt's row: inserted on the first submit, found again on every retry. A retry of an
 * attempt that did not end in a booking (failed, unknown) reopens it, pending again until the
 * service answers: in the same statement, and only for the person and quote it belongs to.
 */
export async function beginBooking(db: Db, attempt: BookingAttempt): Promise<AttemptRow> {
  await db
    .insert(bookingsLedger)
    .values({ ...attempt, outcome: "pending" })
    .onConflictDoUpdate({
      target: bookingsLedger.idempotencyKey,
      set: { outcome: "pending", errorCode: null, completedAt: null },
      setWhere: and(
        inArray(bookingsLedger.outcome, ["failed", "unknown"]),
        eq(bookingsLedger.userId, attempt.userId),
        eq(bookingsLedger.quoteId, attempt.quoteId),
      ),
    });
  const [row] = await db
    .select({ ...getTableColumns(bookingsLedger), state: bookingFacts.state })
    .from(bookingsLedger)
    .leftJoin(bookingFacts, eq(bookingFacts.bookingId, bookingsLedger.bookingId))
    .where(eq(bookingsLedger.idempotencyKey, attempt.idempotencyKey));
  if (!row) throw new Error("ledger row vanished after insert");
  return row;
}

export type BookingOutcome =
  | { outcome: "booked"; bookingId: string; orderRef: string; state: string }
  | { outcome: "failed" | "unknown"; errorCode: string | null };

/** The booking an idempotency key made, if it made one. */
export async function bookingOfKey(db: Db, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.select({ bookingId: bookingsLedger.bookingId }).from(bookingsLedger).where(eq(bookingsLedger.idempotencyKey, idempotencyKey));
  return row?.bookingId ?? null;
}

/**
 * Completes the attempt. A booking is recorded with its state in one transaction: the ledger's
 * row says `booked` exactly when booking_facts holds the booking and the state it was booked in.
 */
export async function completeBooking(db: Db, id: string, result: BookingOutcome): Promise<void> {
  const completedAt = new Date();
  if (result.outcome !== "booked") {
    // A late answer of a concurrent retry ("still in progress") must not overwrite a booking.
    await db
      .update(bookingsLedger)
      .set({ outcome: result.outcome, errorCode: result.errorCode, completedAt })
      .where(and(eq(bookingsLedger.id, id), ne(bookingsLedger.outcome, "booked")));
    return;
  }
  const { bookingId, orderRef, state } = result;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookingsLedger)
      .set({ outcome: "booked", bookingId, orderRef, bookedState: state, errorCode: null, completedAt })
      .where(eq(bookingsLedger.id, id))
      .returning({ productType: bookingsLedger.productType });
    if (!row) throw new Error("ledger row vanished before its booking was recorded");
    const { productType } = row;
    await tx
      .insert(bookingFacts)
      .values({ bookingId, orderRef, productType, state, bookedAt: completedAt, checkedAt: completedAt })
      .onConflictDoUpdate({ target: bookingFacts.bookingId, set: { state, checkedAt: completedAt } });
  });
}

export type BookedBy = { id: string; name: string };

/** Who made each of `bookingIds` through the desk; IDs booked elsewhere are absent. */
export async function bookedBy(db: Db, bookingIds: string[]): Promise<Map<string, BookedBy>> {
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: bookingsLedger.bookingId, id: users.id, name: users.name })
    .from(bookingsLedger)
    .innerJoin(users, eq(users.id, bookingsLedger.userId))
    .where(inArray(bookingsLedger.bookingId, ids));
  return new Map(rows.flatMap((r) => (r.bookingId ? [[r.bookingId, { id: r.id, name: r.name }] as const] : [])));
}

/** Whether the advisor has made any booking through the desk (an empty "mine" list needs no call to the service). */
export async function hasBookings(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingsLedger)
    .where(and(eq(bookingsLedger.userId, userId), isNotNull(bookingsLedger.bookingId)));
  return (row?.n ?? 0) > 0;
}

/** Whether the desk knows of any booking of the agency (made through it, or read from the service). */
export async function agencyHasBookings(db: Db): Promise<boolean> {
  const rows = await db.execute<{ known: number }>(
    sql`select 1 as known from ${bookingFacts} union all select 1 from ${bookingsLedger} where ${bookingsLedger.bookingId} is not null limit 1`,
  );
  return rows.rows.length > 0;
}

/**
 * Whether the desk has met this booking (booked it, or read it in a list or detail): such an ID
 * exists at the service, so its page needs no call to say so. Unknown means unknown, not missing.
 */
export async function bookingKnown(db: Db, bookingId: string): Promise<boolean> {
  const rows = await db.execute<{ known: number }>(
    sql`select 1 as known from ${bookingFacts} where ${bookingFacts.bookingId} = ${bookingId}
        union all select 1 from ${bookingsLedger} where ${bookingsLedger.bookingId} = ${bookingId} limit 1`,
  );
  return rows.rows.length > 0;
}

/* ------------------------------------------------------------------ actions */

export type ActionStart = { bookingId: string; userId: string; action: BookingAction; idempotencyKey: string | null };

/** An action's row; with an idempotency key a retry finds the same row (and reopens it). */
export async function beginAction(db: Db, start: ActionStart): Promise<BookingActionRow> {
  if (start.idempotencyKey === null) {
    const [row] = await db.insert(bookingActions).values({ ...start, outcome: "pending" }).returning();
    if (!row) throw new Error("booking action insert returned nothing");
    return row;
  }
  const [row] = await db
    .insert(bookingActions)
    .values({ ...start, outcome: "pending" })
    .onConflictDoUpdate({
      target: bookingActions.idempotencyKey,
      set: { outcome: "pending", errorCode: null, completedAt: null },
      // Never take over another booking's or another person's key.
      setWhere: and(eq(bookingActions.bookingId, start.bookingId), eq(bookingActions.userId, start.userId)),
    })
    .returning();
  if (!row) throw new KeyReusedError();
  return row;
}

export class KeyReusedError extends Error {
  constructor() {
    super("This idempotency key belongs to another booking or person.");
    this.name = "KeyReusedError";
  }
}

/**
 * Completes an action. A step that succeeded and answered the booking's state (pay, cancel,
 * refresh) records it in booking_facts in the same transaction: the history and the state never
 * disagree, whatever stops half-way.
 */
export async function completeAction(
  db: Db,
  id: string,
  result: {
    outcome: Exclude<ActionOutcome, "pending">;
    state?: string;
    errorCode?: string | null;
    /** What the step asked for and got (a cancellation's scope and refund, an email's recipients). */
    result?: Record<string, unknown> | null;
  },
): Promise<void> {
  const completedAt = new Date();
  const state = result.state ?? null;
  const values = { outcome: result.outcome, state, errorCode: result.errorCode ?? null, result: result.result ?? null, completedAt };
  if (state === null || result.outcome !== "succeeded") {
    await db.update(bookingActions).set(values).where(eq(bookingActions.id, id));
    return;
  }
  await db.transaction(async (tx) => {
    const [row] = await tx.update(bookingActions).set(values).where(eq(bookingActions.id, id)).returning({ bookingId: bookingActions.bookingId });
    if (row) await tx.update(bookingFacts).set({ state, checkedAt: completedAt }).where(eq(bookingFacts.bookingId, row.bookingId));
  });
}

export async function actionsFor(db: Db, bookingId: string): Promise<BookingActionRow[]> {
  return db.select().from(bookingActions).where(eq(bookingActions.bookingId, bookingId)).orderBy(bookingActions.createdAt, bookingActions.id);
}

/**
 * A check the desk made by itself and what it found ("checked by the desk"): a finished step of
 * the booking's history with no person behind it. Written by the follow-up jobs in the transaction
 * that records the booking's new state, so the history and the state never disagree.
 */
export async function recordDeskCheck(
  db: Db,
  check: { bookingId: string; state: string; result: Record<string, unknown>; at?: Date },
): Promise<BookingActionRow> {
  const at = check.at ?? new Date();
  const [row] = await db
    .insert(bookingActions)
    .values({
      bookingId: check.bookingId,
      userId: null,
      actor: "desk",
      action: "refresh",
      outcome: "succeeded",
      state: check.state,
      result: check.result,
      createdAt: at,
      completedAt: at,
    })
    .returning();
  if (!row) throw new Error("desk check insert returned nothing");
  return row;
}

/**
 * A step the desk starts by itself on a booking (a follow-up job sending the voucher): like a
 * person's `beginAction`, with no person behind it (`actor = 'desk'`). Completed with
 * `completeAction` once the service has answered.
 */
export async function beginDeskAction(
  db: Db,
  start: { bookingId: string; action: BookingAction; request?: Record<string, unknown> | null; at?: Date },
): Promise<BookingActionRow> {
  const [row] = await db
    .insert(bookingActions)
    .values({ bookingId: start.bookingId, userId: null, actor: "desk", action: start.action, outcome: "pending", result: start.request ?? null, createdAt: start.at ?? new Date() })
    .returning();
  if (!row) throw new Error("desk action insert returned nothing");
  return row;
}

/* ------------------------------------------------------------------ history */

export type HistoryRow = {
  id: string;
  action: "booked" | BookingAction;
  outcome: string;
  state: string | null;
  errorCode: string | null;
  result: Record<string, unknown> | null;
  at: Date;
  completedAt: Date | null;
  /** Who did it; null for the desk's own steps (`actor: "desk"`) and for a person since removed. */
  by: { id: string; name: string } | null;
  /** `desk`: the desk did it by itself ("checked by the desk", a follow-up job). */
  actor: ActionActor;
};

/** The booking as the desk saw it happen: who booked it, then every later step, oldest first. */
export async function historyFor(db: Db, bookingId: string): Promise<HistoryRow[]> {
  const [booked, actions] = await Promise.all([
    db
      .select({ row: bookingsLedger, name: users.name })
      .from(bookingsLedger)
      .innerJoin(users, eq(users.id, bookingsLedger.userId))
      .where(eq(bookingsLedger.bookingId, bookingId)),
    db
      .select({ row: bookingActions, name: users.name })
      .from(bookingActions)
      .leftJoin(users, eq(users.id, bookingActions.userId))
      .where(eq(bookingActions.bookingId, bookingId))
      .orderBy(bookingActions.createdAt, bookingActions.id),
  ]);
  const history: HistoryRow[] = booked.map(({ row, name }) => ({
    id: row.id,
    action: "booked",
    outcome: row.outcome === "booked" ? "succeeded" : row.outcome,
    state: row.bookedState,
    errorCode: row.errorCode,
    result: null,
    at: row.requestedAt,
    completedAt: row.completedAt,
    by: { id: row.userId, name },
    actor: "person",
  }));
  for (const { row, name } of actions) {
    history.push({
      id: row.id,
      action: row.action,
      outcome: row.outcome,
      state: row.state,
      errorCode: row.errorCode,
      result: row.result ?? null,
      at: row.createdAt,
      completedAt: row.completedAt,
      by: row.userId && name !== null ? { id: row.userId, name } : null,
      actor: row.actor,
    });
  }
  return history.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/* -------------------------------------------------------------------- facts */

type DetailOnly = "paymentDeadline" | "freeCancelUntil" | "detailCheckedAt" | "bookedAt" | "commissionMinor";
export type BookingFacts = Omit<BookingFactsRow, "checkedAt" | DetailOnly> & Partial<Pick<BookingFactsRow, DetailOnly>>;

/** Records what a read of the booking's detail showed (the state as last seen included). */
export async function saveBookingFacts(db: Db, facts: BookingFacts): Promise<void> {
  const { bookingId: _id, ...rest } = facts;
  await db
    .insert(bookingFacts)
    .values({ ...facts, checkedAt: new Date() })
    .onConflictDoUpdate({ target: bookingFacts.bookingId, set: { ...rest, checkedAt: new Date() } });
}

export type ListRowFacts = {
  _id: string;
  orderRef: string;
  state: string;
  totalSell: { amountMinor: number; currency: string };
  firstItem: { productType: string; hotelName?: string | null; checkIn?: string | null; checkOut?: string | null };
  createdAt: string;
};

const listDay = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/**
 * Records what the service's list rows say (state, total, when booked, first item's dates),
 * leaving what only a detail read knows (lead guest, deadlines) as it was.
 */
export async function saveListFacts(db: Db, rows: readonly ListRowFacts[]): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date();
  await db
    .insert(bookingFacts)
    .values(
      rows.map((r) => ({
        bookingId: r._id,
        orderRef: r.orderRef,
        productType: r.firstItem.productType,
        item: r.firstItem.hotelName ?? null,
        travelStart: listDay(r.firstItem.checkIn),
        travelEnd: listDay(r.firstItem.checkOut),
        state: r.state,
        totalSellMinor: r.totalSell.amountMinor,
        currency: r.totalSell.currency,
        bookedAt: new Date(r.createdAt),
        checkedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: bookingFacts.bookingId,
      set: {
        orderRef: sql`excluded.order_ref`,
        state: sql`excluded.state`,
        totalSellMinor: sql`excluded.total_sell_minor`,
        currency: sql`excluded.currency`,
        bookedAt: sql`excluded.booked_at`,
        travelStart: sql`coalesce(${bookingFacts.travelStart}, excluded.travel_start)`,
        travelEnd: sql`coalesce(${bookingFacts.travelEnd}, excluded.travel_end)`,
        item: sql`coalesce(${bookingFacts.item}, excluded.item)`,
        checkedAt: now,
      },
    });
}

export async function factsFor(db: Db, bookingIds: string[]): Promise<Map<string, BookingFactsRow>> {
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(bookingFacts).where(inArray(bookingFacts.bookingId, ids));
  return new Map(rows.map((r) => [r.bookingId, r]));
}
