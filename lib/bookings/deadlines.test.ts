import { describe, expect, it } from "vitest";
import { freeCancellation, freeCancellationEnd, freeCancellationFact, freeCancellationLine } from "./deadlines";

const charge = (from: string, amountMinor?: number) => ({ from, amountMinor, currency: "USD" });
const refundable = (deadlines: Array<{ from?: string; amountMinor?: number }>, more: Record<string, unknown> = {}) => ({ refundable: true, deadlines, ...more });

describe("freeCancellation: when free cancellation ends, by the policy", () => {
  it("at the first deadline asking for money, whatever order the deadlines come in", () => {
    const policy = refundable([charge("2026-12-13T00:00:00Z", 30000), charge("2026-12-01T00:00:00Z", 0), charge("2026-12-11T22:59:00Z", 10000)]);
    expect(freeCancellation(policy)).toEqual({ kind: "until", until: "2026-12-11T22:59:00Z" });
    expect(freeCancellationEnd(policy)).toBe("2026-12-11T22:59:00Z");
  });

  it("a deadline that names no amount is a charge; one that charges nothing is not", () => {
    expect(freeCancellation(refundable([charge("2026-12-01T00:00:00Z", 0), charge("2026-12-05T00:00:00Z")]))).toEqual({ kind: "until", until: "2026-12-05T00:00:00Z" });
    expect(freeCancellation(refundable([charge("2026-12-01T00:00:00Z", 0)]))).toEqual({ kind: "always" });
  });

  it("none at all for a non-refundable policy, or when nights or per-stay amounts are kept whatever the date", () => {
    expect(freeCancellation({ refundable: false, deadlines: [charge("2026-12-11T00:00:00Z", 100)] })).toEqual({ kind: "none", reason: "non_refundable" });
    const nights = refundable([charge("2026-12-11T22:59:00Z", 10000)], { nonrefundableDateRanges: [{ start: "2027-01-12", end: "2027-01-13" }] });
    expect(freeCancellation(nights)).toEqual({ kind: "none", reason: "nights" });
    const amounts = refundable([charge("2026-12-11T22:59:00Z", 10000)], { perStayAmountsNonRefundable: [{ amountMinor: 2500, currency: "USD" }] });
    expect(freeCancellation(amounts)).toEqual({ kind: "none", reason: "amounts" });
    expect(freeCancellationEnd(amounts)).toBeNull();
    // Empty lists and zero amounts keep nothing.
    expect(freeCancellation(refundable([charge("2026-12-11T22:59:00Z", 10000)], { nonrefundableDateRanges: [], perStayAmountsNonRefundable: [{ amountMinor: 0 }] }))).toMatchObject({ kind: "until" });
  });

  it("unknown when the policy does not say", () => {
    expect(freeCancellation(null)).toEqual({ kind: "unknown", reason: "no_policy" });
    expect(freeCancellation(refundable([], { deadlinesWithheld: true }))).toEqual({ kind: "unknown", reason: "withheld" });
    expect(freeCancellation(refundable([]))).toEqual({ kind: "unknown", reason: "no_deadlines" });
    expect(freeCancellation(refundable([{ amountMinor: 5000 }]))).toEqual({ kind: "unknown", reason: "undated" });
    expect(freeCancellation(refundable([charge("not a date", 5000)]))).toEqual({ kind: "unknown", reason: "undated" });
  });
});

describe("the free-cancellation line, one name and one value", () => {
  const before = new Date("2026-12-01T00:00:00Z");
  const after = new Date("2026-12-12T00:00:00Z");
  const until = freeCancellation(refundable([charge("2026-12-11T22:59:00Z", 10000)]));

  it("in the advisor's zone, the zone named; ended once passed", () => {
    expect(freeCancellationLine(until, before, "Europe/Paris")).toBe("Free cancellation until Fri, 11 Dec 2026, 23:59 GMT+1");
    expect(freeCancellationFact(until, before, "Europe/Paris")).toEqual({ label: "Free cancellation until", value: "Fri, 11 Dec 2026, 23:59 GMT+1" });
    expect(freeCancellationLine(until, after, "UTC")).toBe("Free cancellation ended Fri, 11 Dec 2026, 22:59 UTC");
  });

  it("says why there is none, and nothing when the policy does not say", () => {
    expect(freeCancellationLine({ kind: "none", reason: "nights" }, before, "UTC")).toBe("No free cancellation: some nights are non-refundable whatever the date");
    expect(freeCancellationLine({ kind: "none", reason: "amounts" }, before, "UTC")).toBe("No free cancellation: part of the price is never refunded");
    expect(freeCancellationLine({ kind: "none", reason: "non_refundable" }, before, "UTC")).toBe("No free cancellation: the rate is non-refundable");
    expect(freeCancellationFact({ kind: "none", reason: "nights" }, before, "UTC")).toEqual({ label: "Free cancellation", value: "None: some nights are non-refundable whatever the date" });
    expect(freeCancellationLine({ kind: "always" }, before, "UTC")).toBe("Free cancellation, whatever the date");
    expect(freeCancellationLine({ kind: "unknown", reason: "withheld" }, before, "UTC")).toBeNull();
  });
});
