import { z } from "zod";
import type { ApiKeyRecord } from "../platform/agencies";
import { newId } from "../platform/agencies";
import type { Catalog } from "../catalog";
import { SandboxError, type ErrorDetail } from "../platform/errors";
import { parseTriggers, type TriggerName } from "../platform/triggers";
import { isoCountry, isoDate } from "../platform/validate";
import type { BookableQuote, BookingQuestion } from "../quotes/model";
import { assertPaxMix } from "../search/activities";
import { addDays, daysBetween } from "../search/draw";
import type { ActivitySummary, FlightSummary, HotelSummary, TransferSummary } from "../search/types";
import type { Booking, BookingState, LineItem, Traveler } from "./model";
import { cancellationCharge, holdDeadlines, lapseMove, randomCode, type Stay, type TransferLeg } from "./transitions";

/** POST /bookings: the strict body, every booking rule of the specification in a fixed order, and the booking record. */

export const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Master", "Dr"] as const;
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const MAX_FLIGHT_NUMBER = 7;
const PASSPORT_MONTHS = 6;

// contract-decisions §3. `title` and `flightNumber` are only length-checked here: the
// specification gives their other failures their own codes (traveler_title_required, transfer_flight_details_required).
const travelerSchema = z.strictObject({
  roomIndex: z.number().int().min(0).max(8).optional(),
  type: z.enum(["adult", "child"]),
  age: z.number().int().min(0).max(120).optional(),
  title: z.string().max(20).optional(),
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(100),
  email: z.email("Expected an email address.").max(254).optional(),
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/, "Expected a phone number in E.164 form, such as +14155550123.").optional(),
  dateOfBirth: isoDate.optional(),
  gender: z.enum(["male", "female"]).optional(),
  passportNumber: z.string().trim().regex(/^[A-Za-z0-9]{5,20}$/, "5 to 20 letters and digits.").optional(),
  passportExpiry: isoDate.optional(),
  nationality: isoCountry.optional(),
  carrierName: z.string().trim().min(1).max(60).optional(),
  flightNumber: z.string().trim().min(1).max(40).optional(),
});

export const bookingRequestSchema = z.strictObject({
  quoteId: z.string().min(1).max(200),
  travelers: z.array(travelerSchema).min(1, "At least one traveller.").max(120),
  // Any method is read; only `credit` is accepted (400 unsupported_payment_method).
  paymentMethod: z.string().min(1).max(40),
  changesAcknowledged: z.boolean().optional(),
  packageRateAcknowledged: z.boolean().optional(),
  hold: z.boolean().optional(),
  bookingAnswers: z.record(z.string().min(1).max(100), z.unknown()).optional(),
  panNumber: z.string().trim().max(20).optional(),
  hotelPreferences: z
    .strictObject({
      specialRequest: z.string().max(500, "At most 500 characters.").optional(),
      rooms: z
        .array(
          z.strictObject({
            roomIndex: z.number().int().min(0).max(8),
            smoking: z.boolean().optional(),
            specialRequest: z.string().max(500, "At most 500 characters.").optional(),
          }),
        )
        .max(9)
        .optional(),
    })
    .optional(),
});

export type BookingRequest = z.infer<typeof bookingRequestSchema>;
type TravelerInput = BookingRequest["travelers"][number];

/** Booking triggers of the lead traveller's last name (400 validation_error on an unknown one). */
export function leadTriggers(req: BookingRequest): Set<TriggerName> {
  return parseTriggers(req.travelers[0]?.lastName, "traveler", "travelers.0.lastName");
}

const fail = (status: number, code: string, message: string, details: ErrorDetail[] = []) => new SandboxError(status, code, message, { details });
const who = (t: TravelerInput, i: number) => `traveller ${i + 1} (${t.firstName} ${t.lastName})`;
const describeParty = (adults: number, ages: number[]) =>
  `${adults} adult${adults === 1 ? "" : "s"}${ages.length ? ` and ${ages.length} child${ages.length === 1 ? "" : "ren"} aged ${ages.join(", ")}` : ""}`;
