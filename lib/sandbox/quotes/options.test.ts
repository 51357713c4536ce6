import { beforeAll, describe, expect, it } from "vitest";
import { detail, errorBody } from "@/lib/testing/sandbox-search";
import type { ActivitySummary, ResultRow } from "../search/types";
import { testSandbox } from "@/lib/testing/sandbox";
import { CAPACITY, DEFAULT_CAPACITY, isAdultsOnly, paxMixProblem } from "../search/activities";
import { quoteKit } from "@/lib/testing/sandbox-quotes";

const sb = testSandbox();
const q = quoteKit(sb);
const engine = sb.services.search;
const act = (r: ResultRow) => r.summary as ActivitySummary;
const adults = (...counts: number[]) => counts.map((n) => ({ adults: n, childrenAges: [] }));

/** The options a quote's source sells for its activity, as the search saved them. */
const saved = (searchId: string, row: ResultRow) => engine.savedOptions(searchId, row.canonicalProductId).filter((o) => o.supplier === row.supplier);

/** A wine tasting quote of a search for two adults (a search with a child lists none). */
async function wineTasting(): Promise<ResultRow> {
  const { id, rows: found } = await q.search("activity", { occupancy: adults(2) });
  return found.find((r) => isAdultsOnly(act(r).activityName) && saved(id, r).length > 1)!;
}

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

  it.each<[string, () => Promise<{ quoteId: string; body: unknown }>, string]>([
    [
      "26 travellers: no option takes them",
      async () => ({ quoteId: tour.rateQuoteId, body: { occupancy: adults(8, 8, 8, 2) } }),
      "No option of Barcelona Old Town Walking Tour takes 26 travellers in one booking; the largest takes 25.",
    ],
    [
      "a child on the wine tasting (adults only)",
      async () => ({ quoteId: (await wineTasting()).rateQuoteId, body: { occupancy: [{ adults: 2, childrenAges: [15] }] } }),
      "Barcelona Wine Tasting Experience is for adults only, and the travellers include a child.",
    ],
  ])("%s → 409 pax_mix_unavailable, in a sentence", async (_name, make, message) => {
    const { quoteId, body } = await make();
    const res = await q.options(quoteId, body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody("pax_mix_unavailable"));
    expect(res.body.error.message).toBe(message);
  });

  it("adults alone may take the wine tasting", async () => {
    expect((await q.options((await wineTasting()).rateQuoteId, { occupancy: adults(2) })).status).toBe(200);
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

describe("the traveller mix: one rule for the search, options, price-check and booking", () => {
  const paris = (occupancy: unknown) => q.search("activity", { destinationCode: "FR-PARIS", occupancy });
  const WINE = "Paris Wine Tasting Experience";
  const family = [{ adults: 2, childrenAges: [8] }];

  it("2 adults and a child of 8: the wine tasting (adults only) is not listed, its options refuse the mix in a sentence", async () => {
    const grownUps = await paris(adults(2));
    const wine = grownUps.rows.find((r) => act(r).activityName === WINE)!;
    expect(wine, "two adults may book the wine tasting").toBeDefined();

    const kids = await paris(family);
    expect(kids.rows.length).toBeGreaterThan(10);
    expect(kids.rows.map((r) => act(r).activityName)).not.toContain(WINE);
    expect(kids.rows.filter((r) => isAdultsOnly(act(r).activityName))).toEqual([]);
    expect(engine.savedOptions(kids.id, wine.canonicalProductId)).toEqual([]);

    const res = await q.options(wine.rateQuoteId, { occupancy: family });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody("pax_mix_unavailable"));
    expect(res.body.error.message).toBe(`${WINE} is for adults only, and the travellers include a child.`);
  });

  it("32 adults: no option of any activity takes them in one booking, so the search lists none", async () => {
    const big = await paris(adults(8, 8, 8, 8));
    expect(big.rows).toEqual([]);
    const grownUps = await paris(adults(2));
    const res = await q.options(grownUps.rows.find((r) => saved(grownUps.id, r).length > 1)!.rateQuoteId, { occupancy: adults(8, 8, 8, 8) });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^No option of .+ takes 32 travellers in one booking; the largest takes 25\.$/);
  });

  it("11 adults: only the options that take 11 are listed and saved", async () => {
    const eleven = await paris(adults(8, 3));
    expect(eleven.rows.length).toBeGreaterThan(10);
    const all = eleven.rows.flatMap((r) => saved(eleven.id, r));
    expect(all.map((r) => paxMixProblem(act(r), { adults: 11, childrenAges: [] }))).toEqual(all.map(() => null));
    expect(new Set(all.map((r) => act(r).modalityCode))).not.toContain("small_group");
    expect(new Set(all.map((r) => act(r).modalityCode))).not.toContain("private");
  });

  it("price-check of an option the group is too large for → 409 pax_mix_unavailable, in a sentence", async () => {
    const nine = await q.search("activity", { occupancy: adults(8, 1) });
    const walk = nine.rows.find((r) => act(r).activityName === "Barcelona Old Town Walking Tour" && !act(r).requiresLeadTitle)!;
    expect(saved(nine.id, walk).map((r) => act(r).modalityCode)).not.toContain("private");
    // The same source sells the private tour to smaller groups.
    const pair = await q.search("activity", { occupancy: adults(2) });
    const sameSource = (r: ResultRow) => r.canonicalProductId === walk.canonicalProductId && r.supplier === walk.supplier;
    const privateTour = pair.rows.flatMap((r) => saved(pair.id, r)).find((r) => sameSource(r) && act(r).modalityCode === "private")!;
    const ref = `opt_private_${act(privateTour).sessionStartTime!.replace(":", "")}`;
    expect((await q.check(pair.rows.find(sameSource)!.rateQuoteId, { supplierRateRef: ref })).status).toBe(200);

    const res = await q.check(walk.rateQuoteId, { supplierRateRef: ref });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody("pax_mix_unavailable"));
    expect(res.body.error.message).toBe("Barcelona Old Town Walking Tour (Private tour) takes at most 8 travellers in one booking, and this group has 9.");
    // An option the source never sells is still 400.
    expect((await q.check(walk.rateQuoteId, { supplierRateRef: "opt_private_0300" })).body).toEqual(errorBody("rate_option_not_offered"));
  });
});
