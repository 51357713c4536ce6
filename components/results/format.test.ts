import { describe, expect, it } from "vitest";
import { cancellationSummary, formatMoney, formatTime, dayDifference, minorDigits, SourceLabels } from "./format";
import { countOf } from "./nouns";

describe("formatMoney", () => {
  it("reads minor units by the currency's digits", () => {
    expect(formatMoney(12325, "USD")).toBe("$123.25");
    expect(formatMoney(12325, "JPY")).toBe("¥12,325");
    expect(formatMoney(12325, "KWD").replace(/\s/g, " ")).toBe("KWD 12.325");
    expect(formatMoney(95700, "EUR")).toBe("€957.00");
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("BHD")).toBe(3);
  });

  it("keeps an unknown currency's code rather than failing", () => {
    expect(formatMoney(1050, "XYZ1")).toBe("10.50 XYZ1");
  });
});

describe("cancellationSummary", () => {
  const now = new Date("2026-11-22T00:00:00Z");

  it("is free until the first deadline that charges", () => {
    const policy = {
      refundable: true,
      deadlines: [
        { from: "2026-11-20T00:00:00Z", amountMinor: 0, currency: "USD" },
        { from: "2027-01-05T23:59:00.000Z", amountMinor: 5425, currency: "USD" },
        { from: "2027-01-10T00:00:00.000Z", amountMinor: 16276, currency: "USD" },
      ],
    };
    expect(cancellationSummary(policy, true, now, "UTC")).toEqual({ text: "Free cancellation until 5 Jan", tone: "free" });
  });

  it("dates the deadline in the advisor's time zone, as the rate sheet does", () => {
    // 03:00 UTC on 6 Jan is still 5 Jan, 22:00 in New York: "until 6 Jan" would promise a day too many.
    const policy = { refundable: true, deadlines: [{ from: "2027-01-06T03:00:00.000Z", amountMinor: 5425, currency: "USD" }] };
    expect(cancellationSummary(policy, true, now, "America/New_York").text).toBe("Free cancellation until 5 Jan");
    expect(cancellationSummary(policy, true, now, "Asia/Tokyo").text).toBe("Free cancellation until 6 Jan");
  });

  it("says non-refundable for a non-refundable rate or policy", () => {
    expect(cancellationSummary({ refundable: false, deadlines: [] }, false, now, "UTC").text).toBe("Non-refundable");
    expect(cancellationSummary({ refundable: false, deadlines: [] }, true, now, "UTC").text).toBe("Non-refundable");
  });

  it("defers withheld deadlines to the price-check", () => {
    expect(cancellationSummary({ refundable: true, deadlines: [], deadlinesWithheld: true }, true, now, "UTC")).toEqual({
      text: "Cancellation terms at price-check",
      tone: "unknown",
    });
    expect(cancellationSummary(null, true, now, "UTC").tone).toBe("unknown");
  });

  it("says when charges already apply", () => {
    const policy = { refundable: true, deadlines: [{ from: "2026-11-01T00:00:00Z", amountMinor: 100 }] };
    expect(cancellationSummary(policy, true, now, "UTC")).toEqual({ text: "Cancellation charges apply now", tone: "charged" });
    expect(cancellationSummary({ ...policy, currentRefundability: "non_refundable" }, true, now, "UTC").tone).toBe("charged");
  });

  it("is free when no deadline charges, and says nothing it cannot know when none is given", () => {
    expect(cancellationSummary({ refundable: true, deadlines: [{ from: "2026-12-01T00:00:00Z", amountMinor: 0 }] }, true, now, "UTC")).toEqual({ text: "Free cancellation", tone: "free" });
    expect(cancellationSummary({ refundable: true, deadlines: [] }, true, now, "UTC")).toEqual({ text: "Cancellation terms at price-check", tone: "unknown" });
  });

  it("promises no free cancellation when nights or amounts are kept whatever the date (lib/bookings/deadlines.ts)", () => {
    const deadlines = [{ from: "2027-01-05T23:59:00.000Z", amountMinor: 5425, currency: "USD" }];
    expect(cancellationSummary({ refundable: true, deadlines, nonrefundableDateRanges: [{ start: "2027-01-11", end: "2027-01-12" }] }, true, now, "UTC")).toEqual({ text: "No free cancellation", tone: "charged" });
    expect(cancellationSummary({ refundable: true, deadlines, perStayAmountsNonRefundable: [{ amountMinor: 2000, currency: "USD" }] }, true, now, "UTC").tone).toBe("charged");
  });
});

describe("SourceLabels", () => {
  it("labels opaque aliases the same way on every page, and counts them", () => {
    const labels = new SourceLabels(["src-e9087d9f", "src-53915895"]);
    expect(labels.label("src-53915895")).toBe("Source 5391");
    expect(labels.label("src-f84629d4")).toBe("Source F846");
    expect(labels.label("src-e9087d9f")).toBe("Source E908");
    expect(labels.size).toBe(3);
  });
});

describe("small formats", () => {
  it("formats times and day differences", () => {
    expect(formatTime("2027-01-10T06:25")).toBe("06:25");
    expect(dayDifference("2027-01-17T11:35", "2027-01-18T02:30")).toBe(1);
    expect(dayDifference("2027-01-17T11:35", "2027-01-17T22:30")).toBe(0);
  });

  it("counts products", () => {
    expect(countOf(1, "hotel")).toBe("1 hotel");
    expect(countOf(1200, "activity")).toBe("1,200 activities");
    expect(countOf(2, "cruise")).toBe("2 results");
  });
});