const sameAges = (a: number[], b: number[]) => a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The dates a booking is for: first and last day of service (YYYY-MM-DD), and hotel nights. */
export function serviceDates(bq: BookableQuote): { checkIn: string; checkOut: string; stay: Stay } {
  const req = bq.quote.search.request;
  switch (bq.productType) {
    case "hotel": {
      const checkIn = req.checkIn ?? "";
      const checkOut = req.checkOut ?? checkIn;
      return { checkIn, checkOut, stay: { start: checkIn, nights: Math.max(1, daysBetween(checkIn, checkOut)) } };
    }
    case "flight": {
      const slices = (bq.row.summary as FlightSummary).slices;
      const checkIn = slices[0]?.departAt.slice(0, 10) ?? req.checkIn ?? "";
      const checkOut = slices[slices.length - 1]?.arriveAt.slice(0, 10) ?? checkIn;
      return { checkIn, checkOut, stay: { start: checkIn, nights: 0 } };
    }
    case "activity": {
      const s = bq.row.summary as ActivitySummary;
      return { checkIn: s.date, checkOut: addDays(s.date, Math.floor(s.durationMinutes / 1440)), stay: { start: s.date, nights: 0 } };
    }
    case "transfer": {
      const s = bq.row.summary as TransferSummary;
      const checkIn = s.pickupAt.slice(0, 10);
      return { checkIn, checkOut: (s.returnAt ?? s.pickupAt).slice(0, 10), stay: { start: checkIn, nights: 0 } };
    }
  }
}

// ---------------------------------------------------------------- rules

function checkManifest(req: BookingRequest, bq: BookableQuote): void {
  const search = bq.quote.search;
  const travelers = req.travelers;
  const ages = (list: TravelerInput[]) => list.filter((t) => t.type === "child").map((t) => t.age ?? -1);
  const adults = (list: TravelerInput[]) => list.filter((t) => t.type === "adult").length;
  const details: ErrorDetail[] = [];
  travelers.forEach((t, i) => {
    if (t.type === "child" && t.age === undefined) details.push({ path: `travelers.${i}.age`, message: "A child needs an age." });
  });
  if (bq.productType === "hotel") {
    const rooms = search.request.occupancy;
    travelers.forEach((t, i) => {
      if (t.roomIndex === undefined || t.roomIndex >= rooms.length) {
        details.push({ path: `travelers.${i}.roomIndex`, message: `Expected a room index from 0 to ${rooms.length - 1}.` });
      }
    });
    rooms.forEach((room, r) => {
      const inRoom = travelers.filter((t) => t.roomIndex === r);
      if (adults(inRoom) !== room.adults || !sameAges(ages(inRoom), room.childrenAges)) {
        details.push({ path: "travelers", message: `Room ${r} was searched for ${describeParty(room.adults, room.childrenAges)}; the travellers give ${describeParty(adults(inRoom), ages(inRoom))}.` });
      }
    });
  } else {
    // Transfers: `passengers` replaced the adult count of the search.
    const wantAdults = bq.productType === "transfer" ? (search.request.passengers ?? search.party.adults) : search.party.adults;
    if (adults(travelers) !== wantAdults || !sameAges(ages(travelers), search.party.childrenAges)) {
      details.push({ path: "travelers", message: `The search was for ${describeParty(wantAdults, search.party.childrenAges)}; the travellers give ${describeParty(adults(travelers), ages(travelers))}.` });
    }
  }
  if (details.length) {
    throw fail(400, "traveler_manifest_mismatch", `The travellers do not match the search: ${details[0]?.message}`, details);
  }
}

/** The traveller mix rule of the search, options and price-check (search/activities.ts), on the travellers sent. */
function checkPaxMix(req: BookingRequest, bq: BookableQuote): void {
  if (bq.productType !== "activity") return;
  const party = { adults: req.travelers.filter((t) => t.type === "adult").length, childrenAges: req.travelers.flatMap((t) => (t.type === "child" ? [t.age ?? 0] : [])) };
  assertPaxMix(bq.row.summary as ActivitySummary, party);
}

