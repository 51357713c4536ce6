import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_AGENCY_ID } from "../platform/agencies";
import { detail, errorBody } from "@/lib/testing/sandbox-search";
import { SandboxError } from "../platform/errors";
import { isAdultsOnly } from "../search/activities";
import type { ActivitySummary, FlightSummary, ResultRow } from "../search/types";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import { bookingRequestSchema, checkAgainstQuote } from "./create";
import type { TransferLeg } from "./transitions";
import { bookingKit, freeHotel, type Quote } from "@/lib/testing/sandbox-bookings-write";

const sb = testSandbox();
const k = bookingKit(sb);
type Body = Record<string, unknown>;
const act = (r: ResultRow) => r.summary as ActivitySummary;
type Travelers = Array<Record<string, unknown>>;

const TWO_ROOMS = { occupancy: [{ adults: 2, childrenAges: [5] }, { adults: 1, childrenAges: [] }] };
const q: Record<string, Quote> = {};

beforeAll(async () => {
  const fixtures: Array<[string, () => Promise<Quote>]> = [
    ["hotel", () => k.quote("hotel", freeHotel)],
    ["twoRooms", () => k.quote("hotel", { ...freeHotel, search: TWO_ROOMS })],
    ["titles", () => k.quote("hotel", { search: { query: "sandbox:titles" } })],
    ["priceChange", () => k.quote("hotel", { search: { query: "sandbox:price-change" } })],
    ["package", () => k.quote("hotel", { search: { query: "sandbox:package-rate" } })],
    ["nonRefundable", () => k.quote("hotel", { pick: (r) => !r.refundable })],
    ["disabled", () => k.quote("hotel", { search: { query: "sandbox:supplier-disabled" } })],
    ["liveNonRefundable", () => k.quote("hotel", { search: { query: "sandbox:live-inventory" }, pick: (r) => !r.refundable })],
    ["liveFree", () => k.quote("hotel", { search: { query: "sandbox:live-inventory" }, ...freeHotel })],
    ["flight", () => k.quote("flight")],
    ["transfer", () => k.quote("transfer")],
    ["transferPassengers", () => k.quote("transfer", { search: { passengers: 3, occupancy: [{ adults: 1, childrenAges: [4] }] } })],
    ["roundTrip", () => k.quote("transfer", { search: { returnAt: `${k.day(34)}T10:00:00Z` }, pick: (r) => r.summary && "tripType" in r.summary && r.summary.tripType === "round" && r.refundable })],
    ["india", () => k.quote("activity", { search: { destinationCode: "IN-DELHI" }, accept: (c) => c.requirements.panRequired && c.requirements.bookingQuestions.length === 0 })],
    ["pickup", () => k.quote("activity", { pick: (r) => "category" in r.summary && r.summary.category === "day_trip" })],
    ["dietary", () => k.quote("activity", { pick: (r) => "category" in r.summary && r.summary.category === "food" })],
    ["activity", () => k.quote("activity", { accept: (c) => c.requirements.bookingQuestions.length === 0 && !c.requirements.panRequired })],
  ];
  for (const [name, make] of fixtures) q[name] = await make();
});

/** A traveller list with one traveller's fields changed (undefined removes a field). */
function edit(list: Travelers, i: number, patch: Record<string, unknown>): Travelers {
  return list.map((t, n) => (n === i ? Object.fromEntries(Object.entries({ ...t, ...patch }).filter(([, v]) => v !== undefined)) : t));
}
const withTravelers = (fixture: string, fn: (list: Travelers) => Travelers) => (b: Body) => ({ ...b, travelers: fn(k.travelers(q[fixture]!)) });
const without = (...fields: string[]) => (b: Body) => Object.fromEntries(Object.entries(b).filter(([f]) => !fields.includes(f)));

