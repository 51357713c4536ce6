import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingPageSchema } from "@/lib/bookings/schemas";
import { factsFor } from "@/lib/db/ledger";
import { recordProposalBooking } from "@/lib/proposals/store";
import { generateBookings } from "@/lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import { chosenProposal } from "@/lib/testing/proposals";
import { firstRead } from "./booking-page";
import { bffTestKit, type BffTestKit } from "../testing/bff";

// The booking page's server part (issue 27, defect 6): an ID no booking has answers 404, a booking
// the desk has met costs no call, any other is read once and handed to the page.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  generateBookings(kit.sb.services, DEMO_AGENCY_ID, 4);
}, 60_000);
afterAll(() => kit.close());

const detailCalls = (from: number) => kit.paths.slice(from).filter((p) => p.startsWith("GET /api/v1/bookings/")).length;

describe("firstRead", () => {
  it("an unknown ID is missing (one call); one no booking could have is missing without a call", async () => {
    let before = kit.paths.length;
    expect(await firstRead(kit.people.advisor, "bk_no_such_booking")).toEqual({ kind: "missing" });
    expect(detailCalls(before)).toBe(1);
    before = kit.paths.length;
    expect(await firstRead(kit.people.advisor, "bk\u0000x")).toEqual({ kind: "missing" });
    expect(await firstRead(kit.people.advisor, "x".repeat(201))).toEqual({ kind: "missing" });
    expect(detailCalls(before)).toBe(0);
  });

  it("a booking met for the first time is read once and handed over; the next view costs no call", async () => {
    const booking = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID)[0]!;
    let before = kit.paths.length;
    const first = await firstRead(kit.people.advisor, booking.id);
    expect(first).toMatchObject({ kind: "read", booking: { order: { orderRef: booking.orderRef }, history: [] } });
    expect(detailCalls(before)).toBe(1);
    expect((await factsFor(kit.db, [booking.id])).has(booking.id)).toBe(true);
    before = kit.paths.length;
    expect(await firstRead(kit.people.advisor, booking.id)).toEqual({ kind: "known" });
    expect(detailCalls(before)).toBe(0);
  });

  it("a booking made from a proposal says which, with the prices it was booked at; another advisor of the agency sees it too", async () => {
    const booking = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID)[3]!;
    const p = await chosenProposal(kit.db, kit.people.advisor, { costMinor: 80_000, clientMinor: 92_000 });
    await recordProposalBooking(kit.db, kit.people.advisor, p.id, { itemId: p.itemId, bookingId: booking.id, orderRef: booking.orderRef });
    const first = await firstRead(kit.people.colleague, booking.id);
    expect(first.kind).toBe("read");
    const page = bookingPageSchema.parse(first.kind === "read" ? first.booking : null);
    expect(page.proposal).toEqual({ id: p.id, reference: p.reference, title: "Barcelona in December", currency: "USD", clientMinor: 92_000, costMinor: 80_000, marginMinor: 12_000 });
    // Any other booking: none.
    const other = await firstRead(kit.people.advisor, kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID)[2]!.id);
    expect(other.kind === "read" && other.booking.proposal).toBeNull();
  });

  it("a service that does not answer leaves the page to read it (never a 404 for a booking that may exist)", async () => {
    const booking = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID)[1]!;
    kit.setTransport(async () => {
      throw new TypeError("fetch failed");
    });
    try {
      expect(await firstRead(kit.people.advisor, booking.id)).toEqual({ kind: "unsure" });
    } finally {
      kit.setTransport(null);
    }
  });
});
