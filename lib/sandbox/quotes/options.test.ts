import { beforeAll, describe, expect, it } from "vitest";
import { detail, errorBody } from "../search/testkit";
import type { ActivitySummary, ResultRow } from "../search/types";
import { testSandbox } from "../testing";
import { CAPACITY, DEFAULT_CAPACITY } from "./options";
import { quoteKit } from "./testkit";

const sb = testSandbox();
const q = quoteKit(sb);
const engine = sb.services.search;
const act = (r: ResultRow) => r.summary as ActivitySummary;
const adults = (...counts: number[]) => counts.map((n) => ({ adults: n, childrenAges: [] }));

/** The options a quote's source sells for its activity, as the search saved them. */
const saved = (searchId: string, row: ResultRow) => engine.savedOptions(searchId, row.canonicalProductId).filter((o) => o.supplier === row.supplier);

let searchId = "";
let rows: ResultRow[] = [];
/** The first source's walking tour (group, small group and private, several sessions). */
let tour: ResultRow;

beforeAll(async () => {
  ({ id: searchId, rows } = await q.search("activity"));
  tour = rows.find((r) => act(r).activityName.includes("Old Town Walking Tour") && act(r).modalityCode !== "private" && !act(r).requiresLeadTitle)!;
});

describe("POST /quotes/:quoteId/options", () => {
  it("lists every modality and session the quote's source sells for the activity, for the searched travellers", async () => {
    const res = await q.options(tour.rateQuoteId);
    expect(res.status).toBe(200);
    const expected = saved(searchId, tour).map((o) => ({
      supplierRateRef: expect.stringMatching(/^opt_[a-z_]+_(\d{4}|open)$/),
      label: act(o).modality,
      startTime: act(o).sessionStartTime,
      sellAmountMinor: o.sellAmountMinor,
      sellCurrency: "USD",
    }));
    expect(expected.length).toBeGreaterThan(3);
    expect(res.body).toEqual({ data: expected, meta: {}, error: null });
    const refs = res.body.data.map((o) => o.supplierRateRef);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toContain(`opt_${act(tour).modalityCode}_${act(tour).sessionStartTime!.replace(":", "")}`);
    expect(res.body.data.map((o) => o.label)).toEqual(expect.arrayContaining(["Group tour", "Small group (max 10)", "Private tour"]));
  });

  it("another traveller mix re-prices the same options (a lone adult pays less for per-person ones)", async () => {
    const base = (await q.options(tour.rateQuoteId)).body.data;
    const alone = (await q.options(tour.rateQuoteId, { occupancy: adults(1) })).body.data;
    const price = new Map(base.map((o) => [o.supplierRateRef, o.sellAmountMinor]));
    expect(alone.map((o) => o.supplierRateRef).sort()).toEqual([...price.keys()].sort());
    expect(alone.map((o) => o.sellAmountMinor)).toEqual(alone.map((o) => o.sellAmountMinor).sort((a, b) => a - b));
    for (const o of alone) expect(o.sellAmountMinor).toBeLessThanOrEqual(price.get(o.supplierRateRef)!);
    expect(alone.some((o) => o.sellAmountMinor < price.get(o.supplierRateRef)!)).toBe(true);
  });

  it.each<[string, number[], string[]]>([
    ["9 travellers: the private tour (8 at most) is left out", [8, 1], ["group", "small_group"]],
    ["11 travellers: the small group (10 at most) too", [8, 3], ["group"]],
    ["25 travellers: still the group tour", [8, 8, 8, 1], ["group"]],
  ])("%s", async (_name, counts, modalities) => {
    const res = await q.options(tour.rateQuoteId, { occupancy: adults(...counts) });
    expect(res.status).toBe(200);
    expect([...new Set(res.body.data.map((o) => o.supplierRateRef.replace(/^opt_|_(\d{4}|open)$/g, "")))].sort()).toEqual(modalities);
  });

  it("capacities are documented: small group 10, private 8, others 25", () => {
    expect(CAPACITY).toEqual({ small_group: 10, private: 8 });
    expect(DEFAULT_CAPACITY).toBe(25);
  });

  it.each<[string, () => { quoteId: string; body: unknown }]>([
    ["26 travellers: no option takes them", () => ({ quoteId: tour.rateQuoteId, body: { occupancy: adults(8, 8, 8, 2) } })],
    [
      "a child on the wine tasting (adults only)",
      () => ({ quoteId: rows.find((r) => act(r).activityName.includes("Wine Tasting"))!.rateQuoteId, body: { occupancy: [{ adults: 2, childrenAges: [15] }] } }),
    ],
  ])("%s → 409 pax_mix_unavailable", async (_name, make) => {
    const { quoteId, body } = make();
    const res = await q.options(quoteId, body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody("pax_mix_unavailable"));
  });

  it("adults alone may take the wine tasting", async () => {
    const wine = rows.find((r) => act(r).activityName.includes("Wine Tasting") && saved(searchId, r).length > 1)!;
    expect((await q.options(wine.rateQuoteId, { occupancy: adults(2) })).status).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    ["a hotel quote", async () => (await q.search("hotel")).rows[0]!.rateQuoteId],
    ["a flight quote", async () => (await q.search("flight")).rows[0]!.rateQuoteId],
    ["a transfer quote", async () => (await q.search("transfer")).rows[0]!.rateQuoteId],
    ["an activity with a single option (the reseller's day trip)", async () => rows.find((r) => saved(searchId, r).length === 1)!.rateQuoteId],
  ])("%s → 400 activity_recheck_unsupported", async (_name, quoteId) => {
    const res = await q.options(await quoteId());
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("activity_recheck_unsupported"));
  });

  it.each<[string, unknown, string[]]>([
    ["no occupancy entries", { occupancy: [] }, ["occupancy"]],
    ["9 entries", { occupancy: adults(1, 1, 1, 1, 1, 1, 1, 1, 1) }, ["occupancy"]],
    ["9 adults in an entry", { occupancy: adults(9) }, ["occupancy.0.adults"]],
    ["a child of 18", { occupancy: [{ adults: 1, childrenAges: [18] }] }, ["occupancy.0.childrenAges.0"]],
    ["7 children", { occupancy: [{ adults: 1, childrenAges: [1, 2, 3, 4, 5, 6, 7] }] }, ["occupancy.0.childrenAges"]],
    ["unknown fields", { pax: 2, occupancy: [{ adults: 1, childrenAges: [], infants: 1 }] }, ["pax", "occupancy.0.infants"]],
  ])("%s → 400 validation_error", async (_name, body, paths) => {
    const res = await q.options(tour.rateQuoteId, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", expect.arrayContaining(paths.map(detail))));
    expect(res.body.error.details).toHaveLength(paths.length);
  });

  it("404, 403 and 410 like price-check; options do not extend the search", async () => {
    expect((await q.options("qt_0123456789abcdefr0")).body).toEqual(errorBody("not_found"));
    const other = await q.otherAgencyKey();
    const forbidden = await sb.call("POST", `/api/v1/quotes/${tour.rateQuoteId}/options`, { key: other });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(errorBody("forbidden"));

    const fresh = await q.search("activity");
    const walk = fresh.rows.find((r) => saved(fresh.id, r).length > 1)!;
    await q.advance(15 * 60);
    expect((await q.options(walk.rateQuoteId)).status).toBe(200);
    expect((await q.check(fresh.rows[0]!.rateQuoteId)).status).toBe(200); // extends the search to minute 35
    await q.advance(6 * 60);
    expect((await q.options(walk.rateQuoteId)).body).toEqual(errorBody("quote_expired"));

    const later = await q.search("activity");
    const another = later.rows.find((r) => saved(later.id, r).length > 1)!;
    await q.advance(15 * 60);
    expect((await q.options(another.rateQuoteId)).status).toBe(200);
    await q.advance(5 * 60 + 1);
    expect((await q.options(another.rateQuoteId)).body).toEqual(errorBody("search_expired"));
  });
});