describe("POST /bookings validation", () => {
  it.each<[string, (b: Body) => Body, unknown[]]>([
    ["unknown fields", (b) => ({ ...b, coupon: "X", loyalty: 1 }), [detail("coupon"), detail("loyalty")]],
    ["no quoteId nor paymentMethod", without("quoteId", "paymentMethod"), [detail("quoteId"), detail("paymentMethod")]],
    ["no travellers", (b) => ({ ...b, travelers: [] }), [detail("travelers")]],
    ["an unknown traveller field", withTravelers("hotel", (l) => edit(l, 0, { middleName: "Maria" })), [detail("travelers.0.middleName")]],
    ["a phone that is not E.164", withTravelers("hotel", (l) => edit(l, 0, { phone: "600 111 222" })), [detail("travelers.0.phone")]],
    ["a bad email", withTravelers("hotel", (l) => edit(l, 0, { email: "ana@" })), [detail("travelers.0.email")]],
    ["an impossible date of birth", withTravelers("hotel", (l) => edit(l, 1, { dateOfBirth: "1985-02-30" })), [detail("travelers.1.dateOfBirth")]],
    ["an unknown gender and a lower-case nationality", withTravelers("hotel", (l) => edit(l, 0, { gender: "other", nationality: "us" })), [detail("travelers.0.gender"), detail("travelers.0.nationality")]],
    ["a traveller without type", withTravelers("hotel", (l) => edit(l, 1, { type: undefined })), [detail("travelers.1.type")]],
    ["a special request of 501 characters", (b) => ({ ...b, hotelPreferences: { specialRequest: "x".repeat(501) } }), [detail("hotelPreferences.specialRequest")]],
    ["a room preference with smoking as text", (b) => ({ ...b, hotelPreferences: { rooms: [{ roomIndex: 0, smoking: "no" }] } }), [detail("hotelPreferences.rooms.0.smoking")]],
    ["a room preference for a room not searched", (b) => ({ ...b, hotelPreferences: { rooms: [{ roomIndex: 1 }] } }), [detail("hotelPreferences.rooms.0.roomIndex")]],
    ["an unknown sandbox trigger", withTravelers("hotel", (l) => edit(l, 0, { lastName: "Lopez sandbox:explode" })), [detail("travelers.0.lastName")]],
    ["hold as text", (b) => ({ ...b, hold: "yes" }), [detail("hold")]],
  ])("%s → 400 validation_error, nothing charged", async (_name, mutate, details) => {
    const quote = q.hotel!;
    const before = await k.wallet();
    const res = await k.book(mutate(k.body(quote)), await k.newKey());
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errorBody("validation_error", details) });
    expect(await k.wallet()).toBe(before);
  });

  it("refuses hotel preferences on another product", async () => {
    const res = await k.book({ ...k.body(q.transfer!), hotelPreferences: { specialRequest: "x" } }, await k.newKey());
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errorBody("validation_error", [detail("hotelPreferences")]) });
  });

  it("refuses a body that is not JSON", async () => {
    const res = await k.api("POST", "/bookings", { rawBody: "{nope", key: await k.newKey() });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errorBody("validation_error", [detail("")]) });
  });
});

