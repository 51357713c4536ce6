import * as z from "zod/mini";
import { cancellationPolicySchema, openEnum } from "./base";

// The decisions of shared/spec/contract-decisions.md on what the service's responses hold where the
// specification says "not shown" (section numbers are that document's): the result rows'
// summaries, a booking's inner shapes, the search session's statuses. Part of the adapter
// (adapter.ts re-exports all of it): apart so that the pages that read results and bookings
// (schemas.ts) do not load the decisions on requests, price-check and travellers with them
// (issue 15, page weight).

/* ------------------------------------------------------------------------------ §5 shapes */

/** `error.details[]` item; `path` is dotted (`occupancy.0.adults`). */
export const errorDetailSchema = z.looseObject({ path: z.string(), message: z.string() });

/** Cursors are opaque strings: passed back as received, never parsed. */
export type Cursor = string;

// Inner fields the sandbox chooses and the client reads leniently (unknown kept, missing tolerated).
const lenient = z.looseObject({});
export const agencyCommissionSchema = z.looseObject({
  percent: z.optional(z.number()),
  amountMinor: z.optional(z.number()),
  currency: z.optional(z.string()),
});
export const priceSummarySchema = lenient;
export const earningsSchema = lenient;
export const importantInformationSchema = lenient;
export const paymentSchema = z.looseObject({
  kind: z.optional(z.string()),
  method: z.optional(z.string()),
  amountMinor: z.optional(z.number()),
  currency: z.optional(z.string()),
  status: z.optional(z.string()),
  createdAt: z.optional(z.string()),
});
export const ticketSchema = z.looseObject({
  name: z.optional(z.string()),
  ticketNo: z.optional(z.string()),
  airlinePnr: z.nullish(z.string()),
});

/** Voucher `stay`. */
export const voucherStaySchema = z.looseObject({
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.int(),
  rooms: z.array(
    z.looseObject({ roomName: z.nullable(z.string()), boardBasis: z.nullable(z.string()), guests: z.array(z.string()) }),
  ),
});

/**
 * Supplier outcome statuses in results meta: values not shown; these are the sandbox's, and
 * the enum stays open.
 */
export const SUPPLIER_OUTCOME_STATUSES = ["pending", "completed", "failed"] as const;

export const BOOKING_QUESTION_TYPES = ["text", "number", "date", "select", "boolean"] as const;
export const bookingQuestionSchema = z.looseObject({
  code: z.string(),
  label: z.string(),
  required: z.boolean(),
  perTraveler: z.boolean(),
  type: openEnum(BOOKING_QUESTION_TYPES),
  options: z.nullish(z.array(z.string())),
  maxLength: z.nullish(z.int()),
});

/** A traveller as read back in a booking detail: every field optional, unknown ones kept. */
export const travelerRecordSchema = z.looseObject({
  roomIndex: z.nullish(z.int()),
  type: z.nullish(z.string()),
  age: z.nullish(z.number()),
  title: z.nullish(z.string()),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
});


/* -------------------------------------------------------- §5 booking-detail inner shapes */

export const lineItemDetailsSchema = z.looseObject({
  // hotel
  hotelConfirmationRef: z.nullish(z.string()),
  hotelConfirmationRefs: z.nullish(z.array(z.string())),
  hotelConfirmationNumber: z.nullish(z.string()),
  // flight
  pnr: z.nullish(z.string()),
  airlinePnr: z.nullish(z.string()),
  tickets: z.nullish(z.array(ticketSchema)),
  ticketingStatus: z.nullish(z.string()),
  // activity and transfer
  supplierVouchers: z.optional(z.unknown()),
  panRequired: z.nullish(z.boolean()),
  bookingQuestions: z.nullish(z.array(z.partial(bookingQuestionSchema))),
  transferLegs: z.nullish(z.array(z.looseObject({}))),
});

/* ------------------------------------------- result-row summaries the specification leaves open */

// Only hotel summaries are specified field by field (schemas.ts). For the other products the
// specification says "display fields" (plus transfers' `tripType`): the fields below are the
// sandbox's, read when present and never required.
const displayPolicy = z.optional(cancellationPolicySchema);

export const flightSummarySchema = z.looseObject({
  airline: z.nullish(z.string()),
  airlineCode: z.nullish(z.string()),
  cabinClass: z.nullish(z.string()),
  fareName: z.nullish(z.string()),
  stops: z.nullish(z.number()),
  durationMinutes: z.nullish(z.number()),
  slices: z.nullish(z.array(z.looseObject({}))),
  cancellationPolicy: displayPolicy,
});

export const activitySummarySchema = z.looseObject({
  activityName: z.nullish(z.string()),
  activityKey: z.nullish(z.string()),
  cityName: z.nullish(z.string()),
  modality: z.nullish(z.string()),
  date: z.nullish(z.string()),
  sessionStartTime: z.nullish(z.string()),
  durationMinutes: z.nullish(z.number()),
  cancellationPolicy: displayPolicy,
});

export const transferSummarySchema = z.looseObject({
  /** Specified: `round` when one row covers both directions. */
  tripType: z.nullish(openEnum(["round", "one_way"])),
  vehicle: z.nullish(z.string()),
  serviceType: z.nullish(z.string()),
  pickupName: z.nullish(z.string()),
  dropoffName: z.nullish(z.string()),
  pickupAt: z.nullish(z.string()),
  returnAt: z.nullish(z.string()),
  durationMinutes: z.nullish(z.number()),
  cancellationPolicy: displayPolicy,
});
