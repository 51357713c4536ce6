// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TimeZoneContext } from "@/components/layout/time-zone";
import { bookingPageSchema, type HistoryEntry } from "@/lib/bookings/schemas";
import details from "../__fixtures__/details.json";
import { BookingDetailView } from "./booking-detail-view";
import { foldHistory, maskDocument } from "./facts";
import { describeStep } from "./history";

const NOW = new Date("2026-11-24T12:00:00Z");
const ana = { id: "u1", name: "Ana Advisor" };
const ben = { id: "u2", name: "Ben Advisor" };
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: Math.random().toString(36),
  action: "refresh",
  outcome: "succeeded",
  state: "supplier_pending",
  errorCode: null,
  result: null,
  at: "2026-11-24T11:00:00Z",
  completedAt: null,
  by: ana,
  ...over,
});

function show(key: keyof typeof details, extra: Record<string, unknown> = {}) {
  const booking = bookingPageSchema.parse({ ...details[key], bookedBy: ana, history: [], ...extra });
  return render(
    <TimeZoneContext value="UTC">
      <BookingDetailView booking={booking} bookingId="bk_1" now={NOW} meId="u1" />
    </TimeZoneContext>,
  );
}

afterEach(cleanup);

describe("BookingDetailView", () => {
  it("a hotel: the hotel, rooms and guests, confirmation references, policy, price, payments, earnings", () => {
    show("hotel-held");
    expect(screen.getByRole("heading", { level: 1, name: "Barcelona Cedar Palace" })).toBeInTheDocument();
    expect(screen.getByTestId("order-ref")).toHaveTextContent("RV-2025-9PSSE6YL");
    expect(screen.getAllByText("Held · not paid").length).toBeGreaterThan(0);
    expect(screen.getByText("Room 1: 026421377")).toBeInTheDocument();
    expect(screen.getByText("Room 3: 453118065")).toBeInTheDocument();
    expect(screen.getByText("Mr Jesper Fried, Miss Zara Fried")).toBeInTheDocument();
    expect(screen.getByText(/City tax: \$29\.06, paid at the property/)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Hold" })).toHaveTextContent("Pay by");
    expect(screen.getByText(/No payments recorded: a hold is paid when you pay it\./)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Booked by and history" })).toHaveTextContent(/^Booked by and historyBooked by You/);
    expect(screen.getByRole("region", { name: "The hotel" })).toHaveTextContent("Barcelona Cedar Palace");
  });

  it("a flight: route, PNRs, tickets; passports masked", () => {
    show("flight-confirmed");
    expect(screen.getByRole("heading", { level: 1, name: "DXB ⇄ LAX" })).toBeInTheDocument();
    expect(screen.getByText("K3DDGF")).toBeInTheDocument();
    const tickets = screen.getByRole("table", { name: "Tickets" });
    expect(within(tickets).getAllByRole("row")).toHaveLength(5);
    expect(within(tickets).getByText("1144287806944")).toBeInTheDocument();
    expect(screen.getByText("•••• 0816")).toBeInTheDocument();
    expect(screen.queryByText("U94390816")).toBeNull();
    expect(screen.queryByRole("region", { name: "The hotel" })).toBeNull();
  });

  it("an activity's voucher and a round-trip transfer's journeys", () => {
    show("activity-confirmed");
    expect(screen.getByRole("heading", { level: 1, name: "Taipei Photography Walk" })).toBeInTheDocument();
    expect(screen.getByText("V-IP0WQY7KYG")).toBeInTheDocument();
    cleanup();
    show("transfer-round");
    expect(screen.getByTestId("transfer-leg-departure")).toHaveTextContent("TRA-SWABWXVS-D");
    expect(screen.getByTestId("transfer-leg-return")).toHaveTextContent("Wuxi Maple Lodge, 229 High Street, Wuxi → Sunan Shuofang International Airport");
  });

  it("a state the desk does not know, a booking made outside the desk, an unknown step", () => {
    const base = details["hotel-confirmed"];
    show("hotel-confirmed", {
      order: { ...base.order, state: "cancellation_pending" },
      bookedBy: null,
      history: [entry({ action: "teleport", outcome: "succeeded", by: ben })],
    });
    expect(screen.getByText("Cancellation pending")).toBeInTheDocument();
    expect(screen.getByText("Booked with the agency's key outside Agency Desk.")).toBeInTheDocument();
    expect(screen.getByText(/Teleport/)).toBeInTheDocument();
  });

  it("a booking made from a proposal says so: the proposal, the client price, the agency's cost and the margin, with a link", () => {
    const proposalId = "6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d";
    show("hotel-confirmed", {
      proposal: { id: proposalId, reference: "PR-7KQ2M9", title: "Barcelona in December", currency: "USD", clientMinor: 1_150_00, costMinor: 1_000_00, marginMinor: 150_00 },
    });
    const card = screen.getByRole("region", { name: "From proposal PR-7KQ2M9" });
    expect(card).toHaveTextContent("Barcelona in December");
    expect(card).toHaveTextContent("Client price$1,150.00");
    expect(card).toHaveTextContent("Agency cost$1,000.00");
    expect(card).toHaveTextContent("Margin$150.00 (13.04%)");
    expect(within(card).getByRole("link", { name: /Open the proposal/ })).toHaveAttribute("href", `/proposals/${proposalId}`);
    cleanup();
    // Any other booking: no such card (an answer without the field reads as none).
    show("hotel-confirmed");
    expect(screen.queryByRole("region", { name: /From proposal/ })).toBeNull();
  });
});

describe("history in words", () => {
  it("says when each step happened as people do: minutes, hours, days, then the date; in the advisor's zone", () => {
    const before = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
    const booking = bookingPageSchema.parse({
      ...details["hotel-confirmed"],
      bookedBy: ana,
      history: [
        entry({ action: "booked", state: "confirmed", at: before(600) }),
        entry({ action: "email", at: before(61), result: { sentTo: ["a@x.com"] } }),
        entry({ at: before(5) }),
        entry({ action: "pay", at: before(0.25) }),
      ],
    });
    render(
      <TimeZoneContext value="Europe/Paris">
        <BookingDetailView booking={booking} bookingId="bk_1" now={NOW} meId="u1" />
      </TimeZoneContext>,
    );
    const times = within(screen.getByRole("list", { name: "History" }))
      .getAllByRole("listitem")
      .map((li) => li.querySelector("time")!.textContent);
    expect(times).toEqual([
      "Fri, 30 Oct 2026, 13:00 GMT+1",
      "2 days ago · Sun, 22 Nov 2026, 00:00 GMT+1",
      "5 h ago · Tue, 24 Nov 2026, 08:00 GMT+1",
      "15 min ago · Tue, 24 Nov 2026, 12:45 GMT+1",
    ]);
  });

  it("folds runs of status checks that changed nothing", () => {
    const h = [
      entry({ action: "booked", state: "supplier_pending" }),
      entry({}),
      entry({}),
      entry({ outcome: "failed", state: null, errorCode: "rate_limited" }),
      entry({ state: "confirmed" }),
    ];
    const lines = foldHistory(h);
    expect(lines.map((l) => [l.entry.action, l.count])).toEqual([
      ["booked", 1],
      ["refresh", 2],
      ["refresh", 1],
      ["refresh", 1],
    ]);
    expect(describeStep(lines[1]!.entry, 2)).toBe("Status checked 2 times (pending confirmation)");
    expect(describeStep(lines[3]!.entry)).toBe("Checked the status with the provider → confirmed");
  });

  it("names the desk for a check it made by itself, and never folds it with a person's", () => {
    const h = [
      entry({ action: "booked", state: "supplier_pending", actor: "person" }),
      entry({ state: "confirmed", actor: "person" }),
      entry({ state: "confirmed", by: null, actor: "desk", result: { checkedBy: "desk", previousState: "supplier_pending", via: "refresh-status" } }),
    ];
    expect(foldHistory(h).map((l) => l.count)).toEqual([1, 1, 1]);
    const booking = bookingPageSchema.parse({ ...details["hotel-confirmed"], bookedBy: ana, history: h });
    render(
      <TimeZoneContext value="Europe/Paris">
        <BookingDetailView booking={booking} bookingId="bk_1" now={NOW} meId="u2" />
      </TimeZoneContext>,
    );
    const lines = within(screen.getByRole("list", { name: "History" })).getAllByRole("listitem");
    expect(lines.at(-1)).toHaveTextContent(/^The desk · Checked the status with the provider → confirmed/);
    expect(lines.at(-2)).toHaveTextContent(/^Ana Advisor · /);
  });

  it("says where the desk learned a change when it was not its own refresh-status", () => {
    const desk = (via: string) => entry({ state: "confirmed", by: null, actor: "desk", result: { checkedBy: "desk", previousState: "supplier_pending", via } });
    expect(describeStep(desk("list"))).toBe("Saw the new status in the provider's list of bookings → confirmed");
    expect(describeStep(desk("detail"))).toBe("Read the booking from the provider → confirmed");
    expect(describeStep(desk("refresh-status"))).toBe("Checked the status with the provider → confirmed");
  });

  it("says what a cancellation and an email did", () => {
    expect(describeStep(entry({ action: "cancel", result: { transferCancelScope: "return", refundStatus: "no_refund_due" } }))).toBe(
      "Cancelled the return journey: no refund due",
    );
    expect(describeStep(entry({ action: "email", result: { sentTo: ["a@x.com"], cc: ["b@x.com", "c@x.com"], pdfAttached: false, withoutPrices: true } }))).toBe(
      "Emailed the voucher to a@x.com, cc b@x.com, c@x.com · without prices · in the email body only",
    );
    expect(describeStep(entry({ action: "email", actor: "desk", by: null, result: { sentTo: ["a@x.com"], pdfAttached: true, sentBy: "desk", daysBefore: 3 } }))).toBe(
      "Emailed the voucher to a@x.com · PDF attached · 3 days before travel",
    );
    expect(maskDocument("U94390816")).toBe("•••• 0816");
  });
});