function checkContact(req: BookingRequest, bq: BookableQuote): void {
  if (!bq.check.requirements.leadContact) return;
  const lead = req.travelers[0];
  const details: ErrorDetail[] = [];
  if (!lead?.email) details.push({ path: "travelers.0.email", message: "The lead traveller's email is required." });
  if (!lead?.phone) details.push({ path: "travelers.0.phone", message: "The lead traveller's phone number is required." });
  if (details.length) throw fail(400, "supplier_contact_required", "This inventory needs the lead traveller's email and phone number.", details);
}

function checkTitles(req: BookingRequest, bq: BookableQuote): void {
  const summary = bq.row.summary;
  let need = bq.check.requirements.title;
  if ("requiresGuestTitle" in summary && summary.requiresGuestTitle) need = "all";
  else if ("requiresLeadTitle" in summary && summary.requiresLeadTitle && need === "none") need = "lead";
  const details: ErrorDetail[] = [];
  req.travelers.forEach((t, i) => {
    const required = need === "all" || (need === "lead" && i === 0);
    if (t.title !== undefined && !(TITLES as readonly string[]).includes(t.title)) {
      details.push({ path: `travelers.${i}.title`, message: `Title must be one of ${TITLES.join(", ")}.` });
    } else if (required && t.title === undefined) {
      details.push({ path: `travelers.${i}.title`, message: "A title is required." });
    }
  });
  if (details.length) {
    const whom = need === "all" ? "every traveller" : "the lead traveller";
    throw fail(400, "traveler_title_required", `A title (${TITLES.join(", ")}) is required on ${whom}; nothing was charged.`, details);
  }
}

function checkDocuments(req: BookingRequest, bq: BookableQuote): void {
  if (bq.productType !== "flight" && !bq.check.requirements.travelDocuments) return;
  const lastTravel = serviceDates(bq).checkOut;
  const validUntil = addMonths(lastTravel, PASSPORT_MONTHS);
  const problems: Array<{ message: string; details: ErrorDetail[] }> = [];
  req.travelers.forEach((t, i) => {
    const missing = (["dateOfBirth", "gender", "passportNumber", "passportExpiry", "nationality"] as const).filter((f) => t[f] === undefined);
    if (missing.length) {
      problems.push({ message: `Passenger ${who(t, i)} lacks ${missing.join(", ")}.`, details: missing.map((f) => ({ path: `travelers.${i}.${f}`, message: "Required for flights." })) });
    } else if (t.passportExpiry && t.passportExpiry < validUntil) {
      problems.push({
        message: `The passport of ${who(t, i)} expires on ${t.passportExpiry}, within ${PASSPORT_MONTHS} months of travel (last travel date ${lastTravel}).`,
        details: [{ path: `travelers.${i}.passportExpiry`, message: `Must be valid until at least ${validUntil}.` }],
      });
    }
  });
  if (problems.length) {
    throw fail(400, "travel_documents_required", `${problems.map((p) => p.message).join(" ")} Nothing was charged.`, problems.flatMap((p) => p.details));
  }
}

function checkFlightDetails(req: BookingRequest, bq: BookableQuote): void {
  if (bq.productType !== "transfer") return;
  const needed = bq.check.requirements.flightDetails || (bq.row.summary as TransferSummary).flightDetailsRequired;
  const lead = req.travelers[0];
  const details: ErrorDetail[] = [];
  if (needed && !lead?.carrierName) details.push({ path: "travelers.0.carrierName", message: "The airline is required." });
  if (needed && !lead?.flightNumber) details.push({ path: "travelers.0.flightNumber", message: "The flight number is required." });
  req.travelers.forEach((t, i) => {
    if (t.flightNumber && t.flightNumber.length > MAX_FLIGHT_NUMBER) {
      details.push({ path: `travelers.${i}.flightNumber`, message: `At most ${MAX_FLIGHT_NUMBER} characters.` });
    }
  });
  if (details.length) {
    throw fail(400, "transfer_flight_details_required", `This transfer needs the lead traveller's carrierName and flightNumber (at most ${MAX_FLIGHT_NUMBER} characters).`, details);
  }
}