describe("POST /bookings rules: refused before any charge, the quote left unclaimed", () => {
  type Case = [name: string, fixture: string, mutate: (b: Body) => Body, status: number, code: string, details: unknown[], message?: RegExp];
  it.each<Case>([
    ["a card payment", "hotel", (b) => ({ ...b, paymentMethod: "card" }), 400, "unsupported_payment_method", [detail("paymentMethod")]],
    ["a guest missing from the room", "hotel", withTravelers("hotel", (l) => l.slice(0, 1)), 400, "traveler_manifest_mismatch", [detail("travelers")]],
    [
      "a guest in a room that was not searched",
      "twoRooms",
      withTravelers("twoRooms", (l) => edit(l, 3, { roomIndex: 5 })),
      400,
      "traveler_manifest_mismatch",
      [detail("travelers.3.roomIndex"), detail("travelers")],
    ],
    ["a child of the wrong age", "twoRooms", withTravelers("twoRooms", (l) => edit(l, 2, { age: 6 })), 400, "traveler_manifest_mismatch", [detail("travelers")]],
    ["a child without age", "flight", withTravelers("flight", (l) => edit(l, 1, { age: undefined })), 400, "traveler_manifest_mismatch", [detail("travelers.1.age"), detail("travelers")]],
    ["fewer transfer passengers than asked", "transferPassengers", withTravelers("transferPassengers", (l) => l.slice(1)), 400, "traveler_manifest_mismatch", [detail("travelers")]],
    [
      "no lead email or phone where the source needs them",
      "transfer",
      withTravelers("transfer", (l) => edit(l, 0, { email: undefined, phone: undefined })),
      400,
      "supplier_contact_required",
      [detail("travelers.0.email"), detail("travelers.0.phone")],
    ],
    [
      "a package rate without the lead's email and phone",
      "package",
      withTravelers("package", (l) => edit(l, 0, { email: undefined, phone: undefined })),
      400,
      "supplier_contact_required",
      [detail("travelers.0.email"), detail("travelers.0.phone")],
    ],
    ["a title that is not allowed", "hotel", withTravelers("hotel", (l) => edit(l, 0, { title: "Sir" })), 400, "traveler_title_required", [detail("travelers.0.title")]],
    ["a missing title where every guest needs one", "titles", withTravelers("titles", (l) => edit(l, 1, { title: undefined })), 400, "traveler_title_required", [detail("travelers.1.title")]],
    ["a flight passenger without title", "flight", withTravelers("flight", (l) => edit(l, 1, { title: undefined })), 400, "traveler_title_required", [detail("travelers.1.title")]],
    [
      "a flight passenger without passport number and nationality",
      "flight",
      withTravelers("flight", (l) => edit(l, 1, { passportNumber: undefined, nationality: undefined })),
      400,
      "travel_documents_required",
      [detail("travelers.1.passportNumber"), detail("travelers.1.nationality")],
      /Guest1 Traveller/,
    ],
    [
      "a passport expiring within 6 months of travel",
      "flight",
      withTravelers("flight", (l) => edit(l, 0, { passportExpiry: k.day(120) })),
      400,
      "travel_documents_required",
      [detail("travelers.0.passportExpiry")],
      /Ana Lopez.*within 6 months/,
    ],
    ["a transfer from the airport without the airline", "transfer", withTravelers("transfer", (l) => edit(l, 0, { carrierName: undefined })), 400, "transfer_flight_details_required", [detail("travelers.0.carrierName")]],
    ["a flight number of 8 characters", "transfer", withTravelers("transfer", (l) => edit(l, 0, { flightNumber: "IB315100" })), 400, "transfer_flight_details_required", [detail("travelers.0.flightNumber")]],
    ["an Indian activity without PAN", "india", without("panNumber"), 400, "pan_required", [detail("panNumber")]],
    ["a malformed PAN", "india", (b) => ({ ...b, panNumber: "ABCD1234F" }), 400, "pan_required", [detail("panNumber")]],
    ["a pickup question unanswered", "pickup", (b) => ({ ...b, bookingAnswers: {} }), 400, "booking_answer_required", [detail("bookingAnswers.PICKUP_HOTEL")]],
    ["one traveller's diet unanswered", "dietary", (b) => ({ ...b, bookingAnswers: { "DIETARY:0": "vegan" } }), 400, "booking_answer_required", [detail("bookingAnswers.DIETARY:1")]],
    ["a diet not among the options", "dietary", (b) => ({ ...b, bookingAnswers: { "DIETARY:0": "vegan", "DIETARY:1": "carnivore" } }), 400, "booking_answer_invalid", [detail("bookingAnswers.DIETARY:1")]],
    ["a pickup answer that is too long", "pickup", (b) => ({ ...b, bookingAnswers: { PICKUP_HOTEL: "x".repeat(121) } }), 400, "booking_answer_invalid", [detail("bookingAnswers.PICKUP_HOTEL")]],
    [
      "a date answer that is no date, and an answer to no question",
      "pickup",
      (b) => ({ ...b, bookingAnswers: { PICKUP_HOTEL: "Hotel Arts", ARRIVAL_DATE: "tomorrow", SHOE_SIZE: 42 } }),
      400,
      "booking_answer_invalid",
      [detail("bookingAnswers.ARRIVAL_DATE"), detail("bookingAnswers.SHOE_SIZE")],
    ],
    ["a price change not acknowledged", "priceChange", without("changesAcknowledged"), 400, "changes_ack_required", [detail("changesAcknowledged")]],
    ["a package rate not acknowledged", "package", (b) => ({ ...b, packageRateAcknowledged: false }), 400, "package_ack_required", [detail("packageRateAcknowledged")]],
    ["a hold of a non-refundable rate", "nonRefundable", (b) => ({ ...b, hold: true }), 400, "hold_not_eligible", [detail("hold")]],
    ["a hold of a flight", "flight", (b) => ({ ...b, hold: true }), 400, "hold_not_eligible", [detail("hold")]],
    ["inventory switched off since the search", "disabled", (b) => b, 409, "supplier_disabled", []],
    ["a rate not free to cancel from inventory without a test environment", "liveNonRefundable", (b) => b, 409, "live_supplier_booking_blocked", []],
  ])("%s → %i %s", async (_name, fixture, mutate, status, code, details, message) => {
    const quote = q[fixture]!;
    const before = await k.wallet();
    const res = await k.book(mutate(k.body(quote)), await k.newKey());
    expect({ status: res.status, body: res.body }).toEqual({ status, body: errorBody(code, details) });
    if (message) expect(res.body.error.message).toMatch(message);
    expect(await k.wallet()).toBe(before);
    expect(sb.services.quotes.claimedBy(quote.row.rateQuoteId)).toBeNull();
  });
});

