import { eq } from "drizzle-orm";
import { readAgencyProfile } from "@/lib/agency/store";
import { withBackgroundScope } from "@/lib/bff/rate-shaping";
import type { Db } from "@/lib/db";
import { beginDeskAction, completeAction } from "@/lib/db/ledger";
import { bookingFacts, followUpMarks, type NotificationRow } from "@/lib/db/schema";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { activeAdminIds, addNotifications, type NotificationKind } from "@/lib/notifications/store";
import { TdsConnectionError, TdsError } from "@/lib/tds/contract";
import type { JobContext } from "../definitions";
import { voucherMark, type VoucherCandidate } from "./candidates";
import { voucherFailedNotice, voucherFailureReason, voucherSentNotice } from "./notify";

// Job 4, one booking: the desk emails the voucher to the lead traveller through the service's
// email-client, the path a person's "Email voucher" takes, and records it as a person's send is
// recorded (a step `email` of the booking's history), by the desk. Once: the booking's mark
// `voucher:<id>` is taken before anything is asked, so a second instance or a retry finds it taken.

export type VoucherOutcome = "sent" | "failed" | "skipped" | "taken" | "later";

export async function sendVoucher(ctx: JobContext, c: VoucherCandidate, days: number): Promise<VoucherOutcome> {
  const { db, tds } = ctx;
  const now = ctx.now();
  const [claimed] = await db
    .insert(followUpMarks)
    .values({ key: voucherMark(c.bookingId), bookingId: c.bookingId, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: followUpMarks.key });
  if (!claimed) return "taken";

  let detail;
  try {
    detail = await withBackgroundScope(() => tds.getBooking(c.bookingId));
  } catch (err) {
    if (err instanceof TdsError && err.status === 404) return fail(db, c, null, "not_found", 404);
    // Not read (the service down, its budget spent): the next round tries again.
    await release(db, c.bookingId);
    return "later";
  }
  const state = String(detail.order.state);
  if (state !== "confirmed") {
    // Cancelled (or being cancelled) since the desk last saw it: no voucher to send, and none later.
    await db.update(bookingFacts).set({ state, checkedAt: now }).where(eq(bookingFacts.bookingId, c.bookingId));
    return "skipped";
  }
  const to = detail.order.travelers[0]?.email?.trim();
  if (!to) return fail(db, c, null, "no_lead_email", null);

  const profile = await readAgencyProfile(db);
  const replyTo = profile.replyTo || c.advisor?.email;
  const request = { to, withoutPrices: false, ...(profile.name ? { agencyName: profile.name } : {}), ...(replyTo ? { replyTo } : {}) };
  const asked = { withoutPrices: false, sentBy: "desk", daysBefore: days };
  const step = await beginDeskAction(db, { bookingId: c.bookingId, action: "email", request: asked, at: now });
  let sent;
  try {
    sent = await withBackgroundScope(() => tds.emailClient(c.bookingId, request));
  } catch (err) {
    const e = err instanceof TdsError ? err : null;
    const code = e?.code ?? "internal_error";
    if (e && (e.status === 429 || code === "rate_limited")) {
      // Refused for the agency's budget after the background lane's long wait: nothing went; the next round tries again.
      await completeAction(db, step.id, { outcome: "failed", errorCode: code, result: asked });
      await release(db, c.bookingId);
      return "later";
    }
    const unknown = !e || e instanceof TdsConnectionError || e.status === null || e.status >= 500;
    return fail(db, c, { id: step.id, outcome: unknown ? "unknown" : "failed", asked }, code, unknown ? null : e.status);
  }

  const told = await tell(db, c, "voucher_sent", voucherSentNotice({ ...noticeOf(c), to: sent.sentTo[0] ?? to, pdfAttached: sent.pdfAttached }), async (tx) => {
    await completeAction(tx, step.id, { outcome: "succeeded", result: { ...asked, sentTo: sent.sentTo, cc: sent.cc, pdfAttached: sent.pdfAttached } });
  });
  await deliverNotifications(told);
  return "sent";
}

const noticeOf = (c: VoucherCandidate) => ({
  orderRef: c.orderRef,
  travelStart: c.travelStart,
  whose: c.advisor ? ("advisor" as const) : c.bookerGone ? ("former" as const) : ("outside" as const),
});

/** Gives the booking back to the next round (nothing was sent). */
async function release(db: Db, bookingId: string): Promise<void> {
  await db.delete(followUpMarks).where(eq(followUpMarks.key, voucherMark(bookingId)));
}

/** A voucher that will not go by itself: the step's outcome (when the service was asked) and the advisor told why, at once. */
async function fail(
  db: Db,
  c: VoucherCandidate,
  step: { id: string; outcome: "failed" | "unknown"; asked: Record<string, unknown> } | null,
  code: string,
  status: number | null,
): Promise<VoucherOutcome> {
  const notice = voucherFailedNotice({ ...noticeOf(c), reason: voucherFailureReason(code, status) });
  const told = await tell(db, c, "voucher_failed", notice, async (tx) => {
    if (step) await completeAction(tx, step.id, { outcome: step.outcome, errorCode: code, result: step.asked });
  });
  await deliverNotifications(told);
  return "failed";
}

/** In one transaction: what happened to the booking's step, and the notification of its advisor (or the admins). */
async function tell(
  db: Db,
  c: VoucherCandidate,
  kind: NotificationKind,
  notice: { title: string; sentence: string },
  record: (tx: Db) => Promise<void>,
): Promise<NotificationRow[]> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await record(tx);
    const people = c.advisor ? [c.advisor.id] : await activeAdminIds(tx);
    return addNotifications(tx, people.map((userId) => ({ kind, userId, bookingId: c.bookingId, ...notice })));
  });
}
