import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookingRoute from "@/app/api/bookings/[bookingId]/route";
import * as refreshRoute from "@/app/api/bookings/[bookingId]/refresh-status/route";
import { actionsFor, factsFor } from "@/lib/db/ledger";
import { bookingActions, bookingFollowUps, notifications } from "@/lib/db/schema";
import { markNotificationsRead, notificationsFor } from "@/lib/notifications/store";
import type { BookingCreateRequest, SearchCreateRequest } from "@/lib/tds/contract";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import { sandboxFetch } from "@/lib/testing/tds";
import { bookHotelThroughDesk } from "@/lib/testing/book-hotel";
import type { JobContext, SendOptions } from "../definitions";
import { followUp, recordChange } from "./follow-ups";
import { refreshPending } from "./refresh";
import { READ_JOB, REFRESH_JOB, scanPending } from "./scan";
import { MIN_CHECK_SPACING_MS } from "./spacing";

// Job 1 against the in-process sandbox: a pending booking is found (made through the desk or
// not), checked no more often than every 15 s and less often as it ages, and once it settles the
// ledger's history says "checked by the desk" and the advisor who booked it (or, for a booking made
// outside the desk, the admins) is told. The jobs are called directly with a context whose clock
// the test moves; lib/jobs/engine.test.ts runs them through pg-boss.

let kit: BffTestKit;
let clock: number;
const sent: Array<{ name: string; data: object; options: SendOptions }> = [];
const ctx = (): JobContext => ({
  db: kit.db,
  tds: kit.tds,
  now: () => new Date(clock),
  send: async (name, data, options = {}) => {
    sent.push({ name, data, options });
    return randomUUID();
  },
});
const tick = (ms: number) => void (clock += ms);
const serviceCalls = (bookingId: string) => kit.paths.filter((p) => p.includes(bookingId)).length;

beforeAll(async () => {
  kit = await bffTestKit();
  clock = Date.now();
});
afterAll(() => kit.close());

/** A hotel booked through the desk by the current person, its outcome asked for in the search's query. */
async function bookThroughDesk(trigger: string): Promise<{ bookingId: string; state: string; orderRef: string }> {
  return bookHotelThroughDesk(kit, { query: `sandbox:${trigger}`, travelers: hotelTravelers("Waits") });
}

/** A hotel booked with the agency's key but not through the desk (another tool, the service's own site). */
async function bookOutsideDesk(trigger: string): Promise<{ bookingId: string; state: string; orderRef: string }> {
  const { searchId } = await kit.tds.createSearch({ ...hotelSearchBody(kit.day), currency: "USD", market: "US", query: `sandbox:${trigger}` } as SearchCreateRequest);
  const { rows } = await kit.tds.searchResults(searchId, { limit: 100 });
  for (const row of rows.filter(isBookableHotelRow)) {
    const c = await kit.tds.priceCheck(row.rateQuoteId).catch(() => null);
    if (!c) continue;
    const body = { quoteId: row.rateQuoteId, travelers: hotelTravelers("Elsewhere"), paymentMethod: "credit", ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}) };
    return kit.tds.createBooking(body as BookingCreateRequest);
  }
  throw new Error("nothing bookable");
}

