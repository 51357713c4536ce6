import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attentionView, DETAILS_PER_CHECK, LIST_PAGES_PER_CHECK } from "@/lib/bff/attention";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import type { AttentionResponse } from "@/lib/bookings/attention";
import { factsFor } from "@/lib/db/ledger";
import { generateBookings } from "@/lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import { chosenProposal } from "@/lib/testing/proposals";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import * as pay from "../bookings/[bookingId]/pay/route";
import * as bookings from "../bookings/route";
import * as priceCheck from "../quotes/[quoteId]/price-check/route";
import * as results from "../search/[searchId]/results/route";
import * as search from "../search/route";
import * as overview from "../admin/overview/route";
import * as count from "./count/route";
import * as attention from "./route";

// Needs attention through the BFF: computed from what the desk learned, a check with the
// service in a bounded budget at most once a minute, "mine" from the ledger, and a booking
// leaving the list once its deadline is dealt with.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  generateBookings(kit.sb.services, DEMO_AGENCY_ID, 400);
});
afterAll(() => kit.close());

const view = async (query: Record<string, string> = {}) => {
  const res = await kit.call(attention.GET, "/api/attention", { query });
  expect(res.status, res.text).toBe(200);
  return res.body.data as AttentionResponse;
};

async function book(lastName: string, opts: { hold?: boolean; query?: string } = {}) {
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day, opts.query ? { query: opts.query } : {}) });
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
  for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    const c = check.body.data as PriceCheck;
    if (check.status !== 200 || (opts.hold && !c.holdable)) continue;
    const res = await kit.call(bookings.POST, "/api/bookings", {
      method: "POST",
      headers: { "idempotency-key": randomUUID() },
      body: {
        quoteId: row.rateQuoteId,
        searchId,
        productType: "hotel",
        travelers: hotelTravelers(lastName),
        paymentMethod: "credit",
        ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
        ...(opts.hold ? { hold: true } : {}),
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { bookingId: string; state: string };
  }
  throw new Error("nothing bookable");
}

describe("GET /api/attention", () => {
  it("checks the agency's bookings within a budget, then answers from what the desk learned", async () => {
    const before = kit.paths.length;
    const first = await view({ check: "1" });
    const calls = kit.paths.slice(before);
    expect(calls.filter((p) => p === "GET /api/v1/bookings").length).toBeLessThanOrEqual(4 * LIST_PAGES_PER_CHECK);
    expect(calls.filter((p) => /^GET \/api\/v1\/bookings\/bk_/.test(p)).length).toBeLessThanOrEqual(DETAILS_PER_CHECK);
    expect(first.checkedAt).not.toBeNull();
    expect(first.items.length).toBe(Math.min(first.total, 100));
    const few = await view({ limit: "3" });
    expect(few.items.map((i) => i.bookingId)).toEqual(first.items.slice(0, 3).map((i) => i.bookingId));
    expect(few.total).toBe(first.total);
    const reasons = new Set(first.items.flatMap((i) => i.flags.map((f) => f.reason)));
    expect(reasons).toContain("pending");
    expect(reasons).toContain("manual_review");
    for (const item of first.items) expect(item.flags.length).toBeGreaterThan(0);

    // Within the minute: no second check, no call to the service, the same answer.
    const again = kit.paths.length;
    const second = await view();
    await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 20));
    expect(kit.paths.length).toBe(again);
    expect(second.items.map((i) => i.bookingId)).toEqual(first.items.map((i) => i.bookingId));

    const badge = await kit.call(count.GET, "/api/attention/count");
    expect(badge.body.data).toEqual({ count: first.total });
  });

  it("a booking made through the desk is there at once, under whoever made it; Mine shows only one's own", async () => {
    kit.as(kit.people.advisor);
    // The desk refuses "sandbox:…" in a name: the booking outcome is asked for in the search's query.
    const made = await book("Waits", { query: "sandbox:supplier-pending" });
    expect(made.state).toBe("supplier_pending");
    const all = await view();
    expect(all.items.find((i) => i.bookingId === made.bookingId)).toMatchObject({ bookedBy: { name: "Ana Advisor" }, flags: [{ reason: "pending" }] });
    expect((await view({ mine: "1" })).items.map((i) => i.bookingId)).toEqual([made.bookingId]);
    kit.as(kit.people.colleague);
    expect((await view({ mine: "1" })).items).toEqual([]);
    kit.as(kit.people.advisor);
  });

  it("a hold is listed as its payment deadline nears, and leaves once paid", async () => {
    const made = await book("Holder", { hold: true });
    const facts = (await factsFor(kit.db, [made.bookingId])).get(made.bookingId)!;
    expect(facts.paymentDeadline).not.toBeNull();
    // A day before the deadline (the service's own time is what the deadline is in).
    const dayBefore = new Date(facts.paymentDeadline!.getTime() - 24 * 3600_000);
    const near = await attentionView(kit.db, dayBefore);
    expect(near.items.find((i) => i.bookingId === made.bookingId)?.flags.map((f) => f.reason)).toContain("hold_deadline");

    const paid = await kit.call(pay.POST, "/api/x", { method: "POST", params: { bookingId: made.bookingId }, headers: { "idempotency-key": randomUUID() } });
    expect(paid.status, paid.text).toBe(200);
    const after = await attentionView(kit.db, dayBefore);
    expect(after.items.find((i) => i.bookingId === made.bookingId)?.flags.map((f) => f.reason) ?? []).not.toContain("hold_deadline");
  });
});

