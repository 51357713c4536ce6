import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { bookingActions, bookingFacts, holdAutoPay, type BookingFactsRow } from "@/lib/db/schema";
import { toBffError } from "@/lib/bff/errors";
import { withBackgroundScope } from "@/lib/bff/rate-shaping";
import { TdsConnectionError, TdsError } from "@/lib/tds/contract";
import type { JobContext } from "../definitions";
import { bookingName, remindOnce, type Audience } from "../remind-once";
import { autoPayFailedNotice, paidAutomaticallyNotice } from "./notices";

// "Pay automatically 2 h before the deadline" (issue 30, job 2): an admin's choice per hold, never
// on by default (table hold_auto_pay). The desk pays through the service's idempotent pay with a
// key made from the booking and when the admin turned it on, so a retry, the next tick or a second
// instance sends the same request and the service pays once; what came of it is recorded once, in
// the transaction that takes the reminder's mark: a step of the ledger's history by the desk, the
// booking's state, the switch's state and a notification.

export const AUTO_PAY_LEAD_MS = 2 * 3_600_000;

export type AutoPay = { state: "on" | "paid" | "failed" | "off"; enabledAt: Date; settledAt: Date | null; error: string | null };

export async function autoPayOf(db: Db, bookingId: string): Promise<AutoPay | null> {
  const [row] = await db.select().from(holdAutoPay).where(eq(holdAutoPay.bookingId, bookingId));
  return row ? { state: row.state as AutoPay["state"], enabledAt: row.enabledAt, settledAt: row.settledAt, error: row.error } : null;
}

/** Turns it on (anew: a new key, so a hold whose payment failed may be tried again) or off; a settled one stays as it is. */
export async function setAutoPay(db: Db, bookingId: string, on: boolean, by: string, now: Date): Promise<AutoPay | null> {
  if (on) {
    await db
      .insert(holdAutoPay)
      .values({ bookingId, state: "on", enabledBy: by, enabledAt: now })
      .onConflictDoUpdate({
        target: holdAutoPay.bookingId,
        set: { state: "on", enabledBy: by, enabledAt: now, settledAt: null, error: null },
        setWhere: and(eq(holdAutoPay.bookingId, bookingId), eq(holdAutoPay.state, "off")),
      });
    // Failed: turned on again means "try again" (the credit was topped up).
    await db
      .update(holdAutoPay)
      .set({ state: "on", enabledBy: by, enabledAt: now, settledAt: null, error: null })
      .where(and(eq(holdAutoPay.bookingId, bookingId), eq(holdAutoPay.state, "failed")));
  } else {
    await db.update(holdAutoPay).set({ state: "off" }).where(and(eq(holdAutoPay.bookingId, bookingId), eq(holdAutoPay.state, "on")));
  }
  return autoPayOf(db, bookingId);
}

/**
 * The service's idempotency key of the desk's payment of a hold: one per booking and per time an
 * admin turned it on. The service wants a UUID: a name-based one (RFC 9562 version 5, SHA-1 of a
 * name in the desk's namespace), so every instance and retry derives the same.
 */
export function autoPayKey(bookingId: string, enabledAt: Date): string {
  const hash = createHash("sha1").update(`agency-desk/auto-pay/${bookingId}/${enabledAt.getTime()}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type AutoPayOutcome = "paid" | "failed" | "busy" | "recorded-elsewhere";

type Hold = Pick<BookingFactsRow, "bookingId" | "orderRef"> & { paymentDeadline: Date };

/**
 * Pays the hold now. A failure the service may not have acted on (no answer, its own error, the
 * rate limit) is thrown for the engine to retry with the same key; a refusal (the credit, the
 * hold already gone) is recorded as failed with the service's reason.
 */
export async function payAutomatically(ctx: JobContext, hold: Hold, auto: AutoPay): Promise<AutoPayOutcome> {
  const { db, tds } = ctx;
  const key = autoPayKey(hold.bookingId, auto.enabledAt);
  // The step, as a person's pay begins one: pending until the answer is recorded.
  await db
    .insert(bookingActions)
    .values({ bookingId: hold.bookingId, userId: null, actor: "desk", action: "pay", idempotencyKey: key, outcome: "pending" })
    .onConflictDoNothing();
  let state: string;
  try {
    state = (await withBackgroundScope(() => tds.payBooking(hold.bookingId, { idempotencyKey: key }))).state;
  } catch (err) {
    if (err instanceof TdsError && (err.code === "idempotency_in_progress" || err.code === "payment_operation_in_progress")) return "busy";
    if (!(err instanceof TdsError) || err instanceof TdsConnectionError || err.status === null || err.status >= 500 || err.status === 429) {
      await db.update(bookingActions).set({ outcome: "unknown", errorCode: err instanceof TdsError ? err.code : "internal_error" }).where(eq(bookingActions.idempotencyKey, key));
      throw err;
    }
    const reason = toBffError(err)?.message ?? "The travel service refused the payment.";
    const told = await remindOnce(
      db,
      {
        key: `hold-auto-pay-failed:${hold.bookingId}:${auto.enabledAt.getTime()}`,
        alsoMarks: [`hold-2h:${hold.bookingId}`],
        bookingId: hold.bookingId,
        kind: "hold_auto_pay_failed",
        notice: (timeZone, a) => autoPayFailedNotice({ ...named(hold, a), deadline: hold.paymentDeadline, timeZone, reason }),
      },
      async (tx) => {
        const at = ctx.now();
        await tx.update(bookingActions).set({ outcome: "failed", errorCode: err.code, result: { paidBy: "desk", automatically: true }, completedAt: at }).where(eq(bookingActions.idempotencyKey, key));
        await tx.update(holdAutoPay).set({ state: "failed", settledAt: at, error: reason }).where(and(eq(holdAutoPay.bookingId, hold.bookingId), eq(holdAutoPay.enabledAt, auto.enabledAt)));
      },
    );
    return told.length || (await autoPayOf(db, hold.bookingId))?.state === "failed" ? "failed" : "recorded-elsewhere";
  }

  const paidAt = ctx.now();
  await remindOnce(
    db,
    {
      key: `hold-auto-paid:${hold.bookingId}:${auto.enabledAt.getTime()}`,
      alsoMarks: [`hold-2h:${hold.bookingId}`],
      bookingId: hold.bookingId,
      kind: "hold_paid_automatically",
      notice: (timeZone, a) => paidAutomaticallyNotice({ ...named(hold, a), deadline: hold.paymentDeadline, timeZone, paidAt, state }),
    },
    async (tx) => {
      await tx.update(bookingActions).set({ outcome: "succeeded", state, errorCode: null, result: { paidBy: "desk", automatically: true }, completedAt: paidAt }).where(eq(bookingActions.idempotencyKey, key));
      await tx.update(bookingFacts).set({ state, checkedAt: paidAt }).where(eq(bookingFacts.bookingId, hold.bookingId));
      await tx.update(holdAutoPay).set({ state: "paid", settledAt: paidAt, error: null }).where(and(eq(holdAutoPay.bookingId, hold.bookingId), eq(holdAutoPay.enabledAt, auto.enabledAt)));
    },
  );
  return "paid";
}

const named = (hold: Hold, a: Audience) => ({ orderRef: hold.orderRef, name: bookingName(hold.orderRef, a) });
