import { faker as fakerDE } from "@faker-js/faker/locale/de";
import { faker as fakerEN } from "@faker-js/faker/locale/en";
import { faker as fakerES } from "@faker-js/faker/locale/es";
import { faker as fakerFR } from "@faker-js/faker/locale/fr";
import { faker as fakerIT } from "@faker-js/faker/locale/it";
import type { Airport, Catalog, City } from "../catalog";
import { newId, type Agency, type ApiKeyRecord } from "../platform/agencies";
import { notFound } from "../platform/errors";
import { Rng, hash32 } from "../platform/random";
import type { BookableQuote, PriceCheckResult } from "../quotes/model";
import { requirementsFor } from "../quotes/requirements";
import type { AllServices } from "../services";
import { activityOptions } from "../search/activities";
import { addDays, daysBetween, hex8 } from "../search/draw";
import type { QuoteRecord } from "../search/engine";
import { flightOptions } from "../search/flights";
import { forEachRate, hotelHash, hotelPricing, hotelSummary, rateRefundable, sourceCovers } from "../search/pricing";
import type { SearchRequest } from "../search/schemas";
import type { GenContext, Party } from "../search/simple";
import { transferOptions } from "../search/transfers";
import type { ProductType, ResultRow, Summary, TransferSummary } from "../search/types";
import { buildBooking, newBookingId, newOrderRef, type BookingRequest } from "./create";
import type { Booking, BookingState, Payment, Traveler } from "./model";
import { awaitSupplier, cancellationCharge, failBooking, holdDeadlines, lapseMove, stayOf, withConfirmation, withState, type TransferLeg } from "./transitions";

/*
 * Demo and benchmark data: realistic bookings written straight to the store. Each one is priced by
 * the search's own code (hotels of the catalog, flights, activities, transfers), shaped by the
 * write side's `buildBooking` (so records match POST /bookings exactly) and then moved to its state
 * with times in the past. Lead names come from faker, seeded per call (same agency, store size and
 * count: same people and trips). Creation times rise with `seq`, spread over the last 400 days and
 * never before the agency's newest booking; travel dates fall before, around and after today.
 * The agency's wallet is not charged for them, yet each one holds what it was paid
 * (`walletHeldMinor`), so cancelling a generated booking refunds by its policy like any other
 * (a wallet's used credit never falls below zero).
 */

const DAY_MS = 86_400_000;
const PRODUCTS: readonly ProductType[] = ["hotel", "flight", "activity", "transfer"];
const STATES: readonly BookingState[] = ["confirmed", "held", "cancelled", "refunded", "cancellation_pending", "failed", "supplier_pending", "manual_review"];
const PRODUCT_WEIGHTS: Array<[ProductType, number]> = [["hotel", 0.55], ["flight", 0.15], ["activity", 0.18], ["transfer", 0.12]];
const STATE_WEIGHTS: Array<[BookingState, number]> = [
  ["confirmed", 0.56], ["held", 0.06], ["cancelled", 0.07], ["refunded", 0.09], ["cancellation_pending", 0.02],
  ["failed", 0.1], ["supplier_pending", 0.04], ["manual_review", 0.06],
];
const PEOPLE = [
  { faker: fakerEN, nationality: "US", dial: "1", weight: 0.4 },
  { faker: fakerES, nationality: "ES", dial: "34", weight: 0.15 },
  { faker: fakerFR, nationality: "FR", dial: "33", weight: 0.15 },
  { faker: fakerDE, nationality: "DE", dial: "49", weight: 0.15 },
  { faker: fakerIT, nationality: "IT", dial: "39", weight: 0.15 },
];
const FLIGHT_AIRPORTS = [
  "JFK", "LHR", "CDG", "BCN", "FCO", "MAD", "AMS", "DXB", "SIN", "HND", "LAX", "SFO", "MIA", "ORD", "LIS", "BER", "IST",
  "BKK", "SYD", "YYZ", "MEX", "GRU", "ATH", "DUB", "CPH", "VIE", "PRG", "MUC", "ZRH", "HKG",
];
const CABINS: Array<[NonNullable<SearchRequest["cabinClass"]>, number]> = [["economy", 0.7], ["premium_economy", 0.12], ["business", 0.15], ["first", 0.03]];
const FAILURES = ["supplier_rejected", "rate_no_longer_available", "supplier_timeout", "inventory_sold_out"];
const REQUESTS = ["Late arrival, around 23:00.", "A quiet room on a high floor, please.", "Celebrating an anniversary.", "Twin beds if possible.", "Early check-in, please."];
const CARRIERS: Array<[string, string]> = [["Northwind Airways", "N4"], ["Meridian Air", "M7"], ["Skyline Airlines", "S9"], ["Coral Air", "C5"]];
const CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

