import { describe, expect, it } from "vitest";
import type { ActivityRow, ResultRow, TransferRow } from "@/components/results/types";
import { emptyCriteria } from "@/lib/search/criteria";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import activityFixture from "./__fixtures__/activity-rates.json";
import transferFixture from "./__fixtures__/transfer-rates.json";
import { cancellationSummary, formatLocalDateTime, formatMoney } from "./format";
import {
  activityModalities,
  activityRows,
  byPrice,
  cheapestId,
  groupActivityOptions,
  sheetKind,
  transferDirection,
  transferRows,
  transferSections,
} from "./group";

// Rows captured from the sandbox (components/options/__fixtures__), parsed as the client parses them.
const parse = (rows: unknown[]): ResultRow[] => rows.map((r) => resultRowSchema.parse(r));
const activities: ActivityRow[] = activityRows(parse(activityFixture));
const transfers: TransferRow[] = transferRows(parse(transferFixture));

const withSummary = <R extends ResultRow>(row: R, patch: Record<string, unknown>, top: Partial<ResultRow> = {}): R =>
  ({ ...row, ...top, summary: { ...row.summary, ...patch } }) as R;

describe("sheetKind", () => {
  it("follows the rows, then the criteria, else generic", () => {
    expect(sheetKind(transfers, emptyCriteria("activity"))).toBe("transfer");
    expect(sheetKind([], emptyCriteria("activity"))).toBe("activity");
    expect(sheetKind([], null)).toBe("other");
    expect(sheetKind([{ ...activities[0]!, productType: "cruise" } as ResultRow], null)).toBe("other");
  });
});

describe("byPrice and cheapestId", () => {
  it("orders by price, a refundable option first at equal prices, then rank", () => {
    const [a, b] = activities;
    const cheapNonRef = { ...a!, _id: "x", sellAmountMinor: 100, refundable: false, rank: 1 };
    const cheapRef = { ...b!, _id: "y", sellAmountMinor: 100, refundable: true, rank: 9 };
    expect([cheapNonRef, cheapRef].sort(byPrice).map((r) => r._id)).toEqual(["y", "x"]);
    expect(cheapestId([cheapNonRef, cheapRef])).toBe("y");
  });

  it("finds the cheapest saved option of the fixture", () => {
    const min = Math.min(...activities.map((r) => r.sellAmountMinor));
    expect(activities.find((r) => r._id === cheapestId(activities))!.sellAmountMinor).toBe(min);
    expect(cheapestId([])).toBeNull();
  });
});

describe("groupActivityOptions", () => {
  it("groups by date, then modality (cheapest modality first), sessions by time then price", () => {
    const groups = groupActivityOptions(activities);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.date).toBe("2026-12-06");
    const [standard, premium] = groups[0]!.modalities;
    expect(standard!.label).toBe("Standard seating");
    expect(premium!.label).toBe("Premium deck with drinks");
    expect(standard!.rows.map((r) => [r.summary.sessionStartTime, r.sellAmountMinor])).toEqual([
      ["18:30", 11658],
      ["18:30", 12563],
      ["20:00", 13369],
      ["20:00", 13595],
      ["21:30", 11190],
      ["21:30", 13044],
    ]);
    expect(standard!.fromMinor).toBe(11190);
    expect(premium!.fromMinor).toBe(16785);
    expect(groups[0]!.modalities.flatMap((m) => m.rows)).toHaveLength(activities.length);
  });

  it("orders dates, puts rows without a date last and open-time sessions first", () => {
    const base = activities[0]!;
    const rows = [
      withSummary(base, { date: "2026-12-08", sessionStartTime: "10:00" }, { _id: "late" }),
      withSummary(base, { date: null, sessionStartTime: "09:00" }, { _id: "undated" }),
      withSummary(base, { date: "2026-12-07", sessionStartTime: "12:00" }, { _id: "noon" }),
      withSummary(base, { date: "2026-12-07", sessionStartTime: null }, { _id: "open" }),
    ];
    const groups = groupActivityOptions(rows);
    expect(groups.map((g) => g.date)).toEqual(["2026-12-07", "2026-12-08", ""]);
    expect(groups[0]!.modalities[0]!.rows.map((r) => r._id)).toEqual(["open", "noon"]);
  });

  it("keys a modality by its code, else its name", () => {
    const base = activities[0]!;
    const rows = [
      withSummary(base, { modality: "Guided tour", modalityCode: undefined }, { _id: "a" }),
      withSummary(base, { modality: "Guided tour (EN)", modalityCode: "guided" }, { _id: "b" }),
      withSummary(base, { modality: "Guided tour (ES)", modalityCode: "guided" }, { _id: "c", sellAmountMinor: 1 }),
    ];
    expect(activityModalities(rows).map((m) => m.key)).toEqual(["guided", "Guided tour"]);
  });
});

