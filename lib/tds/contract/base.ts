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
export const productTypeSchema = z.enum(PRODUCT_TYPES, "Choose hotels, flights, activities or transfers.");
export const openProductTypeSchema = openEnum(PRODUCT_TYPES);

export const BOOKING_STATES = ["confirmed", "supplier_pending", "held", "failed", "manual_review", "cancelled", "refunded"] as const;
export type KnownBookingState = (typeof BOOKING_STATES)[number];
/** Open: a booking being cancelled has a state whose name the specification does not give. */
export const bookingStateSchema = openEnum(BOOKING_STATES);

export const TRAVELER_TITLES = ["Mr", "Mrs", "Ms", "Miss", "Master", "Dr"] as const;

// Request-side formats (responses are read as plain strings: the service is the authority). The
// service's formats (ISO 3166 and 4217 codes, YYYY-MM-DD, IATA) are what is sent; the sentences
// say what a person chooses or types in the forms that fill them, never the format's name.
/** A country (ISO 3166-1 alpha-2), chosen from a list; `sentence` names it as the form does. */
export const countryCode = (sentence = "Choose a country from the list.") => z.string(sentence).check(z.regex(/^[A-Z]{2}$/, sentence));
export const countryCodeSchema = countryCode();
export const currencyCodeSchema = z.string("Choose a currency, such as USD or EUR.").check(z.regex(/^[A-Z]{3}$/, "Choose a currency, such as USD or EUR."));
/** A calendar day (YYYY-MM-DD, as a date input gives it); `sentence` names it as the form does. */
export const isoDate = (sentence = "Enter a real date.") => z.iso.date(sentence);
export const isoDateSchema = isoDate();
export const AIRPORT_SENTENCE = "Choose an airport from the list, or type its 3-letter code (such as LHR).";
export const iataCodeSchema = z.string(AIRPORT_SENTENCE).check(z.regex(/^[A-Z]{3}$/, AIRPORT_SENTENCE));

export const moneySchema = z.looseObject({ amountMinor: z.int(), currency: z.string() });

/** One occupancy entry with the limits every product shares; hotels' tighter limits are in the search schema. */
const CHILD_AGE = "Each child's age is a whole number from 0 to 17.";
export const occupancyEntrySchema = z.strictObject({
  // Hotels' tighter limits per room have their own sentences (the search schema); these bite a party.
  adults: z.int("Give the number of adults as a whole number.").check(z.gte(1, "Add at least 1 adult."), z.lte(8, "A party takes at most 8 adults.")),
  childrenAges: z
    .array(z.int(CHILD_AGE).check(z.gte(0, CHILD_AGE), z.lte(17, CHILD_AGE)), "Give the children's ages as a list.")
    .check(z.maxLength(6, "A party takes at most 6 children.")),
});
export const occupancySchema = z
  .array(occupancyEntrySchema, "Give the rooms or the party of travellers.")
  .check(z.minLength(1, "Add at least one room or party of travellers."), z.maxLength(9, "A search takes at most 9 rooms."));

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