function weighted<T>(rng: Rng, items: Array<[T, number]>): T {
  let r = rng.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1]![0];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

type Places = { cities: City[]; transferCities: Array<{ city: City; airport: Airport }>; flightAirports: string[] };
const placesCache = new WeakMap<Catalog, Places>();
function placesOf(catalog: Catalog): Places {
  let p = placesCache.get(catalog);
  if (!p) {
    const cities = [...catalog.cities].sort((a, b) => b.hotelCount - a.hotelCount).slice(0, 120);
    const airportByCity = new Map<number, Airport>();
    for (const a of catalog.airports) if (a.cityRegionId !== null && !airportByCity.has(a.cityRegionId)) airportByCity.set(a.cityRegionId, a);
    p = {
      cities,
      transferCities: cities.flatMap((city) => {
        const airport = airportByCity.get(city.cityRegionId);
        return airport ? [{ city, airport }] : [];
      }),
      flightAirports: FLIGHT_AIRPORTS.filter((c) => catalog.airportByCode.has(c)),
    };
    placesCache.set(catalog, p);
  }
  return p;
}

/** A priced product and who travels: what a search, a price-check and a booking request would have given. */
type Priced = {
  state: BookingState;
  req: SearchRequest;
  party: Party;
  summary: Summary;
  productId: string;
  src: number;
  amount: number;
  refundable: boolean;
  travelers: Traveler[];
  extra: Partial<Pick<BookingRequest, "bookingAnswers" | "hotelPreferences" | "panNumber">>;
};

class Generator {
  private readonly places: Places;
  private readonly key: ApiKeyRecord;

  constructor(
    private readonly services: AllServices,
    private readonly agency: Agency,
    private readonly rng: Rng,
    private readonly now: number,
    private readonly holdDueBy?: number,
  ) {
    this.places = placesOf(services.catalog);
    // Bookings made with a key are attributed to the key's creator: an agency without keys gets its admin's.
    this.key = services.agencies.keys.find((k) => k.agencyId === agency.id && k.createdBy !== null) ?? {
      id: "key_generated", agencyId: agency.id, name: "Generated", level: "agent", hash: "", start: "",
      createdBy: agency.adminUserId, createdAt: agency.createdAt, expiresAt: null, revokedAt: null,
    };
  }

  private digits(length: number): string {
    let s = "";
    while (s.length < length) s += String(this.rng.int(0, 9));
    return s;
  }

  private city(): City {
    const { cities } = this.places;
    return cities[Math.floor(cities.length * this.rng.next() ** 2)]!;
  }

  /**
   * First travel day of a trip of `span` days booked at `createdMs`: past, under way or upcoming
   * as of today (holds always upcoming), never before the booking was made.
   */
  private start(createdMs: number, span: number, upcomingOnly: boolean): string {
    const today = dayOf(this.now);
    const created = dayOf(createdMs);
    const want = upcomingOnly ? "upcoming" : weighted<string>(this.rng, [["past", 0.4], ["traveling", 0.08], ["upcoming", 0.52]]);
    if (want === "past") {
      const room = daysBetween(created, addDays(today, -span - 1));
      if (room >= 0) return addDays(created, this.rng.int(0, Math.min(room, 150)));
    }
    if (want === "traveling") {
      const start = addDays(today, -this.rng.int(0, span));
      if (start >= created) return start;
    }
    return addDays(today, upcomingOnly ? this.rng.int(10, 200) : this.rng.int(1, 240));
  }

