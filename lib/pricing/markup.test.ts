import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits } from "@/lib/money";
import { formatScaled, parseScaled } from "./decimal";
import {
  charmStep,
  checkOverride,
  clientPrice,
  defaultPricing,
  formatBp,
  margin,
  marginBp,
  overrideLimits,
  percentOf,
  PRICED_PRODUCTS,
  roundClientPrice,
  ROUNDINGS,
  ruleFor,
  type MarkupRule,
  type Pricing,
  type Rounding,
} from "./markup";

// The markup rules (issue 29, agency pricing): integer money in the currency's own digits, rules
// by precedence, rounding that only goes up, and an advisor's price within the admin's limits.
// Properties run 1,000 times or more each, over 0-, 2- and 3-digit currencies.

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 1000);
const SEED = Number(process.env.PRICING_PROPERTY_SEED ?? 20261127);
const props = { numRuns: RUNS, seed: SEED };

/** JPY and KRW have no minor unit, BHD, KWD and JOD have three digits; CLF has four. */
const CURRENCIES = ["EUR", "USD", "GBP", "JPY", "KRW", "KWD", "BHD", "JOD", "CLF"] as const;
const currency = fc.constantFrom(...CURRENCIES);
const rounding = fc.constantFrom<Rounding>(...ROUNDINGS);
const cost = fc.integer({ min: 0, max: 5_000_000_000 });
const bp = fc.integer({ min: 0, max: 100_000 });
const fixed = fc.integer({ min: 0, max: 10_000_000 });
const product = fc.constantFrom(...PRICED_PRODUCTS);
const country = fc.constantFrom("JP", "FR", "US", "KW", "ES");

const rule = (over: Partial<MarkupRule> = {}): MarkupRule => ({ productType: null, country: null, percentBp: 0, fixedMinor: 0, ...over });
const pricing = (cur: string, rules: MarkupRule[], r: Rounding = "none", extra: Partial<Pricing["settings"]> = {}): Pricing => ({
  settings: { currency: cur, rounding: r, allowBelowCost: false, maxDiscountBp: 0, ...extra },
  rules,
});

describe("the currencies' digits come from lib/money", () => {
  it.each([
    ["JPY", 0, 1, 100, 99],
    ["EUR", 2, 100, 100, 99],
    ["KWD", 3, 1000, 1000, 990],
    ["BHD", 3, 1000, 1000, 990],
  ])("%s: %i digits, .99 is a step of %i with ending %i", (cur, digits, _unit, step, ending) => {
    expect(minorDigits(cur)).toBe(digits);
    expect(charmStep(cur)).toEqual({ step, ending });
  });
});