describe("GET /api/attention/count", () => {
  it("adds the proposals chosen and not booked, as each person's Needs attention lists them: an advisor's own, everyone's for an admin", async () => {
    const p = await chosenProposal(kit.db, kit.people.advisor);
    const seenBy = async (who: typeof kit.people.advisor) => {
      kit.as(who);
      const badge = await kit.call(count.GET, "/api/attention/count");
      expect(badge.status, badge.text).toBe(200);
      const listed = (await view()) as AttentionResponse & { proposals: Array<{ id: string }> };
      return { count: badge.body.data.count as number, listed: listed.total + listed.proposals.length, proposals: listed.proposals.map((r) => r.id) };
    };
    const ana = await seenBy(kit.people.advisor);
    expect(ana.count).toBe(ana.listed);
    expect(ana.proposals).toEqual([p.id]);
    const ben = await seenBy(kit.people.colleague);
    expect(ben).toEqual({ count: ana.count - 1, listed: ana.count - 1, proposals: [] });
    const ada = await seenBy(kit.people.admin);
    expect(ada).toEqual({ count: ana.count, listed: ana.count, proposals: [p.id] });
    kit.as(kit.people.advisor);
  });
});

describe("GET /api/admin/overview", () => {
  it("is for admins: an advisor gets 403 in the envelope", async () => {
    kit.as(kit.people.advisor);
    const res = await kit.call(overview.GET, "/api/admin/overview");
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });

  it("shows the agency's bookings of the period, the desk's under whoever made them", async () => {
    kit.as(kit.people.colleague);
    await book("Counted");
    kit.as(kit.people.admin);
    const res = await kit.call(overview.GET, "/api/admin/overview", { query: { range: "7" } });
    expect(res.status, res.text).toBe(200);
    const o = res.body.data;
    expect(o.range).toBe(7);
    expect(o.byDay).toHaveLength(7);
    expect(o.byAdvisor.find((a: { name: string }) => a.name === "Ben Advisor")).toMatchObject({ bookings: 1 });
    expect(o.totals.bookings).toBe(o.byAdvisor.reduce((n: number, a: { bookings: number }) => n + a.bookings, 0));
    expect(o.totals.salesMinor).toBe(o.byProduct.reduce((n: number, p: { salesMinor: number }) => n + p.salesMinor, 0));
    expect(o.credit.usedMinor).toBeGreaterThan(0);

    const bad = await kit.call(overview.GET, "/api/admin/overview", { query: { range: "12" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    kit.as(kit.people.advisor);
  });
});
