import { describe, expect, it } from "vitest";
import { ago, DAY_MONTH, formatDay, formatInstant, formatTravelTime, knownTimeZone, nightsBetween, travelMoment } from "./dates";

describe("formatInstant", () => {
  it("states an instant in the advisor's zone with the zone named, UTC as UTC", () => {
    const at = "2026-12-11T22:59:00Z";
    expect(formatInstant(at, "Europe/Paris")).toBe("Fri, 11 Dec 2026, 23:59 GMT+1");
    expect(formatInstant(at, "America/New_York")).toBe("Fri, 11 Dec 2026, 17:59 GMT-5");
    expect(formatInstant(at, "Asia/Kolkata")).toBe("Sat, 12 Dec 2026, 04:29 GMT+5:30");
    expect(formatInstant(at, "UTC")).toBe("Fri, 11 Dec 2026, 22:59 UTC");
    expect(formatInstant(at, "Etc/UTC")).toBe("Fri, 11 Dec 2026, 22:59 UTC");
    // London in winter is GMT, however the runtime's ICU spells a zero offset.
    expect(formatInstant(at, "Europe/London")).toBe("Fri, 11 Dec 2026, 22:59 GMT");
    expect(formatInstant(Date.parse(at), "Europe/Paris")).toBe("Fri, 11 Dec 2026, 23:59 GMT+1");
  });

  it("falls back to UTC, named, for a zone it does not know; keeps text that is not a date", () => {
    expect(formatInstant("2026-12-11T22:59:00Z", "Mars/Olympus")).toBe("Fri, 11 Dec 2026, 22:59 UTC");
    expect(formatInstant("soon", "Europe/Paris")).toBe("soon");
  });
});

describe("knownTimeZone", () => {
  it("accepts zones Intl knows and refuses anything else", () => {
    expect(knownTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(knownTimeZone("UTC")).toBe("UTC");
    expect(knownTimeZone("Not/AZone")).toBeNull();
    expect(knownTimeZone("")).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
    expect(knownTimeZone("x".repeat(100))).toBeNull();
  });
});

describe("travel times", () => {
  it("a day stays a day, a local time stays the wall clock at the place, an instant is shown in the advisor's zone", () => {
    expect(formatDay("2026-11-25")).toBe("Wed, 25 Nov 2026");
    expect(formatTravelTime("2026-11-25", "Europe/Paris")).toBe("Wed, 25 Nov 2026");
    expect(formatTravelTime("2026-11-25T16:30", "Europe/Paris")).toBe("Wed, 25 Nov 2026, 16:30 local time");
    expect(formatTravelTime("2026-11-25T16:30:00", "Asia/Tokyo")).toBe("Wed, 25 Nov 2026, 16:30 local time");
    expect(formatTravelTime("2026-11-25T16:30:00Z", "UTC")).toBe("Wed, 25 Nov 2026, 16:30 UTC");
    expect(formatTravelTime("2026-11-25T16:30:00Z", "Europe/Paris")).toBe("Wed, 25 Nov 2026, 17:30 GMT+1");
    expect(formatTravelTime("2026-11-25T16:30:00+01:00", "UTC")).toBe("Wed, 25 Nov 2026, 15:30 UTC");
    expect(formatTravelTime("next week", "UTC")).toBe("next week");
  });

  it("says which moments are exact", () => {
    expect(travelMoment("2026-11-25T16:30:00Z")).toEqual({ at: Date.parse("2026-11-25T16:30:00Z"), exact: true });
    expect(travelMoment("2026-11-25T16:30")).toEqual({ at: Date.parse("2026-11-25T16:30:00Z"), exact: false });
    expect(travelMoment("2026-11-25")).toEqual({ at: Date.parse("2026-11-25T00:00:00Z"), exact: false });
    expect(travelMoment(null)).toBeNull();
    expect(travelMoment("soon")).toBeNull();
  });
});

describe("calendar days", () => {
  it("a day in full, or shorter where the page gives the rest; the text itself when it is not a date", () => {
    expect(formatDay("2026-12-10")).toBe("Thu, 10 Dec 2026");
    expect(formatDay("2026-12-10T06:20")).toBe("Thu, 10 Dec 2026");
    expect(formatDay("2026-12-10", { weekday: false })).toBe("10 Dec 2026");
    expect(formatDay("2026-12-01", DAY_MONTH)).toBe("1 Dec");
    expect(formatDay("2026-12-10", { year: false })).toBe("Thu, 10 Dec");
    expect(formatDay("soon")).toBe("soon");
  });

  it("never shifts a day by the runtime's zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
        process.env.TZ = tz;
        expect(formatDay("2026-01-01", DAY_MONTH)).toBe("1 Jan");
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it("counts the nights of a stay, none for a range that is reversed or not dates", () => {
    expect(nightsBetween("2026-12-10", "2026-12-13")).toBe(3);
    expect(nightsBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(nightsBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(nightsBetween("2026-12-10", "2026-12-10")).toBeNull();
    expect(nightsBetween("2026-12-13", "2026-12-10")).toBeNull();
    expect(nightsBetween("", "2026-12-10")).toBeNull();
    expect(nightsBetween("2026-12-10", "later")).toBeNull();
  });
});

describe("ago", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  const before = (ms: number) => now - ms;
  const H = 3_600_000;

  it("minutes, then hours up to a day", () => {
    expect(ago(before(2_000), now, "UTC")).toBe("just now");
    expect(ago(before(40_000), now, "UTC")).toBe("40 s ago");
    expect(ago(before(3 * 60_000 + 50_000), now, "UTC")).toBe("3 min ago");
    expect(ago(before(59 * 60_000 + 59_000), now, "UTC")).toBe("59 min ago");
    expect(ago(before(H), now, "UTC")).toBe("1 h ago");
    expect(ago(before(23 * H + 59 * 60_000), now, "UTC")).toBe("23 h ago");
  });

  it("then days, as people count them: never 61 h or 600 h", () => {
    expect(ago(before(24 * H), now, "UTC")).toBe("1 day ago");
    expect(ago(before(61 * H), now, "UTC")).toBe("2 days ago");
    expect(ago(before(6 * 24 * H + 23 * H), now, "UTC")).toBe("6 days ago");
  });

  it("then the date, its day in the advisor's zone", () => {
    expect(ago(before(600 * H), now, "UTC")).toBe("on Fri, 6 Nov 2026");
    expect(ago(Date.parse("2026-11-20T23:30:00Z"), now, "UTC")).toBe("on Fri, 20 Nov 2026");
    expect(ago(Date.parse("2026-11-20T23:30:00Z"), now, "Europe/Paris")).toBe("on Sat, 21 Nov 2026");
  });

  it("a moment a little ahead (clocks differ) is just now", () => {
    expect(ago(now + 30_000, now, "UTC")).toBe("just now");
  });
});
