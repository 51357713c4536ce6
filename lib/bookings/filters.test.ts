import { describe, expect, it } from "vitest";
import {
  appliedStatus,
  bookingFiltersToSearchParams,
  bookingHref,
  bookingsHref,
  changeFilters,
  DEFAULT_FILTERS,
  isFiltered,
  LIST_STATES,
  listQuery,
  parseBookingFilters,
  stateQuery,
} from "./filters";

describe("booking filters in the URL", () => {
  it("round-trips every filter, leaving defaults out", () => {
    const f = { state: "all", trip: "upcoming", status: "active", q: "Smith", sort: "asc", mine: true } as const;
    const qs = bookingFiltersToSearchParams(f);
    expect(qs.toString()).toBe("mine=1&trip=upcoming&status=active&q=Smith&sort=asc");
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

  it("offers every state the list shows, those the service cannot filter by included", () => {
    for (const state of ["supplier_pending", "manual_review", "cancellation_pending"] as const) {
      expect(LIST_STATES).toContain(state);
      expect(parseBookingFilters({ state }).state).toBe(state);
      expect(listQuery({ ...DEFAULT_FILTERS, state })).toMatchObject({ state });
    }
  });

  it("asks the service for the nearest filter it has and keeps the rows of the state", () => {
    expect(stateQuery("held")).toEqual({ state: "held" });
    expect(stateQuery("all")).toEqual({});
    const pending = stateQuery("supplier_pending");
    expect(pending).toMatchObject({ status: "active" });
    expect(["supplier_pending", "confirmed", "manual_review"].filter(pending.keep!)).toEqual(["supplier_pending"]);
    // Being cancelled: whatever the service names it, a cancelled booking that is neither cancelled nor refunded yet.
    const cancelling = stateQuery("cancellation_pending");
    expect(cancelling).toMatchObject({ state: "cancelled" });
    expect(["cancelled", "refunded", "cancellation_pending", "cancelling"].filter(cancelling.keep!)).toEqual(["cancellation_pending", "cancelling"]);
  });

  it("the Status control says what is applied: a travel period alone hides cancelled bookings, a state implies its group", () => {
    expect(appliedStatus(DEFAULT_FILTERS)).toBe("all");
    expect(appliedStatus({ ...DEFAULT_FILTERS, trip: "upcoming" })).toBe("active");
    expect(appliedStatus({ ...DEFAULT_FILTERS, trip: "upcoming", status: "cancelled" })).toBe("cancelled");
    expect(appliedStatus({ ...DEFAULT_FILTERS, state: "cancellation_pending" })).toBe("cancelled");
    expect(appliedStatus({ ...DEFAULT_FILTERS, state: "held", trip: "past" })).toBe("active");
  });

  it("one control changed keeps the others consistent; a status beside a state in a link is dropped", () => {
    const held = changeFilters({ ...DEFAULT_FILTERS, status: "cancelled" }, { state: "held" });
    expect(held).toMatchObject({ state: "held", status: "all" });
    expect(changeFilters(held, { status: "active" })).toMatchObject({ state: "held", status: "all" });
    expect(changeFilters(held, { status: "cancelled" })).toMatchObject({ state: "all", status: "cancelled" });
    expect(changeFilters(held, { status: "all" })).toMatchObject({ state: "all", status: "all" });
    expect(changeFilters({ ...DEFAULT_FILTERS, trip: "upcoming" }, { status: "cancelled" })).toMatchObject({ trip: "upcoming", status: "cancelled" });
    expect(parseBookingFilters({ state: "held", status: "cancelled" })).toMatchObject({ state: "held", status: "all" });
    expect(listQuery({ ...DEFAULT_FILTERS, state: "held", status: "cancelled" }).status).toBeUndefined();
  });

  it("a booking link remembers the list it came from", () => {
    expect(bookingHref("bk_1")).toBe("/bookings/bk_1");
    expect(bookingHref("bk 1", { ...DEFAULT_FILTERS, state: "held" })).toBe("/bookings/bk%201?from=state%3Dheld");
  });
});