describe("examples an admin would check by hand", () => {
  it("the page's example: a hotel costing €1,234.56 at 15% is €1,419.74, and €1,419.99 with .99 rounding", () => {
    const p = pricing("EUR", [rule({ productType: "hotel", percentBp: 1500 })]);
    const cost = { amountMinor: 123_456, currency: "EUR" };
    expect(clientPrice(cost, "hotel", "FR", p)).toMatchObject({ amountMinor: 141_974, percentMinor: 18_518, fixedMinor: 0, roundingMinor: 0 });
    const charm = clientPrice(cost, "hotel", "FR", { ...p, settings: { ...p.settings, rounding: "ninety_nine" } });
    expect(charm.amountMinor).toBe(141_999);
    expect(formatMoney(charm.amountMinor, "EUR")).toBe("€1,419.99");
  });

  it("percentage and fixed amount together, then whole units", () => {
    const p = pricing("USD", [rule({ percentBp: 1000, fixedMinor: 2500 })], "whole");
    // 200.00 + 20.00 + 25.00 = 245.00, already whole; 200.01 + 20.00 + 25.00 = 245.01 → 246.00.
    expect(clientPrice({ amountMinor: 20_000, currency: "USD" }, "flight", null, p).amountMinor).toBe(24_500);
    expect(clientPrice({ amountMinor: 20_001, currency: "USD" }, "flight", null, p).amountMinor).toBe(24_600);
  });

  it("JPY: whole units change nothing, .99 ends in 99 yen", () => {
    const p = pricing("JPY", [rule({ percentBp: 1000 })]);
    expect(clientPrice({ amountMinor: 12_345, currency: "JPY" }, "hotel", "JP", p).amountMinor).toBe(13_580); // 1234.5 → 1235 (half up)
    expect(roundClientPrice(13_580, "JPY", "whole")).toBe(13_580);
    expect(roundClientPrice(13_580, "JPY", "ninety_nine")).toBe(13_599);
    expect(roundClientPrice(13_600, "JPY", "ninety_nine")).toBe(13_699);
    expect(formatMoney(13_599, "JPY")).toBe("¥13,599");
  });

  it("KWD: three digits, whole dinars and .990", () => {
    expect(roundClientPrice(12_345, "KWD", "whole")).toBe(13_000);
    expect(roundClientPrice(12_345, "KWD", "ninety_nine")).toBe(12_990);
    expect(roundClientPrice(12_991, "KWD", "ninety_nine")).toBe(13_990);
    expect(formatMoney(12_990, "KWD")).toBe("KWD\u00a012.990");
    // BHD 10.000 at 7.5% = 10.750 (exact in fils), + BHD 0.500 fixed.
    const p = pricing("BHD", [rule({ percentBp: 750, fixedMinor: 500 })]);
    expect(clientPrice({ amountMinor: 10_000, currency: "BHD" }, "activity", "BH", p).amountMinor).toBe(11_250);
  });

  it("a fixed amount in another currency than the cost is not applied (no conversion), and says so", () => {
    const p = pricing("EUR", [rule({ percentBp: 1000, fixedMinor: 1500 })]);
    const price = clientPrice({ amountMinor: 10_000, currency: "USD" }, "hotel", null, p);
    expect(price).toMatchObject({ amountMinor: 11_000, currency: "USD", fixedMinor: 0, fixedApplied: false });
    expect(clientPrice({ amountMinor: 10_000, currency: "EUR" }, "hotel", null, p)).toMatchObject({ amountMinor: 12_500, fixedApplied: true });
  });

  it("no pricing set: the client pays the cost", () => {
    expect(clientPrice({ amountMinor: 98_765, currency: "USD" }, "transfer", "US", defaultPricing("USD")).amountMinor).toBe(98_765);
  });

  it("percentages past 2^53 in the product stay exact; a result past it is refused", () => {
    expect(() => percentOf(Number.MAX_SAFE_INTEGER, 100_000)).toThrow(RangeError);
    expect(percentOf(9_000_000_000_000, 100_000)).toBe(90_000_000_000_000);
    expect(percentOf(9_007_199_254_740_991, 1)).toBe(900_719_925_474); // 900719925474.0991 → down
    expect(percentOf(1, 5000)).toBe(1); // 0.5 → up
    expect(percentOf(1, 4999)).toBe(0);
  });

  it("margins and their share", () => {
    expect(margin({ amountMinor: 141_999, currency: "EUR" }, { amountMinor: 123_456, currency: "EUR" })).toEqual({ amountMinor: 18_543, currency: "EUR" });
    expect(marginBp(11_000, 10_000)).toBe(909);
    expect(marginBp(0, 0)).toBeNull();
    expect(() => margin({ amountMinor: 1, currency: "EUR" }, { amountMinor: 1, currency: "USD" })).toThrow(/one currency/);
    expect(() => clientPrice({ amountMinor: 12.5, currency: "EUR" }, "hotel", null, defaultPricing("EUR"))).toThrow(/integer/);
  });

  it("percentages read as people write them", () => {
    expect([formatBp(1250), formatBp(1000), formatBp(5), formatBp(0), formatBp(100_000)]).toEqual(["12.5%", "10%", "0.05%", "0%", "1,000%"]);
  });
});

describe("rule precedence", () => {
  const rules = [
    rule({ percentBp: 1 }),
    rule({ productType: "hotel", percentBp: 2 }),
    rule({ country: "JP", percentBp: 3 }),
    rule({ productType: "hotel", country: "JP", percentBp: 4 }),
  ];
  it.each([
    ["hotel", "JP", 4, "the product in that country"],
    ["hotel", "jp", 4, "the country code in any case"],
    ["flight", "JP", 3, "the country, any product"],
    ["hotel", "FR", 2, "the product, anywhere"],
    ["hotel", null, 2, "the product when the destination is unknown"],
    ["flight", "FR", 1, "the default"],
    ["cruise", "FR", 1, "a product type the desk does not price: the default"],
    ["cruise", "JP", 3, "a product type the desk does not price, in a country with a rule"],
  ] as const)("%s in %s: rule %i (%s)", (p, c, expected, _why) => {
    expect(ruleFor(rules, p, c).percentBp).toBe(expected);
  });

  it("property: the chosen rule is the most specific one that matches", () => {
    const scope = fc.record({ productType: fc.option(product, { nil: null }), country: fc.option(country, { nil: null }) });
    fc.assert(
      fc.property(fc.uniqueArray(scope, { selector: (s) => `${s.productType}|${s.country}`, maxLength: 25 }), product, fc.option(country, { nil: null }), (scopes, p, c) => {
        const list = [rule({ percentBp: 0 }), ...scopes.filter((s) => s.productType || s.country).map((s, i) => rule({ ...s, percentBp: i + 1 }))];
        const chosen = ruleFor(list, p, c);
        const matches = list.filter((r) => (r.productType === null || r.productType === p) && (r.country === null || r.country === c));
        expect(matches).toContain(chosen);
        // Specificity order: product+country 3, country 2, product 1, default 0.
        const rank = (r: MarkupRule) => (r.productType && r.country ? 3 : r.country ? 2 : r.productType ? 1 : 0);
        for (const m of matches) expect(rank(m)).toBeLessThanOrEqual(rank(chosen));
      }),
      props,
    );
  });
});