  private children(): number[] {
    return this.rng.chance(0.22) ? Array.from({ length: this.rng.int(1, 2) }, () => this.rng.int(2, 15)) : [];
  }

  /** A family or group: the lead adult with contact details, companions, children of the lead's family. */
  private party(rooms: Array<{ adults: number; childrenAges: number[] }>, opts: { hotel?: boolean; titles?: boolean; documents?: string }): Traveler[] {
    const lead = weighted(this.rng, PEOPLE.map((p) => [p, p.weight] as [(typeof PEOPLE)[number], number]));
    const f = lead.faker;
    const family = f.person.lastName();
    const out: Traveler[] = [];
    rooms.forEach((room, r) => {
      const ages = [...Array<number>(room.adults).fill(-1), ...room.childrenAges];
      for (const age of ages) {
        const gender = this.rng.chance(0.5) ? "female" : "male";
        const child = age >= 0;
        const t: Traveler = {
          type: child ? "child" : "adult",
          firstName: f.person.firstName(gender),
          lastName: child || out.length === 0 || this.rng.chance(0.5) ? family : f.person.lastName(),
        };
        if (opts.hotel) t.roomIndex = r;
        if (child) t.age = age;
        if (opts.titles) t.title = child ? (gender === "male" ? "Master" : "Miss") : gender === "male" ? "Mr" : this.rng.pick(["Mrs", "Ms"] as const);
        if (out.length === 0) {
          t.email = f.internet.exampleEmail({ firstName: t.firstName, lastName: t.lastName });
          t.phone = `+${lead.dial}${this.rng.int(2, 9)}${this.digits(lead.dial === "1" ? 9 : 8)}`;
        }
        if (opts.documents) {
          const years = child ? age : this.rng.int(19, 75);
          t.dateOfBirth = addDays(dayOf(this.now), -years * 365 - this.rng.int(5, 360));
          t.gender = gender;
          t.passportNumber = `${CODE_CHARS[this.rng.int(0, 23)]}${this.digits(8)}`;
          t.passportExpiry = addDays(opts.documents, this.rng.int(400, 3000));
          t.nationality = lead.nationality;
        }
        out.push(t);
      }
    });
    return out;
  }

  private ctx(req: SearchRequest, party: Party, createdMs: number): GenContext {
    const { catalog, config, search } = this.services;
    return { catalog, places: search.places, seed: config.seed, req, currency: this.agency.currency, party, createdAt: createdMs };
  }

