import { describe, expect, it } from "vitest";
import { formatDuration } from "./durations";

describe("formatDuration", () => {
  it("says hours and minutes as the option sheets, checkout and a booking's page say them", () => {
    expect(formatDuration(150)).toBe("2 h 30 min");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(120)).toBe("2 h");
    expect(formatDuration(1235)).toBe("20 h 35 min");
    expect(formatDuration(89.6)).toBe("1 h 30 min");
  });

  it("is short on a result card", () => {
    expect(formatDuration(1235, "short")).toBe("20h 35m");
    expect(formatDuration(45, "short")).toBe("45m");
    expect(formatDuration(120, "short")).toBe("2h");
  });

  it("counts whole days as days in either form", () => {
    expect(formatDuration(1440)).toBe("1 day");
    expect(formatDuration(2880)).toBe("2 days");
    expect(formatDuration(1440, "short")).toBe("1 day");
    expect(formatDuration(1500)).toBe("25 h");
  });

  it("says nothing of a length that is missing, zero or negative", () => {
    expect(formatDuration(null)).toBe("");
    expect(formatDuration(undefined)).toBe("");
    expect(formatDuration(0)).toBe("");
    expect(formatDuration(-30)).toBe("");
    expect(formatDuration(Number.NaN)).toBe("");
    expect(formatDuration(0.2)).toBe("");
  });
});
