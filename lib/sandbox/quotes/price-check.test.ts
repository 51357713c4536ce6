import { beforeAll, describe, expect, it } from "vitest";
import { HOTEL_SOURCES } from "../search/sources";
import { detail, errorBody } from "@/lib/testing/sandbox-search";
import type { ActivitySummary, HotelSummary, ResultRow, TransferSummary } from "../search/types";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import { isHoldable, naturalChange, raisedPrice, stricterPolicy } from "./changes";
import { DIETARY_OPTIONS } from "./requirements";
import { quoteKit, unchangedCheck } from "@/lib/testing/sandbox-quotes";

const sb = testSandbox();
const q = quoteKit(sb);
const { catalog, search: engine, config } = sb.services;
const alias = (i: number) => engine.aliases.hotel[i];
const hotel = (r: ResultRow) => r.summary as HotelSummary;
const barcelona = catalog.cities.find((c) => c.name === "Barcelona")!;

describe("price-check: answers per product", () => {
  it("a fast-source hotel rate: unchanged, holdable when refundable, no requirements; bookable for 10 minutes", async () => {
    const { rows } = await q.search("hotel");
    const fast = q.steady(rows).filter((r) => r.supplier === alias(0) && !hotel(r).isPackage);
    const refundable = fast.find((r) => r.refundable)!;
    const res = await q.check(refundable.rateQuoteId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: unchangedCheck(refundable, {}, { holdable: true, quoteExpiresAt: q.expiresAt(refundable.rateQuoteId) }),
      meta: {},
      error: null,
    });
    const data = res.body.data;
    expect(Date.parse(data.bookableUntil) - Date.parse(data.checkedAt)).toBe(10 * 60_000);
    expect(Math.abs(Date.parse(data.checkedAt) - sb.services.clock.now())).toBeLessThan(5_000);

    const nonRefundable = fast.find((r) => !r.refundable)!;
    expect((await q.check(nonRefundable.rateQuoteId)).body.data).toEqual(unchangedCheck(nonRefundable, {}, { holdable: false, refundable: false }));
  });

  it("the slow source's rates need a title on every guest and the lead's contact", async () => {
    const { rows } = await q.search("hotel");
    const slow = q.steady(rows).find((r) => r.supplier === alias(2))!;
    expect(HOTEL_SOURCES[2]!.late).toBe(true);
    expect(hotel(slow).requiresGuestTitle).toBe(true);
    expect((await q.check(slow.rateQuoteId)).body.data).toEqual(
      unchangedCheck(slow, { title: "all", leadContact: true }, { holdable: slow.refundable }),
    );
  });

  it("holdable: hotels only, fully refundable (nothing kept whatever the date, deadlines given), the first paid deadline still ahead", () => {
    const now = Date.parse("2030-01-10T00:00:00Z");
    const stay = { start: "2030-01-11", nights: 3 };
    const at = (from: string, amountMinor = 100) => ({ from, amountMinor, currency: "USD" });
    const free = { refundable: true, deadlines: [at("2030-01-10T12:00:00Z"), at("2030-01-11T00:00:00Z", 300)] };
    expect(isHoldable("hotel", free, stay, now)).toBe(true);
    expect(isHoldable("hotel", { refundable: true, deadlines: [at("2030-01-01T00:00:00Z", 0), at("2030-01-12T00:00:00Z")] }, stay, now)).toBe(true);
    expect(isHoldable("hotel", { refundable: true, deadlines: [at("2030-01-09T00:00:00Z")], currentRefundability: "non_refundable" }, stay, now)).toBe(false);
    expect(isHoldable("hotel", { refundable: true, deadlines: [], deadlinesWithheld: true }, stay, now)).toBe(false);
    expect(isHoldable("hotel", { refundable: false, deadlines: [at("2030-01-12T00:00:00Z")] }, stay, now)).toBe(false);
    expect(isHoldable("activity", { refundable: true, deadlines: [at("2030-01-12T00:00:00Z")] }, stay, now)).toBe(false);
    // Issue 27: check-in 11 Jan for 3 nights, the nights of 12–13 Jan kept whatever the date.
    expect(isHoldable("hotel", { ...free, nonrefundableDateRanges: [{ start: "2030-01-12", end: "2030-01-13" }] }, stay, now)).toBe(false);
    // A range outside the stay keeps nothing of it.
    expect(isHoldable("hotel", { ...free, nonrefundableDateRanges: [{ start: "2030-01-14", end: "2030-01-20" }] }, stay, now)).toBe(true);
    expect(isHoldable("hotel", { ...free, perStayAmountsNonRefundable: [{ amountMinor: 2500, currency: "USD" }] }, stay, now)).toBe(false);
    // Free cancellation ending within the minute: booking would refuse the hold, so price-check says so.
    expect(isHoldable("hotel", { refundable: true, deadlines: [at("2030-01-10T00:00:30Z")] }, stay, now)).toBe(false);
  });

  it("a package rate reports packageRate and needs the lead's contact", async () => {
    const { rows } = await q.search("hotel", { destination: "Paris" });
    const pkg = q.steady(rows).find((r) => hotel(r).isPackage);
    expect(pkg).toBeDefined();
    expect((await q.check(pkg!.rateQuoteId)).body.data).toEqual(
      unchangedCheck(pkg!, { leadContact: true, title: hotel(pkg!).requiresGuestTitle ? "all" : "none" }, { packageRate: true, holdable: pkg!.refundable && !hotel(pkg!).cancellationPolicy.deadlinesWithheld }),
    );
  });

  it("a flight: documents, titles and contact for every passenger; never holdable", async () => {
    const { rows } = await q.search("flight");
    const res = await q.check(rows[0]!.rateQuoteId);
    expect(res.body).toEqual({
      data: unchangedCheck(rows[0]!, { travelDocuments: true, title: "all", leadContact: true }),
      meta: {},
      error: null,
    });
  });

  it("activities: booking questions by kind, a title on the lead for the reseller, a PAN in India", async () => {
    const { rows } = await q.search("activity");
    const act = (r: ResultRow) => r.summary as ActivitySummary;
    const food = rows.find((r) => act(r).category === "food")!;
    expect((await q.check(food.rateQuoteId)).body.data).toEqual(
      unchangedCheck(food, {
        title: act(food).requiresLeadTitle ? "lead" : "none",
        bookingQuestions: [{ code: "DIETARY", label: expect.any(String), required: true, perTraveler: true, type: "select", options: DIETARY_OPTIONS, maxLength: null }],
      }),
    );
    const trip = rows.find((r) => act(r).category === "day_trip" && act(r).requiresLeadTitle)!;
    expect((await q.check(trip.rateQuoteId)).body.data).toEqual(
      unchangedCheck(trip, {
        title: "lead",
        leadContact: true,
        bookingQuestions: [
          { code: "PICKUP_HOTEL", label: expect.any(String), required: true, perTraveler: false, type: "text", options: null, maxLength: 120 },
          { code: "ARRIVAL_DATE", label: expect.any(String), required: false, perTraveler: false, type: "date", options: null, maxLength: null },
        ],
      }),
    );
    const walk = rows.find((r) => act(r).category === "tour" && !act(r).requiresLeadTitle)!;
    expect((await q.check(walk.rateQuoteId)).body.data).toEqual(unchangedCheck(walk, {}));

    const india = catalog.activityDestinations.find((d) => d.countryCode === "IN")!;
    const indian = await q.search("activity", { destinationCode: india.code });
    expect((await q.check(indian.rows[0]!.rateQuoteId)).body.data).toMatchObject({ status: "unchanged", requirements: { panRequired: true } });
  });

  it("transfers: flight details only when an end is an airport; the lead's contact always", async () => {
    const fromAirport = await q.search("transfer");
    const r = fromAirport.rows[0]!;
    const title = (r.summary as TransferSummary).requiresLeadTitle ? "lead" : "none";
    expect((await q.check(r.rateQuoteId)).body.data).toEqual(unchangedCheck(r, { flightDetails: true, leadContact: true, title }));

    const hotelId = catalog.hotelsByCity.get(barcelona.cityRegionId)![0]!.canonicalId;
    const inTown = await q.search("transfer", { pickupLocation: { type: "hotel", code: hotelId } });
    const t = inTown.rows.find((x) => (x.summary as TransferSummary).requiresLeadTitle)!;
    expect((await q.check(t.rateQuoteId)).body.data).toEqual(unchangedCheck(t, { leadContact: true, title: "lead" }));
  });
});