  hotel(state: BookingState, createdMs: number): Priced {
    const { catalog, config } = this.services;
    for (let attempt = 0; ; attempt++) {
      const hotels = catalog.hotelsByCity.get(this.city().cityRegionId) ?? [];
      const hotel = hotels[Math.floor(hotels.length * this.rng.next() ** 2)];
      if (!hotel) continue;
      const nights = this.rng.pick([1, 2, 2, 3, 3, 3, 4, 4, 5, 7, 7, 10, 14]);
      const checkIn = this.start(createdMs, nights, state === "held");
      const simple = attempt > 3;
      const roomCount = simple ? 1 : weighted(this.rng, [[1, 0.82], [2, 0.14], [3, 0.04]]);
      const occupancy = Array.from({ length: roomCount }, () => ({ adults: simple ? 2 : this.rng.pick([1, 2, 2, 2, 2, 3]), childrenAges: simple ? [] : this.children() }));
      const pricing = hotelPricing({
        seed: config.seed, searchId: `srch_gen${hex8(this.rng.int(0, 2 ** 30))}`, checkIn, checkOut: addDays(checkIn, nights),
        occupancy, currency: this.agency.currency, commissionable: this.rng.chance(0.3), createdAt: createdMs,
      });
      const hh = hotelHash(config.seed, hotel);
      const src = this.rng.pick([0, 1, 2, 3].filter((s) => sourceCovers(hh, s)));
      const rates: Array<{ code: number; amount: number }> = [];
      forEachRate(catalog, pricing, hotel, hh, src, (code, amount) => {
        if (state !== "held" || rateRefundable(code)) rates.push({ code, amount });
      });
      if (rates.length === 0) continue;
      const rate = this.rng.pick(rates);
      const summary = hotelSummary(catalog, pricing, hotel, hh, src, rate.code, rate.amount, true);
      // A hold needs a free-cancellation deadline still ahead (spec: hold_not_eligible otherwise).
      const holdable = holdDeadlines(summary.cancellationPolicy, { start: checkIn, nights }, this.now) !== null;
      // A wanted hold tries other stays first, so that every generated set has its holds.
      if (state === "held" && !holdable && attempt < 40) continue;
      return {
        state: state === "held" && !holdable ? "confirmed" : state,
        req: { productType: "hotel", occupancy, currency: this.agency.currency, market: "US", residency: "US", destination: hotel.cityName, checkIn, checkOut: addDays(checkIn, nights) },
        party: { adults: occupancy.reduce((s, o) => s + o.adults, 0), childrenAges: occupancy.flatMap((o) => o.childrenAges) },
        summary,
        productId: hotel.canonicalId,
        src,
        amount: rate.amount,
        refundable: rateRefundable(rate.code),
        travelers: this.party(occupancy, { hotel: true, titles: summary.requiresGuestTitle || this.rng.chance(0.4) }),
        extra: this.rng.chance(0.15) ? { hotelPreferences: { specialRequest: this.rng.pick(REQUESTS) } } : {},
      };
    }
  }

  flight(state: BookingState, createdMs: number): Priced {
    const airports = this.places.flightAirports;
    const origin = this.rng.pick(airports);
    const round = this.rng.chance(0.7);
    const gap = this.rng.int(3, 14);
    const checkIn = this.start(createdMs, round ? gap + 1 : 1, false);
    const party: Party = { adults: this.rng.pick([1, 1, 2, 2, 2, 3, 4]), childrenAges: this.children() };
    const req: SearchRequest = {
      productType: "flight", occupancy: [party], currency: this.agency.currency, market: "US", origin,
      destination: this.rng.pick(airports.filter((a) => a !== origin)), checkIn, checkOut: round ? addDays(checkIn, gap) : undefined,
      cabinClass: weighted(this.rng, CABINS),
    };
    const option = this.rng.pick(flightOptions(this.ctx(req, party, createdMs)));
    const travelers = this.party([party], { titles: true, documents: req.checkOut ?? checkIn });
    return { state, req, party, summary: option.summary, productId: option.productId, src: option.src, amount: option.amount, refundable: option.refundable, travelers, extra: {} };
  }

  activity(state: BookingState, createdMs: number): Priced {
    const { catalog } = this.services;
    let city = this.city();
    while (!catalog.activitiesByDestination.get(city.destinationCode)?.length) city = this.city();
    const party: Party = { adults: this.rng.pick([1, 2, 2, 2, 3, 4]), childrenAges: this.children() };
    const req: SearchRequest = {
      productType: "activity", occupancy: [party], currency: this.agency.currency, market: "US",
      destinationCode: city.destinationCode, checkIn: this.start(createdMs, 0, false),
    };
    const option = this.rng.pick(activityOptions(this.ctx(req, party, createdMs), city.destinationCode));
    const summary = option.summary as Extract<Summary, { activityKey: string }>;
    const travelers = this.party([party], { titles: summary.requiresLeadTitle || this.rng.chance(0.3) });
    const row = { productType: "activity", summary } as ResultRow;
    const answers: Record<string, unknown> = {};
    for (const q of requirementsFor(row, new Set(), false).bookingQuestions) {
      const answer = q.type === "select" ? this.rng.pick(q.options ?? ["none"]) : q.type === "date" ? req.checkIn : (catalog.hotelsByCity.get(city.cityRegionId)?.[0]?.name ?? "Hotel in the city centre");
      if (q.perTraveler) travelers.forEach((_, i) => (answers[`${q.code}:${i}`] = answer));
      else if (q.required || this.rng.chance(0.5)) answers[q.code] = answer;
    }
    const extra: Priced["extra"] = {};
    if (Object.keys(answers).length) extra.bookingAnswers = answers;
    if (summary.countryCode === "IN") extra.panNumber = `${Array.from({ length: 5 }, () => CODE_CHARS[this.rng.int(0, 23)]).join("")}${this.digits(4)}${CODE_CHARS[this.rng.int(0, 23)]}`;
    return { state, req, party, summary, productId: option.productId, src: option.src, amount: option.amount, refundable: option.refundable, travelers, extra };
  }