describe("job 1: pending bookings are followed until they settle", () => {
  let mine: { bookingId: string; state: string; orderRef: string };
  let outside: { bookingId: string; state: string; orderRef: string };

  it("the scan finds pending bookings, made through the desk or not, and queues their checks within a few list calls", async () => {
    kit.as(kit.people.advisor);
    mine = await bookThroughDesk("supplier-pending");
    outside = await bookOutsideDesk("supplier-pending");
    expect([mine.state, outside.state]).toEqual(["supplier_pending", "supplier_pending"]);

    const before = kit.paths.length;
    const report = await scanPending(ctx());
    const calls = kit.paths.slice(before);
    expect(calls.every((p) => p === "GET /api/v1/bookings")).toBe(true);
    expect(calls.length).toBeLessThanOrEqual(5);
    expect(report.tracked).toBeGreaterThanOrEqual(2);
    for (const b of [mine, outside]) {
      expect(await followUp(kit.db, b.bookingId)).toMatchObject({ state: "supplier_pending", settledAt: null, checks: 0 });
      expect(sent).toContainEqual({ name: REFRESH_JOB, data: { bookingId: b.bookingId }, options: { singletonKey: b.bookingId } });
    }
    // Another scan a minute later: nothing new to follow.
    tick(60_000);
    expect((await scanPending(ctx())).tracked).toBe(0);
  });

  it("checks with refresh-status, at most every 15 s per booking, and queues the next check", async () => {
    const first = await refreshPending({ bookingId: mine.bookingId }, ctx());
    expect(first).toMatchObject({ outcome: "unchanged", state: "supplier_pending" });
    expect(kit.paths.at(-1)).toBe(`POST /api/v1/bookings/${mine.bookingId}/refresh-status`);
    if (first.outcome !== "unchanged") throw new Error("unreachable");
    expect(first.next.getTime() - clock).toBeGreaterThanOrEqual(MIN_CHECK_SPACING_MS);
    expect(sent.at(-1)).toEqual({ name: REFRESH_JOB, data: { bookingId: mine.bookingId }, options: { singletonKey: mine.bookingId, startAfter: first.next } });

    // Asked again too soon (a retry, a second instance): no call, put off until it is due.
    const calls = serviceCalls(mine.bookingId);
    for (const wait of [0, 5_000, 9_999]) {
      tick(wait); // 0 s, 5 s, then 14.999 s after the check
      expect((await refreshPending({ bookingId: mine.bookingId }, ctx())).outcome).toBe("postponed");
    }
    expect(serviceCalls(mine.bookingId)).toBe(calls);
  });

  it("once the supplier confirms: the ledger's history says 'checked by the desk', the state moves, and the advisor who booked is told", async () => {
    await kit.advance(150); // the sandbox's supplier decides 2 virtual minutes after booking
    tick(60_000);
    const outcome = await refreshPending({ bookingId: mine.bookingId }, ctx());
    expect(outcome).toMatchObject({ outcome: "changed", from: "supplier_pending", to: "confirmed", recorded: true, told: [kit.people.advisor.id] });

    const page = await kit.call(bookingRoute.GET, "/api/x", { params: { bookingId: mine.bookingId } });
    expect(page.status, page.text).toBe(200);
    const desk = (page.body.data.history as Array<Record<string, unknown>>).filter((h) => h.actor === "desk");
    expect(desk).toEqual([
      expect.objectContaining({
        action: "refresh",
        outcome: "succeeded",
        state: "confirmed",
        by: null,
        actor: "desk",
        result: { checkedBy: "desk", previousState: "supplier_pending", via: "refresh-status" },
      }),
    ]);
    expect((await factsFor(kit.db, [mine.bookingId])).get(mine.bookingId)?.state).toBe("confirmed");
    expect(await followUp(kit.db, mine.bookingId)).toMatchObject({ state: "confirmed", settledAt: expect.any(Date) });

    const told = await notificationsFor(kit.db, kit.people.advisor.id, { unread: true });
    expect(told).toEqual([
      expect.objectContaining({
        kind: "booking_state_changed",
        bookingId: mine.bookingId,
        title: `${mine.orderRef} is confirmed`,
        sentence: `The supplier confirmed booking ${mine.orderRef}; the desk checked it with the service. Nothing more is needed.`,
        readAt: null,
      }),
    ]);
    expect(await notificationsFor(kit.db, kit.people.admin.id)).toEqual([]);
    expect(await markNotificationsRead(kit.db, kit.people.colleague.id, [told[0]!.id])).toBe(0);
    expect(await markNotificationsRead(kit.db, kit.people.advisor.id, [told[0]!.id])).toBe(1);
    expect(await notificationsFor(kit.db, kit.people.advisor.id, { unread: true })).toEqual([]);

    // Settled: no more checks, and a stale job finds nothing to do.
    const calls = serviceCalls(mine.bookingId);
    tick(60_000);
    expect(await refreshPending({ bookingId: mine.bookingId }, ctx())).toEqual({ outcome: "not-followed" });
    expect(serviceCalls(mine.bookingId)).toBe(calls);
  });

  it("a booking made outside the desk: its admins are told, and the sentence says where it was made", async () => {
    const outcome = await refreshPending({ bookingId: outside.bookingId }, ctx());
    expect(outcome).toMatchObject({ outcome: "changed", to: "confirmed", told: [kit.people.admin.id] });
    expect(await notificationsFor(kit.db, kit.people.admin.id)).toEqual([
      expect.objectContaining({ bookingId: outside.bookingId, sentence: expect.stringContaining(`${outside.orderRef} (made outside the desk)`) }),
    ]);
    expect((await notificationsFor(kit.db, kit.people.advisor.id)).map((n) => n.bookingId)).not.toContain(outside.bookingId);
  });

  it("a change is recorded once: a second instance or a retry that found the same answer records nothing", async () => {
    const stale = { ...(await followUp(kit.db, outside.bookingId))!, state: "supplier_pending", settledAt: null };
    const again = await recordChange(kit.db, stale, { via: "refresh-status", state: "confirmed" }, new Date(clock));
    expect(again).toEqual({ recorded: false });
    const rows = await kit.db.select().from(notifications).where(eq(notifications.bookingId, outside.bookingId));
    expect(rows).toHaveLength(1);
    const steps = await kit.db.select().from(bookingActions).where(and(eq(bookingActions.bookingId, outside.bookingId), eq(bookingActions.actor, "desk")));
    expect(steps).toHaveLength(1);
  });

  it("leaves a booking to the advisor following it on its page, and stays quiet about what they saw themselves", async () => {
    // The advisor's steps are stamped with the real time: the desk's clock goes back to it.
    clock = Date.now();
    const b = await bookThroughDesk("supplier-pending");
    await scanPending(ctx());
    // The advisor checks on the booking's page.
    const checked = await kit.call(refreshRoute.POST, "/api/x", { method: "POST", params: { bookingId: b.bookingId } });
    expect(checked.status, checked.text).toBe(200);
    const calls = serviceCalls(b.bookingId);
    const put = await refreshPending({ bookingId: b.bookingId }, ctx());
    expect(put.outcome).toBe("postponed");
    expect(serviceCalls(b.bookingId)).toBe(calls);

    // The supplier decides; the advisor's page sees it first.
    await kit.advance(150);
    const seen = await kit.call(refreshRoute.POST, "/api/x", { method: "POST", params: { bookingId: b.bookingId } });
    expect(seen.body.data.state).toBe("confirmed");
    tick(2 * 60_000);
    const outcome = await refreshPending({ bookingId: b.bookingId }, ctx());
    expect(outcome).toMatchObject({ outcome: "changed", to: "confirmed", recorded: true, told: [] });
    const desk = await kit.db.select().from(bookingActions).where(and(eq(bookingActions.bookingId, b.bookingId), eq(bookingActions.actor, "desk")));
    expect(desk).toEqual([]);
    expect((await notificationsFor(kit.db, kit.people.advisor.id)).map((n) => n.bookingId)).not.toContain(b.bookingId);
  });

  it("an advisor's refresh within 15 s of the desk's check takes the desk's answer: the service is not asked twice", async () => {
    clock = Date.now();
    const b = await bookThroughDesk("supplier-pending");
    await scanPending(ctx());
    // Its first check due now (rather than 15 s after it was made), on the real clock the route reads.
    clock = Date.now();
    await kit.db.update(bookingFollowUps).set({ nextCheckAt: new Date(clock) }).where(eq(bookingFollowUps.bookingId, b.bookingId));
    const desk = await refreshPending({ bookingId: b.bookingId }, ctx());
    expect(desk.outcome).not.toBe("postponed");
    const calls = serviceCalls(b.bookingId);
    const steps = (await actionsFor(kit.db, b.bookingId)).length;

    const answered = await kit.call(refreshRoute.POST, "/api/x", { method: "POST", params: { bookingId: b.bookingId } });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.data).toEqual({ bookingId: b.bookingId, orderRef: b.orderRef, state: "supplier_pending" });
    expect(answered.body.meta).toEqual({ checkedBy: "desk" });
    expect(serviceCalls(b.bookingId)).toBe(calls);
    expect(await actionsFor(kit.db, b.bookingId)).toHaveLength(steps);
  });

  it("a booking in manual review is read (refresh-status is for supplier_pending only) and its change found by the list", async () => {
    const b = await bookThroughDesk("manual-review");
    expect(b.state).toBe("manual_review");
    await scanPending(ctx());
    // Queued to be read (the detail's budget), apart from those waiting for the supplier (refresh-status's).
    expect(sent.filter((s) => (s.data as { bookingId: string }).bookingId === b.bookingId)).toEqual([{ name: READ_JOB, data: { bookingId: b.bookingId }, options: { singletonKey: b.bookingId } }]);
    const outcome = await refreshPending({ bookingId: b.bookingId }, ctx());
    expect(outcome).toMatchObject({ outcome: "unchanged", state: "manual_review" });
    expect(kit.paths.at(-1)).toBe(`GET /api/v1/bookings/${b.bookingId}`);
    expect(kit.paths).not.toContain(`POST /api/v1/bookings/${b.bookingId}/refresh-status`);
  });

  it("the list failing does not hold up the checks already due; the scan fails after them, for the engine to retry", async () => {
    const b = await bookThroughDesk("manual-review");
    const live = sandboxFetch(kit.sb);
    kit.setTransport((input, init) =>
      new URL(input).pathname.endsWith("/bookings") ? Promise.reject(new TypeError("fetch failed")) : live(input, init),
    );
    const before = sent.length;
    try {
      await expect(scanPending(ctx())).rejects.toMatchObject({ name: "TdsConnectionError" });
    } finally {
      kit.setTransport(null);
    }
    expect(sent.slice(before).map((s) => (s.data as { bookingId: string }).bookingId)).toContain(b.bookingId);
  });

  it("never checks one booking within 15 s, and further apart as it ages (ten simulated minutes, asked every second)", async () => {
    const b = await bookThroughDesk("supplier-pending");
    await scanPending(ctx());
    const start = clock;
    const checks: number[] = [];
    for (let s = 0; s < 600; s++) {
      const before = serviceCalls(b.bookingId);
      await refreshPending({ bookingId: b.bookingId }, ctx());
      if (serviceCalls(b.bookingId) > before) checks.push(clock - start);
      tick(1_000);
    }
    const gaps = checks.slice(1).map((t, i) => t - checks[i]!);
    expect(checks.length).toBeGreaterThan(10);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MIN_CHECK_SPACING_MS);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
    const row = (await kit.db.select().from(bookingFollowUps).where(eq(bookingFollowUps.bookingId, b.bookingId)))[0]!;
    expect(row.checks).toBe(checks.length);
  });

  it("counts the 15 s from when the service answered: a check that waited for its place in the budget is not followed too soon", async () => {
    clock = Date.now(); // a booking just made: checked every 15 s
    const b = await bookThroughDesk("supplier-pending");
    await scanPending(ctx());
    await kit.db.update(bookingFollowUps).set({ nextCheckAt: new Date(clock) }).where(eq(bookingFollowUps.bookingId, b.bookingId));
    // This check's call reaches the service 4 s after it was claimed (a full minute's budget, people first).
    const claimedAt = clock;
    const slow: JobContext = {
      ...ctx(),
      tds: { ...kit.tds, refreshBookingStatus: async (id: string) => (tick(4_000), kit.tds.refreshBookingStatus(id)) } as JobContext["tds"],
    };
    const first = await refreshPending({ bookingId: b.bookingId }, slow);
    expect(first.outcome).toBe("unchanged");
    const row = (await kit.db.select().from(bookingFollowUps).where(eq(bookingFollowUps.bookingId, b.bookingId)))[0]!;
    expect(row.lastCheckedAt!.getTime()).toBe(claimedAt + 4_000);
    if (first.outcome === "unchanged") expect(first.next.getTime()).toBeGreaterThanOrEqual(claimedAt + 4_000 + MIN_CHECK_SPACING_MS);

    // 15 s after the claim, 11 s after the service answered: not yet.
    const calls = serviceCalls(b.bookingId);
    tick(11_000);
    expect((await refreshPending({ bookingId: b.bookingId }, ctx())).outcome).toBe("postponed");
    expect(serviceCalls(b.bookingId)).toBe(calls);
    tick(4_000);
    expect((await refreshPending({ bookingId: b.bookingId }, ctx())).outcome).not.toBe("postponed");
    expect(serviceCalls(b.bookingId)).toBe(calls + 1);
  });
});
