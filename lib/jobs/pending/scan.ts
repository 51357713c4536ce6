import { eq } from "drizzle-orm";
import { withBackgroundScope } from "@/lib/bff/rate-shaping";
import type { Db } from "@/lib/db";
import { saveListFacts } from "@/lib/db/ledger";
import { deskSync } from "@/lib/db/schema";
import { TdsError, type BookingListQuery, type BookingListRow } from "@/lib/tds/contract";
import type { JobContext } from "../definitions";
import { dueFollowUps, openFollowUps, pendingFromFacts, pendingSinceOf, recordChange, trackPending } from "./follow-ups";
import { checkVia, isPendingState } from "./spacing";

// Job 1, its first half (docs/follow-ups.md#pending-bookings): once a minute, find the agency's
// pending bookings and queue a check of each that is due. Pending bookings are those the desk's
// facts know (booked here, or read) and those the service lists, made through the desk or not.
// The service cannot filter by these states: they are picked out of its `status=active` pages
// (waiting for the supplier, in review) and its `state=cancelled` pages (the cancellation in
// progress), 12 pages of 100 a run (the background's share of the list is 54 calls a minute): the
// top page each time (new bookings), then on from where the last run stopped, so a large agency is
// read through over a few minutes (8,000 bookings in about 9).

export const SCAN_JOB = "pending-scan";
/** Checks of bookings waiting for the supplier (refresh-status)… */
export const REFRESH_JOB = "pending-refresh";
/** …and of those in review or being cancelled (the detail): each queue spends one budget. */
export const READ_JOB = "pending-read";
/** The scan runs every minute: it queues the checks due before the next one. */
export const SCAN_EVERY_MS = 60_000;
const PAGE_SIZE = 100;

export const LIST_SCANS: ReadonlyArray<{ key: string; query: BookingListQuery; pages: number }> = [
  { key: "pending-scan:active", query: { status: "active" }, pages: 8 },
  { key: "pending-scan:cancelled", query: { state: "cancelled" }, pages: 4 },
];

export type ScanReport = { listCalls: number; rows: number; tracked: number; changes: number; queued: number };

export async function scanPending(ctx: JobContext): Promise<ScanReport> {
  const { db } = ctx;
  const now = ctx.now();
  const report: ScanReport = { listCalls: 0, rows: 0, tracked: 0, changes: 0, queued: 0 };
  report.tracked += await trackPending(db, await pendingFromFacts(db, now), now);
  // The list failing (the service down, its budget spent for 10 minutes) does not hold up the
  // checks already due; the failure is thrown after, for the engine to retry the scan.
  let failure: unknown = null;
  try {
    for (const scan of LIST_SCANS) await withBackgroundScope(() => scanList(ctx, scan, report, now));
  } catch (err) {
    failure = err;
  }
  for (const f of await dueFollowUps(db, new Date(now.getTime() + SCAN_EVERY_MS))) {
    if (await queueCheck(ctx, f, f.nextCheckAt > now ? f.nextCheckAt : null)) report.queued++;
  }
  if (failure) throw failure;
  return report;
}

/**
 * Queues the next check of a followed booking (keyed by it: one waits at a time), not before `at`,
 * in the queue of the call it needs: refresh-status for a booking waiting for the supplier, the
 * detail for one in review or being cancelled. A check waiting for its budget's next minute holds
 * up only checks of the same kind.
 */
export function queueCheck(ctx: JobContext, f: { bookingId: string; state: string }, at: Date | null): Promise<string | null> {
  const queue = checkVia(f.state) === "refresh-status" ? REFRESH_JOB : READ_JOB;
  return ctx.send(queue, { bookingId: f.bookingId }, { singletonKey: f.bookingId, ...(at ? { startAfter: at } : {}) });
}

async function scanList(ctx: JobContext, scan: (typeof LIST_SCANS)[number], report: ScanReport, now: Date): Promise<void> {
  const { db, tds } = ctx;
  let saved = await loadCursor(db, scan.key);
  let cursor: string | null = null;
  let next: string | null = null;
  for (let page = 0; page < scan.pages; page++) {
    let res;
    try {
      res = await tds.listBookings({ ...scan.query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    } catch (err) {
      // A cursor the service no longer takes: start again from the top next time.
      if (cursor !== null && cursor === saved && err instanceof TdsError && err.status === 400) {
        saved = null;
        cursor = next;
        if (!cursor) break;
        continue;
      }
      throw err;
    }
    report.listCalls++;
    report.rows += res.rows.length;
    await seen(db, res.rows, now, report);
    next = res.nextCursor;
    if (!next) break;
    // After the top page, on from where the last run stopped when that is further down.
    cursor = page === 0 && saved ? saved : next;
  }
  await saveCursor(db, scan.key, next, now);
}

/** What a page of the list says: its facts, the changes of bookings followed, the pending ones to follow. */
async function seen(db: Db, rows: readonly BookingListRow[], now: Date, report: ScanReport): Promise<void> {
  if (rows.length === 0) return;
  await saveListFacts(db, rows);
  const followed = await openFollowUps(db, rows.map((r) => r._id));
  for (const row of rows) {
    const f = followed.get(row._id);
    if (f && f.state !== row.state) {
      const done = await recordChange(db, f, { via: "list", state: String(row.state) }, now);
      if (done.recorded) report.changes++;
    }
  }
  report.tracked += await trackPending(
    db,
    rows
      .filter((r) => isPendingState(String(r.state)) && !followed.has(r._id))
      .map((r) => ({ bookingId: r._id, orderRef: r.orderRef, state: String(r.state), pendingSince: pendingSinceOf(String(r.state), new Date(r.createdAt), now) })),
    now,
  );
}

async function loadCursor(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ cursor: deskSync.cursor }).from(deskSync).where(eq(deskSync.key, key));
  return row?.cursor ?? null;
}

async function saveCursor(db: Db, key: string, cursor: string | null, now: Date): Promise<void> {
  await db
    .insert(deskSync)
    .values({ key, cursor, finishedAt: now })
    .onConflictDoUpdate({ target: deskSync.key, set: { cursor, finishedAt: now } });
}