  transfer(state: BookingState, createdMs: number): Priced {
    const { city, airport } = this.rng.pick(this.places.transferCities);
    const hotels = this.services.catalog.hotelsByCity.get(city.cityRegionId) ?? [];
    const hotel = hotels[Math.floor(hotels.length * this.rng.next() ** 2)] ?? hotels[0]!;
    const round = this.rng.chance(0.4);
    const gap = this.rng.int(2, 10);
    const start = this.start(createdMs, round ? gap : 0, false);
    const hh = (h: number) => String(h).padStart(2, "0");
    const party: Party = { adults: this.rng.pick([1, 2, 2, 2, 3, 4, 5]), childrenAges: this.children() };
    const req: SearchRequest = {
      productType: "transfer", occupancy: [party], currency: this.agency.currency, market: "US",
      pickupLocation: { type: "airport", code: airport.code },
      dropoffLocation: { type: "hotel", code: hotel.canonicalId },
      pickupAt: `${start}T${hh(this.rng.int(6, 22))}:${this.rng.pick(["00", "15", "30", "45"])}:00Z`,
      returnAt: round ? `${addDays(start, gap)}T${hh(this.rng.int(8, 18))}:00:00Z` : undefined,
    };
    // A return journey sold as two one-way rows is booked as its outbound row here.
    const options = transferOptions(this.ctx(req, party, createdMs)).filter((o) => (o.summary as TransferSummary).direction !== "return");
    const both = options.filter((o) => (o.summary as TransferSummary).direction === "both");
    const option = this.rng.pick(both.length && this.rng.chance(0.8) ? both : options);
    const summary = option.summary as TransferSummary;
    const travelers = this.party([party], { titles: summary.requiresLeadTitle || this.rng.chance(0.3) });
    const lead = travelers[0]!;
    if (summary.flightDetailsRequired) {
      const [carrier, code] = this.rng.pick(CARRIERS);
      lead.carrierName = carrier;
      lead.flightNumber = `${code}${this.rng.int(100, 4999)}`;
    }
    return { state, req, party, summary, productId: option.productId, src: option.src, amount: option.amount, refundable: option.refundable, travelers, extra: {} };
  }

  /** The record as POST /bookings would have written it at `createdMs`. */
  private record(product: ProductType, p: Priced, createdMs: number): Booking {
    const { services, agency } = this;
    const currency = agency.currency;
    const quoteId = `qt_gen${hex8(this.rng.int(0, 2 ** 30))}${hex8(this.rng.int(0, 2 ** 30))}`;
    const searchId = `srch_gen${hex8(this.rng.int(0, 2 ** 30))}`;
    const row: ResultRow = {
      _id: `row_gen${hex8(this.rng.int(0, 2 ** 30))}`, productType: product, canonicalProductId: p.productId, rateQuoteId: quoteId,
      supplier: services.search.aliases[product][p.src] ?? "src-00000000", rank: 1, sellAmountMinor: p.amount, sellCurrency: currency,
      refundable: p.refundable, summary: p.summary,
    };
    const expiresAt = createdMs + 20 * 60_000;
    const quote: QuoteRecord = {
      quoteId, searchId, agencyId: agency.id, productType: product, row, createdAt: createdMs, expiresAt,
      search: { searchId, agencyId: agency.id, keyId: this.key.id, productType: product, request: p.req, party: p.party, createdAt: createdMs, expiresAt },
    };
    const check: PriceCheckResult = {
      quoteId, status: "unchanged", sellAmountMinor: p.amount, sellCurrency: currency, previousSellAmountMinor: p.amount, changes: [],
      changesAcknowledgementRequired: false, packageRate: "isPackage" in p.summary && p.summary.isPackage, refundable: p.refundable,
      cancellationPolicy: p.summary.cancellationPolicy, holdable: p.state === "held", checkedAt: iso(createdMs),
      bookableUntil: iso(createdMs + 10 * 60_000), quoteExpiresAt: iso(expiresAt), requirements: requirementsFor(row, new Set(), p.src === 2 && product === "hotel"),
    };
    const bq: BookableQuote = { quote, row, productType: product, check, checkedAt: createdMs, supplierRateRef: null, triggers: new Set() };
    const req: BookingRequest = { quoteId, travelers: p.travelers, paymentMethod: "credit", ...(p.state === "held" ? { hold: true } : {}), ...p.extra };
    return buildBooking(
      { id: newBookingId(), seq: services.bookings.allocateSeq(), orderRef: newOrderRef(createdMs), agencyId: agency.id, key: this.key, req, bq, triggers: new Set(), catalog: services.catalog, now: createdMs },
      p.state === "held" ? "held" : "confirmed",
    );
  }

