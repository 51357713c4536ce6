import { describe, expect, it } from "vitest";
import { detail, errorBody } from "@/lib/testing/sandbox-search";
import type { HotelSummary, ResultRow } from "../search/types";
import { testSandbox } from "@/lib/testing/sandbox";
import { naturalChange, raisedPrice } from "./changes";
import { quoteKit } from "@/lib/testing/sandbox-quotes";

const sb = testSandbox();
const q = quoteKit(sb);
const { seed } = sb.services.config;

/** A steady refundable first-source hotel rate (no natural change, no package) of a hotel search with `query`. */
async function hotelRate(query: string): Promise<ResultRow> {
  const { rows } = await q.search("hotel", { destination: "Edinburgh", query });
  const row = q.steady(rows).find((r) => r.refundable && r.supplier === sb.services.search.aliases.hotel[0] && !(r.summary as { isPackage: boolean }).isPackage);
  if (!row) throw new Error("no steady rate");
  return row;
}

describe("search triggers on price-checks", () => {
  it.each<[string, number, string]>([
    ["rate-unavailable", 409, "rate_unavailable"],
    ["unknown-supplier", 409, "unknown_supplier"],
    ["supplier-unavailable", 503, "supplier_unavailable"],
    ["quote-invalid", 409, "quote_invalid"],
    ["currency-unavailable", 409, "price_check_currency_unavailable"],
  ])("sandbox:%s → %i %s on every check", async (trigger, status, code) => {
    const row = await hotelRate(`sandbox:${trigger}`);
    for (let i = 0; i < 2; i++) {
      const res = await q.check(row.rateQuoteId);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(errorBody(code));
    }
  });

  it.each<[string, number, string]>([
    ["supplier-unavailable-once", 503, "supplier_unavailable"],
    ["price-check-conflict-once", 409, "price_check_conflict"],
  ])("sandbox:%s → the first check of each quote %i %s, the next succeeds", async (trigger, status, code) => {
    const { rows } = await q.search("hotel", { destination: "Edinburgh", query: `sandbox:${trigger}` });
    for (const row of rows.slice(0, 2)) {
      const first = await q.check(row.rateQuoteId);
      expect(first.status).toBe(status);
      expect(first.body).toEqual(errorBody(code));
      expect((await q.check(row.rateQuoteId)).status).toBe(200);
      expect((await q.check(row.rateQuoteId)).status).toBe(200);
    }
  });

  it("both once-triggers: 503, then 409, then success", async () => {
    const { rows } = await q.search("activity", { query: "sandbox:supplier-unavailable-once sandbox:price-check-conflict-once" });
    const id = rows[0]!.rateQuoteId;
    expect((await q.check(id)).body).toEqual(errorBody("supplier_unavailable"));
    expect((await q.check(id)).body).toEqual(errorBody("price_check_conflict"));
    expect((await q.check(id)).status).toBe(200);
  });

  it("sandbox:price-change → `changed` with a dearer live price, acknowledgement required", async () => {
    const row = await hotelRate("sandbox:price-change");
    const res = await q.check(row.rateQuoteId);
    expect(res.body.data).toMatchObject({
      status: "changed",
      sellAmountMinor: raisedPrice(seed, row),
      previousSellAmountMinor: row.sellAmountMinor,
      changesAcknowledgementRequired: true,
      changes: [{ kind: "price", before: { amountMinor: row.sellAmountMinor, currency: "USD" }, after: { amountMinor: raisedPrice(seed, row), currency: "USD" } }],
    });
    expect(res.body.data.sellAmountMinor).toBeGreaterThan(row.sellAmountMinor);
    // Deadline fees follow the price; the terms do not change, so there is no policy change.
    expect(res.body.data.changes).toHaveLength(1);
  });

  it("sandbox:policy-change → free cancellation ends two days sooner (non-refundable rates: the whole stay is stated non-refundable)", async () => {
    const row = await hotelRate("sandbox:policy-change");
    const res = (await q.check(row.rateQuoteId)).body.data;
    const before = row.summary.cancellationPolicy;
    const [first, ...rest] = before.deadlines;
    expect(res).toMatchObject({ status: "changed", sellAmountMinor: row.sellAmountMinor, changesAcknowledgementRequired: true, refundable: true });
    expect(res.cancellationPolicy).toEqual({ ...before, deadlines: [{ ...first, from: new Date(Date.parse(first!.from) - 2 * 86_400_000).toISOString() }, ...rest] });
    expect(res.changes).toEqual([{ kind: "cancellation_policy", message: expect.any(String), before, after: res.cancellationPolicy }]);

    const { rows } = await q.search("flight", { query: "sandbox:policy-change" });
    const nonRefundable = rows.find((r) => !r.refundable)!;
    const flight = (await q.check(nonRefundable.rateQuoteId)).body.data;
    expect(flight.cancellationPolicy).toEqual({ ...nonRefundable.summary.cancellationPolicy, perStayAmountsNonRefundable: [{ amountMinor: nonRefundable.sellAmountMinor, currency: "USD" }] });
    expect(flight).toMatchObject({ status: "changed", refundable: false, changes: [{ kind: "cancellation_policy" }] });
  });

  it("sandbox:package-rate: each of 500 rows says isPackage, as its price-check says packageRate and asks the lead's contact", async () => {
    const { id } = await q.search("hotel", { destination: "Paris", query: "sandbox:package-rate" });
    const rows = (await q.results(id, "limit=500")).body.data;
    expect(rows).toHaveLength(500);
    for (const row of rows) {
      const s = row.summary as HotelSummary;
      expect({ isPackage: s.isPackage, rateName: s.rateName }).toEqual({ isPackage: true, rateName: expect.stringMatching(/^Package rate: /) });
      const check = (await q.check(row.rateQuoteId)).body.data;
      expect({ packageRate: check.packageRate, leadContact: check.requirements.leadContact }).toEqual({ packageRate: true, leadContact: true });
    }
    // The hotel's rate sheet says so too.
    const sheet = await q.call<ResultRow[]>("POST", `/search/${id}/hotels/${rows[0]!.canonicalProductId}/rates`);
    expect(sheet.body.data.length).toBeGreaterThan(1);
    expect(sheet.body.data.map((r) => (r.summary as HotelSummary).isPackage)).toEqual(sheet.body.data.map(() => true));
  });

  it("without the trigger, each of 500 rows' isPackage is what its price-check says (the few natural package rates included)", async () => {
    const { id } = await q.search("hotel", { destination: "Paris" });
    const rows = (await q.results(id, "limit=500")).body.data;
    expect(rows).toHaveLength(500);
    const pairs: Array<[boolean, boolean]> = [];
    for (const row of rows) {
      const check = (await q.check(row.rateQuoteId)).body.data;
      pairs.push([(row.summary as HotelSummary).isPackage, check.packageRate]);
    }
    expect(pairs.filter(([isPackage, packageRate]) => isPackage !== packageRate)).toEqual([]);
    expect(pairs.some(([isPackage]) => isPackage)).toBe(true);
    expect(pairs.some(([isPackage]) => !isPackage)).toBe(true);
  });

  it("sandbox:package-rate is about hotel rates: other products have no package rates (their rows carry no isPackage)", async () => {
    for (const type of ["flight", "activity", "transfer"] as const) {
      const { rows } = await q.search(type, { query: "sandbox:package-rate" });
      expect(rows[0]!.summary).not.toHaveProperty("isPackage");
      expect((await q.check(rows[0]!.rateQuoteId)).body.data.packageRate).toBe(false);
    }
  });

  it("sandbox:lead-contact and sandbox:titles → the lead's contact and a title on everyone", async () => {
    const plain = await hotelRate("");
    expect((await q.check(plain.rateQuoteId)).body.data.requirements).toMatchObject({ leadContact: false, title: "none" });
    const row = await hotelRate("sandbox:lead-contact sandbox:titles");
    expect(naturalChange(seed, row)).toBe("none");
    expect((await q.check(row.rateQuoteId)).body.data).toMatchObject({ status: "unchanged", requirements: { leadContact: true, title: "all" } });
    const { rows } = await q.search("activity", { query: "sandbox:titles" });
    expect((await q.check(rows[0]!.rateQuoteId)).body.data.requirements.title).toBe("all");
  });

  it("triggers act on flight, activity and transfer searches too", async () => {
    for (const type of ["flight", "activity", "transfer"] as const) {
      const { rows } = await q.search(type, { query: "sandbox:rate-unavailable" });
      expect((await q.check(rows[0]!.rateQuoteId)).body).toEqual(errorBody("rate_unavailable"));
    }
  });

  it("a check that reaches the source extends the search even when a trigger fails it", async () => {
    const { id, rows } = await q.search("hotel", { destination: "Edinburgh", query: "sandbox:supplier-unavailable" });
    await q.advance(15 * 60);
    expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(503);
    await q.advance(15 * 60);
    expect((await q.results(id, "limit=1")).status).toBe(200);
  });

  it("triggers come after the quote's own checks: an unknown option is still 400 rate_option_not_offered", async () => {
    const { rows } = await q.search("activity", { query: "sandbox:supplier-unavailable" });
    expect((await q.check(rows[0]!.rateQuoteId, { supplierRateRef: "opt_none_0000" })).body).toEqual(errorBody("rate_option_not_offered"));
  });

  it.each([
    ["an unknown word in a hotel search", "hotel", "sandbox:no-such-thing"],
    ["an unknown word in an activity search", "activity", "sandbox:price-chnage"],
    ["an email trigger in a search query", "transfer", "sandbox:pdf-fails"],
  ] as const)("%s → 400 validation_error at POST /search", async (_name, type, query) => {
    const res = await q.call("POST", "/search", q.bodies[type]({ query }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", [detail("query")]));
  });
});
