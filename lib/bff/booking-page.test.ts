import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factsFor } from "@/lib/db/ledger";
import { generateBookings } from "@/lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import { firstRead } from "./booking-page";
import { bffTestKit, type BffTestKit } from "../testing/bff";

// The booking page's server part (issue 27, defect 6): an ID no booking has answers 404, a booking
// the desk has met costs no call, any other is read once and handed to the page.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  generateBookings(kit.sb.services, DEMO_AGENCY_ID, 3);
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