describe("price-check of an activity option (supplierRateRef)", () => {
  it("the quote's own option: unchanged, remembered for the booking", async () => {
    const { id, rows: fresh } = await q.search("activity");
    const own = fresh.find((r) => saved(id, r).length > 1)!;
    const ref = (await q.options(own.rateQuoteId)).body.data.find((o) => o.sellAmountMinor === own.sellAmountMinor && o.startTime === act(own).sessionStartTime)!.supplierRateRef;
    const res = await q.check(own.rateQuoteId, { supplierRateRef: ref });
    expect(res.body.data).toMatchObject({ status: "unchanged", sellAmountMinor: own.sellAmountMinor, changes: [] });
    expect(sb.services.quotes.bookable("agy_demo", own.rateQuoteId)).toMatchObject({ supplierRateRef: ref, row: { rateQuoteId: own.rateQuoteId } });
  });

  it("another option: `changed` (option, price, policy), its price and row become the booking's", async () => {
    const { id, rows: fresh } = await q.search("activity");
    const quote = fresh.find((r) => act(r).activityName.includes("Old Town Walking Tour") && act(r).modalityCode !== "private" && !act(r).requiresLeadTitle)!;
    const other = saved(id, quote).find((o) => act(o).modalityCode === "private" && act(o).sessionStartTime !== act(quote).sessionStartTime)!;
    const ref = `opt_private_${act(other).sessionStartTime!.replace(":", "")}`;
    const res = (await q.check(quote.rateQuoteId, { supplierRateRef: ref })).body.data;
    expect(res).toMatchObject({
      quoteId: quote.rateQuoteId,
      status: "changed",
      sellAmountMinor: other.sellAmountMinor,
      previousSellAmountMinor: quote.sellAmountMinor,
      changesAcknowledgementRequired: true,
      cancellationPolicy: other.summary.cancellationPolicy,
    });
    expect(res.changes.map((c) => c.kind)).toEqual(["other", "price", "cancellation_policy"]);
    expect(res.changes[0]).toEqual({ kind: "other", message: expect.any(String), before: expect.stringContaining(act(quote).modality), after: `Private tour at ${act(other).sessionStartTime}` });
    const bq = sb.services.quotes.bookable("agy_demo", quote.rateQuoteId);
    expect(bq).toMatchObject({ supplierRateRef: ref, row: other, quote: { row: { rateQuoteId: quote.rateQuoteId } } });
    expect(bq.check.sellAmountMinor).toBe(other.sellAmountMinor);

    // A later check without a ref goes back to the quote's own option.
    await q.check(quote.rateQuoteId);
    expect(sb.services.quotes.bookable("agy_demo", quote.rateQuoteId)).toMatchObject({ supplierRateRef: null, row: { rateQuoteId: quote.rateQuoteId } });
  });

  it("a modality the activity does not have → 400 rate_option_not_offered", async () => {
    const { rows: fresh } = await q.search("activity");
    const walk = fresh.find((r) => act(r).activityName.includes("Old Town Walking Tour"))!;
    const res = await q.check(walk.rateQuoteId, { supplierRateRef: "opt_vip_2000" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("rate_option_not_offered"));
  });
});
