import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { DESK_FILTER_MAX_PAGES, SUMMARY_COLD_READS } from "@/lib/bff/bookings";
import { generateBookings } from "@/lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import * as bookings from "./route";
import * as summaries from "./summaries/route";

// The bookings desk over an agency of 10,000 bookings: each view of the list reads one page of
// the service (never everything), filters are the service's, and a page's summaries read each
// booking's detail once at most.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  generateBookings(kit.sb.services, DEMO_AGENCY_ID, 10_000);
}, 120_000);
afterAll(() => kit.close());

type Row = { _id: string; state: string; orderRef: string };
const listCalls = (from: number) => kit.paths.slice(from).filter((p) => p === "GET /api/v1/bookings");

describe("10,000 bookings", () => {
  it("pages with the service's cursor: one service call per page, never the whole list", async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const before = kit.paths.length;
      const res = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "25", ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      const rows = res.body.data.rows as Row[];
      expect(rows).toHaveLength(25);
      for (const r of rows) seen.add(r._id);
      expect(listCalls(before)).toHaveLength(1);
      cursor = res.body.data.nextCursor;
      expect(cursor).toEqual(expect.any(String));
    }
    expect(seen.size).toBe(75);
  });

  it("filters and free text are applied by the service", async () => {
    const held = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "50", state: "held" } });
    expect((held.body.data.rows as Row[]).length).toBeGreaterThan(0);
    expect((held.body.data.rows as Row[]).every((r) => r.state === "held")).toBe(true);

    const target = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID).at(-1234)!;
    const found = await kit.call(bookings.GET, "/api/bookings", { query: { q: target.orderRef } });
    expect((found.body.data.rows as Row[]).map((r) => r._id)).toEqual([target.id]);
    const byGuest = await kit.call(bookings.GET, "/api/bookings", { query: { q: target.travelers[0]!.lastName, limit: "100" } });
    expect((byGuest.body.data.rows as Row[]).map((r) => r._id)).toContain(target.id);
  });

  it("a page's summaries read each booking's detail once, then come from the desk's database", async () => {
    const page = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "25", sort: "asc" } });
    const ids = (page.body.data.rows as Row[]).map((r) => r._id).join(",");
    const before = kit.paths.length;
    const detailReads = (from: number) => kit.paths.slice(from).filter((p) => p.startsWith("GET /api/v1/bookings/")).length;
    // At most SUMMARY_COLD_READS details per call (the advisor's budget is shared with the pages
    // they open); the page asks again for the missing ones until every row has its summary.
    const first = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    expect(Object.keys(first.body.data.items)).toHaveLength(SUMMARY_COLD_READS);
    expect(first.body.data.missing).toHaveLength(25 - SUMMARY_COLD_READS);
    expect(detailReads(before)).toBe(SUMMARY_COLD_READS);
    const second = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    const third = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    expect(third.body.data.missing).toEqual([]);
    expect(Object.keys(third.body.data.items)).toHaveLength(25);
    expect(second.body.data.missing.length).toBeLessThan(first.body.data.missing.length);
    expect(detailReads(before)).toBe(25);
    const again = kit.paths.length;
    await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    expect(kit.paths.slice(again)).toEqual([]);
  });

  it("states the service cannot filter by are picked out of its pages: only those rows, a bounded number of calls, paging on", async () => {
    const all = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID);
    const count = (state: string) => all.filter((b) => b.state === state).length;
    for (const state of ["supplier_pending", "manual_review", "cancellation_pending"]) {
      expect(count(state), state).toBeGreaterThan(0);
      // Reading all 10,000 takes 100 of the service's list calls: a fresh key (its own minute's budget) for each state.
      await kit.rotateKey();
      const seen: string[] = [];
      let cursor: string | null = null;
      let calls = 0;
      do {
        const before = kit.paths.length;
        const res = await kit.call(bookings.GET, "/api/bookings", { query: { state, limit: "25", ...(cursor ? { cursor } : {}) } });
        expect(res.status, res.text).toBe(200);
        expect(listCalls(before).length).toBeLessThanOrEqual(DESK_FILTER_MAX_PAGES);
        expect(res.body.meta.scannedPages).toBe(listCalls(before).length);
        calls += listCalls(before).length;
        const rows = res.body.data.rows as Row[];
        expect(rows.every((r) => r.state === state), state).toBe(true);
        seen.push(...rows.map((r) => r._id));
        cursor = res.body.data.nextCursor;
      } while (cursor);
      // Every one of them, once, whatever page it fell on.
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(count(state));
      expect(calls).toBeLessThanOrEqual(Math.ceil(all.length / 100) + 1);
    }
  });

  it("a state replaces the status (it says itself whether the booking is active or cancelled); an unknown state is refused in a sentence", async () => {
    await kit.rotateKey();
    const res = await kit.call(bookings.GET, "/api/bookings", { query: { state: "manual_review", status: "cancelled", limit: "25" } });
    expect((res.body.data.rows as Row[]).length).toBeGreaterThan(0);
    expect((res.body.data.rows as Row[]).every((r) => r.state === "manual_review")).toBe(true);
    const bad = await kit.call(bookings.GET, "/api/bookings", { query: { state: "lost" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: "state", message: "Choose one of the list's states, or all." }]);
  });

  it("'mine' reads a bounded number of the service's pages and says where to go on", async () => {
    // The advisor has made no booking through the desk among these 10,000 but could have: the
    // ledger is asked first, so with none the service is not asked at all.
    const none = await kit.call(bookings.GET, "/api/bookings", { query: { mine: "1" } });
    expect(none.body.meta).toEqual({ scannedPages: 0, scannedRows: 0 });
    // Pretend one old generated booking was the advisor's.
    const old = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID).at(10)!;
    const { bookingsLedger } = await import("@/lib/db/schema");
    await kit.db.insert(bookingsLedger).values({
      bookingId: old.id,
      orderRef: old.orderRef,
      userId: kit.people.advisor.id,
      quoteId: "q",
      idempotencyKey: crypto.randomUUID(),
      productType: old.productType,
      outcome: "booked",
    });
    const before = kit.paths.length;
    const mine = await kit.call(bookings.GET, "/api/bookings", { query: { mine: "1", limit: "25" } });
    expect(mine.status).toBe(200);
    expect(mine.body.meta.scannedPages).toBe(DESK_FILTER_MAX_PAGES);
    expect(listCalls(before)).toHaveLength(DESK_FILTER_MAX_PAGES);
    expect(mine.body.data.nextCursor).toEqual(expect.any(String));
  });
});
