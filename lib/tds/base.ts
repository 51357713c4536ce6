import * as z from "zod/mini";

// Building blocks shared by the specification's resources (schemas.ts) and our decisions for
// what it leaves "not shown" (adapter.ts). Kept apart so that neither imports the other in a cycle.

/**
 * An enum the service may extend: known values keep their literal types (for autocomplete and
 * exhaustive UI tables), and any other string still parses, so a new value never breaks a page.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string() as z.ZodMiniType<string & {}, string>]);
}

/** Whether `value` is one of `values` (narrows an open enum to its known members). */
export function isOneOf<const T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}

export const PRODUCT_TYPES = ["hotel", "flight", "activity", "transfer"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const openProductTypeSchema = openEnum(PRODUCT_TYPES);

export const BOOKING_STATES = ["confirmed", "supplier_pending", "held", "failed", "manual_review", "cancelled", "refunded"] as const;
export type KnownBookingState = (typeof BOOKING_STATES)[number];
/** Open: a booking being cancelled has a state whose name the specification does not give. */
export const bookingStateSchema = openEnum(BOOKING_STATES);

export const TRAVELER_TITLES = ["Mr", "Mrs", "Ms", "Miss", "Master", "Dr"] as const;

// Request-side formats (responses are read as plain strings: the service is the authority).
export const countryCodeSchema = z.string().check(z.regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code such as US."));
export const currencyCodeSchema = z.string().check(z.regex(/^[A-Z]{3}$/, "Expected an ISO 4217 code such as USD."));
export const isoDateSchema = z.iso.date("Expected a date as YYYY-MM-DD.");
export const iataCodeSchema = z.string().check(z.regex(/^[A-Z]{3}$/, "Expected an IATA airport code such as LHR."));

export const moneySchema = z.looseObject({ amountMinor: z.int(), currency: z.string() });

/** One occupancy entry with the limits every product shares; hotels' tighter limits are in the search schema. */
export const occupancyEntrySchema = z.strictObject({
  adults: z.int().check(z.gte(1, "At least 1 adult."), z.lte(8, "At most 8 adults.")),
  childrenAges: z
    .array(z.int().check(z.gte(0, "Child ages are 0 to 17."), z.lte(17, "Child ages are 0 to 17.")))
    .check(z.maxLength(6, "At most 6 children.")),
});
export const occupancySchema = z
  .array(occupancyEntrySchema)
  .check(z.minLength(1, "At least one occupancy entry."), z.maxLength(9, "At most 9 occupancy entries."));

/**
 * Cancellation policy as the booking detail names it. The inner fields of a deadline are not
 * shown: the sandbox's `from`/`amountMinor`/`currency` are read when present, never required.
 */
export const cancellationPolicySchema = z.looseObject({
  refundable: z.boolean(),
  deadlines: z._default(
    z.array(
      z.looseObject({
        from: z.optional(z.string()),
        amountMinor: z.optional(z.number()),
        currency: z.optional(z.string()),
      }),
    ),
    [],
  ),
  currentRefundability: z.optional(z.string()),
  nonrefundableDateRanges: z.optional(z.array(z.looseObject({}))),
  perStayAmountsNonRefundable: z.optional(z.array(z.looseObject({}))),
  deadlinesWithheld: z.optional(z.boolean()),
});