  private payment(kind: Payment["kind"], amountMinor: number, at: number, note: string, status: Payment["status"] = "succeeded"): Payment {
    return { paymentId: newId("pay"), kind, method: "credit", amountMinor, currency: this.agency.currency, status, createdAt: iso(at), note };
  }

  /** What the source handed back, and the operations team's hotel confirmation number close to arrival. */
  private confirmed(b: Booking, at: number): Booking {
    let next = withConfirmation(b, at);
    if (b.productType === "hotel" && daysBetween(dayOf(this.now), b.firstItem.checkIn) < 21 && this.rng.chance(0.6)) {
      const number = `${CODE_CHARS[this.rng.int(0, 23)]}${CODE_CHARS[this.rng.int(0, 23)]}${this.digits(6)}`;
      next = { ...next, lineItems: next.lineItems.map((li) => ({ ...li, details: { ...li.details, hotelConfirmationNumber: number } })) };
    }
    return next;
  }

  /** A cancellation requested at `at`: items closed, the refund decided (given back at once, or nothing due). */
  private cancel(b: Booking, state: BookingState, at: number): Booking {
    const total = b.totalSell.amountMinor;
    const due = cancellationCharge(b.cancellationPolicy, at, total, stayOf(b));
    const refundStatus = state === "refunded" ? "refunded" : state === "cancelled" && this.rng.chance(0.2) ? "manual_review" : "no_refund_due";
    const refund = state === "refunded" ? Math.max(1, total - Math.min(due, total - 1)) : 0;
    const items = b.lineItems.map((li) => {
      const d: Record<string, unknown> = { ...li.details };
      if (b.productType === "flight") d.ticketingStatus = "voided";
      if (Array.isArray(d.supplierVouchers)) d.supplierVouchers = (d.supplierVouchers as Array<Record<string, unknown>>).map((v) => ({ ...v, status: "cancelled" }));
      if (Array.isArray(d.transferLegs)) {
        d.transferLegs = (d.transferLegs as TransferLeg[]).map((l) => ({
          ...l, state: "cancelled", cancelledAt: iso(at), refund: { status: refundStatus, amountMinor: Math.round((refund * l.sell.amountMinor) / Math.max(1, total)) },
        }));
      }
      return { ...li, details: d };
    });
    let next: Booking = withState(
      { ...b, lineItems: items, walletHeldMinor: total - refund, cancellation: { requestedAt: iso(at), scope: "whole", refundStatus, refundAmountMinor: refund } },
      state,
      at,
    );
    if (refund > 0) next = { ...next, payments: [...next.payments, this.payment("refund", refund, at, "Refund on cancellation")] };
    if (state === "cancellation_pending") {
      next = { ...next, scheduled: [{ at: this.now + 5 * 60_000, to: "cancelled", reason: "cancellation_settles" }] };
    }
    return next;
  }

