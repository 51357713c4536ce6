import { and, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { attentionItems, FAILED_RECENT_DAYS, FREE_CANCEL_WINDOW_MS, HOLD_WINDOW_MS, TRAVEL_WINDOW_DAYS, type AttentionFact } from "@/lib/bookings/attention";
import type { Db } from "@/lib/db";
import { saveListFacts } from "@/lib/db/ledger";
import { bookingActions, bookingFacts, bookingsLedger, deskSync, users } from "@/lib/db/schema";
import type { BookingListQuery } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { countChosenProposals, listChosenProposals } from "@/lib/proposals/store";
import { readBooking } from "./bookings";
import { errorFields, log } from "@/lib/log";

// Needs attention (docs/bookings.md#needs-attention): computed from what the desk has learned
// of the agency's bookings (booking_facts, the ledger), never by re-reading every booking on a
// page view. A check with the service runs in the background when the last one is over a
// minute old, within a budget of its own: the list pages that can hold what matters (holds,
// upcoming active bookings, recent failures) and a few details a run (deadlines live there).

/** Rows a page of Needs attention shows at first (and adds with "Show more"). */
export const ATTENTION_PAGE = 100;
/** A check starts at most this often (across instances: the claim is a row in desk_sync). */
export const ATTENTION_CHECK_EVERY_MS = 60_000;
/** A check that has not finished after this long is taken over by the next. */
const STALE_CHECK_MS = 5 * 60_000;
/** List pages read per check, per query (100 rows a page). */
export const LIST_PAGES_PER_CHECK = 5;
/** Details read per check: an advisor's pages need the rest of the budget. */
export const DETAILS_PER_CHECK = 15;
/** How long a detail's deadlines are trusted before they are read again. */
const HELD_DETAIL_FRESH_MS = 10 * 60_000;
const UPCOMING_DETAIL_FRESH_MS = 6 * 3600_000;
/** Upcoming bookings whose free-cancellation deadline is looked up: travelling within this many days. */
const DEADLINE_LOOKAHEAD_DAYS = 45;

const SYNC_KEY = "attention";
/** The overview's longest range: the check lists bookings made this far back. */
export const OVERVIEW_HORIZON_DAYS = 90;
const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The candidates, by the windows of lib/bookings/attention.ts, with who booked each and whether a voucher went out. */
export async function attentionFacts(db: Db, now: Date, opts: { userId?: string } = {}): Promise<AttentionFact[]> {
  const t = now.getTime();
  const sent = db
    .select({ bookingId: bookingActions.bookingId, at: sql<Date>`max(${bookingActions.completedAt})`.as("sent_at") })
    .from(bookingActions)
    .where(and(eq(bookingActions.action, "email"), eq(bookingActions.outcome, "succeeded")))
    .groupBy(bookingActions.bookingId)
    .as("sent");
  const rows = await db
    .select({ f: bookingFacts, sentAt: sent.at, userId: bookingsLedger.userId, userName: users.name })
    .from(bookingFacts)
    .leftJoin(sent, eq(sent.bookingId, bookingFacts.bookingId))
    .leftJoin(bookingsLedger, eq(bookingsLedger.bookingId, bookingFacts.bookingId))
    .leftJoin(users, eq(users.id, bookingsLedger.userId))
    .where(
      and(
        opts.userId ? eq(bookingsLedger.userId, opts.userId) : undefined,
        or(
          and(eq(bookingFacts.state, "held"), lte(bookingFacts.paymentDeadline, new Date(t + HOLD_WINDOW_MS))),
          inArray(bookingFacts.state, ["supplier_pending", "manual_review"]),
          and(eq(bookingFacts.state, "failed"), or(isNull(bookingFacts.bookedAt), gte(bookingFacts.bookedAt, new Date(t - FAILED_RECENT_DAYS * DAY_MS)))),
          and(inArray(bookingFacts.state, ["confirmed", "held"]), gte(bookingFacts.freeCancelUntil, now), lte(bookingFacts.freeCancelUntil, new Date(t + FREE_CANCEL_WINDOW_MS))),
          and(
            eq(bookingFacts.state, "confirmed"),
            gte(bookingFacts.travelStart, isoDay(new Date(t - DAY_MS))),
            lte(bookingFacts.travelStart, isoDay(new Date(t + TRAVEL_WINDOW_DAYS * DAY_MS))),
          ),
        ),
      ),
    )
    .limit(2000);
  return rows.map(({ f, sentAt, userId, userName }) => ({
    bookingId: f.bookingId,
    orderRef: f.orderRef,
    productType: f.productType,
    state: f.state,
    leadGuest: f.leadGuest,
    item: f.item,
    travelStart: f.travelStart,
    travelAt: f.travelAt,
    totalSellMinor: f.totalSellMinor,
    currency: f.currency,
    paymentDeadline: f.paymentDeadline?.toISOString() ?? null,
    freeCancelUntil: f.freeCancelUntil?.toISOString() ?? null,
    createdAt: f.bookedAt?.toISOString() ?? null,
    voucherSentAt: sentAt ? new Date(sentAt).toISOString() : null,
    bookedBy: userId ? { id: userId, name: userName ?? "Former user" } : null,
    checkedAt: f.checkedAt.toISOString(),
  }));
}

/**
 * GET /api/attention: the list, how fresh it is, and whether a check runs now. With `proposals`,
 * also the proposals whose client chose and that are not booked yet (issue 29): an advisor's own
 * (`userId`), or everyone's (an admin's agency-wide view).
 */
export async function attentionView(db: Db, now: Date, opts: { userId?: string; limit?: number; proposals?: { userId?: string } } = {}) {
  const [facts, sync, proposals] = await Promise.all([
    attentionFacts(db, now, opts),
    syncState(db),
    opts.proposals ? listChosenProposals(db, opts.proposals, now) : Promise.resolve([]),
  ]);
  const items = attentionItems(facts, now);
  return {
    proposals,
    // Nearest deadlines first: the page shows the first `limit` and asks for more.
    items: items.slice(0, opts.limit ?? ATTENTION_PAGE),
    total: items.length,
    checkedAt: sync?.finishedAt?.toISOString() ?? null,
    checking: !!sync?.startedAt && (!sync.finishedAt || sync.startedAt > sync.finishedAt) && now.getTime() - sync.startedAt.getTime() < STALE_CHECK_MS,
  };
}

/**
 * Whose chosen proposals a person sees in Needs attention: an advisor their own (they see no one
 * else's proposals), an admin everyone's unless they asked for their own (`mine`).
 */
export function chosenProposalsFor(user: { id: string; role: string }, mine = false): { userId?: string } {
  return user.role === "admin" && !mine ? {} : { userId: user.id };
}

/**
 * How many things need attention (the navigation's count): the bookings, and with `proposals` the
 * proposals whose client chose and that are not booked yet, as GET /api/attention lists them.
 */
export async function attentionCount(db: Db, now: Date, opts: { userId?: string; proposals?: { userId?: string } } = {}): Promise<number> {
  const [facts, chosen] = await Promise.all([attentionFacts(db, now, opts), opts.proposals ? countChosenProposals(db, opts.proposals) : Promise.resolve(0)]);
  return attentionItems(facts, now).length + chosen;
}

async function syncState(db: Db) {
  const [row] = await db.select().from(deskSync).where(eq(deskSync.key, SYNC_KEY));
  return row ?? null;
}

/** "Check now" may start a check this soon after the last one finished (the budget per check still holds). */
export const ASKED_CHECK_EVERY_MS = 10_000;

/** Takes the right to check now, unless another check ran within `every` (or still runs). */
async function claimCheck(db: Db, now: Date, every = ATTENTION_CHECK_EVERY_MS): Promise<boolean> {
  await db.insert(deskSync).values({ key: SYNC_KEY }).onConflictDoNothing();
  const claimed = await db
    .update(deskSync)
    .set({ startedAt: now })
    .where(
      and(
        eq(deskSync.key, SYNC_KEY),
        or(
          isNull(deskSync.startedAt),
          // The last one finished over a minute ago…
          and(sql`${deskSync.finishedAt} >= ${deskSync.startedAt}`, lt(deskSync.startedAt, new Date(now.getTime() - every))),
          // …or never finished and is stale.
          lt(deskSync.startedAt, new Date(now.getTime() - STALE_CHECK_MS)),
        ),
      ),
    )
    .returning({ key: deskSync.key });
  return claimed.length > 0;
}

export type CheckReport = { listCalls: number; detailCalls: number; rows: number };

/**
 * One check with the service: the list pages that can hold what needs attention, then the
 * details whose deadlines are unknown or old, within this run's budget. Returns null when
 * another check ran within the minute (within 10 s when the advisor asked for it: "Check now").
 */
export async function checkAttention(deps: { db: Db; tds: TdsClient }, now = new Date(), opts: { asked?: boolean } = {}): Promise<CheckReport | null> {
  const { db, tds } = deps;
  if (!(await claimCheck(db, now, opts.asked ? ASKED_CHECK_EVERY_MS : ATTENTION_CHECK_EVERY_MS))) return null;
  const report: CheckReport = { listCalls: 0, detailCalls: 0, rows: 0 };
  let error: string | null = null;
  try {
    // Holds, upcoming active bookings, recent failures; then every booking of the overview's
    // longest range, newest first (pending and in-review ones, sales, cancellations).
    const horizon = now.getTime() - OVERVIEW_HORIZON_DAYS * DAY_MS;
    const queries: Array<{ query: BookingListQuery; stop: (rows: Array<{ createdAt: string }>, page: number) => boolean }> = [
      { query: { state: "held" }, stop: () => false },
      { query: { trip: "upcoming", status: "active" }, stop: () => false },
      { query: { state: "failed" }, stop: (_, page) => page === 0 },
      { query: {}, stop: (rows) => rows.some((r) => Date.parse(r.createdAt) < horizon) },
    ];
    for (const { query, stop } of queries) {
      let cursor: string | null = null;
      for (let page = 0; page < LIST_PAGES_PER_CHECK; page++) {
        const res = await tds.listBookings({ ...query, limit: 100, ...(cursor ? { cursor } : {}) });
        report.listCalls++;
        report.rows += res.rows.length;
        await saveListFacts(db, res.rows);
        cursor = res.nextCursor;
        if (!cursor || stop(res.rows, page)) break;
      }
    }
    for (const bookingId of await detailsToRead(db, now)) {
      try {
        await readBooking({ tds, db }, bookingId);
      } catch (err) {
        log.warn({ bookingId, err: errorFields(err) }, "attention: booking not read");
      }
      report.detailCalls++;
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    log.warn({ error }, "attention check stopped");
  } finally {
    await db.update(deskSync).set({ finishedAt: new Date(), error }).where(eq(deskSync.key, SYNC_KEY));
  }
  return report;
}

/** The bookings whose detail this run reads: holds first, then pending ones, then upcoming ones by travel date. */
async function detailsToRead(db: Db, now: Date): Promise<string[]> {
  const t = now.getTime();
  const pick = (where: SQL | undefined, n: number) =>
    db.select({ id: bookingFacts.bookingId }).from(bookingFacts).where(where).orderBy(bookingFacts.travelStart).limit(n);
  const held = await pick(and(eq(bookingFacts.state, "held"), or(isNull(bookingFacts.detailCheckedAt), lt(bookingFacts.detailCheckedAt, new Date(t - HELD_DETAIL_FRESH_MS)))), DETAILS_PER_CHECK);
  const pending = await pick(
    and(inArray(bookingFacts.state, ["supplier_pending", "manual_review"]), or(isNull(bookingFacts.detailCheckedAt), lt(bookingFacts.detailCheckedAt, new Date(t - HELD_DETAIL_FRESH_MS)))),
    DETAILS_PER_CHECK,
  );
  const upcoming = await pick(
    and(
      eq(bookingFacts.state, "confirmed"),
      gte(bookingFacts.travelStart, isoDay(now)),
      lte(bookingFacts.travelStart, isoDay(new Date(t + DEADLINE_LOOKAHEAD_DAYS * DAY_MS))),
      or(isNull(bookingFacts.detailCheckedAt), lt(bookingFacts.detailCheckedAt, new Date(t - UPCOMING_DETAIL_FRESH_MS))),
    ),
    DETAILS_PER_CHECK,
  );
  return [...new Set([...held, ...pending, ...upcoming].map((r) => r.id))].slice(0, DETAILS_PER_CHECK);
}

/** How long "Check now" waits for its turn (another check running, or the 10 s spacing). */
const ASKED_WAIT_MS = 20_000;

/**
 * "Check now": a check that starts after the advisor asked, run here or by another request
 * meanwhile, finished before answering (or the wait runs out and the list is what it is).
 */
export async function checkAttentionAsked(deps: { db: Db; tds: TdsClient }, asked = new Date()): Promise<void> {
  const until = asked.getTime() + ASKED_WAIT_MS;
  while (Date.now() < until) {
    if (await checkAttention(deps, new Date(), { asked: true })) return;
    const sync = await syncState(deps.db);
    if (sync?.startedAt && sync.finishedAt && sync.startedAt >= asked && sync.finishedAt >= sync.startedAt) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Starts a check in the background when one is due; never delays or fails the page that asked. */
export function checkAttentionSoon(deps: { db: Db; tds: TdsClient }): void {
  void checkAttention(deps).catch((err: unknown) => log.warn({ err: errorFields(err) }, "attention check failed"));
}