describe("price-check: natural changes of hotel rates", () => {
  let rows: ResultRow[] = [];
  beforeAll(async () => {
    rows = (await q.readAll(await q.create(q.bodies.hotel({ destination: "London" })), "limit=500")).rows;
  });

  it("about one hotel rate in ten comes back changed, deterministically; other products hold", async () => {
    expect(rows.length).toBeGreaterThan(3000);
    const changed = rows.filter((r) => naturalChange(config.seed, r) !== "none").length / rows.length;
    expect(changed).toBeGreaterThan(0.08);
    expect(changed).toBeLessThan(0.12);
    const flights = await q.search("flight");
    expect(flights.rows.every((r) => naturalChange(config.seed, r) === "none")).toBe(true);
  });

  it("a dearer rate: `changed`, the live price 2–7% up, acknowledgement required; the same on a re-check", async () => {
    const row = rows.find((r) => naturalChange(config.seed, r) === "price")!;
    const live = raisedPrice(config.seed, row);
    expect(live / row.sellAmountMinor).toBeGreaterThanOrEqual(1.015);
    expect(live / row.sellAmountMinor).toBeLessThanOrEqual(1.075);
    const first = await q.check(row.rateQuoteId);
    expect(first.body.data).toMatchObject({
      status: "changed",
      sellAmountMinor: live,
      previousSellAmountMinor: row.sellAmountMinor,
      changesAcknowledgementRequired: true,
      changes: [{ kind: "price", message: expect.any(String), before: { amountMinor: row.sellAmountMinor, currency: "USD" }, after: { amountMinor: live, currency: "USD" } }],
    });
    expect(first.body.data.changes).toHaveLength(1);
    const again = await q.check(row.rateQuoteId);
    expect(again.body.data).toMatchObject({ status: "changed", sellAmountMinor: live });
    expect(sb.services.quotes.bookable("agy_demo", row.rateQuoteId).check.sellAmountMinor).toBe(live);
  });

  it("a stricter policy: `changed` with the old and new policy, same price", async () => {
    const row = rows.find((r) => naturalChange(config.seed, r) === "policy")!;
    const res = (await q.check(row.rateQuoteId)).body.data;
    const before = row.summary.cancellationPolicy;
    expect(res).toMatchObject({ status: "changed", sellAmountMinor: row.sellAmountMinor, changesAcknowledgementRequired: true });
    expect(res.changes).toEqual([{ kind: "cancellation_policy", message: expect.any(String), before, after: res.cancellationPolicy }]);
    expect(res.cancellationPolicy).toEqual(stricterPolicy(before, row.sellAmountMinor, "USD", Date.parse(res.checkedAt)));
  });
});