function checkPan(req: BookingRequest, bq: BookableQuote): void {
  if (!bq.check.requirements.panRequired) return;
  if (!req.panNumber || !PAN.test(req.panNumber.toUpperCase())) {
    const why = req.panNumber ? "is malformed (five letters, four digits, one letter, e.g. ABCDE1234F)" : "is missing";
    throw fail(400, "pan_required", `This activity needs the lead traveller's Indian PAN; panNumber ${why}.`, [{ path: "panNumber", message: "Expected five letters, four digits and one letter." }]);
  }
}

function answerProblem(q: BookingQuestion, value: unknown): string | null {
  switch (q.type) {
    case "text":
      if (typeof value !== "string") return "Expected text.";
      return q.maxLength !== null && value.length > q.maxLength ? `At most ${q.maxLength} characters.` : null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "Expected a number.";
    case "boolean":
      return typeof value === "boolean" ? null : "Expected true or false.";
    case "date":
      return isoDate.safeParse(value).success ? null : "Expected a date as YYYY-MM-DD.";
    case "select":
      return typeof value === "string" && (q.options ?? []).includes(value) ? null : `Expected one of: ${(q.options ?? []).join(", ")}.`;
  }
}

function checkAnswers(req: BookingRequest, bq: BookableQuote): void {
  const questions = bq.check.requirements.bookingQuestions;
  const answers = req.bookingAnswers ?? {};
  const asked = new Map<string, BookingQuestion>();
  for (const q of questions) {
    if (q.perTraveler) req.travelers.forEach((_, i) => asked.set(`${q.code}:${i}`, q));
    else asked.set(q.code, q);
  }
  const missing: ErrorDetail[] = [];
  for (const [key, q] of asked) {
    const v = answers[key];
    if (q.required && (v === undefined || v === null || v === "")) missing.push({ path: `bookingAnswers.${key}`, message: `"${q.label}" is required.` });
  }
  if (missing.length) throw fail(400, "booking_answer_required", `Mandatory booking questions are unanswered: ${missing.map((d) => d.path.slice(15)).join(", ")}.`, missing);
  const invalid: ErrorDetail[] = [];
  for (const [key, v] of Object.entries(answers)) {
    const q = asked.get(key);
    if (!q) invalid.push({ path: `bookingAnswers.${key}`, message: "No booking question has this key." });
    else if (v !== undefined && v !== null && v !== "") {
      const problem = answerProblem(q, v);
      if (problem) invalid.push({ path: `bookingAnswers.${key}`, message: problem });
    }
  }
  if (invalid.length) throw fail(400, "booking_answer_invalid", `Some booking answers are not allowed: ${invalid.map((d) => `${d.path.slice(15)} (${d.message})`).join("; ")}`, invalid);
}

/**
 * Every rule of the request against its quote, in this order, each refused before any charge:
 * product fit of hotelPreferences, manifest, the activity's traveller mix, contact, titles,
 * documents, transfer flight details, PAN, booking answers, change and package
 * acknowledgements, hold eligibility, then the search-wide inventory triggers.
 */
