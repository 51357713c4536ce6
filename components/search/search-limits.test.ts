import { describe, expect, it } from "vitest";
import { SEARCH_LIMITS } from "@/lib/tds/contract/schemas";
import {
  addDays,
  dateError,
  daysBetween,
  fitOccupancy,
  nightsOf,
  occupancyLimits,
  occupancySummary,
  parseIsoDate,
  stayRangeError,
  toIsoDate,
} from "./search-limits";

const today = "2026-03-10";

describe("occupancyLimits", () => {
  it("hotels: up to 9 rooms, 1..6 adults and up to 4 children per room, ages 0..17", () => {
    expect(occupancyLimits("hotel")).toEqual({
      maxEntries: 9,
      minAdults: 1,
      maxAdults: 6,
      maxChildren: 4,
      minChildAge: 0,
      maxChildAge: 17,
    });
  });

  it.each(["flight", "activity", "transfer"] as const)("%s: one party of 1..8 adults and up to 6 children", (type) => {
    expect(occupancyLimits(type)).toEqual({
      maxEntries: 1,
      minAdults: 1,
      maxAdults: 8,
      maxChildren: 6,
      minChildAge: 0,
      maxChildAge: 17,
    });
  });

  it("follows the canonical schema's SEARCH_LIMITS", () => {
    expect(occupancyLimits("hotel").maxEntries).toBe(SEARCH_LIMITS.hotel.maxRooms);
    expect(occupancyLimits("activity").maxAdults).toBe(SEARCH_LIMITS.other.maxAdults);
  });
});

describe("fitOccupancy", () => {
  it("merges hotel rooms into one party for other products and clamps to their limits", () => {
    const rooms = [
      { adults: 4, childrenAges: [3, 5] },
      { adults: 6, childrenAges: [1, 2, 20] },
    ];
    expect(fitOccupancy(rooms, "activity")).toEqual([{ adults: 8, childrenAges: [3, 5, 1, 2, 17] }]);
  });

  it("clamps hotel rooms and keeps at most 9", () => {
    const many = Array.from({ length: 10 }, () => ({ adults: 8, childrenAges: [1, 2, 3, 4, 5, 6] }));
    const fitted = fitOccupancy(many, "hotel");
    expect(fitted).toHaveLength(9);
    expect(fitted[0]).toEqual({ adults: 6, childrenAges: [1, 2, 3, 4] });
    expect(fitOccupancy([], "hotel")).toEqual([{ adults: 2, childrenAges: [] }]);
  });
});

describe("occupancySummary", () => {
  it("counts rooms, adults and children with plurals", () => {
    const value = [
      { adults: 2, childrenAges: [5] },
      { adults: 2, childrenAges: [] },
    ];
    expect(occupancySummary(value, "hotel")).toBe("2 rooms · 4 adults · 1 child");
    expect(occupancySummary([{ adults: 1, childrenAges: [] }], "hotel")).toBe("1 room · 1 adult");
    expect(occupancySummary([{ adults: 3, childrenAges: [1, 2] }], "flight")).toBe("3 adults · 2 children");
  });
});

describe("dates", () => {
  it("parses real calendar days only and formats them back", () => {
    expect(toIsoDate(parseIsoDate("2028-02-29")!)).toBe("2028-02-29");
    expect(parseIsoDate("2027-02-29")).toBeNull();
    expect(parseIsoDate("10/03/2026")).toBeNull();
    expect(toIsoDate(addDays(parseIsoDate("2026-03-28")!, 3))).toBe("2026-03-31");
    expect(daysBetween("2026-03-10", "2028-03-09")).toBe(730);
  });

  it("nightsOf counts nights of a complete forward range", () => {
    expect(nightsOf("2026-03-10", "2026-03-13")).toBe(3);
    expect(nightsOf("2026-03-10", undefined)).toBeNull();
    expect(nightsOf("2026-03-13", "2026-03-10")).toBeNull();
  });

  it("dateError for single dates", () => {
    expect(dateError("2026-03-09", today, "The activity date")).toBe("The activity date can't be in the past.");
    expect(dateError("2026-03-10", today)).toBeNull();
    expect(dateError(undefined, today)).toBeNull();
  });
});

describe("stayRangeError", () => {
  it("rejects a check-in in the past", () => {
    expect(stayRangeError({ checkIn: "2026-03-09", checkOut: "2026-03-12" }, today)).toBe("Check-in can't be in the past.");
  });

  it("accepts check-in 730 days ahead and rejects 731", () => {
    const at730 = toIsoDate(addDays(parseIsoDate(today)!, 730));
    const at731 = toIsoDate(addDays(parseIsoDate(today)!, 731));
    expect(stayRangeError({ checkIn: at730, checkOut: toIsoDate(addDays(parseIsoDate(at730)!, 1)) }, today)).toBeNull();
    expect(stayRangeError({ checkIn: at731, checkOut: toIsoDate(addDays(parseIsoDate(at731)!, 1)) }, today)).toBe(
      "Check-in can be at most 730 days ahead.",
    );
  });

  it("requires check-out after check-in", () => {
    expect(stayRangeError({ checkIn: "2026-03-12", checkOut: "2026-03-12" }, today)).toBe("Check-out must be after check-in.");
    expect(stayRangeError({ checkIn: "2026-03-12", checkOut: "2026-03-11" }, today)).toBe("Check-out must be after check-in.");
  });

  it("allows 30 nights and rejects 31", () => {
    expect(stayRangeError({ checkIn: "2026-04-01", checkOut: "2026-05-01" }, today)).toBeNull();
    expect(stayRangeError({ checkIn: "2026-04-01", checkOut: "2026-05-02" }, today)).toBe("A stay can be at most 30 nights.");
  });

  it("returns null for a valid stay, today included, and for an incomplete one", () => {
    expect(stayRangeError({ checkIn: "2026-03-10", checkOut: "2026-03-13" }, today)).toBeNull();
    expect(stayRangeError({ checkIn: "2026-03-10" }, today)).toBeNull();
    expect(stayRangeError({}, today)).toBeNull();
  });

  it("reports dates that are not real days", () => {
    expect(stayRangeError({ checkIn: "2026-02-30", checkOut: "2026-03-13" }, today)).toBe("Check-in is not a valid date.");
    expect(stayRangeError({ checkIn: "2026-03-12", checkOut: "2026-13-01" }, today)).toBe("Check-out is not a valid date.");
  });
});
