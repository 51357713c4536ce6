import { describe, expect, it } from "vitest";
import { bookingFiltersToSearchParams, bookingHref, bookingsHref, DEFAULT_FILTERS, isFiltered, listQuery, parseBookingFilters } from "./filters";

describe("booking filters in the URL", () => {
  it("round-trips every filter, leaving defaults out", () => {
    const f = { state: "held", trip: "upcoming", status: "active", q: "Smith", sort: "asc", mine: true } as const;
    const qs = bookingFiltersToSearchParams(f);
    expect(qs.toString()).toBe("mine=1&state=held&trip=upcoming&status=active&q=Smith&sort=asc");
    expect(parseBookingFilters(qs)).toEqual(f);
    expect(bookingsHref(DEFAULT_FILTERS)).toBe("/bookings");
  });

  it("reads unknown or malformed values as their defaults (a hand-edited link never breaks the page)", () => {
    expect(parseBookingFilters({ state: "bogus", trip: ["past", "x"], status: "", sort: "sideways", mine: "yes", q: ["  a  ", "b"] })).toEqual({
      ...DEFAULT_FILTERS,
      trip: "past",
      q: "a",
    });
    expect(parseBookingFilters({ q: "x".repeat(150) }).q).toHaveLength(100);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, mine: true })).toBe(true);
  });

  it("asks the service only for what narrows the list", () => {
    expect(listQuery(DEFAULT_FILTERS)).toEqual({ limit: 25, cursor: undefined, state: undefined, trip: undefined, status: undefined, q: undefined, sort: undefined, mine: undefined });
    expect(listQuery({ ...DEFAULT_FILTERS, state: "cancelled", mine: true }, "c1", 10)).toMatchObject({ limit: 10, cursor: "c1", state: "cancelled", mine: "1" });
  });

  it("a booking link remembers the list it came from", () => {
    expect(bookingHref("bk_1")).toBe("/bookings/bk_1");
    expect(bookingHref("bk 1", { ...DEFAULT_FILTERS, state: "held" })).toBe("/bookings/bk%201?from=state%3Dheld");
  });
});