describe("price-check: body", () => {
  it.each<[string, { body?: unknown; rawBody?: string }, string[]]>([
    ["an unknown field", { body: { supplierRateRef: "x", colour: "blue" } }, ["colour"]],
    ["a supplierRateRef that is not a string", { body: { supplierRateRef: 5 } }, ["supplierRateRef"]],
    ["an empty supplierRateRef", { body: { supplierRateRef: "" } }, ["supplierRateRef"]],
    ["an array body", { body: [] }, [""]],
    ["malformed JSON", { rawBody: "{" }, [""]],
  ])("%s → 400 validation_error", async (_name, send, paths) => {
    const { rows } = await q.search("flight");
    const res = await sb.call("POST", `/api/v1/quotes/${rows[0]!.rateQuoteId}/price-check`, { ...send, headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", paths.map(detail)));
  });

  it("no body and an empty object are the same check", async () => {
    const { rows } = await q.search("flight");
    expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(200);
    expect((await q.check(rows[0]!.rateQuoteId, {})).status).toBe(200);
  });
});

describe("price-check: errors, in the order they are checked", () => {
  type Case = { quoteId: string; key?: string; body?: unknown };
  it.each<[string, () => Promise<Case>, number, string]>([
    ["a malformed quote ID", async () => ({ quoteId: "nope" }), 404, "not_found"],
    ["a well-formed ID of no search", async () => ({ quoteId: "qt_0123456789abcdefr0" }), 404, "not_found"],
    [
      "a row number the search does not have",
      async () => ({ quoteId: (await q.search("flight")).rows[0]!.rateQuoteId.replace(/r[0-9a-z]+$/, "rzzzzz") }),
      404,
      "not_found",
    ],
    ["another agency's quote", async () => ({ quoteId: (await q.search("flight")).rows[0]!.rateQuoteId, key: await q.otherAgencyKey() }), 403, "forbidden"],
    [
      "another agency's quote of an expired search (403 before 410)",
      async () => {
        const { rows } = await q.search("flight");
        await q.advance(21 * 60);
        return { quoteId: rows[0]!.rateQuoteId, key: await q.otherAgencyKey() };
      },
      403,
      "forbidden",
    ],
    [
      "a quote past its 20 minutes in a search kept alive by a price-check",
      async () => {
        const { rows } = await q.search("flight");
        await q.advance(15 * 60);
        expect((await q.check(rows[1]!.rateQuoteId)).status).toBe(200);
        await q.advance(6 * 60);
        return { quoteId: rows[0]!.rateQuoteId };
      },
      410,
      "quote_expired",
    ],
    [
      "a quote of an expired search",
      async () => {
        const { rows } = await q.search("flight");
        await q.advance(20 * 60 + 1);
        return { quoteId: rows[0]!.rateQuoteId };
      },
      410,
      "search_expired",
    ],
    [
      "a quote claimed by a booking",
      async () => {
        const { rows } = await q.search("flight");
        expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(200);
        sb.services.quotes.claim(rows[0]!.rateQuoteId, "bk_test");
        return { quoteId: rows[0]!.rateQuoteId, body: { supplierRateRef: "opt_nope" } };
      },
      409,
      "quote_not_repriceable",
    ],
    ["a supplierRateRef on a hotel quote", async () => ({ quoteId: (await q.search("hotel")).rows[0]!.rateQuoteId, body: { supplierRateRef: "opt_group_0900" } }), 400, "rate_option_not_offered"],
    ["an unknown supplierRateRef on an activity", async () => ({ quoteId: (await q.search("activity")).rows[0]!.rateQuoteId, body: { supplierRateRef: "opt_none_0000" } }), 400, "rate_option_not_offered"],
  ])("%s → %i %s", async (_name, setup, status, code) => {
    const c = await setup();
    const res = await sb.call("POST", `/api/v1/quotes/${c.quoteId}/price-check`, { key: c.key ?? (await q.freshKey()), body: c.body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(errorBody(code));
  });

  it("60 price-checks a minute per key, then 429 rate_limited with Retry-After", async () => {
    const { rows } = await q.search("flight");
    const key = await q.freshKey();
    startOfVirtualMinute(sb);
    const send = () => sb.call("POST", `/api/v1/quotes/${rows[0]!.rateQuoteId}/price-check`, { key });
    for (let i = 0; i < 60; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(errorBody("rate_limited"));
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    await q.advance(61);
    expect((await send()).status).toBe(200);
  });

  it("two checks of one quote at once: the one that finishes second gets 409 price_check_conflict", async () => {
    const { rows } = await q.search("hotel");
    await sb.control("PATCH", "/settings", { latencyScale: 0.05 });
    try {
      const both = await Promise.all([q.check(rows[0]!.rateQuoteId), q.check(rows[0]!.rateQuoteId)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body).toEqual(errorBody("price_check_conflict"));
    } finally {
      await sb.control("PATCH", "/settings", { latencyScale: 0 });
    }
    expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(200);
  });
});

describe("price-check: lifetimes", () => {
  it("a price-check at minute 15 keeps the search alive at minute 30 (its quotes keep their own 20 minutes)", async () => {
    const { id, rows } = await q.search("hotel");
    await q.advance(15 * 60);
    expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(200);
    await q.advance(15 * 60);
    expect((await q.results(id, "limit=1")).status).toBe(200);
    expect((await q.check(rows[0]!.rateQuoteId)).body).toEqual(errorBody("quote_expired"));
    await q.advance(6 * 60);
    expect((await q.results(id, "limit=1")).status).toBe(410);
    expect((await q.check(rows[0]!.rateQuoteId)).body).toEqual(errorBody("search_expired"));
  });

  it("a fresh rate sheet's quotes get fresh 20 minutes; earlier quote IDs keep their expiry", async () => {
    const { id, rows } = await q.search("hotel");
    const listed = rows[0]!;
    await q.advance(15 * 60);
    const sheet = await q.call<ResultRow[]>("POST", `/search/${id}/hotels/${listed.canonicalProductId}/rates`);
    const [fresh, untouched] = sheet.body.data;
    await q.advance(6 * 60);
    expect((await q.check(listed.rateQuoteId)).body).toEqual(errorBody("quote_expired"));
    const ok = await q.check(fresh!.rateQuoteId);
    expect(ok.status).toBe(200);
    expect(ok.body.data.quoteExpiresAt).toBe(q.expiresAt(fresh!.rateQuoteId));
    expect(Date.parse(ok.body.data.quoteExpiresAt)).toBeGreaterThan(Date.parse(ok.body.data.checkedAt) + 13 * 60_000);

    // Minute 36: the sheet's quotes are past their 20 minutes; the search lives on (extended to minute 41).
    await q.advance(15 * 60);
    expect((await q.check(fresh!.rateQuoteId)).body).toEqual(errorBody("quote_expired"));
    // A later sheet makes the engine drop them: a quote the desk has checked still answers quote_expired, an unchecked one is gone.
    expect((await q.call("POST", `/search/${id}/hotels/${listed.canonicalProductId}/rates`)).status).toBe(200);
    expect((await q.check(fresh!.rateQuoteId)).body).toEqual(errorBody("quote_expired"));
    expect((await q.check(untouched!.rateQuoteId)).body).toEqual(errorBody("not_found"));
  });
});