describe("transferSections", () => {
  it("separates round trips from legs sold per direction, each by price with its cheapest", () => {
    const sections = transferSections(transfers);
    expect(sections.map((s) => s.kind)).toEqual(["round", "outbound", "return"]);
    const [round, outbound, back] = sections;
    expect(round!.rows.map((r) => [r.summary.vehicle, r.sellAmountMinor])).toEqual([
      ["Standard sedan", 9979],
      ["Minivan", 14151],
      ["Executive sedan", 16263],
    ]);
    expect(round!.cheapestId).toBe(round!.rows[0]!._id);
    expect(outbound!.rows.every((r) => r.summary.direction === "outbound")).toBe(true);
    expect(back!.rows.map((r) => r.summary.pickupAt)).toEqual(["2026-12-10T09:00:00", "2026-12-10T09:00:00"]);
  });

  it("reads direction from tripType first, then direction, outbound when unsaid", () => {
    const base = transfers[0]!;
    expect(transferDirection(withSummary(base, { tripType: "round", direction: undefined }))).toBe("round");
    expect(transferDirection(withSummary(base, { tripType: "one_way", direction: "return" }))).toBe("return");
    expect(transferDirection(withSummary(base, { tripType: null, direction: undefined }))).toBe("outbound");
  });

  it("leaves out empty sections", () => {
    const oneWay = transfers.filter((r) => transferDirection(r) === "outbound");
    expect(transferSections(oneWay).map((s) => s.kind)).toEqual(["outbound"]);
  });
});

describe("formatting", () => {
  it("formats money from minor units by the currency's digits", () => {
    expect(formatMoney(11190, "USD")).toBe("$111.90");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
    expect(formatMoney(12345, "KWD").replace(/\s/g, " ")).toBe("KWD 12.345");
  });

  it("shows local date-times as sent, without shifting them", () => {
    expect(formatLocalDateTime("2026-12-06T14:30:00")).toBe("Sun, Dec 6, 14:30");
  });

  it("summarises cancellation: charges start at the first deadline with an amount", () => {
    const now = Date.parse("2026-11-22T00:00:00Z");
    const policy = {
      refundable: true,
      deadlines: [
        { from: "2026-12-01T00:00:00.000Z", amountMinor: 0, currency: "USD" },
        { from: "2026-12-05T18:30:00.000Z", amountMinor: 2500, currency: "USD" },
      ],
    };
    const s = cancellationSummary(true, policy, { now, timeZone: "UTC", priceMinor: 12563 });
    expect(s).toMatchObject({ refundable: true, badge: "Free cancellation", detail: "until Sat, 5 Dec 2026, 18:30 UTC, then $25.00" });
    // The advisor's zone, named: the same moment everywhere (lib/format/dates.ts).
    expect(cancellationSummary(true, policy, { now, timeZone: "Europe/Paris" }).detail).toBe("until Sat, 5 Dec 2026, 19:30 GMT+1");
    expect(cancellationSummary(false, policy, { now, timeZone: "UTC" }).badge).toBe("Non-refundable");
    const past = cancellationSummary(true, policy, { now: Date.parse("2026-12-06T00:00:00Z"), timeZone: "UTC", priceMinor: 12563 });
    expect(past).toMatchObject({ refundable: false, badge: "Cancellation fee", detail: "$25.00 if cancelled now" });
    const ended = cancellationSummary(true, { ...policy, currentRefundability: "non_refundable" }, { now, timeZone: "UTC" });
    expect(ended.badge).toBe("Non-refundable now");
  });

  it("charges what the latest passed deadline asks, not the first one's fee", () => {
    // 50% from two days before, the full price from one day before: both have passed.
    const policy = {
      refundable: true,
      deadlines: [
        { from: "2026-12-04T14:00:00.000Z", amountMinor: 5000, currency: "USD" },
        { from: "2026-12-05T14:00:00.000Z", amountMinor: 10000, currency: "USD" },
      ],
    };
    const between = cancellationSummary(true, policy, { now: Date.parse("2026-12-05T00:00:00Z"), timeZone: "UTC", priceMinor: 10000 });
    expect(between).toMatchObject({ refundable: false, badge: "Cancellation fee", detail: "$50.00 if cancelled now" });
    const late = cancellationSummary(true, policy, { now: Date.parse("2026-12-05T20:00:00Z"), timeZone: "UTC", priceMinor: 10000 });
    expect(late.badge).toBe("Non-refundable now");
    expect(late.sentence).not.toContain("$50.00");
  });
});