  booking(product: ProductType, wanted: BookingState, createdMs: number): Booking {
    const p = this[product](product !== "hotel" && wanted === "held" ? "confirmed" : wanted, createdMs);
    const state = p.state;
    let b = this.record(product, p, createdMs);
    const charged = { ...b, walletHeldMinor: b.totalSell.amountMinor, payments: [this.payment("charge", b.totalSell.amountMinor, createdMs, "Booking charge")] };
    switch (state) {
      case "held": {
        // Held as if placed today, so that its payment deadline is still ahead.
        const deadlines = holdDeadlines(b.cancellationPolicy, stayOf(b), this.now);
        if (!deadlines) throw new Error("unholdable rate chosen for a hold");
        // Sooner is always allowed: the payment deadline only has to come before free cancellation ends.
        const due = this.holdDueBy ?? Infinity;
        const held = Date.parse(deadlines.paymentDeadline) <= due ? deadlines : { ...deadlines, paymentDeadline: iso(due) };
        return { ...withConfirmation(b, createdMs), held, scheduled: [lapseMove(held.paymentDeadline)] };
      }
      case "failed":
        b = failBooking(
          this.services,
          { ...charged, walletHeldMinor: 0, payments: [...charged.payments, this.payment("refund", b.totalSell.amountMinor, createdMs, "Refund: the source did not confirm the booking")] },
          this.rng.pick(FAILURES),
        );
        return { ...b, updatedAt: b.createdAt };
      case "supplier_pending": {
        const pending = awaitSupplier(charged, this.now);
        return { ...pending, updatedAt: b.createdAt, supplierPending: { resolveAt: this.now + 2 * 60_000, outcome: this.rng.chance(0.75) ? "confirmed" : "failed" } };
      }
      case "manual_review":
        return withState(charged, "manual_review", createdMs);
      case "cancelled":
      case "refunded":
      case "cancellation_pending": {
        const until = Math.max(createdMs, Math.min(this.now, Date.parse(`${b.firstItem.checkIn}T00:00:00Z`)));
        return this.cancel(this.confirmed(charged, createdMs), state, Math.floor(createdMs + (until - createdMs) * this.rng.next()));
      }
      default:
        return this.confirmed(charged, createdMs);
    }
  }
}

export type GenerateOptions = {
  /** How far back creation times reach, in days (400 by default). */
  days?: number;
  /** `tomorrow`: holds fall due tomorrow at 17:00 UTC (demo data); by default as a hold placed now. */
  holdDue?: "tomorrow";
};

/** Creates `count` bookings for the agency (404 for an unknown one) and returns how many were made. */
export function generateBookings(services: AllServices, agencyId: string, count: number, options: GenerateOptions = {}): number {
  const agency = services.agencies.agencies.get(agencyId);
  if (!agency) throw notFound("Agency");
  const existing = services.bookings.forAgency(agencyId);
  const now = services.clock.now();
  const newest = existing[existing.length - 1];
  const from = Math.min(now, Math.max(now - (options.days ?? 400) * DAY_MS, newest ? Date.parse(newest.createdAt) + 1000 : 0));
  const seed = hash32(`bookings|${agencyId}|${existing.length}|${count}`, services.config.seed);
  const rng = new Rng(seed);
  PEOPLE.forEach((p, i) => p.faker.seed(seed + i));
  const gen = new Generator(services, agency, rng, now, options.holdDue === "tomorrow" ? Date.parse(`${addDays(dayOf(now), 1)}T17:00:00Z`) : undefined);
  for (let i = 0; i < count; i++) {
    const createdMs = Math.floor(from + ((now - from) * (i + rng.next())) / count);
    // The first 32 cover every product in every state; the rest follow realistic weights.
    const product = i < 32 ? PRODUCTS[i % 4]! : weighted(rng, PRODUCT_WEIGHTS);
    const state = i < 32 ? STATES[(i >> 2) % 8]! : weighted(rng, STATE_WEIGHTS);
    services.bookings.put(gen.booking(product, state, createdMs));
  }
  return count;
}