describe("properties", () => {
  it("the client price is never below the cost when the markup is not negative, whatever the rounding", () => {
    fc.assert(
      fc.property(cost, bp, fixed, currency, rounding, product, (c, b, f, cur, r, p) => {
        const price = clientPrice({ amountMinor: c, currency: cur }, p, "FR", pricing(cur, [rule({ percentBp: b, fixedMinor: f })], r));
        expect(Number.isSafeInteger(price.amountMinor)).toBe(true);
        expect(price.amountMinor).toBeGreaterThanOrEqual(c);
        expect(price.amountMinor).toBe(c + price.percentMinor + price.fixedMinor + price.roundingMinor);
        expect(price.roundingMinor).toBeGreaterThanOrEqual(0);
        expect(margin(price, price.cost).amountMinor).toBeGreaterThanOrEqual(0);
      }),
      props,
    );
  });

  it("the percentage part is the exact share rounded half up (checked in BigInt)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 10) }), bp, (a, b) => {
        const exact = BigInt(a) * BigInt(b);
        const got = BigInt(percentOf(a, b));
        // got − ½ ≤ a·b/10000 < got + ½
        expect(got * 20_000n - 10_000n <= exact * 2n).toBe(true);
        expect(exact * 2n < got * 20_000n + 10_000n).toBe(true);
      }),
      props,
    );
  });

  it("rounding is monotone: a higher amount never gets a lower rounded price", () => {
    fc.assert(
      fc.property(cost, cost, currency, rounding, (a, b, cur, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(roundClientPrice(lo, cur, r)).toBeLessThanOrEqual(roundClientPrice(hi, cur, r));
      }),
      props,
    );
  });

  it("the whole client price is monotone in the cost, for one rule", () => {
    fc.assert(
      fc.property(cost, cost, bp, fixed, currency, rounding, (a, b, pb, f, cur, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const p = pricing(cur, [rule({ percentBp: pb, fixedMinor: f })], r);
        expect(clientPrice({ amountMinor: lo, currency: cur }, "hotel", null, p).amountMinor).toBeLessThanOrEqual(
          clientPrice({ amountMinor: hi, currency: cur }, "hotel", null, p).amountMinor,
        );
      }),
      props,
    );
  });

  it("rounding is idempotent, only goes up, and by less than one step", () => {
    fc.assert(
      fc.property(cost, currency, rounding, (a, cur, r) => {
        const once = roundClientPrice(a, cur, r);
        expect(roundClientPrice(once, cur, r)).toBe(once);
        expect(once).toBeGreaterThanOrEqual(a);
        const step = r === "none" ? 1 : r === "whole" ? 10 ** minorDigits(cur) : charmStep(cur).step;
        expect(once - a).toBeLessThan(step);
      }),
      props,
    );
  });

  it(".99 endings in the currency's own minor units: .99 (2 digits), .990 (3 digits), 99 (0 digits)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000_000 }), currency, (a, cur) => {
        const rounded = roundClientPrice(a, cur, "ninety_nine");
        const digits = minorDigits(cur);
        const text = formatScaled(rounded, digits);
        if (digits === 0) expect(text).toMatch(/99$/);
        else expect(text).toMatch(new RegExp(`\\.99${"0".repeat(Math.max(0, digits - 2))}$`));
        // Nothing ending so lies between the amount and the rounded price.
        const { step, ending } = charmStep(cur);
        expect(rounded % step).toBe(ending);
        expect(rounded - step).toBeLessThan(a);
      }),
      props,
    );
  });

  it("whole units in 0-, 2-, 3- and 4-digit currencies: a multiple of the unit, and JPY unchanged", () => {
    fc.assert(
      fc.property(cost, currency, (a, cur) => {
        const unit = 10 ** minorDigits(cur);
        const rounded = roundClientPrice(a, cur, "whole");
        expect(rounded % unit).toBe(0);
        if (unit === 1) expect(rounded).toBe(a);
      }),
      props,
    );
  });

  it("an advisor's price: within the admin's limits it is kept, below them refused with the nearest allowed, never below cost unless allowed", () => {
    fc.assert(
      fc.property(cost, bp, fc.integer({ min: 0, max: 10_000 }), fc.boolean(), fc.integer({ min: 0, max: 6_000_000_000 }), currency, (c, b, d, below, proposed, cur) => {
        const settings = { allowBelowCost: below, maxDiscountBp: d };
        const client = clientPrice({ amountMinor: c, currency: cur }, "hotel", null, pricing(cur, [rule({ percentBp: b })])).amountMinor;
        const { minMinor } = overrideLimits(c, client, settings);
        expect(minMinor).toBeGreaterThanOrEqual(1);
        expect(minMinor).toBeLessThanOrEqual(Math.max(1, client));
        if (!below) expect(minMinor).toBeGreaterThanOrEqual(Math.min(c, Math.max(c, 1)));
        // The discount allowed is at most d basis points of the client price.
        if (minMinor !== c) expect(BigInt(client - minMinor) * 10_000n <= BigInt(client) * BigInt(d)).toBe(true);
        const check = checkOverride(proposed, { cost: { amountMinor: c, currency: cur }, clientMinor: client }, settings, (m) => formatMoney(m.amountMinor, m.currency));
        if (proposed >= minMinor) expect(check).toEqual({ ok: true, amountMinor: proposed });
        else {
          expect(check.ok).toBe(false);
          expect(check.amountMinor).toBe(minMinor);
          if (!check.ok) expect(check.message).toMatch(/^The .+\.$/);
        }
      }),
      props,
    );
  });
});

