import * as z from "zod/mini";
import {
  BOOKING_STATES,
  cancellationPolicySchema,
  countryCode,
  isOneOf,
  isoDate,
  occupancyEntrySchema,
  openEnum,
  TRAVELER_TITLES,
  type KnownBookingState,
} from "./base";
import { bookingQuestionSchema } from "./adapter-shapes";

// Every decision of shared/spec/contract-decisions.md, the document that fills what the
// specification leaves "not shown". Nothing else in lib/tds (or the app) restates one of them,
// so each can be changed here alone when the real contract is known. Section numbers are that
// document's. Those on the shapes of responses every desk page reads are in ./adapter-shapes,
// re-exported here.

export * from "./adapter-shapes";

/** `data` of POST /bookings/:id/email-client. */
export const emailClientResultSchema = z.looseObject({
  sentTo: z.array(z.string()),
  cc: z._default(z.array(z.string()), []),
  pdfAttached: z.boolean(),
});

/** GET /products/activity/:activityKey. */
export const activityContentSchema = z.looseObject({
  activityKey: z.string(),
  name: z.string(),
  cityName: z.nullish(z.string()),
  countryCode: z.nullish(z.string()),
  description: z.nullish(z.string()),
  images: z._default(z.array(z.looseObject({ url: z.string(), caption: z.nullish(z.string()) })), []),
  durationMinutes: z.nullish(z.number()),
  highlights: z._default(z.array(z.string()), []),
  inclusions: z._default(z.array(z.string()), []),
  exclusions: z._default(z.array(z.string()), []),
  meetingPoint: z.nullish(z.string()),
  // The type is not decided: a sentence in the sandbox, perhaps a structured policy elsewhere.
  cancellationPolicy: z.nullish(z.union([z.string(), z.looseObject({})])),
});

/** Rate limits per key and minute of calls the specification's table leaves out. */
export const DECIDED_RATE_LIMITS = { priceCheck: 60, unlisted: 120 } as const;

/* ----------------------------------------------------------------------- §1 price-check */

export const priceCheckPath = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}/price-check`;
const RATE_OPTION = "Choose one of the options shown.";
export const priceCheckRequestSchema = z.strictObject({ supplierRateRef: z.optional(z.string(RATE_OPTION).check(z.minLength(1, RATE_OPTION))) });

/** §8: retried once, as the specification says; no other price-check error is retried (it is not idempotent). */
export const PRICE_CHECK_RETRY = { codes: ["price_check_conflict"], times: 1 } as const;

/** The key of an answer in `bookingAnswers`: `code`, or `CODE:n` for traveller n (0-based). */
export function bookingAnswerKey(question: { code: string; perTraveler: boolean }, travelerIndex?: number): string {
  return question.perTraveler ? `${question.code}:${travelerIndex ?? 0}` : question.code;
}

export const TITLE_REQUIREMENTS = ["none", "lead", "all"] as const;
export const requirementsSchema = z.looseObject({
  leadContact: z.boolean(),
  title: openEnum(TITLE_REQUIREMENTS),
  travelDocuments: z.boolean(),
  flightDetails: z.boolean(),
  panRequired: z.boolean(),
  bookingQuestions: z._default(z.array(bookingQuestionSchema), []),
});

export const PRICE_CHANGE_KINDS = ["price", "cancellation_policy", "board_basis", "other"] as const;
export const priceCheckSchema = z.looseObject({
  quoteId: z.string(),
  status: openEnum(["unchanged", "changed"]),
  sellAmountMinor: z.int(),
  sellCurrency: z.string(),
  previousSellAmountMinor: z.int(),
  changes: z.array(
    z.looseObject({ kind: openEnum(PRICE_CHANGE_KINDS), message: z.string(), before: z.unknown(), after: z.unknown() }),
  ),
  changesAcknowledgementRequired: z.boolean(),
  packageRate: z.boolean(),
  refundable: z.boolean(),
  cancellationPolicy: cancellationPolicySchema,
  holdable: z.boolean(),
  checkedAt: z.string(),
  bookableUntil: z.string(),
  quoteExpiresAt: z.string(),
  requirements: requirementsSchema,
});

/* ----------------------------------------------------------------- §2 activity options */

export const activityOptionsPath = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}/options`;
export const activityOptionsRequestSchema = z.strictObject({
  occupancy: z.optional(
    z.array(occupancyEntrySchema).check(
      z.minLength(1, "Add at least one party of travellers."),
      z.maxLength(8, "An activity takes at most 8 groups of travellers."),
    ),
  ),
});
export const activityOptionSchema = z.looseObject({
  supplierRateRef: z.string(),
  label: z.string(),
  startTime: z.nullable(z.string()),
  sellAmountMinor: z.int(),
  sellCurrency: z.string(),
});

/* -------------------------------------------------------------------- §3 traveller record */

/** The longest first or last name the desk sends (airline and hotel systems cut longer ones). */
export const PERSON_NAME_MAX = 40;

