import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPricing, savePricing } from "@/lib/agency/pricing-store";
import { clientPrice } from "@/lib/pricing/markup";
import { pricingOf, pricingResponseSchema } from "@/lib/pricing/schema";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import * as pricing from "./route";

// The agency's pricing through the BFF (issue 29): advisors read the rules (the Client prices
// switch needs them), only admins save them, from the desk's own pages, all at once; each bad
// value is refused with a sentence on its field.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const get = () => kit.call(pricing.GET, "/api/agency/pricing");
const put = (body: unknown, origin?: string | null) => kit.call(pricing.PUT, "/api/agency/pricing", { method: "PUT", body, origin });

const valid = {
  rounding: "ninety_nine",
  allowBelowCost: false,
  maxDiscountBp: 1000,
  rules: [
    { productType: null, country: null, percentBp: 1200, fixedMinor: 0 },
    { productType: "hotel", country: null, percentBp: 1000, fixedMinor: 0 },
    { productType: "flight", country: null, percentBp: 0, fixedMinor: 2500 },
    { productType: "hotel", country: "JP", percentBp: 1500, fixedMinor: 1000 },
    { productType: null, country: "FR", percentBp: 800, fixedMinor: 0 },
  ],
};

describe("GET and PUT /api/agency/pricing", () => {
  it("before an admin sets it: no markup, no rounding, no discount, in the agency's currency; signed out is refused", async () => {
    kit.as(kit.people.advisor);
    const res = await get();
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      currency: "USD",
      agencyCurrency: "USD",
      rounding: "none",
      allowBelowCost: false,
      maxDiscountBp: 0,
      rules: [{ productType: null, country: null, percentBp: 0, fixedMinor: 0 }],
      updatedAt: null,
      updatedBy: null,
    });
    expect(pricingResponseSchema.safeParse(res.body.data).success).toBe(true);
    kit.as(null);
    expect((await get()).status).toBe(401);
  });

  it("only admins save it, only from the desk's own pages; advisors then read what was saved, in precedence order", async () => {
    kit.as(kit.people.advisor);
    const refused = await put(valid);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "forbidden", message: "Your role does not allow this. Ask an admin if you need it." });
    kit.as(kit.people.admin);
    expect((await put(valid, "https://evil.example")).status).toBe(403);
    expect((await put(valid, null)).status).toBe(403);
    const saved = await put(valid);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ currency: "USD", rounding: "ninety_nine", maxDiscountBp: 1000, updatedBy: "Ada Admin" });

    kit.as(kit.people.advisor);
    const read = (await get()).body.data;
    // Default, products, then countries by name (France before Japan).
    expect(read.rules).toEqual([valid.rules[0], valid.rules[1], valid.rules[2], valid.rules[4], valid.rules[3]]);
    expect(Date.parse(read.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    // What an advisor's screen computes from it: a hotel in Japan costing $1,000.00 → 1,000 + 150 + 10 = $1,160.00 → $1,160.99.
    expect(clientPrice({ amountMinor: 100_000, currency: "USD" }, "hotel", "JP", pricingOf(read)).amountMinor).toBe(116_099);
    expect(clientPrice({ amountMinor: 100_000, currency: "USD" }, "activity", "FR", pricingOf(read)).amountMinor).toBe(108_099);
  });

  it("a save replaces every rule: removed ones are gone", async () => {
    kit.as(kit.people.admin);
    const fewer = { ...valid, rounding: "whole", rules: [valid.rules[0], valid.rules[3]] };
    expect((await put(fewer)).status).toBe(200);
    expect((await get()).body.data.rules).toEqual([valid.rules[0], valid.rules[3]]);
    expect((await get()).body.data.rounding).toBe("whole");
  });

  it("refuses each bad value with a sentence on its field, and saves nothing", async () => {
    kit.as(kit.people.admin);
    const before = (await get()).body.data;
    const refused = async (body: unknown) => {
      const res = await put(body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      return res.body.error.details as Array<{ path: string; message: string }>;
    };
    const rule = (over: object) => ({ ...valid, rules: [valid.rules[0], { productType: "hotel", country: null, percentBp: 1000, fixedMinor: 0, ...over }] });
    expect(await refused(rule({ percentBp: -1 }))).toEqual([{ path: "rules.1.percentBp", message: "A markup cannot be negative; use 0 for none." }]);
    expect(await refused(rule({ percentBp: 100_001 }))).toEqual([{ path: "rules.1.percentBp", message: "A markup can be at most 1,000%." }]);
    expect(await refused(rule({ percentBp: 12.5 }))).toEqual([{ path: "rules.1.percentBp", message: "Give the percentage as a whole number of hundredths of a percent." }]);
    expect(await refused(rule({ fixedMinor: -5 }))).toEqual([{ path: "rules.1.fixedMinor", message: "A fixed amount cannot be negative; use 0 for none." }]);
    expect(await refused(rule({ country: "ZZ" }))).toEqual([{ path: "rules.1.country", message: "Choose the destination country from the list." }]);
    expect(await refused(rule({ country: "jp" }))).toEqual([{ path: "rules.1.country", message: "Choose the destination country from the list." }]);
    expect(await refused(rule({ productType: "cruise" }))).toEqual([{ path: "rules.1.productType", message: "Choose hotels, flights, activities or transfers, or all products." }]);
    expect(await refused({ ...valid, rules: [valid.rules[0], valid.rules[3], { ...valid.rules[3], percentBp: 1 }] })).toEqual([
      { path: "rules.2", message: "There are two rules for hotels in Japan; keep one." },
    ]);
    expect(await refused({ ...valid, rules: [valid.rules[1]] })).toEqual([{ path: "rules", message: "Set the default markup: it prices everything no other rule covers." }]);
    expect(await refused({ ...valid, rules: [] })).toEqual([{ path: "rules", message: "Set the default markup: it prices everything no other rule covers." }]);
    expect(await refused({ ...valid, rounding: "nearest" })).toEqual([{ path: "rounding", message: "Choose how client prices are rounded." }]);
    expect(await refused({ ...valid, maxDiscountBp: 10_001 })).toEqual([{ path: "maxDiscountBp", message: "A discount can be at most 100%." }]);
    expect(await refused({ ...valid, allowBelowCost: "yes" })).toEqual([{ path: "allowBelowCost", message: "Say whether advisors may sell below cost." }]);
    expect((await get()).body.data).toEqual(before);
  });
});

describe("the store", () => {
  it("fixed amounts keep the currency they were saved in; a database edited by hand without a default still prices as no markup", async () => {
    const { db } = kit;
    await savePricing(db, { rounding: "none", allowBelowCost: true, maxDiscountBp: 0, rules: [{ productType: null, country: null, percentBp: 0, fixedMinor: 500 }] }, "EUR", kit.people.admin.id);
    expect((await readPricing(db, "USD")).settings).toEqual({ currency: "EUR", rounding: "none", allowBelowCost: true, maxDiscountBp: 0 });
    kit.as(kit.people.advisor);
    expect((await get()).body.data).toMatchObject({ currency: "EUR", agencyCurrency: "USD" });
    const { markupRules } = await import("@/lib/db/schema");
    await db.delete(markupRules);
    expect((await readPricing(db, "USD")).rules).toEqual([{ productType: null, country: null, percentBp: 0, fixedMinor: 0 }]);
  });
});