describe("POST /bookings applies the activity's traveller mix rule itself", () => {
  // Search and price-check already refuse an option the searched party cannot take, so these
  // quotes are made as if searched for that party: booking still refuses them before any charge.
  it.each<[string, (r: ResultRow) => boolean, { adults: number; childrenAges: number[] }[], string]>([
    [
      "2 adults and a child of 8 on the wine tasting (adults only)",
      (r) => act(r).activityName === "Paris Wine Tasting Experience",
      [{ adults: 2, childrenAges: [8] }],
      "Paris Wine Tasting Experience is for adults only, and the travellers include a child.",
    ],
    [
      "32 adults on a group tour (25 at most)",
      (r) => act(r).modalityCode === "group" && !act(r).requiresLeadTitle && !isAdultsOnly(act(r).activityName),
      [8, 8, 8, 8].map((adults) => ({ adults, childrenAges: [] })),
      "takes at most 25 travellers in one booking, and this group has 32.",
    ],
  ])("%s → 409 pax_mix_unavailable", async (_name, pick, occupancy, message) => {
    const quote = await k.quote("activity", { search: { destinationCode: "FR-PARIS" }, pick });
    const bq = sb.services.quotes.bookable(DEMO_AGENCY_ID, quote.row.rateQuoteId);
    const party = { adults: occupancy.reduce((n, o) => n + o.adults, 0), childrenAges: occupancy.flatMap((o) => o.childrenAges) };
    const asSearched = { ...bq, quote: { ...bq.quote, search: { ...bq.quote.search, party, request: { ...bq.quote.search.request, occupancy } } } };
    const req = bookingRequestSchema.parse(k.body({ ...quote, search: { ...quote.search, occupancy } }));
    let refused: unknown = null;
    try {
      checkAgainstQuote(req, asSearched, sb.services.clock.now());
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(SandboxError);
    expect(refused).toMatchObject({ status: 409, code: "pax_mix_unavailable", message: expect.stringContaining(message) });
  });
});

describe("POST /bookings wallet and quote errors", () => {
  it.each<[string, Record<string, unknown>, number, string]>([
    ["credit switched off", { creditEnabled: false }, 403, "credit_disabled"],
    ["a wallet in another currency", { currency: "EUR" }, 409, "wallet_currency_mismatch"],
    ["too little credit", { creditLimitMinor: 100 }, 402, "credit_limit_exceeded"],
  ])("%s → %i %s, wallet untouched and quote unclaimed", async (_name, fields, status, code) => {
    const { agencyId, key } = await k.newAgency(fields);
    const quote = await k.quote("hotel", { ...freeHotel, key, agencyId });
    const res = await k.book(k.body(quote), key);
    expect({ status: res.status, body: res.body }).toEqual({ status, body: errorBody(code) });
    expect(await k.wallet(agencyId)).toBe(0);
    expect(sb.services.quotes.claimedBy(quote.row.rateQuoteId)).toBeNull();
  });

  it("refuses a quote that was never price-checked → 409 quote_not_price_checked", async () => {
    const key = await k.newKey();
    const search = await k.api<{ searchId: string }>("POST", "/search", { body: k.searchBodies.activity(), key, idem: null });
    const rows = await k.api<Array<{ rateQuoteId: string }>>("GET", `/search/${search.body.data.searchId}/results`, { key, idem: null });
    const quote = { ...q.activity!, row: { ...q.activity!.row, rateQuoteId: rows.body.data[0]!.rateQuoteId } };
    const before = await k.wallet();
    const res = await k.book(k.body(quote), key);
    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: errorBody("quote_not_price_checked") });
    expect(await k.wallet()).toBe(before);
  });

  it("books a quote once: a second booking of it → 409 quote_not_price_checked, charged once", async () => {
    const quote = await k.quote("activity", { accept: (c) => c.requirements.bookingQuestions.length === 0 && !c.requirements.panRequired });
    const before = await k.wallet();
    expect((await k.book(k.body(quote), quote.key)).status).toBe(201);
    const again = await k.book(k.body(quote), quote.key);
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: errorBody("quote_not_price_checked") });
    expect(await k.wallet()).toBe(before + quote.check.sellAmountMinor);
  });

  it.each<[string, string, number, string]>([
    ["an unknown quote", "qt_0123456789abcdefr0", 404, "not_found"],
    ["a quote of another agency", "", 403, "forbidden"],
  ])("refuses %s → %i %s", async (_name, quoteId, status, code) => {
    const other = await k.newAgency();
    const id = quoteId || (await k.quote("activity", { key: other.key, agencyId: other.agencyId })).row.rateQuoteId;
    const res = await k.book({ ...k.body(q.activity!), quoteId: id }, await k.newKey());
    expect({ status: res.status, body: res.body }).toEqual({ status, body: errorBody(code) });
  });

  it("refuses a key without creator → 403 api_key_owner_missing", async () => {
    const made = await sb.control<{ key: string }>("POST", `/agencies/${DEMO_AGENCY_ID}/keys`, { withoutCreator: true });
    const res = await k.book(k.body(q.hotel!), made.body.data.key);
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: errorBody("api_key_owner_missing") });
  });

  it("allows 20 booking requests per key and minute → 429 rate_limited with Retry-After", async () => {
    const key = await k.newKey();
    startOfVirtualMinute(sb);
    for (let i = 0; i < 20; i++) expect((await k.book({}, key)).status).toBe(400);
    const res = await k.book({}, key);
    expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: errorBody("rate_limited") });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

