import { describe, expect, it } from "vitest";
import { bookingActions, travelerSchema } from "./adapter";
import { isHotelRow, isSessionFilling } from "./narrow";
import { openEnum } from "./base";
import { bookingDetailSchema, bookingListPageSchema, cancelResultSchema, resultRowSchema, resultsMetaSchema } from "./schemas";
import { bookingCreateRequestSchema, emailClientRequestSchema, searchCreateRequestSchema } from "./requests";
import { hotelSummary, policy, row } from "./__fixtures__/rows";

const money = { amountMinor: 100, currency: "USD" };

describe("lenient response parsing", () => {
  it("keeps unknown fields on rows and summaries", () => {
    const parsed = resultRowSchema.parse(row({ badge: "new", summary: { ...hotelSummary, spa: true } }));
    expect(parsed).toMatchObject({ badge: "new", summary: { spa: true } });
    expect(isHotelRow(parsed)).toBe(true);
  });

  it("requires the specification's hotel summary fields (null when a source lacks one); rate-sheet rows have no coordinates", () => {
    const { coordinates: _c, ...withoutCoordinates } = hotelSummary;
    expect(resultRowSchema.safeParse(row({ summary: withoutCoordinates })).success).toBe(true);
    const { roomGroupKey: _k, ...withoutGroup } = hotelSummary;
    expect(resultRowSchema.safeParse(row({ summary: withoutGroup })).success).toBe(false);
    expect(resultRowSchema.safeParse(row({ summary: { ...hotelSummary, isPackage: null } })).success).toBe(false);
  });

  it("reads other products' summaries leniently, and a product type added later as a generic row", () => {
    expect(resultRowSchema.parse(row({ productType: "flight", summary: { whatever: 1 } }))).toMatchObject({ productType: "flight" });
    expect(resultRowSchema.parse(row({ productType: "transfer", summary: { tripType: "round" } }))).toMatchObject({ summary: { tripType: "round" } });
    const cruise = resultRowSchema.parse(row({ productType: "cruise", summary: { ship: "Aurora" } }));
    expect(cruise).toMatchObject({ productType: "cruise", summary: { ship: "Aurora" } });
    expect(isHotelRow(cruise)).toBe(false);
  });

  it("accepts a session status, a supplier outcome status and a booking state it does not know", () => {
    const meta = resultsMetaSchema.parse({
      session: { status: "throttled", batchProgress: { done: 1, total: 2 }, supplierOutcomes: [{ supplier: "src-1", status: "partial", latencyMs: 5, rateCount: 3 }] },
    });
    expect(meta).toMatchObject({ nextCursor: null, session: { status: "throttled" } });
    expect(meta.session.lateArrivals).toBeUndefined();
    expect(isSessionFilling(meta.session.status)).toBe(false);

    const listRow = { _id: "bk_1", orderRef: "RV-2026-ABCDEFGH", state: "cancellation_pending", totalSell: money, firstItem: { productType: "hotel", hotelName: "Arts", checkIn: "2026-12-01", checkOut: "2026-12-03", confirmation: null }, createdAt: "2026-11-21T10:00:00Z" };
    expect(bookingListPageSchema.parse({ rows: [listRow], nextCursor: null }).rows[0]?.state).toBe("cancellation_pending");
    expect(cancelResultSchema.parse({ bookingId: "bk_1", state: "being_cancelled", refund: { status: "pending_review" } }).refund.status).toBe("pending_review");
  });

  it("parses a booking detail with unknown states, extra fields and missing optional blocks", () => {
    const detail = bookingDetailSchema.parse({
      order: { orderRef: "RV-2026-ABCDEFGH", state: "on_hold_new", travelers: [{ firstName: "Ana", loyalty: "X1" }], paymentMethod: "credit", totalSell: money, agencyCommission: null },
      lineItems: [{ productType: "flight", state: "ticketing", supplierConfirmationId: "ABC123", sell: money, details: { pnr: "ABC123", tickets: [{ name: "ANA LOPEZ", ticketNo: "1", seat: "12A" }], fareFamily: "Light" } }],
      cancellationPolicy: policy,
      payments: [{ kind: "charge", amountMinor: 100, reference: "p1" }],
      newBlock: { x: 1 },
    });
    expect(detail.order.state).toBe("on_hold_new");
    expect(detail.lineItems[0]?.details).toMatchObject({ fareFamily: "Light", tickets: [{ seat: "12A" }] });
    expect(detail).toMatchObject({ newBlock: { x: 1 }, payments: [{ reference: "p1" }] });
    expect(detail.priceSummary).toBeUndefined();
  });

  it("open enums keep known literals and accept any other string, but not other types", () => {
    const e = openEnum(["a", "b"]);
    expect(e.parse("a")).toBe("a");
    expect(e.parse("zzz")).toBe("zzz");
    expect(e.safeParse(3).success).toBe(false);
  });
});

