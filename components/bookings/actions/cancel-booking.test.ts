import { describe, expect, it } from "vitest";
import type { CancellationEstimate, Kept } from "@/lib/bookings/cancellation";
import { formatInstant } from "@/lib/format/dates";
import { estimateSentence } from "./cancel-booking";

const nights = { runs: [{ start: "2027-06-20", end: "2027-06-21" }], count: 2, of: 3, amountMinor: 20562 };
const say = (e: CancellationEstimate) => estimateSentence(e, "USD", "UTC");

describe("the Cancel dialog's words", () => {
  it("a fee from kept nights names the nights, what they cost and what comes back (RV-2026-HCXPQUV9)", () => {
    expect(say({ kind: "fee", amountMinor: 30843, feeMinor: 20562, refundMinor: 10281, feeSince: null, because: "kept", kept: { nights, fixedMinor: 0 } })).toEqual({
      title: "A fee of $205.62 applies now; $102.81 expected back",
      detail: "The nights of 20 Jun to 21 Jun (2 of 3 nights) are non-refundable whatever the date: $205.62.",
    });
  });

  it("a deadline's fee says since when, and still names what is kept whatever the date", () => {
    const words = say({ kind: "fee", amountMinor: 10000, feeMinor: 2500, refundMinor: 7500, feeSince: "2026-12-01T00:00:00.000Z", because: "deadline", kept: { nights: null, fixedMinor: 1000 } });
    expect(words.title).toBe("A fee of $25.00 applies now; $75.00 expected back");
    expect(words.detail).toMatch(/^The fee has applied since .*1 Dec 2026.*\. \$10\.00 of the price is non-refundable whatever the date\.$/);
  });

  it("nothing back: outright, past the deadlines, every night kept, or by the service's word", () => {
    const none = (reason: Extract<CancellationEstimate, { kind: "none" }>["reason"], kept: Kept = { nights: null, fixedMinor: 0 }) =>
      say({ kind: "none", amountMinor: 30843, feeMinor: 30843, refundMinor: 0, reason, kept });
    expect(none("non_refundable")).toEqual({ title: "No refund expected", detail: "The rate is non-refundable: the full $308.43 is kept." });
    expect(none("deadline_passed").detail).toBe("The last cancellation deadline has passed: the full $308.43 is kept.");
    expect(none("kept", { nights: { runs: [{ start: "2027-06-19", end: "2027-06-21" }], count: 3, of: 3, amountMinor: 30843 }, fixedMinor: 0 }).detail).toBe(
      "The nights of 19 Jun to 21 Jun (3 of 3 nights) are non-refundable whatever the date: $308.43. Nothing of the $308.43 comes back.",
    );
    expect(none("service").detail).toBe("The travel service reports the booking as non-refundable now: the full $308.43 is kept.");
  });

  it("a bound says at least what is kept and why it cannot say more; it never promises a refund", () => {
    const words = say({ kind: "at_least", amountMinor: 30843, keptMinor: 20562, refundMaxMinor: 10281, reason: "withheld", kept: { nights, fixedMinor: 0 } });
    expect(words.title).toBe("At least $205.62 is kept; at most $102.81 back");
    expect(words.detail).toBe(
      "The nights of 20 Jun to 21 Jun (2 of 3 nights) are non-refundable whatever the date: $205.62. The provider did not share its cancellation deadlines, so a further fee may apply.",
    );
    const nothingKnown = say({ kind: "at_least", amountMinor: 30843, keptMinor: 0, refundMaxMinor: 30843, reason: "withheld", kept: { nights: null, fixedMinor: 0 } });
    expect(nothingKnown).toEqual({ title: "The refund is decided when you cancel", detail: "The provider did not share its cancellation deadlines, so a fee may apply." });
    expect(`${nothingKnown.title} ${nothingKnown.detail}`).not.toMatch(/free|expected back/i);
  });

  it("one night is a night; a hold is released for nothing", () => {
    const one = { runs: [{ start: "2027-06-20", end: "2027-06-20" }], count: 1, of: 3, amountMinor: 10281 };
    expect(say({ kind: "fee", amountMinor: 30843, feeMinor: 10281, refundMinor: 20562, feeSince: null, because: "kept", kept: { nights: one, fixedMinor: 0 } }).detail).toBe(
      "The night of 20 Jun (1 of 3 nights) is non-refundable whatever the date: $102.81.",
    );
    expect(say({ kind: "release", amountMinor: 30843, feeMinor: 0, refundMinor: 0, freeUntil: null })).toEqual({
      title: "Releasing the hold costs nothing",
      detail: "Nothing has been paid for this hold: nothing is charged and nothing comes back.",
    });
    // The rate's free cancellation, named as everywhere else, for the hold that is paid instead.
    expect(say({ kind: "release", amountMinor: 30843, feeMinor: 0, refundMinor: 0, freeUntil: "2026-12-11T22:59:00Z" }).detail).toBe(
      `Nothing has been paid for this hold: nothing is charged and nothing comes back. Paid instead, it keeps its terms: Free cancellation until ${formatInstant("2026-12-11T22:59:00Z", "UTC")}.`,
    );
  });
});