// Last: these claim the fixtures' quotes, which every refusal above must leave unclaimed.
describe("POST /bookings books every product", () => {
  it("books a hotel, takes the price from the wallet and fills the booking record", async () => {
    const quote = q.hotel!;
    const before = await k.wallet();
    const res = await k.book(k.body(quote, { hotelPreferences: { specialRequest: "Quiet room, high floor", rooms: [{ roomIndex: 0, smoking: false, specialRequest: "Twin beds" }] } }), quote.key);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { bookingId: expect.stringMatching(/^bk_/), orderRef: expect.stringMatching(/^RV-\d{4}-[A-Z0-9]{8}$/), state: "confirmed" }, meta: {}, error: null });
    const price = quote.check.sellAmountMinor;
    expect(await k.wallet()).toBe(before + price);
    const b = k.stored(res.body.data.bookingId);
    const item = b.lineItems[0]!;
    expect(item).toMatchObject({ productType: "hotel", state: "confirmed", supplierConfirmationId: expect.any(String), sell: { amountMinor: price, currency: "USD" } });
    expect(item.details).toMatchObject({
      hotelConfirmationRef: expect.stringMatching(/^\d{9}$/),
      hotelConfirmationNumber: null,
      specialRequest: "Quiet room, high floor",
      rooms: [{ roomIndex: 0, guests: ["Ms Ana Lopez", "Mr Guest1 Traveller"], smoking: false, specialRequest: "Twin beds" }],
    });
    expect(b).toMatchObject({
      orderRef: res.body.data.orderRef,
      agencyId: DEMO_AGENCY_ID,
      attributedTo: "usr_agy_demo_admin",
      quoteId: quote.row.rateQuoteId,
      totalSell: { amountMinor: price, currency: "USD" },
      held: null,
      failureReason: null,
      bookedHotel: { name: (quote.row.summary as { hotelName: string }).hotelName, city: "Barcelona", country: "Spain", countryCode: "ES" },
      cancellationPolicy: quote.check.cancellationPolicy,
      firstItem: { productType: "hotel", hotelName: expect.any(String), checkIn: k.day(30), checkOut: k.day(33), confirmation: item.supplierConfirmationId },
      leadGuest: "Ana Lopez",
      payments: [{ kind: "charge", method: "credit", amountMinor: price, currency: "USD", status: "succeeded" }],
      walletHeldMinor: price,
      priceSummary: { currency: "USD", totalSellMinor: price, nights: 3 },
      importantInformation: { notes: expect.any(Array) },
      earnings: { currency: "USD" },
    });
    expect(sb.services.quotes.claimedBy(quote.row.rateQuoteId)).toBe(b.id);
  });

  it("gives one hotel reference per room", async () => {
    const b = await k.booked(q.twoRooms!);
    expect(b.lineItems[0]!.details.hotelConfirmationRefs).toEqual([expect.stringMatching(/^\d{9}$/), expect.stringMatching(/^\d{9}$/)]);
    expect(b.lineItems[0]!.details.rooms).toMatchObject([{ adults: 2, childrenAges: [5] }, { adults: 1, childrenAges: [] }]);
  });

  it("tickets a flight: PNR, airline PNR and one ticket per passenger", async () => {
    const b = await k.booked(q.flight!);
    const d = b.lineItems[0]!.details;
    expect(d).toMatchObject({ pnr: expect.stringMatching(/^[A-Z2-9]{6}$/), airlinePnr: expect.stringMatching(/^[A-Z2-9]{6}$/), ticketingStatus: "ticketed" });
    expect(d.tickets).toEqual([
      { name: "LOPEZ/ANA", ticketNo: expect.stringMatching(/^\d{13}$/), airlinePnr: d.airlinePnr, type: "adult" },
      { name: "TRAVELLER/GUEST1", ticketNo: expect.stringMatching(/^\d{13}$/), airlinePnr: d.airlinePnr, type: "child" },
    ]);
    expect(b.lineItems[0]!.supplierConfirmationId).toBe(d.airlinePnr);
    const slices = (q.flight!.row.summary as FlightSummary).slices;
    expect(b.firstItem).toMatchObject({ productType: "flight", hotelName: null, checkIn: slices[0]!.departAt.slice(0, 10), checkOut: slices[slices.length - 1]!.arriveAt.slice(0, 10) });
  });

  it("issues activity vouchers and keeps the PAN and the answers to the booking questions", async () => {
    const plain = await k.booked(q.activity!);
    expect(plain.lineItems[0]!.details).toMatchObject({ supplierVouchers: [{ voucherRef: expect.stringMatching(/^V-/), status: "issued" }], panRequired: false, bookingQuestions: [] });
    const india = await k.booked(q.india!, { panNumber: "abcde1234f" });
    expect(india.lineItems[0]!.details.panRequired).toBe(true);
    expect(india.panNumber).toBe("ABCDE1234F");
    const pickup = await k.booked(q.pickup!);
    expect(pickup.lineItems[0]!.details.bookingQuestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "PICKUP_HOTEL", required: true, answer: "Hotel Arts, Carrer de la Marina 19" })]),
    );
  });

  it("books a round-trip transfer with both legs and their share of the price", async () => {
    const b = await k.booked(q.roundTrip!);
    const legs = b.lineItems[0]!.details.transferLegs as TransferLeg[];
    expect(legs.map((l) => [l.leg, l.state])).toEqual([["departure", "confirmed"], ["return", "confirmed"]]);
    expect(legs[0]!.sell.amountMinor + legs[1]!.sell.amountMinor).toBe(b.totalSell.amountMinor);
    expect(b.lineItems[0]!.details).toMatchObject({ supplierVouchers: [expect.any(Object)], carrierName: "Iberia", flightNumber: "IB3151", tripType: "round" });
  });

  it("counts the transfer's passengers instead of the searched adults", async () => {
    const b = await k.booked(q.transferPassengers!);
    expect(b.travelers.map((t) => t.type)).toEqual(["adult", "adult", "adult", "child"]);
  });

  it("books a rate still free to cancel from inventory without a test environment", async () => {
    expect((await k.booked(q.liveFree!)).state).toBe("confirmed");
  });
});
