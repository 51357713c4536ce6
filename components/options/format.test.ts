import { describe, expect, it } from "vitest";
import { cancellationSummary, type CancellationPolicy } from "./format";

// An option's cancellation fee with Client prices on (issue 29): said as the same share of the
// client price, or not said at all while that price is not known; never the cost's own amount.

const policy: CancellationPolicy = {
  refundable: true,
  deadlinesWithheld: false,
  currentRefundability: "refundable",
  deadlines: [{ from: "2026-12-05T10:00:00Z", amountMinor: 5_000, currency: "USD" }],
} as unknown as CancellationPolicy;
const base = { now: Date.parse("2026-11-22T00:00:00Z"), timeZone: "UTC", priceMinor: 20_000 };

describe("an option's cancellation fee", () => {
  it("off: the service's fee as stated", () => {
    expect(cancellationSummary(true, policy, base).sentence).toBe("Free cancellation until Sat, 5 Dec 2026, 10:00 UTC; after that it costs $50.00.");
  });

  it("on: a quarter of a $200.00 cost is a quarter of the $250.99 client price, rounded up", () => {
    const s = cancellationSummary(true, policy, { ...base, shownPriceMinor: 25_099 });
    expect(s.sentence).toBe("Free cancellation until Sat, 5 Dec 2026, 10:00 UTC; after that it costs $62.75.");
    expect(s.detail).toBe("until Sat, 5 Dec 2026, 10:00 UTC, then $62.75");
  });

  it("on, the client price not known yet, or no price to share against: no amount at all", () => {
    expect(cancellationSummary(true, policy, { ...base, shownPriceMinor: null }).sentence).toBe("Free cancellation until Sat, 5 Dec 2026, 10:00 UTC.");
    expect(cancellationSummary(true, policy, { now: base.now, timeZone: "UTC", shownPriceMinor: 25_099 }).sentence).not.toMatch(/\$/);
  });
});
