import { describe, expect, it } from "vitest";
import { buildOverview, parseRange, type OverviewFact } from "./overview";

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
