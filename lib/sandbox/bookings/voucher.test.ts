import { beforeAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import type { HotelSummary } from "../search/types";
import type { Booking, BookingState } from "./model";
import { detail, errorBody, readKit } from "@/lib/testing/sandbox-bookings-read";
import { money } from "./voucher-html";
import type { VoucherData } from "./voucher";

const sb = testSandbox();
let kit: Awaited<ReturnType<typeof readKit>>;

beforeAll(async () => {
  kit = await readKit(sb, 160);
});

/** Any amount of money as the document would print it, or a currency code. */
const MONEY = /\b[A-Z]{3}\s[\d,]+|\d[\d,]*\.\d{2}\b/;
/** What a reader sees: the page without its style sheet and tags. */
const visible = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, "").replace(/<[^>]+>/g, " ");
const voucher = (b: Booking) => kit.call<VoucherData>("GET", `/bookings/${b.id}/voucher`);
const document = (b: Booking, query = "") => kit.call("GET", `/bookings/${b.id}/voucher/document${query}`);
const name = (t: Booking["travelers"][number]) => [t.title, t.firstName, t.lastName].filter(Boolean).join(" ");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

describe("GET /bookings/:bookingId/voucher", () => {
  it("gives the stay, rooms with their guests, policies and prices of a confirmed hotel booking", async () => {
    const b = kit.find((x) => x.productType === "hotel" && x.state === "confirmed" && new Set(x.travelers.map((t) => t.roomIndex)).size > 1);
    const s = b.summary as HotelSummary;
    const content = await kit.call<{ content: { checkin: unknown; checkout: unknown; policies: unknown } | null }>("GET", `/products/hotel/${b.canonicalProductId}`);
    const res = await voucher(b);
    expect(res.status).toBe(200);
    const rooms = [...new Set(b.travelers.map((t) => t.roomIndex ?? 0))].sort().map((r) => ({
      roomName: s.roomName,
      boardBasis: s.boardBasis,
      guests: b.travelers.filter((t) => (t.roomIndex ?? 0) === r).map(name),
    }));
    const c = content.body.data.content;
    expect(res.body).toEqual({
      data: {
        orderRef: b.orderRef,
        stay: { checkIn: b.firstItem.checkIn, checkOut: b.firstItem.checkOut, nights: expect.any(Number), rooms },
        hotelConfirmationNumber: (b.lineItems[0]!.details.hotelConfirmationNumber as string | null | undefined) ?? null,
        cancellationPolicy: expect.objectContaining({ refundable: b.cancellationPolicy.refundable, deadlines: b.cancellationPolicy.deadlines }),
        excludedTaxes: s.excludedTaxes ?? [],
        policies: c ? { checkin: c.checkin, checkout: c.checkout, policies: c.policies } : null,
        importantInformation: b.importantInformation,
        priceSummary: b.priceSummary,
      },
      meta: {},
      error: null,
    });
    const nights = (Date.parse(b.firstItem.checkOut) - Date.parse(b.firstItem.checkIn)) / 86_400_000;
    expect(res.body.data.stay.nights).toBe(nights);
  });

  it("hotelConfirmationNumber is null until the operations team records one", async () => {
    const b = kit.find((x) => x.productType === "hotel" && x.state === "confirmed");
    const without = kit.patch(b, { lineItems: b.lineItems.map((li) => ({ ...li, details: { ...li.details, hotelConfirmationNumber: null } })) });
    expect((await voucher(without)).body.data.hotelConfirmationNumber).toBeNull();
    const withNumber = kit.patch(without, { lineItems: without.lineItems.map((li) => ({ ...li, details: { ...li.details, hotelConfirmationNumber: "HC-77123" } })) });
    expect((await voucher(withNumber)).body.data.hotelConfirmationNumber).toBe("HC-77123");
  });

  it.each<[string, number]>([
    ["confirmed", 200],
    ["cancelled", 200],
    ["refunded", 200],
    ["cancellation_pending", 200],
    ["held", 400],
    ["failed", 400],
    ["supplier_pending", 400],
    ["manual_review", 400],
  ])("a %s hotel booking → %i", async (state, status) => {
    const b = kit.find((x) => x.productType === "hotel" && x.state === state);
    const res = await voucher(b);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toEqual(errorBody("validation_error"));
  });

  it.each(["flight", "activity", "transfer"])("a %s booking → 400 invalid_product_type", async (type) => {
    const res = await voucher(kit.find((x) => x.productType === type && x.state === "confirmed"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("invalid_product_type"));
  });

  it.each<[string, number, () => Promise<{ status: number; body: unknown }>, unknown]>([
    ["an unknown booking", 404, () => kit.call("GET", "/bookings/bk_nope/voucher"), errorBody("not_found")],
    ["another agency's booking", 403, async () => {
      const other = await readKit(sb, 1, "Other Agency");
      return kit.call("GET", `/bookings/${other.all()[0]!.id}/voucher`);
    }, errorBody("forbidden")],
    ["a query parameter", 400, () => kit.call("GET", `/bookings/${kit.all()[0]!.id}/voucher?format=pdf`), errorBody("validation_error", [detail("format")])],
  ])("%s → %i", async (_name, status, send, body) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });
});