describe("advisors' overrides, by example", () => {
  const fmt = (m: { amountMinor: number; currency: string }) => formatMoney(m.amountMinor, m.currency);
  const item = { cost: { amountMinor: 100_000, currency: "EUR" }, clientMinor: 115_000 };
  it("10% off allowed: down to €1,035.00; cost is the floor when the discount would pass it", () => {
    expect(overrideLimits(100_000, 115_000, { allowBelowCost: false, maxDiscountBp: 1000 })).toEqual({ minMinor: 103_500, floor: "max_discount" });
    expect(overrideLimits(100_000, 115_000, { allowBelowCost: false, maxDiscountBp: 5000 })).toEqual({ minMinor: 100_000, floor: "cost" });
    expect(overrideLimits(100_000, 115_000, { allowBelowCost: true, maxDiscountBp: 5000 })).toEqual({ minMinor: 57_500, floor: "max_discount" });
  });
  it("refusals are sentences that give the lowest price", () => {
    expect(checkOverride(90_000, item, { allowBelowCost: false, maxDiscountBp: 5000 }, fmt)).toEqual({
      ok: false,
      amountMinor: 100_000,
      message: "The price can go down to €1,000.00, the agency's cost; an admin decides whether advisors may sell below cost.",
    });
    expect(checkOverride(110_000, item, { allowBelowCost: false, maxDiscountBp: 0 }, fmt)).toEqual({
      ok: false,
      amountMinor: 115_000,
      message: "The agency's pricing allows no discount on this price: €1,150.00 is the lowest.",
    });
    expect(checkOverride(100_000, item, { allowBelowCost: false, maxDiscountBp: 1000 }, fmt)).toMatchObject({
      ok: false,
      message: "The lowest price allowed is €1,035.00: the agency allows at most 10% off.",
    });
    expect(checkOverride(200_000, item, { allowBelowCost: false, maxDiscountBp: 0 }, fmt)).toEqual({ ok: true, amountMinor: 200_000 });
    expect(checkOverride(103_500.5, item, { allowBelowCost: false, maxDiscountBp: 1000 }, fmt).ok).toBe(false);
  });
});

describe("decimal text to integers and back, without floats", () => {
  it.each([
    ["12.5", 2, 1250],
    ["0.29", 2, 29],
    ["1,234.56", 2, 123_456],
    ["1234.560", 2, 123_456],
    [" 7 ", 0, 7],
    ["7.000", 0, 7],
    [".5", 3, 500],
    ["12.345", 3, 12_345],
    ["12.3456", 3, "too_precise"],
    ["7.5", 0, "too_precise"],
    ["", 2, null],
    ["abc", 2, null],
    ["-5", 2, null],
    ["1,23", 2, null],
    ["1e3", 2, null],
  ] as const)("%j at %i digits is %j", (text, scale, expected) => {
    expect(parseScaled(text, scale)).toBe(expected);
  });

  it("property: formatting then parsing gives the integer back, at every scale", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), (n, scale, trim) => {
        expect(parseScaled(formatScaled(n, scale, { trim }), scale)).toBe(n);
      }),
      props,
    );
  });
});