export function checkAgainstQuote(req: BookingRequest, bq: BookableQuote, now: number): void {
  if (req.hotelPreferences && bq.productType !== "hotel") {
    throw new SandboxError(400, "validation_error", "hotelPreferences are for hotel bookings only.", {
      details: [{ path: "hotelPreferences", message: "Hotels only." }],
    });
  }
  const rooms = bq.quote.search.request.occupancy.length;
  const badRooms = (req.hotelPreferences?.rooms ?? []).flatMap((r, i) =>
    r.roomIndex >= rooms ? [{ path: `hotelPreferences.rooms.${i}.roomIndex`, message: `Expected a room index from 0 to ${rooms - 1}.` }] : [],
  );
  if (badRooms.length) throw new SandboxError(400, "validation_error", "The request body failed validation.", { details: badRooms });

  checkManifest(req, bq);
  checkPaxMix(req, bq);
  checkContact(req, bq);
  checkTitles(req, bq);
  checkDocuments(req, bq);
  checkFlightDetails(req, bq);
  checkPan(req, bq);
  checkAnswers(req, bq);
  if (bq.check.changesAcknowledgementRequired && req.changesAcknowledged !== true) {
    throw fail(400, "changes_ack_required", "The price-check reported a price or policy change; book again with changesAcknowledged: true once the traveller accepts it.", [
      { path: "changesAcknowledged", message: "Must be true." },
    ]);
  }
  if (bq.check.packageRate && req.packageRateAcknowledged !== true) {
    throw fail(400, "package_ack_required", "This is a package rate, sold only inside a package; book with packageRateAcknowledged: true.", [
      { path: "packageRateAcknowledged", message: "Must be true." },
    ]);
  }
  const { stay } = serviceDates(bq);
  if (req.hold) {
    const eligible = bq.productType === "hotel" && bq.check.holdable && bq.check.cancellationPolicy.refundable && holdDeadlines(bq.check.cancellationPolicy, stay, now) !== null;
    if (!eligible) {
      throw fail(400, "hold_not_eligible", "This rate cannot be held: holds need a fully refundable hotel rate with a future free-cancellation deadline.", [
        { path: "hold", message: "Not available for this rate." },
      ]);
    }
  }
  if (bq.triggers.has("supplier-disabled")) {
    throw fail(409, "supplier_disabled", "The inventory source of this quote was switched off since the search; search again.");
  }
  if (bq.triggers.has("live-inventory") && cancellationCharge(bq.check.cancellationPolicy, now, bq.check.sellAmountMinor, stay) > 0) {
    throw fail(409, "live_supplier_booking_blocked", "Sandbox only: this source has no test environment, so only rates still free to cancel can be booked here.");
  }
}

// ---------------------------------------------------------------- the record

export type NewBooking = {
  id: string;
  seq: number;
  orderRef: string;
  agencyId: string;
  key: ApiKeyRecord;
  req: BookingRequest;
  bq: BookableQuote;
  triggers: Set<TriggerName>;
  catalog: Catalog;
  now: number;
};

export const newBookingId = () => newId("bk");
export const newOrderRef = (now: number) => `RV-${new Date(now).getUTCFullYear()}-${randomCode(8)}`;

const nameOf = (t: Traveler) => `${t.title ? `${t.title} ` : ""}${t.firstName} ${t.lastName}`;

function travelersOf(req: BookingRequest): Traveler[] {
  return req.travelers.map((t) => ({ ...t, title: t.title as Traveler["title"] }));
}

function hotelDetails(b: NewBooking, travelers: Traveler[], checkIn: string, checkOut: string): Record<string, unknown> {
  const s = b.bq.row.summary as HotelSummary;
  const prefs = b.req.hotelPreferences;
  return {
    hotelName: s.hotelName,
    roomName: s.roomName,
    boardBasis: s.boardBasis,
    rateName: s.rateName,
    checkIn,
    checkOut,
    nights: Math.max(1, daysBetween(checkIn, checkOut)),
    rooms: b.bq.quote.search.request.occupancy.map((o, i) => {
      const pref = prefs?.rooms?.find((r) => r.roomIndex === i);
      return {
        roomIndex: i,
        roomName: s.roomName,
        boardBasis: s.boardBasis,
        adults: o.adults,
        childrenAges: o.childrenAges,
        guests: travelers.filter((t) => t.roomIndex === i).map(nameOf),
        smoking: pref?.smoking ?? null,
        specialRequest: pref?.specialRequest ?? null,
      };
    }),
    specialRequest: prefs?.specialRequest ?? null,
    hotelConfirmationRef: null,
    hotelConfirmationNumber: null,
  };
}

