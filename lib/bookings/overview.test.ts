import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareBp } from "@/lib/pricing/markup";
import { buildOverview, overviewSchema, parseRange, proposalMargins, type OverviewFact, type ProposalSale } from "./overview";

const NOW = new Date("2026-11-24T12:00:00Z");
const ana = { id: "u1", name: "Ana Advisor" };
const fact = (over: Partial<OverviewFact>): OverviewFact => ({
  bookingId: "bk",
  productType: "hotel",
  state: "confirmed",
  totalSellMinor: 10_000,
  currency: "USD",
  commissionMinor: 1_000,
  bookedAt: "2026-11-24T09:00:00Z",
  advisor: ana,
  ...over,
});
const opts = { range: 7 as const, now: NOW, currency: "USD", creditUsedMinor: 50_000, creditLimitMinor: 200_000, checkedAt: null };

describe("agency overview", () => {
  it("counts every booking of the period, sums only sales (not holds, failures or cancellations) in the agency's currency", () => {
    const o = buildOverview(
      [
        fact({ bookingId: "a" }),
        fact({ bookingId: "b", state: "held", commissionMinor: null }),
        fact({ bookingId: "c", state: "failed", advisor: null }),
        fact({ bookingId: "d", state: "refunded", productType: "flight" }),
        fact({ bookingId: "e", currency: "EUR" }),
        fact({ bookingId: "f", bookedAt: "2026-11-10T09:00:00Z" }),
        fact({ bookingId: "g", state: "supplier_pending", commissionMinor: null, bookedAt: "2026-11-18T23:00:00Z" }),
      ],
      opts,
    );
    expect(o.totals).toMatchObject({ bookings: 6, salesMinor: 20_000, earningsMinor: 1_000, held: 1, failed: 1, cancelled: 1, refunded: 1, earningsKnown: 2, otherCurrency: 1 });
    expect(o.byDay).toHaveLength(7);
    expect(o.from).toBe("2026-11-18");
    expect(o.byDay.at(-1)).toMatchObject({ day: "2026-11-24", bookings: 5, salesMinor: 10_000 });
    expect(o.byAdvisor).toEqual([
      { id: "u1", name: "Ana Advisor", bookings: 5, salesMinor: 20_000, earningsMinor: 1_000 },
      { id: null, name: "Outside the desk", bookings: 1, salesMinor: 0, earningsMinor: 0 },
    ]);
    expect(o.byProduct.map((p) => p.productType)).toEqual(["hotel", "flight"]);
    expect(o.credit).toEqual({ usedMinor: 50_000, limitMinor: 200_000 });
  });

  it("ranges are 7, 30 or 90 days; anything else is 30", () => {
    expect([parseRange("7"), parseRange("90"), parseRange("12"), parseRange(undefined), parseRange(["30"])]).toEqual([7, 90, 30, 30, 30]);
  });
});

const ben = { id: "u2", name: "Ben Advisor" };
const sale = (over: Partial<ProposalSale>): ProposalSale => ({ currency: "USD", costMinor: 10_000, clientMinor: 11_500, createdAt: "2026-11-24T09:00:00Z", bookedBy: ana, ...over });

