import { withBackgroundScope } from "@/lib/bff/rate-shaping";
import { TdsError } from "@/lib/tds/contract";
import type { JobContext } from "../definitions";
import { checkAnswered, checkedUnchanged, claimCheck, followUp, giveUp, lastPersonCheck, postpone, recordChange } from "./follow-ups";
import { queueCheck } from "./scan";
import { checkVia, nextCheckAt } from "./spacing";

// Job 1, its second half: one check of one pending booking (a job per booking, keyed by its ID, so
// at most one waits and one runs). A booking waiting for the supplier is asked with refresh-status,
// the contract's way; one in review or being cancelled is read (refresh-status is not for them).
// The check is claimed in the database first, so no two checks of one booking are ever closer than
// 15 s, counted from when the service answered the last (checkAnswered); after it, the next is
// queued for when it is due, later as the booking ages, until it settles.
// A failed call is recorded on the follow-up and thrown: the engine retries with backoff, and a
// check that fails every retry ends in the dead letters while the scan queues the next one.

export type RefreshData = { bookingId: string };

export type RefreshOutcome =
  | { outcome: "not-followed" }
  | { outcome: "postponed"; until: Date }
  | { outcome: "gone" }
  | { outcome: "unchanged"; state: string; next: Date }
  | { outcome: "changed"; from: string; to: string; recorded: boolean; told: string[] };

export async function refreshPending(data: RefreshData, ctx: JobContext): Promise<RefreshOutcome> {
  const { db, tds } = ctx;
  const now = ctx.now();
  const { bookingId } = data;
  const f = await followUp(db, bookingId);
  if (!f || f.settledAt) return { outcome: "not-followed" };

  const due = nextCheckAt({ pendingSince: f.pendingSince, lastCheckedAt: f.lastCheckedAt, lastPersonCheckAt: await lastPersonCheck(db, bookingId) }, now);
  const until = due > f.nextCheckAt ? due : f.nextCheckAt;
  const claimed = until <= now ? await claimCheck(db, bookingId, now) : null;
  if (!claimed) {
    // Not yet (checked within 15 s, an advisor follows it on its page, or another check got here first).
    const later = until > now ? until : new Date(now.getTime() + 1_000);
    await postpone(db, bookingId, later);
    await queueCheck(ctx, f, later);
    return { outcome: "postponed", until: later };
  }

  const via = checkVia(claimed.state);
  let state: string;
  // When the service answered (or the call failed): what the next check's wait counts from.
  let answeredAt = now;
  try {
    state = await withBackgroundScope(async () =>
      via === "refresh-status" ? (await tds.refreshBookingStatus(bookingId)).state : (await tds.getBooking(bookingId)).order.state,
    ).finally(async () => {
      answeredAt = ctx.now();
      await checkAnswered(db, bookingId, answeredAt);
    });
  } catch (err) {
    if (err instanceof TdsError && err.status === 404) {
      await giveUp(db, bookingId, answeredAt, "The service has no booking with this ID any more; the desk stopped following it.");
      return { outcome: "gone" };
    }
    await checkedUnchanged(db, claimed, answeredAt, describe(err));
    throw err;
  }

  if (state === claimed.state) {
    const next = await checkedUnchanged(db, claimed, answeredAt);
    await queueCheck(ctx, claimed, next);
    return { outcome: "unchanged", state, next };
  }
  const change = await recordChange(db, claimed, { via, state }, answeredAt);
  if (change.recorded && change.nextCheckAt) await queueCheck(ctx, { bookingId, state }, change.nextCheckAt);
  return { outcome: "changed", from: claimed.state, to: state, recorded: change.recorded, told: change.recorded ? change.told : [] };
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
