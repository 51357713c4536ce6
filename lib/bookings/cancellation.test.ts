import { describe, expect, it } from "vitest";
import { cancellationEstimate } from "./cancellation";

const policy = {
  refundable: true,
  deadlines: [
    { from: "2026-12-01T00:00:00Z", amountMinor: 2500, currency: "USD" },
    { from: "2026-12-10T00:00:00Z", amountMinor: 10000, currency: "USD" },
  ],
};

describe("cancellationEstimate", () => {
  it("free before the first deadline, a fee after it, nothing back after the last", () => {
    expect(cancellationEstimate(policy, 10000, new Date("2026-11-24T00:00:00Z"))).toEqual({
      kind: "free",
      feeMinor: 0,
      refundMinor: 10000,
      freeUntil: "2026-12-01T00:00:00Z",
    });
    expect(cancellationEstimate(policy, 10000, new Date("2026-12-02T00:00:00Z"))).toEqual({
      kind: "fee",
      feeMinor: 2500,
      refundMinor: 7500,
      feeSince: "2026-12-01T00:00:00Z",
    });
    expect(cancellationEstimate(policy, 10000, new Date("2026-12-11T00:00:00Z"))).toEqual({ kind: "none", feeMinor: 10000, refundMinor: 0, reason: "deadline_passed" });
  });

  it("a leg of a round trip is its share of the whole", () => {
    expect(cancellationEstimate(policy, 5000, new Date("2026-12-02T00:00:00Z"), 0.5)).toMatchObject({ kind: "fee", feeMinor: 1250, refundMinor: 3750 });
  });

  it("non-refundable, withheld deadlines, no policy, the service's own word on now", () => {
    expect(cancellationEstimate({ refundable: false, deadlines: [] }, 100, new Date())).toMatchObject({ kind: "none", reason: "non_refundable" });
    expect(cancellationEstimate({ refundable: true, deadlines: [], deadlinesWithheld: true }, 100, new Date())).toEqual({ kind: "unknown", reason: "withheld" });
    expect(cancellationEstimate(null, 100, new Date())).toEqual({ kind: "unknown", reason: "no_policy" });
    expect(cancellationEstimate({ ...policy, currentRefundability: "non_refundable" }, 100, new Date("2026-11-01T00:00:00Z"))).toMatchObject({ kind: "none" });
  });

  it("amounts never refunded count whatever the date", () => {
    const withFixed = { ...policy, perStayAmountsNonRefundable: [{ amountMinor: 1000, currency: "USD" }] };
    expect(cancellationEstimate(withFixed, 10000, new Date("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 1000, refundMinor: 9000 });
  });
});