describe("margin on bookings from proposals", () => {
  it("per advisor who booked, in the agency's currency only, for the period; margin = client − cost, and its share of the client price", () => {
    const o = buildOverview([], {
      ...opts,
      proposalSales: [
        sale({}),
        sale({ costMinor: 20_000, clientMinor: 25_000, createdAt: "2026-11-18T00:00:00Z" }),
        sale({ bookedBy: ben, costMinor: 5_000, clientMinor: 4_900 }),
        sale({ bookedBy: null, costMinor: 1_000, clientMinor: 1_000 }),
        sale({ currency: "EUR", costMinor: 99_999, clientMinor: 199_999 }),
        // Sold as the overview's sales are: a cancelled or held one earns nothing; one the desk has not seen yet counts.
        sale({ state: "cancelled", costMinor: 7_000, clientMinor: 9_000 }),
        sale({ state: "held", costMinor: 7_000, clientMinor: 9_000 }),
        sale({ state: "confirmed", costMinor: 0, clientMinor: 0 }),
        // Before the period (the first day is 18 November, from midnight UTC).
        sale({ createdAt: "2026-11-17T23:59:59Z", costMinor: 1, clientMinor: 1_000_000 }),
      ],
    });
    expect(o.proposals.totals).toEqual({ bookings: 5, clientMinor: 42_400, costMinor: 36_000, marginMinor: 6_400, marginBp: 1509 });
    expect(o.proposals.otherCurrency).toBe(1);
    expect(o.proposals.notSold).toBe(2);
    expect(o.proposals.byAdvisor).toEqual([
      { id: "u1", name: "Ana Advisor", bookings: 3, clientMinor: 36_500, costMinor: 30_000, marginMinor: 6_500, marginBp: 1781 },
      { id: null, name: "A former user", bookings: 1, clientMinor: 1_000, costMinor: 1_000, marginMinor: 0, marginBp: 0 },
      { id: "u2", name: "Ben Advisor", bookings: 1, clientMinor: 4_900, costMinor: 5_000, marginMinor: -100, marginBp: -204 },
    ]);
    // The bookings' own figures are untouched by it.
    expect(o.totals.bookings).toBe(0);
  });

  it("none in the period: zeros, no advisors, no share; an answer without it reads as none", () => {
    const o = buildOverview([], opts);
    expect(o.proposals).toEqual({ totals: { bookings: 0, clientMinor: 0, costMinor: 0, marginMinor: 0, marginBp: null }, byAdvisor: [], otherCurrency: 0, notSold: 0 });
    const { proposals: _, ...older } = o;
    expect(overviewSchema.parse(older).proposals).toEqual(o.proposals);
  });

  it("shares in basis points, rounded half away from zero, without floats", () => {
    expect([shareBp(1, 3), shareBp(2, 3), shareBp(-2, 3), shareBp(1, 20_000), shareBp(-1, 20_000), shareBp(5, 0)]).toEqual([3333, 6667, -6667, 1, -1, null]);
    expect(shareBp(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(10_000);
  });

  it("property: each advisor's figures add up to the totals, margins add up to client − cost, other currencies and unsold bookings are only counted", () => {
    const sales = fc.array(
      fc.record({
        currency: fc.constantFrom("USD", "USD", "EUR"),
        costMinor: fc.integer({ min: 0, max: 50_000_000_000 }),
        clientMinor: fc.integer({ min: 0, max: 50_000_000_000 }),
        createdAt: fc.constant("2026-11-24T09:00:00Z"),
        bookedBy: fc.constantFrom(ana, ben, null),
        state: fc.constantFrom(null, "confirmed", "supplier_pending", "cancelled", "refunded", "held", "failed"),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(sales, (rows) => {
        const m = proposalMargins(rows, "USD");
        const sold = rows.filter((r) => r.state === null || ["confirmed", "supplier_pending"].includes(r.state));
        const ours = sold.filter((r) => r.currency === "USD");
        const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
        expect(m.notSold).toBe(rows.length - sold.length);
        expect(m.otherCurrency).toBe(sold.length - ours.length);
        expect(m.totals.bookings).toBe(ours.length);
        expect(m.totals.clientMinor).toBe(sum(ours.map((r) => r.clientMinor)));
        expect(m.totals.costMinor).toBe(sum(ours.map((r) => r.costMinor)));
        expect(m.totals.marginMinor).toBe(m.totals.clientMinor - m.totals.costMinor);
        for (const k of ["bookings", "clientMinor", "costMinor", "marginMinor"] as const) expect(sum(m.byAdvisor.map((a) => a[k]))).toBe(m.totals[k]);
        for (const a of m.byAdvisor) {
          expect(a.marginMinor).toBe(a.clientMinor - a.costMinor);
          expect(Number.isSafeInteger(a.marginMinor)).toBe(true);
          if (a.clientMinor > 0) expect(Math.abs(a.marginBp! - (a.marginMinor / a.clientMinor) * 10_000)).toBeLessThanOrEqual(0.5 + 1e-6);
        }
        expect(new Set(m.byAdvisor.map((a) => a.id)).size).toBe(m.byAdvisor.length);
      }),
      { numRuns: 300 },
    );
  });
});
