import { describe, expect, it } from "vitest";
import { dayOf, dayWords, groupByDay, timeOf } from "./days";

// The panel's days are the person's: 23:30 UTC on the 27th is already the 28th in Madrid.

const now = new Date("2026-11-28T10:00:00Z"); // a Saturday

describe("days in the person's zone", () => {
  it("names today, yesterday, the days of the week, then dates", () => {
    expect(dayWords("2026-11-28", now, "UTC")).toBe("Today");
    expect(dayWords("2026-11-27", now, "UTC")).toBe("Yesterday");
    expect(dayWords("2026-11-24", now, "UTC")).toBe("Tuesday");
    expect(dayWords("2026-11-21", now, "UTC")).toBe("Sat, 21 Nov 2026");
  });

  it("an instant falls on the day of the person's zone, and its time is theirs", () => {
    const late = "2026-11-27T23:30:00Z";
    expect(dayOf(late, "UTC")).toBe("2026-11-27");
    expect(dayOf(late, "Europe/Madrid")).toBe("2026-11-28");
    expect(timeOf(late, "Europe/Madrid")).toBe("00:30");
    expect(dayOf(late, "Not/AZone")).toBe("2026-11-27");
  });

  it("groups newest-first items by day, in order", () => {
    const items = ["2026-11-28T09:00:00Z", "2026-11-28T01:00:00Z", "2026-11-27T22:00:00Z", "2026-11-20T10:00:00Z"].map((createdAt) => ({ createdAt }));
    expect(groupByDay(items, now, "UTC").map((g) => [g.words, g.items.length])).toEqual([["Today", 2], ["Yesterday", 1], ["Fri, 20 Nov 2026", 1]]);
    expect(groupByDay(items, now, "America/New_York").map((g) => [g.words, g.items.length])).toEqual([["Today", 1], ["Yesterday", 2], ["Fri, 20 Nov 2026", 1]]);
  });
});