/**
 * A first or last name as a passport or a hotel takes it: letters of any script (with their
 * accents), words joined by a space, a hyphen or an apostrophe, an abbreviation's full stop.
 * Digits, symbols and markup are refused with a sentence rather than booked as typed.
 */
export const personName = (what: "first name" | "last name") =>
  z.string(`Enter the ${what}.`).check(
    z.trim(),
    z.minLength(1, `Enter the ${what}.`),
    z.maxLength(PERSON_NAME_MAX, `Use at most ${PERSON_NAME_MAX} characters for the ${what}.`),
    z.regex(/^[\p{L}\p{M}]+(?:(?:[ '’-]|\. ?)[\p{L}\p{M}]+)*\.?$/u, "Use letters as on the passport, with spaces, hyphens or apostrophes between words."),
  );

/** Spaces, dashes, dots and brackets are how people type numbers ("+44 20 7946 0958"); "00" is the international prefix. */
export function normalizePhone(raw: string): string {
  const compact = raw.replace(/[\s().-]/g, "");
  return compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
}

/** The example the checkout's hint shows, so that the sentence and the hint agree. */
export const PHONE_EXAMPLE = "+44 20 7946 0958";
const PHONE_SENTENCE = `Enter the mobile number with its country code, such as ${PHONE_EXAMPLE}.`;
/** A phone number as people type it, sent in the international form the contract takes (E.164, "+442079460958"). */
export const phoneSchema = z.pipe(
  z.pipe(z.string(PHONE_SENTENCE), z.transform(normalizePhone)),
  z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, PHONE_SENTENCE)),
);

export const FLIGHT_NUMBER_MAX = 7;
const ROOM = "Each traveller must be in one of the rooms searched.";
const AGE = "Give the age as a whole number of years.";

/** A traveller as the desk sends it; which optional fields are needed follows the price-check's `requirements`. */
export const travelerSchema = z
  .strictObject({
    roomIndex: z.optional(z.int(ROOM).check(z.gte(0, ROOM), z.lte(8, ROOM))),
    type: z.enum(["adult", "child"], "Each traveller is an adult or a child."),
    age: z.optional(z.int(AGE).check(z.gte(0, AGE), z.lte(120, AGE))),
    title: z.optional(z.enum(TRAVELER_TITLES, `Choose a title: ${TRAVELER_TITLES.slice(0, -1).join(", ")} or ${TRAVELER_TITLES.at(-1)}.`)),
    firstName: personName("first name"),
    lastName: personName("last name"),
    email: z.optional(z.email("Enter a valid email address, such as name@example.com.")),
    phone: z.optional(phoneSchema),
    dateOfBirth: z.optional(isoDate("Enter a real date of birth.")),
    gender: z.optional(z.enum(["male", "female"], "Choose the gender as on the passport.")),
    passportNumber: z.optional(z.string("Enter the passport number.").check(z.trim(), z.minLength(1, "Enter the passport number."))),
    passportExpiry: z.optional(isoDate("Enter the passport's expiry date as a real date.")),
    nationality: z.optional(countryCode("Choose the nationality from the list.")),
    carrierName: z.optional(z.string("Enter the airline.").check(z.trim(), z.minLength(1, "Enter the airline."))),
    flightNumber: z.optional(
      z.string("Enter the flight number, such as BA117.").check(
        z.trim(),
        z.minLength(1, "Enter the flight number, such as BA117."),
        z.maxLength(FLIGHT_NUMBER_MAX, `Use at most ${FLIGHT_NUMBER_MAX} characters for the flight number, such as BA117.`),
      ),
    ),
  })
  .check(
    z.refine((t) => t.type !== "child" || (t.age !== undefined && t.age <= 17), { path: ["age"], message: "A child needs an age from 0 to 17." }),
  );

/* ----------------------------------------------------------------- §4 states and transitions */

/** `refresh-status` on `supplier_pending` answers one of these (or a state added later). */
export const REFRESH_OUTCOMES = ["confirmed", "failed", "supplier_pending"] as const satisfies readonly KnownBookingState[];
/** `pay` on `held` answers one of these. */
export const PAY_OUTCOMES = ["confirmed", "supplier_pending"] as const satisfies readonly KnownBookingState[];

/** Pay's response is "the booking's new state": read as `{ bookingId, orderRef, state }`, only `state` relied on. */
export const payResultSchema = z.looseObject({
  bookingId: z.optional(z.string()),
  orderRef: z.optional(z.string()),
  state: openEnum(PAY_OUTCOMES),
});

export type BookingActions = { refresh: boolean; pay: boolean; cancel: boolean; email: boolean };

/**
 * What the desk may offer on a booking in `state`. A state it does not know (such as the
 * in-progress cancellation, whose name is never relied on) is shown as-is and read-only.
 */
export function bookingActions(state: string): BookingActions {
  const none: BookingActions = { refresh: false, pay: false, cancel: false, email: false };
  if (!isOneOf(BOOKING_STATES, state)) return none;
  return {
    refresh: state === "supplier_pending",
    pay: state === "held",
    cancel: state === "confirmed" || state === "held",
    email: state === "confirmed" || state === "cancelled" || state === "refunded",
  };
}