describe("GET /bookings/:bookingId/voucher/document", () => {
  const confirmed = (type: string) => kit.find((x) => x.productType === type && x.state === "confirmed");

  it.each<[string, (b: Booking) => string[]]>([
    ["hotel", (b) => [b.bookedHotel!.name, b.bookedHotel!.address, (b.summary as HotelSummary).roomName, "Check-in", "Rooms and guests", "Payable at the property"].filter((x) => x !== "Payable at the property" || (b.summary as HotelSummary).excludedTaxes?.length)],
    ["flight", (b) => {
      const d = b.lineItems[0]!.details as { pnr: string; airlinePnr: string; tickets: Array<{ ticketNo: string }> };
      return [d.pnr, d.airlinePnr, ...d.tickets.map((t) => t.ticketNo), "Itinerary", "Passengers and tickets"];
    }],
    ["activity", (b) => {
      const vouchers = b.lineItems[0]!.details.supplierVouchers as Array<{ voucherRef: string }>;
      return [vouchers[0]!.voucherRef, "Meeting point", "Included"];
    }],
    ["transfer", (b) => {
      const s = b.summary as { pickupName: string; dropoffName: string };
      return [s.pickupName, s.dropoffName, "Journey", ...(b.travelers[0]?.flightNumber ? [b.travelers[0].flightNumber] : [])];
    }],
  ])("a %s booking prints as a complete, self-contained HTML page", async (type, facts) => {
    const b = confirmed(type);
    const res = await document(b);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = res.text;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    for (const text of [b.orderRef, b.lineItems[0]!.supplierConfirmationId!, ...b.travelers.map((t) => `${t.firstName} ${t.lastName}`), ...facts(b)]) {
      expect(html, text).toContain(esc(text));
    }
    const lead = b.travelers[0]!;
    if (lead.email) expect(html).toContain(esc(lead.email));
    expect(html).toContain("Cancellation policy");
    expect(html).toContain(esc(money(b.totalSell.amountMinor, b.totalSell.currency)));
    // Print rules, and nothing fetched from elsewhere.
    expect(html).toMatch(/@page\{size:A4/);
    expect(html).toContain("break-inside:avoid");
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import|https?:\/\//i);
  });

  it("a flight's ticketing status is in words, never the raw value", async () => {
    const b = confirmed("flight");
    const html = (await document(b)).text;
    expect(b.lineItems[0]!.details.ticketingStatus).toBe("ticketed");
    expect(html).toContain("<dt>Ticket status</dt><dd>Ticketed</dd>");
    expect(visible(html)).not.toMatch(/\bticketed\b/);
    const voided = kit.patch(b, { lineItems: [{ ...b.lineItems[0]!, details: { ...b.lineItems[0]!.details, ticketingStatus: "not_ticketed" } }] });
    expect((await document(voided)).text).toContain("<dt>Ticket status</dt><dd>Not ticketed</dd>");
  });

  it("free cancellation ends at the first deadline that charges, and is not promised when nights are kept", async () => {
    const b = kit.find((x) => x.productType === "hotel" && x.state === "confirmed" && x.cancellationPolicy.refundable && !x.cancellationPolicy.deadlinesWithheld);
    const inFuture = (days: number) => new Date(sb.services.clock.now() + days * 86_400_000).toISOString();
    const policy = {
      ...b.cancellationPolicy,
      deadlines: [
        { from: inFuture(2), amountMinor: 0, currency: b.totalSell.currency },
        { from: inFuture(5), amountMinor: 1000, currency: b.totalSell.currency },
        { from: inFuture(9), amountMinor: b.totalSell.amountMinor, currency: b.totalSell.currency },
      ],
      nonrefundableDateRanges: undefined,
      perStayAmountsNonRefundable: undefined,
    };
    const free = kit.patch(b, { cancellationPolicy: policy, createdAt: new Date(sb.services.clock.now() - 86_400_000).toISOString() });
    const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
    const parts = Object.fromEntries(day.formatToParts(Date.parse(inFuture(5))).map((p) => [p.type, p.value]));
    const html = (await document(free)).text;
    expect(html).toContain(`Free cancellation until ${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} UTC.`);
    // A deadline charging nothing is no step of its own.
    expect(visible(html)).not.toMatch(/costs [A-Z]{3} 0\.00/);

    const kept = kit.patch(free, { cancellationPolicy: { ...policy, nonrefundableDateRanges: [{ start: b.firstItem.checkIn, end: b.firstItem.checkIn }] } });
    const keptHtml = (await document(kept)).text;
    expect(keptHtml).not.toContain("Free cancellation until");
    expect(keptHtml).toContain("No free cancellation: part of this booking is non-refundable whatever the date.");
  });

  it("a round-trip transfer prints both legs with their pickup places", async () => {
    const b = kit.find((x) => x.productType === "transfer" && x.state === "confirmed" && Array.isArray(x.lineItems[0]?.details.transferLegs));
    const legs = b.lineItems[0]!.details.transferLegs as Array<{ pickupName: string; dropoffName: string; supplierConfirmationId: string }>;
    const html = (await document(b)).text;
    expect(html).toContain("<strong>Outbound</strong>");
    expect(html).toContain("<strong>Return</strong>");
    for (const leg of legs) for (const text of [leg.pickupName, leg.dropoffName, leg.supplierConfirmationId]) expect(html).toContain(esc(text));
  });

  it.each(["hotel", "flight", "activity", "transfer"])("prices=without leaves every amount off a %s voucher", async (type) => {
    const b = confirmed(type);
    const withPrices = await document(b);
    expect(visible(withPrices.text)).toMatch(MONEY);
    const res = await document(b, "?prices=without");
    expect(res.status).toBe(200);
    expect(visible(res.text)).not.toMatch(MONEY);
    expect(res.text).not.toContain("Price summary");
    expect(res.text).toContain(esc(b.orderRef));
  });

  it("prices=without also hides refunds and fees of a cancelled booking", async () => {
    const b = kit.find((x) => x.state === "refunded");
    expect(visible((await document(b)).text)).toMatch(MONEY);
    expect(visible((await document(b, "?prices=without")).text)).not.toMatch(MONEY);
  });

  it.each<[BookingState, string]>([
    ["cancelled", "Cancelled: this booking is not valid for travel."],
    ["refunded", "Cancelled: this booking is not valid for travel."],
    ["cancellation_pending", "Cancellation in progress: this booking is not valid for travel."],
  ])("a %s booking's document says so in a banner", async (state, banner) => {
    const html = (await document(kit.find((x) => x.state === state))).text;
    expect(html).toContain(banner);
  });

  it("escapes every text taken from the booking", async () => {
    const b = confirmed("hotel");
    const [lead, ...rest] = b.travelers;
    const evil = kit.patch(b, { travelers: [{ ...lead!, firstName: '<script>alert("x")</script>', lastName: "O'Brien & Sons" }, ...rest] });
    const html = (await document(evil)).text;
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Sons");
  });

  it("prints amounts in the currency's own minor units", async () => {
    const agencyId = (await sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Tokyo Trips", currency: "JPY" })).body.data.agencyId;
    expect((await sb.control("POST", `/agencies/${agencyId}/bookings/generate`, { count: 12 })).body).toEqual({ data: { created: 12 }, meta: {}, error: null });
    const key = (await sb.control<{ key: string }>("POST", `/agencies/${agencyId}/keys`, {})).body.data.key;
    const b = sb.services.bookings.forAgency(agencyId).find((x) => x.state === "confirmed")!;
    const html = (await sb.call("GET", `/api/v1/bookings/${b.id}/voucher/document`, { key })).text;
    const total = money(b.totalSell.amountMinor, "JPY");
    expect(total).toMatch(/^JPY\s[\d,]+$/);
    expect(html).toContain(esc(total));
  });

  it.each<[string, number, () => Promise<{ status: number; body: unknown; headers: Headers }>, unknown]>([
    ["an unknown booking", 404, () => kit.call("GET", "/bookings/bk_nope/voucher/document"), errorBody("not_found")],
    ["another agency's booking", 403, async () => {
      const other = await readKit(sb, 1, "Other Agency");
      return kit.call("GET", `/bookings/${other.all()[0]!.id}/voucher/document`);
    }, errorBody("forbidden")],
    ["a held booking", 400, () => document(kit.find((x) => x.state === "held")), errorBody("validation_error")],
    ["a failed booking", 400, () => document(kit.find((x) => x.state === "failed")), errorBody("validation_error")],
    ["prices=none", 400, () => document(kit.all()[0]!, "?prices=none"), errorBody("validation_error", [detail("prices")])],
    ["an unknown query parameter", 400, () => document(kit.all()[0]!, "?lang=fr"), errorBody("validation_error", [detail("lang")])],
  ])("%s → %i in the JSON envelope", async (_name, status, send, body) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual(body);
  });
});
