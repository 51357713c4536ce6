import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingActions, bookingAnswerKey } from "../contract/adapter";
import { BOOKING_STATES, isOneOf, type ProductType } from "../contract/base";
import type { TdsClient } from "./client";
import {
  TdsAuthError,
  TdsConflictError,
  TdsGoneError,
  TdsNotFoundError,
  TdsPaymentError,
  TdsRateLimitError,
  TdsServerError,
  TdsValidationError,
} from "../contract/errors";
import { isActivityRow, isFlightRow, isHotelRow, isSessionFilling, isTransferRow } from "../contract/narrow";
import { sandboxClients } from "@/lib/testing/tds";
import type { BookingCreateRequest, PriceCheck, ResultRow, SearchCreateRequest, Traveler } from "../contract/types";

// The client against the real sandbox, in process: every endpoint's answer goes through the
// client's schemas, and the sandbox produces the errors it can.

const kit = sandboxClients();
const { sb, day } = kit;
afterAll(() => sb.close());

/** The rejection of a call that must fail. */
const failure = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );

const searchBodies: Record<ProductType, (over?: Partial<SearchCreateRequest>) => SearchCreateRequest> = {
  hotel: (over) => ({ productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", residency: "US", destination: "Barcelona", checkIn: day(30), checkOut: day(33), ...over }),
  flight: (over) => ({ productType: "flight", occupancy: [{ adults: 1, childrenAges: [] }], currency: "USD", market: "US", origin: "JFK", destination: "LHR", checkIn: day(30), checkOut: day(37), ...over }),
  activity: (over) => ({ productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", destinationCode: "ES-BARCELONA", checkIn: day(30), ...over }),
  transfer: (over) => ({
    productType: "transfer",
    occupancy: [{ adults: 2, childrenAges: [] }],
    currency: "USD",
    market: "US",
    pickupLocation: { type: "airport", code: "BCN" },
    dropoffLocation: { type: "address", code: "41.3874,2.1686" },
    pickupAt: `${day(30)}T10:00:00Z`,
    ...over,
  }),
};

type Quote = { row: ResultRow; check: PriceCheck; search: SearchCreateRequest; searchId: string };

/** Searches, then price-checks the rows `pick` accepts until a check satisfies `accept`. */
async function quote(
  tds: TdsClient,
  productType: ProductType,
  opts: { search?: Partial<SearchCreateRequest>; pick?: (r: ResultRow) => boolean; accept?: (c: PriceCheck) => boolean } = {},
): Promise<Quote> {
  const search = searchBodies[productType](opts.search);
  const { searchId } = await tds.createSearch(search);
  const { rows } = await tds.searchResults(searchId, { limit: 200 });
  for (const row of rows.filter(opts.pick ?? (() => true)).slice(0, 30)) {
    const check = await tds.priceCheck(row.rateQuoteId);
    if (!opts.accept || opts.accept(check)) return { row, check, search, searchId };
  }
  throw new Error(`no ${productType} row fits`);
}

/** One traveller per searched guest, with every detail any product may ask for. */
function travelers(q: Quote, lead: Partial<Traveler> = {}): Traveler[] {
  const person = (type: "adult" | "child", n: number, extra: Partial<Traveler>): Traveler => ({
    type,
    title: type === "adult" ? (n % 2 ? "Mr" : "Ms") : "Miss",
    firstName: `Guest${n}`,
    lastName: "Traveller",
    dateOfBirth: type === "adult" ? "1985-04-12" : "2018-06-01",
    gender: n % 2 ? "male" : "female",
    passportNumber: `X${1000000 + n}`,
    passportExpiry: day(2000),
    nationality: "US",
    ...extra,
  });
  const list: Traveler[] = [];
  if (q.search.productType === "hotel") {
    q.search.occupancy.forEach((room, r) => {
      for (let a = 0; a < room.adults; a++) list.push(person("adult", list.length, { roomIndex: r }));
      for (const age of room.childrenAges) list.push(person("child", list.length, { roomIndex: r, age }));
    });
  } else {
    for (const room of q.search.occupancy) {
      for (let a = 0; a < room.adults; a++) list.push(person("adult", list.length, {}));
      for (const age of room.childrenAges) list.push(person("child", list.length, { age }));
    }
  }
  const [first, ...rest] = list;
  const contact = { firstName: "Ana", lastName: "Lopez", email: "ana.lopez@example.com", phone: "+34600111222", carrierName: "Iberia", flightNumber: "IB3151" };
  return [{ ...person("adult", 0, {}), ...first, ...contact, ...lead }, ...rest];
}

/** A booking body that meets every requirement the price-check reported. */
function bookingBody(q: Quote, over: Partial<BookingCreateRequest> = {}, lead: Partial<Traveler> = {}): BookingCreateRequest {
  const list = travelers(q, lead);
  const answers: Record<string, string | number | boolean> = {};
  for (const question of q.check.requirements.bookingQuestions) {
    const byType: Record<string, string | number | boolean> = { text: "Hotel Arts", number: 1, date: day(29), boolean: true, select: question.options?.[0] ?? "" };
    const value = byType[question.type] ?? "yes";
    const count = question.perTraveler ? list.length : 1;
    for (let i = 0; i < count; i++) answers[bookingAnswerKey(question, i)] = value;
  }
  return {
    quoteId: q.row.rateQuoteId,
    travelers: list,
    paymentMethod: "credit",
    ...(q.check.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
    ...(q.check.packageRate ? { packageRateAcknowledged: true } : {}),
    ...(q.check.requirements.panRequired ? { panNumber: "ABCDE1234F" } : {}),
    ...(Object.keys(answers).length ? { bookingAnswers: answers } : {}),
    ...over,
  };
}

const hotelRefundable = (r: ResultRow) => isHotelRow(r) && r.refundable && !r.summary.isPackage;

describe("catalog", () => {
  let tds: TdsClient;
  beforeAll(async () => {
    tds = await kit.freshClient();
  });

  it("capabilities: product types per market; a bad market is a validation error", async () => {
    expect((await tds.capabilities("US")).productTypes).toEqual(["hotel", "flight", "activity", "transfer"]);
    expect((await tds.capabilities("IN")).productTypes).not.toContain("flight");
    const err = await failure(tds.capabilities("usa"));
    expect(err).toBeInstanceOf(TdsValidationError);
    expect(err).toMatchObject({ status: 400, code: "validation_error", details: [] });
  });

  it("suggest: cities, hotels and points of interest", async () => {
    const groups = await tds.suggest("barcelona", 5);
    expect(groups.cities[0]).toMatchObject({ name: "Barcelona", countryCode: "ES", cityRegionId: expect.any(Number) });
    expect(groups.hotels.length).toBeGreaterThan(0);
    expect(groups.hotels.length).toBeLessThanOrEqual(5);
    expect(groups.pois.some((p) => p.kind === "airport" || p.kind === "destination")).toBe(true);
  });

  it("destinations: pages by opaque cursor; a foreign cursor is a validation error", async () => {
    const first = await tds.destinations({ productType: "transfer", q: "Bar", limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]?.kind).toMatch(/^transfer_/);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await tds.destinations({ productType: "transfer", q: "Bar", limit: 1, cursor: first.nextCursor ?? "" });
    expect(second.items[0]?.code).not.toBe(first.items[0]?.code);
    const err = await failure(tds.destinations({ productType: "activity", cursor: first.nextCursor ?? "" }));
    expect(err).toMatchObject({ name: "TdsValidationError", code: "validation_error", details: [{ path: "cursor", message: expect.any(String) }] });
  });

  it("activity catalogue and content; hotel content; unknown IDs are not_found", async () => {
    const page = await tds.destinationActivities("ES-BARCELONA", { limit: 3 });
    expect(page.items).toHaveLength(3);
    const item = page.items[0];
    if (!item) throw new Error("no activity");
    const content = await tds.activityContent(item.activityKey);
    expect(content).toMatchObject({ activityKey: item.activityKey, name: item.name, images: expect.any(Array), highlights: expect.any(Array) });

    const hotelId = (await tds.suggest("barcelona")).hotels[0]?.canonicalId ?? "";
    const hotel = await tds.hotelContent(hotelId);
    expect(hotel).toMatchObject({ canonicalId: hotelId, geo: { coordinates: [expect.any(Number), expect.any(Number)] } });
    if (hotel.content) expect(hotel.content.images.every((i) => typeof i.url === "string")).toBe(true);

    for (const call of [tds.hotelContent("nope"), tds.activityContent("nope"), tds.destinationActivities("XX-NOWHERE")]) {
      const err = await failure(call);
      expect(err).toBeInstanceOf(TdsNotFoundError);
      expect(err).toMatchObject({ status: 404, code: "not_found" });
    }
  });
});

describe("search", () => {
  let tds: TdsClient;
  let searchId: string;
  let rows: ResultRow[];
  beforeAll(async () => {
    tds = await kit.freshClient();
    ({ searchId } = await tds.createSearch(searchBodies.hotel()));
    ({ rows } = await tds.searchResults(searchId, { limit: 50 }));
  });

  it("reads hotel rows and the session meta, and pages by cursor or by product", async () => {
    expect(rows).toHaveLength(50);
    expect(rows.every(isHotelRow)).toBe(true);
    const page = await tds.searchResults(searchId, { limit: 50 });
    expect(page.meta.session).toMatchObject({ status: expect.any(String), batchProgress: { done: expect.any(Number), total: expect.any(Number) } });
    expect(page.meta.session.supplierOutcomes[0]).toMatchObject({ supplier: expect.stringMatching(/^src-/) });
    expect(typeof isSessionFilling(page.meta.session.status)).toBe("boolean");
    const next = await tds.searchResults(searchId, { limit: 50, cursor: page.meta.nextCursor ?? "" });
    expect(next.rows[0]?.rank).toBe(51);
    const grouped = await tds.searchResults(searchId, { limit: 5, groupByProduct: true });
    expect(new Set(grouped.rows.map((r) => r.canonicalProductId)).size).toBe(5);
  });

  it("maps results errors: invalid_limit, invalid_cursor, not_found", async () => {
    expect(await failure(tds.searchResults(searchId, { limit: 0 }))).toMatchObject({ name: "TdsValidationError", code: "invalid_limit" });
    expect(await failure(tds.searchResults(searchId, { cursor: "garbage" }))).toMatchObject({ name: "TdsValidationError", code: "invalid_cursor" });
    expect(await failure(tds.searchResults("srch_unknown"))).toBeInstanceOf(TdsNotFoundError);
  });

  it("reads a hotel rate sheet (no coordinates) and the saved options of a product", async () => {
    const productId = rows[0]?.canonicalProductId ?? "";
    const sheet = await tds.hotelRateSheet(searchId, productId);
    expect(sheet.length).toBeGreaterThan(0);
    for (const r of sheet) {
      expect(r.canonicalProductId).toBe(productId);
      if (isHotelRow(r)) expect(r.summary.coordinates ?? null).toBeNull();
    }
    const saved = await tds.productRates(searchId, productId);
    expect(saved.length).toBeGreaterThan(0);
  });

  it("reads flight, activity and transfer rows", async () => {
    const guards = { flight: isFlightRow, activity: isActivityRow, transfer: isTransferRow } as const;
    for (const productType of ["flight", "activity", "transfer"] as const) {
      const { searchId: id } = await tds.createSearch(searchBodies[productType]());
      const page = await tds.searchResults(id, { limit: 20 });
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.every(guards[productType])).toBe(true);
      expect(page.meta.session.status).toBe("completed");
      if (productType === "activity") {
        const product = page.rows[0]?.canonicalProductId ?? "";
        expect((await tds.productRates(id, product)).every((r) => r.canonicalProductId === product)).toBe(true);
        expect(await failure(tds.hotelRateSheet(id, product))).toMatchObject({ name: "TdsValidationError", code: "invalid_product_type" });
      }
    }
  });

  it("maps search creation errors with their details", async () => {
    const err = await failure(tds.createSearch(searchBodies.hotel({ occupancy: [{ adults: 7, childrenAges: [] }] })));
    expect(err).toBeInstanceOf(TdsValidationError);
    expect(err).toMatchObject({ code: "validation_error", details: [{ path: "occupancy.0.adults", message: expect.any(String) }] });
    expect(await failure(tds.createSearch(searchBodies.activity({ destinationCode: undefined, destination: "Qqqqzzzz" })))).toMatchObject({
      code: "unknown_destination",
    });
    expect(await failure(tds.createSearch(searchBodies.activity({ hotelId: "h1" })))).toMatchObject({ code: "invalid_hotel_selection" });
    expect(await failure(tds.createSearch(searchBodies.hotel({ hotelId: "no-such-hotel", destination: undefined })))).toBeInstanceOf(TdsNotFoundError);
  });

  it("thumbnails: more than 60 IDs in several calls, merged, null for a hotel without an image", async () => {
    const grouped = await tds.searchResults(searchId, { limit: 130, groupByProduct: true });
    const ids = [...new Set(grouped.rows.map((r) => r.canonicalProductId))];
    expect(ids).toHaveLength(130);
    const before = kit.paths.length;
    const map = await tds.hotelThumbnails([...ids, "no-such-hotel"]);
    expect(kit.paths.slice(before).filter((p) => p.endsWith("/products/hotel-thumbnails"))).toHaveLength(3);
    expect(Object.keys(map)).toHaveLength(131);
    expect(map["no-such-hotel"]).toBeNull();
    expect(ids.filter((id) => typeof map[id] === "string").length).toBeGreaterThan(100);
  });
});

describe("access errors from the sandbox", () => {
  it("unauthorized, agreement_unsigned, api_key_owner_missing, forbidden", async () => {
    const unknown = kit.clientWith("tdsk_NotAKeyAtAll00000000000000000000000000000000");
    expect(await failure(unknown.capabilities("US"))).toMatchObject({
      name: "TdsAuthError",
      status: 401,
      code: "unauthorized",
      message: "Invalid, revoked, or expired API key",
    });

    const agency = async (fields: Record<string, unknown>, key: Record<string, unknown> = {}) => {
      const made = await sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Other Agency", ...fields });
      const k = await sb.control<{ key: string }>("POST", `/agencies/${made.body.data.agencyId}/keys`, key);
      return kit.clientWith(k.body.data.key);
    };
    const unsigned = await agency({ agreementSigned: false });
    expect(await failure(unsigned.capabilities("US"))).toMatchObject({ name: "TdsAuthError", status: 403, code: "agreement_unsigned" });

    const ownerless = await agency({ agreementSigned: true }, { withoutCreator: true });
    expect(await failure(ownerless.createSearch(searchBodies.activity()))).toMatchObject({ name: "TdsAuthError", code: "api_key_owner_missing" });

    const mine = await kit.freshClient();
    const { searchId } = await mine.createSearch(searchBodies.activity());
    const other = await agency({ agreementSigned: true });
    const err = await failure(other.searchResults(searchId));
    expect(err).toBeInstanceOf(TdsAuthError);
    expect(err).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("rate_limited with Retry-After, given back to the caller", async () => {
    const tds = await kit.freshClient({ maxRetries: 0 });
    let err: unknown;
    for (let i = 0; i < 130 && !err; i++) err = await tds.destinations({ productType: "activity", limit: 1 }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(TdsRateLimitError);
    expect((err as TdsRateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
    expect((err as TdsRateLimitError).retryAfter).toBeLessThanOrEqual(60);
  });
});

describe("quotes", () => {
  let tds: TdsClient;
  beforeAll(async () => {
    tds = await kit.freshClient();
  });

  it("price-checks a hotel rate: requirements, bookable for 10 minutes", async () => {
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    expect(q.check).toMatchObject({ quoteId: q.row.rateQuoteId, refundable: true, requirements: { title: expect.any(String), bookingQuestions: expect.any(Array) } });
    expect(Date.parse(q.check.bookableUntil) - Date.parse(q.check.checkedAt)).toBe(10 * 60_000);
  });

  it("lists an activity's options and price-checks one of them; other products have none", async () => {
    const q = await quote(tds, "activity");
    const options = await tds.activityOptions(q.row.rateQuoteId);
    expect(options.length).toBeGreaterThan(0);
    const option = options[0];
    if (!option) throw new Error("no option");
    expect(option).toMatchObject({ supplierRateRef: expect.any(String), label: expect.any(String), sellCurrency: "USD" });
    const forThree = await tds.activityOptions(q.row.rateQuoteId, { occupancy: [{ adults: 3, childrenAges: [] }] });
    expect(forThree.length).toBeGreaterThan(0);
    expect((await tds.priceCheck(q.row.rateQuoteId, { supplierRateRef: option.supplierRateRef })).quoteId).toBe(q.row.rateQuoteId);
    expect(await failure(tds.priceCheck(q.row.rateQuoteId, { supplierRateRef: "opt_nope" }))).toMatchObject({ name: "TdsValidationError", code: "rate_option_not_offered" });

    const hotel = await quote(tds, "hotel");
    expect(await failure(tds.activityOptions(hotel.row.rateQuoteId))).toMatchObject({ name: "TdsValidationError", code: "activity_recheck_unsupported" });
  });

  it("retries price_check_conflict once, transparently", async () => {
    const { searchId } = await tds.createSearch(searchBodies.hotel({ query: "sandbox:price-check-conflict-once" }));
    const row = (await tds.searchResults(searchId, { limit: 1 })).rows[0];
    const before = kit.paths.length;
    expect((await tds.priceCheck(row?.rateQuoteId ?? "")).quoteId).toBe(row?.rateQuoteId);
    expect(kit.paths.slice(before)).toEqual([`POST /api/v1/quotes/${row?.rateQuoteId}/price-check`, `POST /api/v1/quotes/${row?.rateQuoteId}/price-check`]);
  });

  it.each([
    ["supplier-unavailable", TdsServerError, 503, "supplier_unavailable"],
    ["rate-unavailable", TdsConflictError, 409, "rate_unavailable"],
    ["unknown-supplier", TdsConflictError, 409, "unknown_supplier"],
    ["quote-invalid", TdsConflictError, 409, "quote_invalid"],
    ["currency-unavailable", TdsConflictError, 409, "price_check_currency_unavailable"],
  ] as const)("sandbox:%s reaches the advisor as %o %i %s, without a retry", async (trigger, Class, status, code) => {
    const client = await kit.freshClient();
    const { searchId } = await client.createSearch(searchBodies.hotel({ query: `sandbox:${trigger}` }));
    const row = (await client.searchResults(searchId, { limit: 1 })).rows[0];
    const before = kit.paths.length;
    const err = await failure(client.priceCheck(row?.rateQuoteId ?? ""));
    expect(err).toBeInstanceOf(Class);
    expect(err).toMatchObject({ status, code });
    expect(kit.paths.slice(before)).toHaveLength(1);
  });
});

describe("bookings", () => {
  it("books a hotel, reads it back, lists it, vouchers and emails it, cancels it", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const key = crypto.randomUUID();
    const created = await tds.createBooking(bookingBody(q), { idempotencyKey: key });
    expect(created).toMatchObject({ bookingId: expect.any(String), orderRef: expect.stringMatching(/^RV-/), state: "confirmed", replayed: false });
    // The same key and body replay the first answer instead of booking twice, and say so (Idempotent-Replayed).
    expect(await tds.createBooking(bookingBody(q), { idempotencyKey: key })).toEqual({ ...created, replayed: true });

    const detail = await tds.getBooking(created.bookingId);
    expect(detail.order).toMatchObject({ orderRef: created.orderRef, state: "confirmed", paymentMethod: "credit", totalSell: { currency: "USD" } });
    expect(detail.order.travelers[0]).toMatchObject({ firstName: "Ana", email: "ana.lopez@example.com" });
    expect(detail.lineItems[0]).toMatchObject({ productType: "hotel", state: "confirmed" });
    expect(detail.bookedHotel?.name).toEqual(expect.any(String));

    const page = await tds.listBookings({ q: created.orderRef });
    expect(page.rows.map((r) => r._id)).toEqual([created.bookingId]);
    expect(page.rows[0]?.firstItem).toMatchObject({ productType: "hotel", checkIn: q.search.checkIn, checkOut: q.search.checkOut });

    const voucher = await tds.voucher(created.bookingId);
    expect(voucher).toMatchObject({ orderRef: created.orderRef, stay: { checkIn: q.search.checkIn, nights: 3, rooms: [{ guests: expect.any(Array) }] } });
    const html = await tds.voucherDocument(created.bookingId);
    expect(html).toContain(created.orderRef);
    expect(await tds.voucherDocument(created.bookingId, { withoutPrices: true })).not.toBe(html);

    const sent = await tds.emailClient(created.bookingId, { agencyName: "Demo Travel Co", cc: ["desk@example.com"] });
    expect(sent).toMatchObject({ sentTo: ["ana.lopez@example.com"], cc: ["desk@example.com"], pdfAttached: expect.any(Boolean) });

    // A booked quote can be neither re-priced nor booked again.
    expect(await failure(tds.priceCheck(q.row.rateQuoteId))).toMatchObject({ name: "TdsConflictError", code: "quote_not_repriceable" });
    expect(await failure(tds.createBooking(bookingBody(q)))).toMatchObject({ name: "TdsConflictError", code: "quote_not_price_checked" });

    const cancelled = await tds.cancelBooking(created.bookingId);
    expect(cancelled.bookingId).toBe(created.bookingId);
    expect(["refunded", "no_refund_due", "manual_review"]).toContain(cancelled.refund.status);
    expect(["cancelled", "refunded"]).toContain((await tds.getBooking(created.bookingId)).order.state);
  });

  it("holds a hotel and pays it; paying again is booking_invalid_transition", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable, accept: (c) => c.holdable });
    const held = await tds.createBooking(bookingBody(q, { hold: true }));
    expect(held.state).toBe("held");
    const detail = await tds.getBooking(held.bookingId);
    expect(detail.order.held).toMatchObject({ paymentDeadline: expect.any(String), cancellationDeadline: expect.any(String) });
    expect(bookingActions(detail.order.state)).toMatchObject({ pay: true, email: false });
    expect(await failure(tds.emailClient(held.bookingId))).toBeInstanceOf(TdsValidationError);

    const paid = await tds.payBooking(held.bookingId);
    expect(["confirmed", "supplier_pending"]).toContain(paid.state);
    expect(await failure(tds.payBooking(held.bookingId))).toMatchObject({ name: "TdsConflictError", status: 409, code: "booking_invalid_transition" });
  });

  it("follows a supplier_pending booking with refresh-status until the source confirms", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const pending = await tds.createBooking(bookingBody(q, {}, { lastName: "Lopez sandbox:supplier-pending" }));
    expect(pending.state).toBe("supplier_pending");
    expect((await tds.refreshBookingStatus(pending.bookingId)).state).toBe("supplier_pending");
    await kit.advance(150);
    expect(await tds.refreshBookingStatus(pending.bookingId)).toMatchObject({ bookingId: pending.bookingId, state: "confirmed" });
  });

  it("accepts the in-progress cancellation state without knowing its name, read-only", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const booked = await tds.createBooking(bookingBody(q, {}, { lastName: "Lopez sandbox:cancel-pending" }));
    const cancelling = await tds.cancelBooking(booked.bookingId);
    expect(isOneOf(BOOKING_STATES, cancelling.state)).toBe(false);
    const detail = await tds.getBooking(booked.bookingId);
    expect(detail.order.state).toBe(cancelling.state);
    expect(bookingActions(detail.order.state)).toEqual({ refresh: false, pay: false, cancel: false, email: false });
    const listed = await tds.listBookings({ state: "cancelled", q: booked.orderRef });
    expect(listed.rows.map((r) => r.state)).toEqual([cancelling.state]);
    await kit.advance(6 * 60);
    expect(["cancelled", "refunded"]).toContain((await tds.getBooking(booked.bookingId)).order.state);
  });

  it("retries a keyed booking after a 500, with the same key, and books once", async () => {
    const keys: Array<string | null> = [];
    const tds = await kit.freshClient({ hooks: { onRequest: (e) => void (e.url.endsWith("/bookings") && keys.push(e.idempotencyKey)) } });
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const booked = await tds.createBooking(bookingBody(q, {}, { lastName: "Lopez sandbox:internal-error-once" }));
    expect(booked.state).toBe("confirmed");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect((await tds.listBookings({ q: booked.orderRef })).rows).toHaveLength(1);
  });

  it("a failed booking carries a failureReason and cannot be cancelled", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const failed = await tds.createBooking(bookingBody(q, {}, { lastName: "Lopez sandbox:booking-failed" }));
    expect(failed.state).toBe("failed");
    expect((await tds.getBooking(failed.bookingId)).order.failureReason).toEqual(expect.any(String));
    expect(await failure(tds.cancelBooking(failed.bookingId))).toMatchObject({ name: "TdsConflictError", code: "booking_invalid_transition" });
  });

  it("maps booking rule errors with their details", async () => {
    const tds = await kit.freshClient();
    const q = await quote(tds, "hotel", { pick: hotelRefundable });
    const [lead] = travelers(q);
    const err = await failure(tds.createBooking(bookingBody(q, { travelers: lead ? [lead] : [] })));
    expect(err).toBeInstanceOf(TdsValidationError);
    expect(err).toMatchObject({ code: "traveler_manifest_mismatch", details: [expect.objectContaining({ path: "travelers" })] });
    expect(await failure(tds.getBooking("bk_nope"))).toBeInstanceOf(TdsNotFoundError);
  });

  it("books a flight, an activity and a transfer and reads their line items", async () => {
    for (const productType of ["flight", "activity", "transfer"] as const) {
      const tds = await kit.freshClient();
      const q = await quote(tds, productType);
      const booked = await tds.createBooking(bookingBody(q));
      expect(booked.state).toBe("confirmed");
      const detail = await tds.getBooking(booked.bookingId);
      expect(detail.lineItems[0]).toMatchObject({ productType, state: "confirmed", details: expect.any(Object) });
      expect(detail.bookedHotel ?? null).toBeNull();
    }
  });

  it("payment and credit errors from an agency without credit", async () => {
    const agency = async (fields: Record<string, unknown>) => {
      const made = await sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Credit Test", agreementSigned: true, ...fields });
      const k = await sb.control<{ key: string }>("POST", `/agencies/${made.body.data.agencyId}/keys`, {});
      return kit.clientWith(k.body.data.key);
    };
    const poor = await agency({ creditLimitMinor: 1 });
    const q1 = await quote(poor, "hotel", { pick: hotelRefundable });
    const err = await failure(poor.createBooking(bookingBody(q1)));
    expect(err).toBeInstanceOf(TdsPaymentError);
    expect(err).toMatchObject({ status: 402, code: "credit_limit_exceeded" });

    const off = await agency({ creditEnabled: false });
    const q2 = await quote(off, "hotel", { pick: hotelRefundable });
    expect(await failure(off.createBooking(bookingBody(q2)))).toMatchObject({ name: "TdsPaymentError", status: 403, code: "credit_disabled" });
  });
});

describe("lifetimes (last: they move the virtual clock)", () => {
  it("an expired search is gone: search_expired", async () => {
    const tds = await kit.freshClient();
    const { searchId } = await tds.createSearch(searchBodies.activity());
    await kit.advance(21 * 60);
    const err = await failure(tds.searchResults(searchId));
    expect(err).toBeInstanceOf(TdsGoneError);
    expect(err).toMatchObject({ status: 410, code: "search_expired" });
  });
});
