import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposalBookings } from "@/lib/db/schema";
import { savePricing } from "@/lib/agency/pricing-store";
import { snapshotOf } from "@/components/proposals/snapshot";
import { readProposal } from "@/lib/proposals/store";
import { parseCriteria, toSearchRequest, type SearchCriteria } from "@/lib/search/criteria";
import { bffTestKit, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import type { FlightRow, HotelRow, ResultRow } from "@/lib/tds/contract";
import * as bookings from "../bookings/route";
import * as clients from "../clients/route";
import * as priceCheck from "../quotes/[quoteId]/price-check/route";
import * as results from "../search/[searchId]/results/route";
import * as search from "../search/route";
import * as price from "./[id]/items/[itemId]/price/route";
import * as refind from "./[id]/items/[itemId]/refind/route";
import * as items from "./[id]/items/route";
import * as list from "./route";

// Booking a proposal's offer after its quote expired (issue 29, docs/proposals.md#re-finding-an-offer),
// against the sandbox: the desk searches again with the snapshot's criteria and finds the same
// offer (or the closest others), checkout books it naming the proposal item, the booking is
// recorded against the item with the cost paid, and the item is never booked twice.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  // 10 % on everything, rounded to whole units: client prices differ from costs.
  await savePricing(kit.db, { rounding: "whole", allowBelowCost: false, maxDiscountBp: 0, rules: [{ productType: null, country: null, percentBp: 1000, fixedMinor: 0 }] }, "USD", kit.people.admin.id);
});
afterAll(() => kit.close());

const post = (handler: Parameters<BffTestKit["call"]>[0], params: Record<string, string>, body: unknown, headers?: Record<string, string>) =>
  kit.call(handler, "/api/x", { method: "POST", params, body, headers });

async function deskSearch(criteria: SearchCriteria) {
  const made = await post(search.POST, {}, toSearchRequest(criteria));
  expect(made.status, made.text).toBe(201);
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "200" } });
  return { searchId, rows: page.body.data as ResultRow[] };
}

async function proposalWith(body: unknown) {
  kit.as(kit.people.advisor);
  const c = await post(clients.POST, {}, { name: "Zoé Lefèvre", email: "zoe@example.com", phone: "+33 6 12 34 56 78" });
  const p = await post(list.POST, {}, { clientId: c.body.data.id, title: "Barcelona in spring", validUntil: kit.day(7) });
  const added = await post(items.POST, { id: p.body.data.id }, body);
  expect(added.status, added.text).toBe(201);
  return { id: p.body.data.id as string, itemId: added.body.data.items[0].id as string, item: added.body.data.items[0] };
}

const hotelCriteria = () => parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: kit.day(40), out: kit.day(42), pax: "2", res: "US" }), "US")!;