function transferDetails(b: NewBooking): Record<string, unknown> {
  const s = b.bq.row.summary as TransferSummary;
  const lead = b.req.travelers[0];
  const details: Record<string, unknown> = {
    serviceType: s.serviceType,
    vehicle: s.vehicle,
    pickupName: s.pickupName,
    dropoffName: s.dropoffName,
    pickupAt: s.pickupAt,
    returnAt: s.returnAt,
    tripType: s.tripType,
    passengers: s.passengers,
    meetAndGreet: s.meetAndGreet,
    carrierName: lead?.carrierName ?? null,
    flightNumber: lead?.flightNumber ?? null,
    supplierVouchers: [],
  };
  if (s.tripType === "round" && s.returnAt) {
    const total = b.bq.check.sellAmountMinor;
    const currency = b.bq.check.sellCurrency;
    const departure = Math.round(total / 2);
    const leg = (which: TransferLeg["leg"], amountMinor: number): TransferLeg => ({
      leg: which,
      state: "confirmed",
      pickupAt: which === "departure" ? s.pickupAt : (s.returnAt ?? s.pickupAt),
      pickupName: which === "departure" ? s.pickupName : s.dropoffName,
      dropoffName: which === "departure" ? s.dropoffName : s.pickupName,
      sell: { amountMinor, currency },
      supplierConfirmationId: null,
      cancelledAt: null,
      refund: null,
    });
    details.transferLegs = [leg("departure", departure), leg("return", total - departure)];
  }
  return details;
}

