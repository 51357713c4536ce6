import { describe, expect, it } from "vitest";
import { bookingDetailSchema } from "@/lib/tds/contract/schemas";
import { cancellationEstimate, transferLegsOf } from "./cancellation";

type PolicyIn = Record<string, unknown> & { refundable: boolean; deadlines: Array<Record<string, unknown>> };
const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });
const at = (from: string, amountMinor: number) => ({ from, amountMinor, currency: "USD" });

/** A booking detail as the desk reads it (through the service's schema). */
function detail(opts: { total: number; policy: PolicyIn | null; product?: string; details?: Record<string, unknown>; state?: string }) {
  return bookingDetailSchema.parse({
    order: { orderRef: "RV-2026-TEST0001", state: opts.state ?? "confirmed", travelers: [], paymentMethod: "credit", totalSell: usd(opts.total) },
    lineItems: [{ productType: opts.product ?? "hotel", state: opts.state ?? "confirmed", sell: usd(opts.total), details: opts.details ?? {} }],
    cancellationPolicy: opts.policy,
  });
}
const hotel = (total: number, policy: PolicyIn | null, checkIn = "2026-12-12", checkOut = "2026-12-15") => detail({ total, policy, details: { checkIn, checkOut, nights: 3 } });
const day = (iso: string) => new Date(iso);

const policy: PolicyIn = { refundable: true, deadlines: [at("2026-12-01T00:00:00Z", 2500), at("2026-12-10T00:00:00Z", 10000)] };