describe("finding a proposal's offer again and booking it", () => {
  it("a hotel rate: the same room, board and refundability at today's price; booked once, recorded with its cost and client price", async () => {
    const criteria = hotelCriteria();
    const { rows } = await deskSearch(criteria);
    const row = rows.find(isBookableHotelRow) as HotelRow;
    const p = await proposalWith(snapshotOf({ kind: "hotel", row, criteria, hotelName: row.summary.hotelName }));
    expect(p.item.clientPrice.amountMinor).toBeGreaterThan(p.item.cost.amountMinor);

    const again = await post(refind.POST, { id: p.id, itemId: p.itemId }, {});
    expect(again.status, again.text).toBe(200);
    const found = again.body.data.found;
    expect(found).toMatchObject({ title: row.summary.hotelName, refundable: true, cost: { currency: "USD" } });
    expect(found.quoteId).not.toBe(row.rateQuoteId);
    expect(found.checkoutHref).toMatch(new RegExp(`^/checkout/${encodeURIComponent(found.quoteId)}\\?.*sid=.*&proposal=${p.id}&item=${p.itemId}$`));
    // Unchanged cost, unchanged client price; else the markup rule on the new cost.
    if (found.cost.amountMinor === p.item.cost.amountMinor) expect(found.clientPrice).toEqual(p.item.clientPrice);

    // The client's price at any cost checkout finds, beside the proposed one.
    const at = await kit.call(price.GET, "/api/x", { params: { id: p.id, itemId: p.itemId }, query: { cost: "20000" } });
    expect(at.body.data).toEqual({ proposed: { cost: p.item.cost, clientPrice: p.item.clientPrice }, now: { cost: { amountMinor: 20_000, currency: "USD" }, clientPrice: { amountMinor: 22_000, currency: "USD" } } });
    const bad = await kit.call(price.GET, "/api/x", { params: { id: p.id, itemId: p.itemId }, query: { cost: "12.5" } });
    expect(bad.body.error).toMatchObject({ code: "validation_error", details: [{ path: "cost", message: "Give the cost now as a whole number of minor units (cents)." }] });

    const searchId = new URLSearchParams(found.checkoutHref.split("?")[1]).get("sid")!;
    const check = await post(priceCheck.POST, { quoteId: found.quoteId }, undefined);
    expect(check.status, check.text).toBe(200);
    const body = {
      quoteId: found.quoteId,
      searchId,
      productType: "hotel",
      travelers: hotelTravelers("Lefevre"),
      paymentMethod: "credit",
      ...(check.body.data.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
      proposal: { id: p.id, itemId: p.itemId },
    };
    const priced = await kit.call(price.GET, "/api/x", { params: { id: p.id, itemId: p.itemId }, query: { cost: String(check.body.data.sellAmountMinor) } });
    const key = randomUUID();
    const made = await post(bookings.POST, {}, body, { "idempotency-key": key });
    expect(made.status, made.text).toBe(201);
    const bookingId = made.body.data.bookingId as string;

    const booked = await readProposal(kit.db, kit.people.advisor, p.id);
    expect(booked.state).toBe("booked");
    expect(booked.bookings).toEqual([{ itemId: p.itemId, bookingId, orderRef: made.body.data.orderRef }]);
    const [record] = await kit.db.select().from(proposalBookings).where(eq(proposalBookings.bookingId, bookingId));
    expect(record).toMatchObject({
      bookingId,
      costMinor: check.body.data.sellAmountMinor,
      clientMinor: priced.body.data.now.clientPrice.amountMinor,
      bookedBy: kit.people.advisor.id,
    });

    // The same submit again is the same booking; another booking of the item is refused before the service is asked.
    const replay = await post(bookings.POST, {}, body, { "idempotency-key": key });
    expect({ status: replay.status, id: replay.body.data.bookingId, replayed: replay.body.meta.replayed }).toEqual({ status: 201, id: bookingId, replayed: true });
    const calls = kit.paths.filter((x) => x === "POST /api/v1/bookings").length;
    const twice = await post(bookings.POST, {}, body, { "idempotency-key": randomUUID() });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: "item_already_booked" });
    expect(kit.paths.filter((x) => x === "POST /api/v1/bookings").length).toBe(calls);
    expect((await post(refind.POST, { id: p.id, itemId: p.itemId }, {})).body.error.code).toBe("item_already_booked");
  });

  it("a room that is gone: no same offer, the hotel's closest others instead", async () => {
    const criteria = hotelCriteria();
    const { rows } = await deskSearch(criteria);
    const row = rows.find(isBookableHotelRow) as HotelRow;
    const body = snapshotOf({ kind: "hotel", row, criteria, hotelName: row.summary.hotelName });
    body.snapshot.match = { ...body.snapshot.match, roomName: "The Imaginary Suite" };
    const p = await proposalWith(body);
    const again = await post(refind.POST, { id: p.id, itemId: p.itemId }, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.found).toBeNull();
    const alternatives = again.body.data.alternatives as Array<{ title: string; checkoutHref: string }>;
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.length).toBeLessThanOrEqual(3);
    for (const a of alternatives) expect(a).toMatchObject({ title: row.summary.hotelName, checkoutHref: expect.stringContaining(`&proposal=${p.id}&item=${p.itemId}`) });
  });

  it("a flight: the same flights at the same times", async () => {
    const criteria = parseCriteria(new URLSearchParams({ type: "flight", trip: "oneway", from: "airport:LHR|London Heathrow|GB", to: "airport:BCN|Barcelona|ES", in: kit.day(45), pax: "1" }), "US")!;
    const { rows } = await deskSearch(criteria);
    const row = rows.find((r) => r.productType === "flight") as FlightRow;
    expect(row).toBeDefined();
    const p = await proposalWith(snapshotOf({ kind: "flight", row, criteria }));
    const again = await post(refind.POST, { id: p.id, itemId: p.itemId }, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.found).toMatchObject({ refundable: row.refundable, cost: { currency: row.sellCurrency } });
  });

  it("an offer whose dates have passed says so in a sentence", async () => {
    const criteria = hotelCriteria();
    const { rows } = await deskSearch(criteria);
    const row = rows.find(isBookableHotelRow) as HotelRow;
    const body = snapshotOf({ kind: "hotel", row, criteria, hotelName: row.summary.hotelName });
    body.snapshot = { ...body.snapshot, startsOn: "2020-01-01", endsOn: "2020-01-03", criteria: { ...body.snapshot.criteria, checkIn: "2020-01-01", checkOut: "2020-01-03" } };
    const p = await proposalWith(body);
    const searches = kit.paths.filter((x) => x === "POST /api/v1/search").length;
    const again = await post(refind.POST, { id: p.id, itemId: p.itemId }, {});
    expect({ status: again.status, code: again.body.error.code, message: again.body.error.message }).toEqual({
      status: 409,
      code: "offer_dates_passed",
      message: "This offer's dates have passed, so it cannot be booked. Make a new search for the client.",
    });
    expect(kit.paths.filter((x) => x === "POST /api/v1/search").length).toBe(searches);
  });
});
