import { beforeAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import type { BookingDetail } from "./detail";
import type { Booking } from "./model";
import { detail, errorBody, readKit } from "@/lib/testing/sandbox-bookings-read";

const sb = testSandbox();
let kit: Awaited<ReturnType<typeof readKit>>;

beforeAll(async () => {
  kit = await readKit(sb, 160);
});

const iso = (ms: number) => new Date(ms).toISOString();
const get = (b: Booking) => kit.call<BookingDetail>("GET", `/bookings/${b.id}`);

/** The detail a stored booking must give (the cancellation policy is checked on its own below). */
function detailOf(b: Booking) {
  return {
    order: {
      orderRef: b.orderRef,
      state: b.state,
      travelers: b.travelers,
      paymentMethod: "credit",
      totalSell: b.totalSell,
      agencyCommission: b.agencyCommission,
      ...(b.state === "held" ? { held: b.held } : {}),
      ...(b.state === "failed" ? { failureReason: b.failureReason } : {}),
    },
    lineItems: b.lineItems.map((li) => ({ productType: li.productType, state: li.state, supplierConfirmationId: li.supplierConfirmationId, sell: li.sell, details: li.details })),
    bookedHotel: b.productType === "hotel" ? b.bookedHotel : null,
    cancellationPolicy: expect.objectContaining({ refundable: b.cancellationPolicy.refundable, deadlines: b.cancellationPolicy.deadlines }),
    importantInformation: b.importantInformation,
    priceSummary: b.priceSummary,
    payments: b.payments,
    earnings: b.earnings,
  };
}

describe("GET /bookings/:bookingId", () => {
  it.each<[string, (b: Booking) => boolean, (d: Record<string, unknown>) => void]>([
    ["a confirmed hotel (hotel references, bookedHotel)", (b) => b.productType === "hotel" && b.state === "confirmed", (d) => {
      expect(d.hotelConfirmationRef ?? d.hotelConfirmationRefs).toBeTruthy();
    }],
    ["a confirmed flight (PNRs, tickets)", (b) => b.productType === "flight" && b.state === "confirmed", (d) => {
      expect(d).toMatchObject({ pnr: expect.any(String), airlinePnr: expect.any(String), ticketingStatus: "ticketed" });
      expect(d.tickets).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String), ticketNo: expect.any(String), airlinePnr: d.airlinePnr })]));
    }],
    ["a confirmed activity (supplier voucher, PAN flag, booking questions)", (b) => b.productType === "activity" && b.state === "confirmed", (d) => {
      expect(d).toMatchObject({ panRequired: expect.any(Boolean), bookingQuestions: expect.any(Array), supplierVouchers: [expect.any(Object)] });
    }],
    ["a round-trip transfer (two legs)", (b) => b.productType === "transfer" && b.state === "confirmed" && Array.isArray(b.lineItems[0]?.details.transferLegs), (d) => {
      expect(d.transferLegs).toEqual([expect.objectContaining({ leg: "departure" }), expect.objectContaining({ leg: "return" })]);
    }],
    ["a one-way transfer", (b) => b.productType === "transfer" && b.state === "confirmed" && !b.lineItems[0]?.details.transferLegs, (d) => {
      expect(d).toMatchObject({ supplierVouchers: [expect.any(Object)] });
    }],
    ["a held hotel (held deadlines)", (b) => b.state === "held", () => {}],
    ["a failed booking (failureReason)", (b) => b.state === "failed", (d) => expect(d).toBeDefined()],
    ["a refunded flight", (b) => b.productType === "flight" && b.state === "refunded", (d) => expect(d.ticketingStatus).toBe("voided")],
    ["a booking being cancelled", (b) => b.state === "cancellation_pending", () => {}],
    ["a booking awaiting its source", (b) => b.state === "supplier_pending", () => {}],
    ["a booking in manual review", (b) => b.state === "manual_review", () => {}],
  ])("%s: the whole envelope", async (_name, pick, details) => {
    const b = kit.find(pick);
    const res = await get(b);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: detailOf(b), meta: {}, error: null });
    expect(Object.keys(res.body.data)).toEqual(["order", "lineItems", "bookedHotel", "cancellationPolicy", "importantInformation", "priceSummary", "payments", "earnings"]);
    details(res.body.data.lineItems[0]!.details);
  });

  it("held appears only for holds and failureReason only for failed bookings", async () => {
    const held = (await get(kit.find((b) => b.state === "held"))).body.data.order;
    expect(held.held).toEqual({ paymentDeadline: expect.any(String), cancellationDeadline: expect.any(String) });
    expect(Date.parse(held.held!.paymentDeadline)).toBeGreaterThan(sb.services.clock.now());
    const failed = (await get(kit.find((b) => b.state === "failed"))).body.data.order;
    expect(failed.failureReason).toMatch(/^[a-z_]+$/);
    const confirmed = (await get(kit.find((b) => b.state === "confirmed"))).body.data.order;
    expect(Object.keys(confirmed)).toEqual(["orderRef", "state", "travelers", "paymentMethod", "totalSell", "agencyCommission"]);
  });

  it("bookedHotel carries name, address, city and country for hotels, and is null otherwise", async () => {
    const hotel = (await get(kit.find((b) => b.productType === "hotel"))).body.data.bookedHotel;
    expect(hotel).toMatchObject({ name: expect.any(String), address: expect.any(String), city: expect.any(String), country: expect.any(String) });
    for (const type of ["flight", "activity", "transfer"]) {
      expect((await get(kit.find((b) => b.productType === type))).body.data.bookedHotel).toBeNull();
    }
  });

  it.each<[string, string, (now: number) => Array<{ from: string; amountMinor: number }>, string | undefined]>([
    ["nothing due yet: no currentRefundability", "confirmed", (now) => [{ from: iso(now + 86_400_000), amountMinor: 5000 }], undefined],
    ["a fee due now: partially refundable", "confirmed", (now) => [{ from: iso(now - 60_000), amountMinor: 5000 }, { from: iso(now + 86_400_000), amountMinor: 10000 }], "partially_refundable"],
    ["the full price due now: non-refundable", "held", (now) => [{ from: iso(now - 86_400_000), amountMinor: 5000 }, { from: iso(now - 60_000), amountMinor: 10000 }], "non_refundable"],
    ["a cancelled booking keeps its policy as booked", "cancelled", (now) => [{ from: iso(now - 60_000), amountMinor: 10000 }], undefined],
  ])("cancellationPolicy as of the virtual clock: %s", async (_name, state, deadlines, current) => {
    const b = kit.find((x) => x.state === state);
    const now = sb.services.clock.now();
    const policy = { refundable: true, deadlines: deadlines(now).map((d) => ({ ...d, currency: b.totalSell.currency })) };
    const saved = kit.patch(b, { cancellationPolicy: policy, totalSell: { ...b.totalSell, amountMinor: 10000 }, firstItem: { ...b.firstItem, checkIn: kit.day(30), checkOut: kit.day(32) } });
    const res = await get(saved);
    expect(res.body.data.cancellationPolicy).toEqual(current ? { ...policy, currentRefundability: current } : policy);
  });

  it("a non-refundable policy is returned as booked", async () => {
    const b = kit.find((x) => x.state === "confirmed" && !x.cancellationPolicy.refundable);
    expect((await get(b)).body.data.cancellationPolicy).toEqual(b.cancellationPolicy);
  });

  it.each<[string, number, () => Promise<{ status: number; body: unknown }>, unknown]>([
    ["an unknown booking", 404, () => kit.call("GET", "/bookings/bk_doesnotexist"), errorBody("not_found")],
    ["another agency's booking", 403, async () => {
      const other = await readKit(sb, 1, "Other Agency");
      return kit.call("GET", `/bookings/${other.all()[0]!.id}`);
    }, errorBody("forbidden")],
    ["a query parameter", 400, () => kit.call("GET", `/bookings/${kit.all()[0]!.id}?expand=all`), errorBody("validation_error", [detail("expand")])],
  ])("%s → %i", async (_name, status, send, body) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });
});

describe("GET /bookings/:bookingId reads settled states", () => {
  const own = testSandbox();

  it("a hold lapses at its payment deadline on the virtual clock", async () => {
    const k = await readKit(own, 40);
    const held = k.find((b) => b.state === "held");
    const read = async () => (await k.call<BookingDetail>("GET", `/bookings/${held.id}`)).body.data.order;
    expect((await read()).state).toBe("held");
    await own.control("POST", "/clock/advance", { seconds: Math.ceil((Date.parse(held.held!.paymentDeadline) - own.services.clock.now()) / 1000) + 1 });
    const after = await read();
    expect(after.state).toBe("cancelled");
    expect(after.held).toBeUndefined();
  });
});
