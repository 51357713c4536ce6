import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientPrice, PRICED_PRODUCTS, ROUNDINGS, type Pricing, type Rounding } from "@/lib/pricing/markup";
import type { ItemSnapshot, ProposalItem } from "./model";
import { repriceItem } from "./store";

// The client's price when a proposal's offer is bought at another cost than proposed
// (docs/proposals.md#re-finding-an-offer): unchanged at the same cost, the advisor's margin kept
// when they set their own price, else the agency's markup rule on the new cost, as when the item
// was added. Integer minor units throughout; 1,000 cases each over 0-, 2- and 3-digit currencies.

const props = { numRuns: Number(process.env.PRICING_PROPERTY_RUNS ?? 1000), seed: 20261127 };
const currency = fc.constantFrom("USD", "EUR", "JPY", "KWD", "BHD");
const minor = fc.integer({ min: 0, max: 5_000_000_000 });
const pricing = fc.record({
  rounding: fc.constantFrom<Rounding>(...ROUNDINGS),
  percentBp: fc.integer({ min: 0, max: 100_000 }),
  fixedMinor: fc.integer({ min: 0, max: 10_000_000 }),
});
const product = fc.constantFrom(...PRICED_PRODUCTS);

function build(p: { rounding: Rounding; percentBp: number; fixedMinor: number }, cur: string): Pricing {
  return {
    settings: { currency: cur, rounding: p.rounding, allowBelowCost: false, maxDiscountBp: 0 },
    rules: [{ productType: null, country: null, percentBp: p.percentBp, fixedMinor: p.fixedMinor }],
  };
}

function itemOf(productType: ItemSnapshot["productType"], cost: number, client: number, overridden: boolean, cur: string) {
  return {
    snapshot: { productType, country: null } as unknown as ItemSnapshot,
    cost: { amountMinor: cost, currency: cur },
    clientPrice: { amountMinor: client, currency: cur },
    overridden,
  } satisfies Pick<ProposalItem, "snapshot" | "cost" | "clientPrice" | "overridden">;
}

describe("repriceItem", () => {
  it("at the proposed cost the client pays what was proposed, overridden or not", () => {
    fc.assert(
      fc.property(product, minor, minor, fc.boolean(), pricing, currency, (t, cost, client, overridden, p, cur) => {
        expect(repriceItem(itemOf(t, cost, client, overridden, cur), cost, build(p, cur))).toEqual({ amountMinor: client, currency: cur });
      }),
      props,
    );
  });

  it("an advisor's own price moves with the cost: the agency keeps the same amount", () => {
    fc.assert(
      fc.property(product, minor, minor, minor, pricing, currency, (t, cost, client, now, p, cur) => {
        const next = repriceItem(itemOf(t, cost, client, true, cur), now, build(p, cur));
        expect(Number.isSafeInteger(next.amountMinor)).toBe(true);
        expect(next.amountMinor - now).toBe(client - cost);
      }),
      props,
    );
  });

  it("otherwise the agency's markup rule on the new cost, exactly as a newly added item", () => {
    fc.assert(
      fc.property(product, minor, minor, pricing, currency, (t, cost, now, p, cur) => {
        const rules = build(p, cur);
        const proposed = clientPrice({ amountMinor: cost, currency: cur }, t, null, rules).amountMinor;
        const next = repriceItem(itemOf(t, cost, proposed, false, cur), now, rules);
        expect(next).toEqual({ amountMinor: clientPrice({ amountMinor: now, currency: cur }, t, null, rules).amountMinor, currency: cur });
        expect(next.amountMinor).toBeGreaterThanOrEqual(now);
      }),
      props,
    );
  });
});