describe("cancellationEstimate: deadlines", () => {
  it("free before the first deadline, a fee after it, nothing back after the last", () => {
    expect(cancellationEstimate(hotel(10000, policy), day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "free", feeMinor: 0, refundMinor: 10000, freeUntil: "2026-12-01T00:00:00.000Z" });
    expect(cancellationEstimate(hotel(10000, policy), day("2026-12-02T00:00:00Z"))).toMatchObject({
      kind: "fee",
      feeMinor: 2500,
      refundMinor: 7500,
      feeSince: "2026-12-01T00:00:00.000Z",
      because: "deadline",
    });
    expect(cancellationEstimate(hotel(10000, policy), day("2026-12-11T00:00:00Z"))).toMatchObject({ kind: "none", feeMinor: 10000, refundMinor: 0, reason: "deadline_passed" });
  });

  it("the highest deadline passed applies, whatever order the policy lists them in; never more than the total", () => {
    const odd = { refundable: true, deadlines: [at("2026-12-05T00:00:00Z", 1000), at("2026-12-01T00:00:00Z", 4000)] };
    expect(cancellationEstimate(hotel(10000, odd), day("2026-12-06T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 4000, feeSince: "2026-12-01T00:00:00.000Z" });
    const over = { refundable: true, deadlines: [at("2026-12-01T00:00:00Z", 25000)] };
    expect(cancellationEstimate(hotel(10000, over), day("2026-12-06T00:00:00Z"))).toMatchObject({ kind: "none", feeMinor: 10000 });
  });

  it("non-refundable outright, or by the service's own word now", () => {
    expect(cancellationEstimate(hotel(100, { refundable: false, deadlines: [] }), day("2026-11-01T00:00:00Z"))).toMatchObject({ kind: "none", feeMinor: 100, reason: "non_refundable" });
    expect(cancellationEstimate(hotel(100, { ...policy, currentRefundability: "non_refundable" }), day("2026-11-01T00:00:00Z"))).toMatchObject({ kind: "none", reason: "service" });
  });
});

describe("cancellationEstimate: what is kept whatever the date", () => {
  // Issue 27, demo booking RV-2026-HCXPQUV9: "Whatever the date, the nights of 20 Jun to 21 Jun are
  // non-refundable"; the dialog said "Free cancellation: $308.43 expected back". The stay and
  // deadlines are as the sandbox makes such a rate: 3 nights from 19 Jun, the first night's price
  // from a few days before, the whole price from check-in.
  it("RV-2026-HCXPQUV9: two of three nights kept, $205.62 of $308.43, before any deadline", () => {
    const b = hotel(30843, {
      refundable: true,
      deadlines: [at("2027-06-16T23:59:00.000Z", 10281), at("2027-06-19T00:00:00.000Z", 30843)],
      nonrefundableDateRanges: [{ start: "2027-06-20", end: "2027-06-21" }],
    }, "2027-06-19", "2027-06-22");
    expect(cancellationEstimate(b, day("2027-06-01T10:00:00Z"))).toEqual({
      kind: "fee",
      amountMinor: 30843,
      feeMinor: 20562,
      refundMinor: 10281,
      feeSince: null,
      because: "kept",
      kept: { nights: { runs: [{ start: "2027-06-20", end: "2027-06-21" }], count: 2, of: 3, amountMinor: 20562 }, fixedMinor: 0 },
    });
    // From check-in the whole price is due: nothing back.
    expect(cancellationEstimate(b, day("2027-06-19T00:00:00Z"))).toMatchObject({ kind: "none", feeMinor: 30843, reason: "deadline_passed" });
  });

  it("RV-2026-5LMJ8R5L: $999.56 for 5 nights, two kept: $399.82 kept, $599.74 back", () => {
    const b = hotel(99956, {
      refundable: true,
      deadlines: [at("2027-03-09T23:59:00.000Z", 19991), at("2027-03-12T00:00:00.000Z", 99956)],
      nonrefundableDateRanges: [{ start: "2027-03-13", end: "2027-03-14" }],
    }, "2027-03-12", "2027-03-17");
    expect(cancellationEstimate(b, day("2027-02-20T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 39982, refundMinor: 59974, because: "kept" });
  });

  it("per-stay amounts and the nights' share add up; the deadline's fee is the larger of the two, not added to them", () => {
    const withFixed = { ...policy, perStayAmountsNonRefundable: [usd(1000)] };
    expect(cancellationEstimate(hotel(10000, withFixed), day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 1000, refundMinor: 9000, because: "kept" });
    // After the first deadline: max(2500, 1000), not 3500.
    expect(cancellationEstimate(hotel(10000, withFixed), day("2026-12-02T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 2500, because: "deadline" });
    const both = { ...withFixed, nonrefundableDateRanges: [{ start: "2026-12-13", end: "2026-12-13" }] };
    // 1000 + round(10000 × 1/3) = 4333 > 2500.
    expect(cancellationEstimate(hotel(10000, both), day("2026-12-02T00:00:00Z"))).toMatchObject({ kind: "fee", feeMinor: 4333, refundMinor: 5667, because: "kept", feeSince: null });
  });

  it("counts each night once, only nights of the stay, and rounds the share half up", () => {
    const overlapping = { ...policy, nonrefundableDateRanges: [{ start: "2026-12-10", end: "2026-12-13" }, { start: "2026-12-13", end: "2026-12-13" }, { start: "2026-12-20", end: "2026-12-22" }] };
    // Nights 12, 13 and 14 Dec; the ranges cover 12 and 13 (13 twice), none of the 20th–22nd.
    expect(cancellationEstimate(hotel(10001, overlapping), day("2026-11-24T00:00:00Z"))).toMatchObject({
      kind: "fee",
      feeMinor: 6667, // 10001 × 2/3 = 6667.33
      kept: { nights: { runs: [{ start: "2026-12-12", end: "2026-12-13" }], count: 2, of: 3 } },
    });
    const half = detail({ total: 101, policy: { ...policy, nonrefundableDateRanges: [{ start: "2026-12-12", end: "2026-12-12" }] }, details: { checkIn: "2026-12-12", checkOut: "2026-12-14" } });
    expect(cancellationEstimate(half, day("2026-11-24T00:00:00Z"))).toMatchObject({ feeMinor: 51, refundMinor: 50 }); // 50.5 → 51
  });

  it("nights covering the whole stay keep everything", () => {
    const all = { ...policy, nonrefundableDateRanges: [{ start: "2026-12-01", end: "2026-12-31" }] };
    expect(cancellationEstimate(hotel(30000, all), day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "none", feeMinor: 30000, reason: "kept" });
  });

  it("ranges are nights of a hotel stay: another product's policy is priced without them", () => {
    const activity = detail({ total: 5000, product: "activity", policy: { ...policy, nonrefundableDateRanges: [{ start: "2026-12-01", end: "2026-12-31" }] }, details: { date: "2026-12-12" } });
    expect(cancellationEstimate(activity, day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "free", refundMinor: 5000 });
  });
});

describe("cancellationEstimate: what cannot be priced is a floor, never a promise", () => {
  it("withheld deadlines: at least what is kept whatever the date", () => {
    const withheld = { refundable: true, deadlines: [], deadlinesWithheld: true, nonrefundableDateRanges: [{ start: "2026-12-13", end: "2026-12-14" }] };
    expect(cancellationEstimate(hotel(30000, withheld), day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "at_least", keptMinor: 20000, refundMaxMinor: 10000, reason: "withheld" });
    expect(cancellationEstimate(hotel(30000, { refundable: true, deadlines: [], deadlinesWithheld: true }), day("2026-11-24T00:00:00Z"))).toMatchObject({
      kind: "at_least",
      keptMinor: 0,
      refundMaxMinor: 30000,
      reason: "withheld",
    });
  });

  it("non-refundable nights of a stay without dates, an amount the policy does not state, no policy at all", () => {
    const ranges = { ...policy, nonrefundableDateRanges: [{ start: "2026-12-13", end: "2026-12-14" }], perStayAmountsNonRefundable: [usd(700)] };
    expect(cancellationEstimate(detail({ total: 30000, policy: ranges }), day("2026-11-24T00:00:00Z"))).toMatchObject({ kind: "at_least", keptMinor: 700, reason: "no_stay" });
    const noAmount = { refundable: true, deadlines: [{ from: "2026-12-01T00:00:00Z" }] };
    expect(cancellationEstimate(hotel(30000, noAmount), day("2026-12-02T00:00:00Z"))).toMatchObject({ kind: "at_least", keptMinor: 0, reason: "unpriced" });
    expect(cancellationEstimate(hotel(30000, null), day("2026-12-02T00:00:00Z"))).toMatchObject({ kind: "at_least", keptMinor: 0, refundMaxMinor: 30000, reason: "no_policy" });
  });
});

describe("cancellationEstimate: holds and round trips", () => {
  it("a hold is released for nothing: nothing was paid; the rate's own free cancellation is kept for the desk's deadlines", () => {
    const held = detail({ total: 10000, policy, state: "held", details: { checkIn: "2026-12-12", checkOut: "2026-12-15" } });
    expect(cancellationEstimate(held, day("2026-11-24T00:00:00Z"))).toEqual({ kind: "release", amountMinor: 10000, feeMinor: 0, refundMinor: 0, freeUntil: "2026-12-01T00:00:00.000Z" });
  });

  const legs = (ret: { state?: string; sell?: number } = {}) =>
    detail({
      total: 10001,
      product: "transfer",
      policy: { refundable: true, deadlines: [at("2026-12-01T00:00:00Z", 3333), at("2026-12-05T10:00:00Z", 10001)], perStayAmountsNonRefundable: [usd(11)] },
      details: {
        tripType: "round",
        transferLegs: [
          { leg: "departure", state: "confirmed", pickupAt: "2026-12-05T10:00:00Z", sell: usd(5001) },
          { leg: "return", state: ret.state ?? "confirmed", pickupAt: "2026-12-09T18:00:00Z", sell: ret.sell === undefined ? usd(5000) : ret.sell === -1 ? null : usd(ret.sell) },
        ],
      },
    });

  it("each leg is its share of every amount, rounded on its own; the return's deadlines move with its date", () => {
    expect(transferLegsOf(legs()).map((l) => [l.leg, l.sellMinor])).toEqual([["departure", 5001], ["return", 5000]]);
    const now = day("2026-12-06T00:00:00Z");
    // Departure: its full deadline (5001) has passed. Return: moved 4 d 8 h later, only its first (3333 × 5000 / 10001 = 1666.3 → 1666).
    expect(cancellationEstimate(legs(), now, "departure")).toMatchObject({ kind: "none", feeMinor: 5001 });
    expect(cancellationEstimate(legs(), now, "return")).toMatchObject({ kind: "fee", feeMinor: 1666, refundMinor: 3334, feeSince: "2026-12-05T08:00:00.000Z" });
    expect(cancellationEstimate(legs(), now, "whole")).toMatchObject({ kind: "fee", amountMinor: 10001, feeMinor: 6667, refundMinor: 3334 });
    // Before any deadline, each leg keeps its share of the per-stay amount (11 × 5001/10001 = 5.5 → 6; 11 × 5000/10001 = 5.5 → 5).
    expect(cancellationEstimate(legs(), day("2026-11-20T00:00:00Z"), "whole")).toMatchObject({ kind: "fee", feeMinor: 11, kept: { fixedMinor: 11 } });
  });

  it("a leg already cancelled is not cancelled again; a leg without a price is a floor", () => {
    expect(cancellationEstimate(legs({ state: "cancelled" }), day("2026-11-20T00:00:00Z"), "whole")).toMatchObject({ amountMinor: 5001, feeMinor: 6 });
    expect(cancellationEstimate(legs({ sell: -1 }), day("2026-11-20T00:00:00Z"), "return")).toMatchObject({ kind: "at_least", reason: "unpriced" });
  });
});