function itemDetails(b: NewBooking, travelers: Traveler[], checkIn: string, checkOut: string): Record<string, unknown> {
  const summary = b.bq.row.summary;
  switch (b.bq.productType) {
    case "hotel":
      return hotelDetails(b, travelers, checkIn, checkOut);
    case "flight": {
      const s = summary as FlightSummary;
      return {
        airline: s.airline,
        cabinClass: s.cabinClass,
        fareName: s.fareName,
        slices: s.slices.map((sl) => ({ origin: sl.origin, destination: sl.destination, departAt: sl.departAt, arriveAt: sl.arriveAt, flights: sl.segments.map((g) => g.flightNumber) })),
        baggage: s.baggage,
        pnr: randomCode(6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"),
        airlinePnr: null,
        tickets: [],
        ticketingStatus: "pending",
      };
    }
    case "activity": {
      const s = summary as ActivitySummary;
      return {
        activityName: s.activityName,
        activityKey: s.activityKey,
        modality: s.modality,
        date: s.date,
        startTime: s.sessionStartTime,
        durationMinutes: s.durationMinutes,
        participants: s.participants,
        supplierRateRef: b.bq.supplierRateRef,
        panRequired: b.bq.check.requirements.panRequired,
        bookingQuestions: b.bq.check.requirements.bookingQuestions.map((q) => ({ ...q, answer: q.perTraveler ? travelers.map((_, i) => b.req.bookingAnswers?.[`${q.code}:${i}`] ?? null) : (b.req.bookingAnswers?.[q.code] ?? null) })),
        supplierVouchers: [],
      };
    }
    case "transfer":
      return transferDetails(b);
  }
}

function importantInformation(b: NewBooking): Record<string, unknown> {
  const summary = b.bq.row.summary;
  const notes: string[] = [];
  let excludedTaxes: HotelSummary["excludedTaxes"] = null;
  switch (b.bq.productType) {
    case "hotel": {
      const s = summary as HotelSummary;
      if (s.rateComments) notes.push(s.rateComments);
      excludedTaxes = s.excludedTaxes;
      if (s.excludedTaxes?.length) notes.push("Some taxes are not included in the price and are paid at the property.");
      notes.push("Guests present photo ID at check-in; names must match the booking.");
      break;
    }
    case "flight":
      notes.push("Passports must be valid for at least 6 months after the last travel date.", "Check in online or at the airport at least 2 hours before departure.");
      break;
    case "activity":
      notes.push("Show the voucher at the meeting point 15 minutes before the start time.");
      break;
    case "transfer":
      notes.push((summary as TransferSummary).meetAndGreet ? "The driver waits in arrivals with a name sign; flight delays are tracked." : "Be at the pickup point at the time shown; the driver waits up to 15 minutes.");
  }
  return { notes, excludedTaxes };
}

/** The booking record, in its first state. Wallet moves are the caller's (write-routes.ts). */
export function buildBooking(b: NewBooking, state: BookingState): Booking {
  const { bq, req, now } = b;
  const nowIso = new Date(now).toISOString();
  const travelers = travelersOf(req);
  const { checkIn, checkOut, stay } = serviceDates(bq);
  const sell = { amountMinor: bq.check.sellAmountMinor, currency: bq.check.sellCurrency };
  const hotelSummary = bq.productType === "hotel" ? (bq.row.summary as HotelSummary) : null;
  const commission = hotelSummary?.agencyCommission
    ? { percent: hotelSummary.agencyCommission.percent, amountMinor: Math.round((sell.amountMinor * hotelSummary.agencyCommission.percent) / 100), currency: sell.currency }
    : null;
  const hotel = bq.productType === "hotel" ? b.catalog.hotelById.get(bq.row.canonicalProductId) : undefined;
  const held = state === "held" ? holdDeadlines(bq.check.cancellationPolicy, stay, now) : null;
  const lead = travelers[0];
  const excluded = (hotelSummary?.excludedTaxes ?? []).reduce((sum, t) => sum + t.amountMinor, 0);
  const item: LineItem = { productType: bq.productType, state, supplierConfirmationId: null, sell, details: itemDetails(b, travelers, checkIn, checkOut) };
  return {
    id: b.id,
    orderRef: b.orderRef,
    agencyId: b.agencyId,
    keyId: b.key.id,
    attributedTo: b.key.createdBy ?? "",
    createdAt: nowIso,
    updatedAt: nowIso,
    state,
    productType: bq.productType,
    quoteId: bq.quote.quoteId,
    searchId: bq.quote.searchId,
    supplier: bq.row.supplier,
    canonicalProductId: bq.row.canonicalProductId,
    summary: bq.row.summary,
    travelers,
    paymentMethod: "credit",
    totalSell: sell,
    agencyCommission: commission,
    held,
    failureReason: null,
    lineItems: [item],
    bookedHotel: hotel
      ? { name: hotel.name, address: hotel.address, city: hotel.cityName, country: b.catalog.countryName(hotel.countryCode) ?? hotel.countryCode, countryCode: hotel.countryCode, starRating: hotel.starRating, canonicalId: hotel.canonicalId }
      : null,
    cancellationPolicy: bq.check.cancellationPolicy,
    importantInformation: importantInformation(b),
    priceSummary: {
      currency: sell.currency,
      totalSellMinor: sell.amountMinor,
      payNowMinor: sell.amountMinor,
      payAtPropertyMinor: excluded,
      ...(stay.nights > 0 ? { nights: stay.nights, perNightMinor: Math.round(sell.amountMinor / stay.nights) } : {}),
      lines: [
        { label: bq.productType === "hotel" ? `${stay.nights} night${stay.nights === 1 ? "" : "s"}, ${req.travelers.length} guest${req.travelers.length === 1 ? "" : "s"}` : `${req.travelers.length} traveller${req.travelers.length === 1 ? "" : "s"}`, amountMinor: sell.amountMinor },
        ...(excluded > 0 ? [{ label: "Taxes payable at the property (not included)", amountMinor: excluded }] : []),
      ],
    },
    payments: [],
    earnings: {
      currency: sell.currency,
      basis: commission ? "commission" : "net",
      commissionMinor: commission?.amountMinor ?? 0,
      commissionPercent: commission?.percent ?? null,
      status: commission ? "pending" : "none",
    },
    firstItem: { productType: bq.productType, hotelName: hotelSummary?.hotelName ?? null, checkIn, checkOut, confirmation: null },
    leadGuest: lead ? `${lead.firstName} ${lead.lastName}` : "",
    hotelPreferences: req.hotelPreferences ?? null,
    bookingAnswers: req.bookingAnswers ?? null,
    triggers: [...b.triggers],
    scheduled: held ? [lapseMove(held.paymentDeadline)] : [],
    walletHeldMinor: 0,
    cancellation: null,
    seq: b.seq,
    supplierPending: null,
    panNumber: req.panNumber ? req.panNumber.toUpperCase() : null,
  };
}
