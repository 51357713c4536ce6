import { describe, expect, it } from "vitest";
import { formatCount, formatMoney, formatMoneyDelta, minorDigits } from "./money";

describe("money and counts as the desk shows them", () => {
  it("formats minor units by the currency's digits", () => {
    expect(formatMoney(12325, "USD")).toBe("$123.25");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(12345, "KWD")).toBe("KWD\u00a012.345");
    expect(minorDigits("KWD")).toBe(3);
    // A well-formed code Intl has no data for is written with its code; a malformed one keeps it after the amount.
    expect(formatMoney(500, "ZZZ")).toBe("ZZZ\u00a05.00");
    expect(formatMoney(500, "U$")).toBe("5.00 U$");
  });

  it("signs a difference", () => {
    expect(formatMoneyDelta(7438, "USD")).toBe("+$74.38");
    expect(formatMoneyDelta(-1200, "USD")).toBe("−$12.00");
    expect(formatMoneyDelta(0, "USD")).toBe("$0.00");
  });

  it("groups counts the same way every time, through one formatter", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(2.5)).toBe("2.5");
    expect(formatCount(1234)).toBe((1234).toLocaleString("en-US"));
  });
});
