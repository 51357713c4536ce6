import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkInterval, checkVia, isPendingState, MAX_CHECK_INTERVAL_MS, MIN_CHECK_SPACING_MS, nextCheckAt, PERSON_FOLLOWING_MS } from "./spacing";

// When the desk checks a pending booking again: never within the contract's 15 s, less often as
// the booking ages, and not while an advisor follows it on its page.

const at = (ms: number) => new Date(1_800_000_000_000 + ms);
const MIN = 60_000;

describe("checkInterval", () => {
  it.each([
    [0, 15_000],
    [150_000, 15_000],
    [10 * MIN, 60_000],
    [60 * MIN, 6 * MIN],
    [5 * 60 * MIN, 30 * MIN],
    [10 * 24 * 60 * MIN, 30 * MIN],
  ])("a booking pending for %i ms is checked again after %i ms", (age, wait) => {
    expect(checkInterval(age)).toBe(wait);
  });

  it("never under 15 s nor over 30 min, and never shorter for an older booking", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MIN, max: 30 * 24 * 60 * MIN }), fc.integer({ min: 0, max: 24 * 60 * MIN }), (age, older) => {
        const wait = checkInterval(age);
        expect(wait).toBeGreaterThanOrEqual(MIN_CHECK_SPACING_MS);
        expect(wait).toBeLessThanOrEqual(MAX_CHECK_INTERVAL_MS);
        expect(checkInterval(age + older)).toBeGreaterThanOrEqual(wait);
      }),
    );
  });
});

describe("nextCheckAt", () => {
  it("is now for a booking never checked, and at least 15 s after any check of the desk's or a person's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 24 * 60 * MIN }),
        fc.option(fc.integer({ min: 0, max: 7 * 24 * 60 * MIN })),
        fc.option(fc.integer({ min: 0, max: 7 * 24 * 60 * MIN })),
        fc.integer({ min: 0, max: 7 * 24 * 60 * MIN }),
        (since, desk, person, now) => {
          const next = nextCheckAt({ pendingSince: at(since), lastCheckedAt: desk === null ? null : at(desk), lastPersonCheckAt: person === null ? null : at(person) }, at(now)).getTime();
          expect(next).toBeGreaterThanOrEqual(at(now).getTime());
          if (desk !== null) expect(next - at(desk).getTime()).toBeGreaterThanOrEqual(MIN_CHECK_SPACING_MS);
          if (person !== null) expect(next - at(person).getTime()).toBeGreaterThanOrEqual(PERSON_FOLLOWING_MS);
          if (desk === null && person === null) expect(next).toBe(at(now).getTime());
        },
      ),
    );
  });

  it("backs off as the booking ages: checks of a day-old booking are 30 min apart, of a fresh one 15 s", () => {
    const fresh = nextCheckAt({ pendingSince: at(0), lastCheckedAt: at(30_000), lastPersonCheckAt: null }, at(30_000));
    expect(fresh.getTime() - at(30_000).getTime()).toBe(15_000);
    const old = nextCheckAt({ pendingSince: at(0), lastCheckedAt: at(24 * 60 * MIN), lastPersonCheckAt: null }, at(24 * 60 * MIN));
    expect(old.getTime() - at(24 * 60 * MIN).getTime()).toBe(30 * MIN);
  });

  it("leaves a booking to the advisor following it on its page for a minute after their last check", () => {
    const next = nextCheckAt({ pendingSince: at(0), lastCheckedAt: at(0), lastPersonCheckAt: at(40_000) }, at(41_000));
    expect(next).toEqual(at(100_000));
  });
});

describe("which bookings are followed, and how", () => {
  it.each([
    ["supplier_pending", true, "refresh-status"],
    ["manual_review", true, "detail"],
    ["cancellation_pending", true, "detail"],
    ["some_new_state", true, "detail"],
    ["confirmed", false, "detail"],
    ["held", false, "detail"],
    ["failed", false, "detail"],
    ["cancelled", false, "detail"],
    ["refunded", false, "detail"],
  ] as const)("%s: followed %s, checked by %s", (state, followed, via) => {
    expect(isPendingState(state)).toBe(followed);
    expect(checkVia(state)).toBe(via);
  });
});