describe("booking states", () => {
  it("offers actions on known states only; an unknown one is read-only", () => {
    expect(bookingActions("held")).toEqual({ refresh: false, pay: true, cancel: true, email: false });
    expect(bookingActions("supplier_pending")).toEqual({ refresh: true, pay: false, cancel: false, email: false });
    expect(bookingActions("refunded")).toEqual({ refresh: false, pay: false, cancel: false, email: true });
    expect(bookingActions("some_new_state")).toEqual({ refresh: false, pay: false, cancel: false, email: false });
  });
});

describe("the canonical search request", () => {
  const hotel = {
    productType: "hotel",
    occupancy: [{ adults: 2, childrenAges: [] }],
    currency: "USD",
    market: "US",
    residency: "US",
    destination: "Barcelona",
    checkIn: "2026-12-01",
    checkOut: "2026-12-04",
  };
  const activity = { productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", destinationCode: "ES-BARCELONA", checkIn: "2026-12-01" };
  const flight = { productType: "flight", occupancy: [{ adults: 1, childrenAges: [] }], currency: "USD", market: "US", origin: "JFK", destination: "LHR", checkIn: "2026-12-01" };
  const transfer = {
    productType: "transfer",
    occupancy: [{ adults: 2, childrenAges: [] }],
    currency: "USD",
    market: "US",
    pickupLocation: { type: "airport", code: "BCN" },
    dropoffLocation: { type: "address", code: "41.3874,2.1686" },
    pickupAt: "2026-12-01T10:00:00Z",
  };
  const paths = (body: unknown) => {
    const r = searchCreateRequestSchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };
  const nine = (entry: object) => Array.from({ length: 9 }, () => entry);

  it("accepts a valid search of every product", () => {
    for (const body of [hotel, activity, flight, transfer]) expect(paths(body)).toEqual([]);
    expect(paths({ ...flight, origin: undefined, destination: undefined, checkIn: undefined, slices: [{ origin: "JFK", destination: "LHR", date: "2026-12-01" }] })).toEqual([]);
    expect(paths({ ...hotel, destination: undefined, near: { lat: 41.4, lng: 2.2, radiusKm: 0.5 } })).toEqual([]);
  });

  it.each([
    ["10 occupancy entries", { ...hotel, occupancy: [...nine({ adults: 1, childrenAges: [] }), { adults: 1, childrenAges: [] }] }, "occupancy"],
    ["9 entries for a non-hotel product", { ...activity, occupancy: nine({ adults: 1, childrenAges: [] }) }, "occupancy"],
    ["7 adults in a hotel room", { ...hotel, occupancy: [{ adults: 7, childrenAges: [] }] }, "occupancy.0.adults"],
    ["9 adults elsewhere", { ...activity, occupancy: [{ adults: 9, childrenAges: [] }] }, "occupancy.0.adults"],
    ["0 adults", { ...activity, occupancy: [{ adults: 0, childrenAges: [] }] }, "occupancy.0.adults"],
    ["5 children in a hotel room", { ...hotel, occupancy: [{ adults: 1, childrenAges: [1, 2, 3, 4, 5] }] }, "occupancy.0.childrenAges"],
    ["7 children elsewhere", { ...activity, occupancy: [{ adults: 1, childrenAges: [1, 2, 3, 4, 5, 6, 7] }] }, "occupancy.0.childrenAges"],
    ["a child aged 18", { ...activity, occupancy: [{ adults: 1, childrenAges: [18] }] }, "occupancy.0.childrenAges.0"],
    ["a one-letter destination", { ...hotel, destination: "B" }, "destination"],
    ["an 81-character destination", { ...hotel, destination: "B".repeat(81) }, "destination"],
    ["a 21-character destinationCode", { ...activity, destinationCode: "X".repeat(21) }, "destinationCode"],
    ["a 121-character hotelId", { ...hotel, hotelId: "h".repeat(121) }, "hotelId"],
    ["a hotelId on another product", { ...activity, hotelId: "h1" }, "hotelId"],
    ["a 121-character query", { ...hotel, query: "q".repeat(121) }, "query"],
    ["a radius under 0.5 km", { ...hotel, near: { lat: 1, lng: 1, radiusKm: 0.4 } }, "near.radiusKm"],
    ["a radius over 50 km", { ...hotel, near: { lat: 1, lng: 1, radiusKm: 50.5 } }, "near.radiusKm"],
    ["51 region IDs", { ...hotel, destinationCityRegionIds: Array.from({ length: 51 }, (_, i) => i + 1) }, "destinationCityRegionIds"],
    ["7 slices", { ...flight, slices: Array.from({ length: 7 }, () => ({ origin: "JFK", destination: "LHR", date: "2026-12-01" })) }, "slices"],
    ["31 nights", { ...hotel, checkOut: "2027-01-01" }, "checkOut"],
    ["check-out before check-in", { ...hotel, checkOut: "2026-11-30" }, "checkOut"],
    ["a hotel without residency", { ...hotel, residency: undefined }, "residency"],
    ["a hotel without any place", { ...hotel, destination: undefined }, "destination"],
    ["a transfer without pickup time", { ...transfer, pickupAt: undefined }, "pickupAt"],
    ["an unknown field", { ...hotel, colour: "blue" }, ""],
    ["a lower-case currency", { ...hotel, currency: "usd" }, "currency"],
    ["a calendar date that does not exist", { ...hotel, checkIn: "2026-02-30" }, "checkIn"],
  ])("rejects %s", (_what, body, path) => {
    expect(paths(body)).toContain(path);
  });
});

describe("other requests", () => {
  const traveler = { type: "adult", firstName: "Ana", lastName: "Lopez" };

  it("travellers: formats of contract-decisions §3 and the specification's flight-number limit", () => {
    expect(travelerSchema.safeParse({ ...traveler, title: "Ms", email: "ana@example.com", phone: "+34600111222", flightNumber: "IB3151" }).success).toBe(true);
    for (const bad of [{ title: "Sir" }, { phone: "600111222" }, { flightNumber: "IB31510X" }, { email: "nope" }, { nationality: "usa" }]) {
      expect(travelerSchema.safeParse({ ...traveler, ...bad }).success).toBe(false);
    }
    expect(travelerSchema.safeParse({ ...traveler, type: "child" }).success).toBe(false);
    expect(travelerSchema.safeParse({ ...traveler, type: "child", age: 7 }).success).toBe(true);
  });

  it("names are what a passport or a hotel takes: letters of any script, never digits, symbols or markup", () => {
    for (const good of ["Ana", "Anne-Marie", "O'Brien", "D’Angelo", "José Luis", "Nguyễn", "李", "Zoë", "St. John", "Jr."]) {
      expect(travelerSchema.safeParse({ ...traveler, firstName: good }).success, good).toBe(true);
    }
    for (const bad of ["12345!!", "<b>x</b>", "<script>alert(1)</script>", "Ana2", "Ana  -", "--", "Ana_Lopez", "x".repeat(41)]) {
      const r = travelerSchema.safeParse({ ...traveler, lastName: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/^(Use letters as on the passport|Use at most 40 characters for the last name)/);
    }
  });

  it("bookings: only credit, a PAN's pattern, special requests up to 500 characters", () => {
    const body = { quoteId: "qt_1", travelers: [traveler], paymentMethod: "credit" };
    expect(bookingCreateRequestSchema.safeParse(body).success).toBe(true);
    expect(bookingCreateRequestSchema.safeParse({ ...body, paymentMethod: "card" }).success).toBe(false);
    expect(bookingCreateRequestSchema.safeParse({ ...body, panNumber: "ABCDE1234F" }).success).toBe(true);
    expect(bookingCreateRequestSchema.safeParse({ ...body, panNumber: "ABCD1234F" }).success).toBe(false);
    expect(bookingCreateRequestSchema.safeParse({ ...body, hotelPreferences: { specialRequest: "x".repeat(501) } }).success).toBe(false);
  });

  it("email-client: at most 50 addresses in to and cc after removing duplicates", () => {
    const cc = Array.from({ length: 49 }, (_, i) => `c${i}@example.com`);
    expect(emailClientRequestSchema.safeParse({ to: "a@example.com", cc: [...cc, "A@example.com"] }).success).toBe(true);
    expect(emailClientRequestSchema.safeParse({ to: "a@example.com", cc: [...cc, "z@example.com"] }).success).toBe(false);
    expect(emailClientRequestSchema.safeParse({ agencyName: "x".repeat(81) }).success).toBe(false);
    expect(emailClientRequestSchema.safeParse({ note: "x".repeat(2001) }).success).toBe(false);
  });
});
