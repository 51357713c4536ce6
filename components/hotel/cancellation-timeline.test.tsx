// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { HotelRow } from "@/components/results/types";
import { londonSheet, rowById } from "./__fixtures__";
import { shareOfShown as shownShare } from "@/lib/pricing/markup";
import { buildCancellationTimeline, CancellationTimeline, type TimelineInput } from "./cancellation-timeline";

afterEach(cleanup);

// The moment the fixture's rate sheet was made: the sandbox's "now" for these policies.
const NOW = new Date(londonSheet.requestedAt);
const CHECK_IN = londonSheet.criteria.checkIn;

const inputOf = (row: HotelRow, over: Partial<TimelineInput> = {}): TimelineInput => ({
  policy: row.summary.cancellationPolicy,
  refundable: row.refundable,
  totalMinor: row.sellAmountMinor,
  currency: row.sellCurrency,
  checkIn: CHECK_IN,
  now: NOW,
  timeZone: "UTC",
  ...over,
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("with Client prices on (issue 29): charges as the same share of the client price, never the cost", () => {
  it("the same rate at a client price of $1,134.99: a third of it, then all of it", () => {
    const row = rowById("s14");
    expect(row.sellAmountMinor).toBe(94_557);
    const t = buildCancellationTimeline(inputOf(row, { shownTotalMinor: 113_499 }));
    expect(t.steps.map((s) => s.label)).toEqual([
      "Free cancellation until Sun, 29 Nov 2026, 23:59 UTC",
      // $315.19 of $945.57, as a share of $1,134.99, rounded up: $378.33.
      "From Sun, 29 Nov 2026, 23:59 UTC: $378.33 charge",
      "From 1 Dec (check-in): full price ($1,134.99)",
    ]);
    expect(t.steps.map((s) => s.label).join(" ")).not.toMatch(/\$315\.19|\$945\.57/);
  });

  it("shares are exact in integers and rounded up; the cost itself is untouched", () => {
    expect(shownShare(31_519, 94_557, 113_499)).toBe(37_833);
    expect(shownShare(94_557, 94_557, 113_499)).toBe(113_499);
    expect(shownShare(1, 3, 10)).toBe(4);
    expect(shownShare(31_519, 94_557, undefined)).toBe(31_519);
    expect(shownShare(500, 0, 700)).toBe(500);
  });
});

describe("buildCancellationTimeline on real sandbox policies", () => {
  it("a refundable rate: free until the deadline, then a first-night charge, then full price from check-in", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s14")));
    expect(t.kind).toBe("timeline");
    expect(t.tone).toBe("free");
    expect(t.headline).toBe("Free cancellation until Sun, 29 Nov 2026, 23:59 UTC");
    expect(t.steps.map((s) => s.label)).toEqual([
      "Free cancellation until Sun, 29 Nov 2026, 23:59 UTC",
      "From Sun, 29 Nov 2026, 23:59 UTC: $315.19 charge",
      "From 1 Dec (check-in): full price ($945.57)",
    ]);
    expect(t.steps.map((s) => s.tone)).toEqual(["free", "charge", "full"]);
    expect(t.steps.every((s) => !s.past)).toBe(true);
    expect(sum(t.steps.map((s) => s.widthPct))).toBeCloseTo(100);
    // Today opens the line; check-in sits where full price starts.
    expect(t.todayPct).toBe(0);
    expect(t.checkInPct).toBeCloseTo(t.steps[0]!.widthPct + t.steps[1]!.widthPct);
    expect(t.notes).toEqual([]);
  });

  it("a rate whose free window has passed is partly refundable now", () => {
    const row = rowById("s17");
    expect(row.summary.cancellationPolicy?.currentRefundability).toBe("partially_refundable");
    const t = buildCancellationTimeline(inputOf(row));
    expect(t.tone).toBe("charge");
    expect(t.headline).toBe("Partly refundable now: cancelling costs $333.81");
    expect(t.steps[0]).toMatchObject({ label: "Free cancellation ended Tue, 17 Nov 2026, 23:59 UTC", past: true });
    expect(t.steps[1]).toMatchObject({ label: "From Tue, 17 Nov 2026, 23:59 UTC: $333.81 charge", past: false });
    // Today falls inside the charge step, after the passed free step.
    expect(t.todayPct).toBeGreaterThan(t.steps[0]!.widthPct);
    expect(t.todayPct).toBeLessThan(t.steps[0]!.widthPct + t.steps[1]!.widthPct);
  });

  it("names non-refundable nights", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s20")));
    expect(t.notes).toEqual(["Whatever the date, the nights of 2 Dec to 3 Dec are non-refundable."]);
  });

  it("a non-refundable rate costs the full price at once", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s11")));
    expect(t.kind).toBe("non_refundable");
    expect(t.tone).toBe("full");
    expect(t.steps).toHaveLength(1);
    expect(t.steps[0]!.label).toBe("No refund if cancelled: the full $763.87 is charged");
  });

  it("past check-in, nothing is refundable any more", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s14"), { now: new Date("2026-12-01T10:00:00Z") }));
    expect(t.tone).toBe("full");
    expect(t.headline).toBe("No refund if cancelled now");
    expect(t.steps.slice(0, 2).every((s) => s.past)).toBe(true);
  });

  it("deadlines withheld by the source are said so, not guessed", () => {
    // The sandbox's flash-deals source sends exactly this shape (lib/sandbox/search/pricing.ts).
    const t = buildCancellationTimeline(
      inputOf(rowById("s14"), { policy: { refundable: true, deadlines: [], deadlinesWithheld: true } }),
    );
    expect(t.kind).toBe("withheld");
    expect(t.headline).toBe("Refundable, deadlines at price-check");
    expect(t.notes[0]).toBe("The source gives its deadlines at price-check: checkout shows them before anything is booked.");
    expect(t.steps).toEqual([]);
  });

  it("copes with deadlines lacking a date or amount, unknown refundability words and a missing policy", () => {
    const t = buildCancellationTimeline(
      inputOf(rowById("s14"), {
        policy: {
          refundable: true,
          deadlines: [{ from: "2026-11-30T12:00:00Z" }, { amountMinor: 5000, currency: "USD" }],
          currentRefundability: "refundable_with_fee",
          perStayAmountsNonRefundable: [{ amountMinor: 2500, currency: "USD" }],
        },
      }),
    );
    // $25.00 is kept whatever the date: no moment is free of charge (lib/bookings/deadlines.ts).
    expect(t.headline).toBe("No free cancellation: part of the price is never refunded");
    expect(t.tone).toBe("charge");
    expect(t.steps.map((s) => s.label)).toEqual([
      "Until Mon, 30 Nov 2026, 12:00 UTC: the non-refundable part is charged",
      "From Mon, 30 Nov 2026, 12:00 UTC: a cancellation charge applies",
    ]);
    expect(t.notes).toEqual([
      "$25.00 of the stay is never refunded.",
      "The source describes the rate now as: refundable with fee.",
      "Cancelling may cost $50.00; the source gives no date for it.",
    ]);
    expect(t.checkInPct).not.toBeNull();

    const none = buildCancellationTimeline(inputOf(rowById("s14"), { policy: null }));
    expect(none.kind).toBe("no_policy");
    expect(none.headline).toBe("Refundable");
  });

  it("a deadline charging nothing is part of the free window, not a $0.00 charge", () => {
    // The shape the results card already reads as free (components/results/format.test.ts).
    const t = buildCancellationTimeline(
      inputOf(rowById("s14"), {
        policy: {
          refundable: true,
          deadlines: [
            { from: "2026-11-20T00:00:00Z", amountMinor: 0, currency: "USD" },
            { from: "2026-11-29T23:59:00.000Z", amountMinor: 31519, currency: "USD" },
            { from: "2026-12-01T00:00:00.000Z", amountMinor: 94557, currency: "USD" },
          ],
        },
      }),
    );
    expect(t.tone).toBe("free");
    expect(t.headline).toBe("Free cancellation until Sun, 29 Nov 2026, 23:59 UTC");
    expect(t.steps.map((s) => s.label)).toEqual([
      "Free cancellation until Sun, 29 Nov 2026, 23:59 UTC",
      "From Sun, 29 Nov 2026, 23:59 UTC: $315.19 charge",
      "From 1 Dec (check-in): full price ($945.57)",
    ]);

    const allFree = buildCancellationTimeline(
      inputOf(rowById("s14"), { policy: { refundable: true, deadlines: [{ from: "2026-11-20T00:00:00Z", amountMinor: 0, currency: "USD" }] } }),
    );
    expect(allFree).toMatchObject({ tone: "free", steps: [] });
    expect(allFree.notes.join(" ")).not.toMatch(/\$0\.00|no cancellation deadlines/);
  });

  it("nights kept whatever the date: no free cancellation is promised, and the nights are named", () => {
    const t = buildCancellationTimeline(
      inputOf(rowById("s14"), { policy: { ...rowById("s14").summary.cancellationPolicy!, nonrefundableDateRanges: [{ start: "2026-12-02", end: "2026-12-03" }] } }),
    );
    expect(t.headline).toBe("No free cancellation: some nights are non-refundable whatever the date");
    expect(t.steps[0]!.label).toBe("Until Sun, 29 Nov 2026, 23:59 UTC: the non-refundable nights are charged");
    expect(t.steps.map((s) => s.label).join(" ")).not.toMatch(/Free cancellation until/);
    expect(t.notes).toEqual(["Whatever the date, the nights of 2 Dec to 3 Dec are non-refundable."]);
  });

  it("states every instant in the advisor's zone, named", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s14"), { timeZone: "Asia/Tokyo" }));
    expect(t.headline).toBe("Free cancellation until Mon, 30 Nov 2026, 08:59 GMT+9");
  });

  it("without check-in in the criteria, a midnight deadline is shown as a time", () => {
    const t = buildCancellationTimeline(inputOf(rowById("s14"), { checkIn: "" }));
    expect(t.steps[2]!.label).toBe("From Tue, 1 Dec 2026, 00:00 UTC: full price ($945.57)");
    expect(t.checkInPct).toBeNull();
  });
});

describe("<CancellationTimeline>", () => {
  it("reads as text: the headline and each step, passed steps marked for screen readers", () => {
    render(<CancellationTimeline {...inputOf(rowById("s17"))} />);
    expect(screen.getByText("Partly refundable now: cancelling costs $333.81")).toBeInTheDocument();
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "Free cancellation ended Tue, 17 Nov 2026, 23:59 UTC (already passed)",
      "From Tue, 17 Nov 2026, 23:59 UTC: $333.81 charge",
      "From 1 Dec (check-in): full price ($1,001.44)",
    ]);
  });

  it("shows a non-refundable rate as one sentence, without a bar", () => {
    const { container } = render(<CancellationTimeline {...inputOf(rowById("s11"))} />);
    expect(container).toHaveTextContent("Cancellation: No refund if cancelled: the full $763.87 is charged.");
    expect(container.querySelector("[aria-hidden] .rounded-full")).toBeNull();
  });
});
