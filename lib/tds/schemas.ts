import * as z from "zod/mini";
import type * as zc from "zod/v4/core";
import {
  activitySummarySchema,
  agencyCommissionSchema,
  earningsSchema,
  errorDetailSchema,
  flightSummarySchema,
  importantInformationSchema,
  lineItemDetailsSchema,
  paymentSchema,
  priceSummarySchema,
  transferSummarySchema,
  travelerRecordSchema,
  travelerSchema,
  voucherStaySchema,
  SUPPLIER_OUTCOME_STATUSES,
} from "./adapter";
import {
  bookingStateSchema,
  cancellationPolicySchema,
  countryCodeSchema,
  currencyCodeSchema,
  iataCodeSchema,
  isoDateSchema,
  moneySchema,
  occupancySchema,
  openEnum,
  openProductTypeSchema,
  PRODUCT_TYPES,
  productTypeSchema,
} from "./base";

// The specification's resources and requests (shared/spec/travel-distribution-api.md).
// Responses are parsed leniently: objects keep unknown fields, extensible enums are open.
// Requests are strict and carry the specification's limits, so forms and the BFF reuse them.

/* -------------------------------------------------------------------------- envelope */

export const errorObjectSchema = z.looseObject({
  code: z.string().check(z.minLength(1)),
  message: z.catch(z.string(), ""),
  // Always present per the specification; a malformed list must not hide the code.
  details: z.catch(z.array(errorDetailSchema), []),
});
export const errorEnvelopeSchema = z.looseObject({ error: errorObjectSchema });

const makeEnvelope = <D extends zc.$ZodType>(data: D) =>
  z.looseObject({ data, meta: z.optional(z.looseObject({})), error: z.optional(z.null()) });
const envelopes = new WeakMap<zc.$ZodType, zc.$ZodType>();
/** The envelope around `data`: one schema per data schema (zod compiles a schema on its first parse, so it is made once). */
export function envelopeSchema<D extends zc.$ZodType>(data: D): ReturnType<typeof makeEnvelope<D>> {
  let envelope = envelopes.get(data);
  if (!envelope) envelopes.set(data, (envelope = makeEnvelope(data)));
  return envelope as ReturnType<typeof makeEnvelope<D>>;
}

/* ------------------------------------------------------------------------ catalog */

export const capabilitiesSchema = z.looseObject({ productTypes: z.array(openProductTypeSchema) });

export const citySuggestionSchema = z.looseObject({
  name: z.string(),
  countryCode: z.string(),
  stateName: z.nullish(z.string()),
  hotelCount: z.nullish(z.int()),
  cityRegionId: z.int(),
  cityRegionIds: z._default(z.array(z.int()), []),
});
export const hotelSuggestionSchema = z.looseObject({
  canonicalId: z.string(),
  name: z.string(),
  cityName: z.nullish(z.string()),
  starRating: z.nullish(z.number()),
  countryCode: z.nullish(z.string()),
});
export const poiSuggestionSchema = z.looseObject({
  kind: openEnum(["airport", "destination"]),
  name: z.string(),
  code: z.string(),
  countryCode: z.nullish(z.string()),
});
export const suggestionsSchema = z.looseObject({
  cities: z._default(z.array(citySuggestionSchema), []),
  hotels: z._default(z.array(hotelSuggestionSchema), []),
  pois: z._default(z.array(poiSuggestionSchema), []),
});

export const destinationSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  cityName: z.nullish(z.string()),
  countryCode: z.nullish(z.string()),
  kind: openEnum(["activity_destination", "transfer_airport", "transfer_destination"]),
});
export const activityCatalogueItemSchema = z.looseObject({
  activityKey: z.string(),
  name: z.string(),
  cityName: z.nullish(z.string()),
  countryCode: z.nullish(z.string()),
  imageUrl: z.nullable(z.string()),
});
const pageOf = <T extends zc.$ZodType>(item: T) =>
  z.looseObject({ items: z.array(item), nextCursor: z.pipe(z.nullish(z.string()), z.transform((c) => c ?? null)) });
export const destinationsPageSchema = pageOf(destinationSchema);
export const activityCataloguePageSchema = pageOf(activityCatalogueItemSchema);

export const destinationsQuerySchema = z.strictObject({
  productType: z.enum(["activity", "transfer"]),
  q: z.optional(z.string().check(z.maxLength(100))),
  country: z.optional(countryCodeSchema),
  limit: z.optional(z.int().check(z.gte(1), z.lte(100))),
  cursor: z.optional(z.string()),
});
export const pageQuerySchema = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(100))),
  cursor: z.optional(z.string()),
});

const imageSchema = z.looseObject({ url: z.string(), caption: z.nullable(z.string()), heroImage: z._default(z.boolean(), false) });
export const hotelContentSchema = z.looseObject({
  canonicalId: z.string(),
  name: z.string(),
  starRating: z.nullable(z.number()),
  cityName: z.nullable(z.string()),
  countryCode: z.nullable(z.string()),
  address: z.nullable(z.string()),
  geo: z.nullable(z.looseObject({ type: z.string(), coordinates: z.tuple([z.number(), z.number()]) })),
  chainName: z.nullable(z.string()),
  content: z.nullable(
    z.looseObject({
      description: z.nullable(z.string()),
      images: z._default(z.array(imageSchema), []),
      amenities: z._default(z.array(z.string()), []),
      // Their shape varies by hotel (specification): rendered generically.
      checkin: z.unknown(),
      checkout: z.unknown(),
      policies: z.unknown(),
      fees: z.unknown(),
      rooms: z._default(
        z.array(
          z.looseObject({
            name: z.nullish(z.string()),
            description: z.nullish(z.string()),
            images: z.nullish(z.array(imageSchema)),
          }),
        ),
        [],
      ),
    }),
  ),
});

/** canonicalId → image URL, or null when the hotel has no image. */
export const thumbnailsSchema = z.record(z.string(), z.nullable(z.string()));

/* --------------------------------------------------------------------------- search */

export const PROPERTY_TYPES = ["hotel", "resort", "aparthotel", "vacation_home", "bed_and_breakfast", "hostel", "unique", "other"] as const;
export const CABIN_CLASSES = ["economy", "premium_economy", "business", "first"] as const;
export const SEARCH_LIMITS = {
  maxNights: 30,
  maxCheckInDaysAhead: 730,
  hotel: { maxAdults: 6, maxChildren: 4, maxRooms: 9 },
  other: { maxAdults: 8, maxChildren: 6, maxEntries: 8 },
} as const;

const location = z.strictObject({
  type: z.enum(["airport", "hotel", "address"]),
  code: z.string().check(z.trim(), z.minLength(1, "Required.")),
});
const dateTime = z.iso.datetime({ offset: true, local: true, message: "Expected an ISO 8601 date-time." });
const nightsBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * POST /search body: the canonical request schema (BFF and forms parse with it). Rules that
 * need the service's clock or catalogue (dates in the past, 730 days ahead, unknown airports)
 * are left to the service: the sandbox runs on a virtual clock.
 */
export const searchCreateRequestSchema = z
  .strictObject({
    productType: productTypeSchema,
    occupancy: occupancySchema,
    currency: currencyCodeSchema,
    market: countryCodeSchema,
    residency: z.optional(countryCodeSchema),
    destination: z.optional(z.string().check(z.trim(), z.minLength(2, "2 to 80 characters."), z.maxLength(80, "2 to 80 characters."))),
    checkIn: z.optional(isoDateSchema),
    checkOut: z.optional(isoDateSchema),
    // hotels
    destinationCountryCode: z.optional(countryCodeSchema),
    destinationCityRegionId: z.optional(z.int().check(z.gte(1))),
    destinationCityRegionIds: z.optional(z.array(z.int().check(z.gte(1))).check(z.minLength(1), z.maxLength(50, "At most 50 region IDs."))),
    hotelId: z.optional(z.string().check(z.minLength(1), z.maxLength(120, "1 to 120 characters."))),
    near: z.optional(z.strictObject({
        lat: z.number().check(z.gte(-90), z.lte(90)),
        lng: z.number().check(z.gte(-180), z.lte(180)),
        radiusKm: z.number().check(z.gte(0.5, "radiusKm is 0.5 to 50."), z.lte(50, "radiusKm is 0.5 to 50.")),
      })),
    propertyTypes: z.optional(z.array(z.enum(PROPERTY_TYPES)).check(z.minLength(1))),
    rateMode: z.optional(z.enum(["net", "commissionable"])),
    query: z.optional(z.string().check(z.maxLength(120, "At most 120 characters."))),
    // flights
    origin: z.optional(iataCodeSchema),
    slices: z.optional(
      z
        .array(z.strictObject({ origin: iataCodeSchema, destination: iataCodeSchema, date: isoDateSchema }))
        .check(z.minLength(1), z.maxLength(6, "At most 6 slices.")),
    ),
    cabinClass: z.optional(z.enum(CABIN_CLASSES)),
    // activities
    destinationCode: z.optional(z.string().check(z.trim(), z.minLength(1, "1 to 20 characters."), z.maxLength(20, "1 to 20 characters."))),
    // transfers
    pickupLocation: z.optional(location),
    dropoffLocation: z.optional(location),
    pickupAt: z.optional(dateTime),
    returnAt: z.optional(dateTime),
    passengers: z.optional(z.int().check(z.gte(1))),
    luggage: z.optional(z.int().check(z.gte(0))),
  })
  .check(z.superRefine((b, ctx) => {
    const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
    const require = (value: unknown, path: string, what: string) => {
      if (value === undefined) issue([path], `Required for ${what}.`);
    };
    if (b.productType !== "hotel") {
      if (b.occupancy.length > SEARCH_LIMITS.other.maxEntries) issue(["occupancy"], "At most 8 entries for flights, activities and transfers.");
      if (b.hotelId !== undefined) issue(["hotelId"], "hotelId is for hotel searches only.");
    }
    switch (b.productType) {
      case "hotel": {
        require(b.residency, "residency", "hotel searches");
        require(b.checkIn, "checkIn", "hotel searches");
        require(b.checkOut, "checkOut", "hotel searches");
        const placed =
          b.destination ?? b.destinationCityRegionId ?? b.destinationCityRegionIds ?? b.hotelId ?? b.near ?? (b.query?.trim() || undefined);
        if (placed === undefined) {
          issue(["destination"], "Required for hotel searches unless destinationCityRegionId(s), hotelId, near or query is given.");
        }
        b.occupancy.forEach((room, i) => {
          if (room.adults > SEARCH_LIMITS.hotel.maxAdults) issue(["occupancy", i, "adults"], "Hotel rooms take 1 to 6 adults.");
          if (room.childrenAges.length > SEARCH_LIMITS.hotel.maxChildren) issue(["occupancy", i, "childrenAges"], "Hotel rooms take at most 4 children.");
        });
        if (b.checkIn && b.checkOut) {
          const nights = nightsBetween(b.checkIn, b.checkOut);
          if (nights < 1) issue(["checkOut"], "Must be after checkIn.");
          else if (nights > SEARCH_LIMITS.maxNights) issue(["checkOut"], "A stay is at most 30 nights.");
        }
        break;
      }
      case "flight":
        if (b.slices) break;
        require(b.origin, "origin", "flight searches without slices");
        require(b.destination, "destination", "flight searches without slices");
        require(b.checkIn, "checkIn", "flight searches without slices");
        if (b.checkIn && b.checkOut && b.checkOut < b.checkIn) issue(["checkOut"], "The return date must not be before checkIn.");
        break;
      case "activity":
        require(b.checkIn, "checkIn", "activity searches");
        if (b.destinationCode === undefined && b.destination === undefined) {
          issue(["destinationCode"], "Required for activity searches (or a destination name).");
        }
        break;
      case "transfer":
        require(b.pickupLocation, "pickupLocation", "transfer searches");
        require(b.dropoffLocation, "dropoffLocation", "transfer searches");
        require(b.pickupAt, "pickupAt", "transfer searches");
        if (b.pickupAt && b.returnAt && Date.parse(b.returnAt) <= Date.parse(b.pickupAt)) issue(["returnAt"], "Must be after pickupAt.");
        break;
    }
  }));

export const searchCreatedSchema = z.looseObject({ searchId: z.string() });

export const hotelSummarySchema = z.looseObject({
  hotelName: z.nullable(z.string()),
  starRating: z.nullable(z.number()),
  cityName: z.nullable(z.string()),
  neighborhoodName: z.nullable(z.string()),
  // Rate-sheet rows carry none.
  coordinates: z.nullish(z.looseObject({ lat: z.number(), lng: z.number() })),
  roomName: z.nullable(z.string()),
  roomDescription: z.nullable(z.string()),
  boardBasis: z.nullable(z.string()),
  rateName: z.nullable(z.string()),
  roomGroupKey: z.nullable(z.string()),
  roomGroupLabel: z.nullable(z.string()),
  cancellationPolicy: z.nullable(cancellationPolicySchema),
  excludedTaxes: z.nullable(z.array(z.looseObject({}))),
  rateComments: z.nullable(z.string()),
  isPackage: z.boolean(),
  requiresGuestTitle: z.boolean(),
  agencyCommission: z.nullable(agencyCommissionSchema),
});

const rowFields = {
  _id: z.string(),
  canonicalProductId: z.string(),
  rateQuoteId: z.string(),
  supplier: z.string(),
  rank: z.int(),
  sellAmountMinor: z.int(),
  sellCurrency: z.string(),
  refundable: z.boolean(),
};
export const hotelRowSchema = z.looseObject({ ...rowFields, productType: z.literal("hotel"), summary: hotelSummarySchema });
export const flightRowSchema = z.looseObject({ ...rowFields, productType: z.literal("flight"), summary: flightSummarySchema });
export const activityRowSchema = z.looseObject({ ...rowFields, productType: z.literal("activity"), summary: activitySummarySchema });
export const transferRowSchema = z.looseObject({ ...rowFields, productType: z.literal("transfer"), summary: transferSummarySchema });
/** A product type added after this client: shown generically. */
export const otherRowSchema = z.looseObject({
  ...rowFields,
  productType: z.string().check(z.refine((t) => !(PRODUCT_TYPES as readonly string[]).includes(t))),
  summary: z.looseObject({}),
});
export const resultRowSchema = z.union([
  z.discriminatedUnion("productType", [hotelRowSchema, flightRowSchema, activityRowSchema, transferRowSchema]),
  otherRowSchema,
]);

/** A rate sheet: built once (see envelopeSchema). */
export const resultRowsSchema = z.array(resultRowSchema);

type Row = z.output<typeof resultRowSchema>;
/** Narrowing helpers: `productType` is open, so a plain comparison cannot exclude a future product's rows. */
export const isHotelRow = (row: Row): row is z.output<typeof hotelRowSchema> => row.productType === "hotel";
export const isFlightRow = (row: Row): row is z.output<typeof flightRowSchema> => row.productType === "flight";
export const isActivityRow = (row: Row): row is z.output<typeof activityRowSchema> => row.productType === "activity";
export const isTransferRow = (row: Row): row is z.output<typeof transferRowSchema> => row.productType === "transfer";

export const SESSION_STATUSES = ["pending", "partial", "completed", "failed"] as const;
export const sessionStatusSchema = openEnum(SESSION_STATUSES);
export const resultsMetaSchema = z.looseObject({
  nextCursor: z.pipe(z.nullish(z.string()), z.transform((c) => c ?? null)),
  session: z.looseObject({
    status: sessionStatusSchema,
    batchProgress: z.looseObject({ done: z.int(), total: z.int() }),
    /** Absent until something arrives late; when it rises, re-read from the first page. */
    lateArrivals: z.optional(z.int()),
    supplierOutcomes: z._default(
      z.array(
        z.looseObject({
          supplier: z.string(),
          status: openEnum(SUPPLIER_OUTCOME_STATUSES),
          latencyMs: z.nullish(z.number()),
          rateCount: z.nullish(z.int()),
        }),
      ),
      [],
    ),
  }),
});
export const resultsEnvelopeSchema = z.looseObject({
  data: z.array(resultRowSchema),
  meta: resultsMetaSchema,
  error: z.optional(z.null()),
});

export const resultsQuerySchema = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(500))),
  cursor: z.optional(z.string()),
  groupByProduct: z.optional(z.boolean()),
});

/* ------------------------------------------------------------------------- bookings */

export const hotelPreferencesSchema = z.strictObject({
  specialRequest: z.optional(z.string().check(z.maxLength(500, "At most 500 characters."))),
  rooms: z.optional(
    z.array(
      z.strictObject({
        roomIndex: z.int().check(z.gte(0)),
        smoking: z.optional(z.boolean()),
        specialRequest: z.optional(z.string().check(z.maxLength(500, "At most 500 characters."))),
      }),
    ),
  ),
});

export const bookingCreateRequestSchema = z.strictObject({
  quoteId: z.string().check(z.minLength(1)),
  travelers: z.array(travelerSchema).check(z.minLength(1, "At least one traveller.")),
  paymentMethod: z.literal("credit", "Only credit is available through the API."),
  changesAcknowledged: z.optional(z.boolean()),
  packageRateAcknowledged: z.optional(z.boolean()),
  hold: z.optional(z.boolean()),
  /** Keyed by question `code`, or `CODE:n` for traveller n. */
  bookingAnswers: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  panNumber: z.optional(z.string().check(z.regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, "A PAN is five letters, four digits and one letter."))),
  hotelPreferences: z.optional(hotelPreferencesSchema),
});

/** POST /bookings (201) and POST /bookings/:id/refresh-status. */
export const bookingStatusSchema = z.looseObject({ bookingId: z.string(), orderRef: z.string(), state: bookingStateSchema });

export const bookingListRowSchema = z.looseObject({
  _id: z.string(),
  orderRef: z.string(),
  state: bookingStateSchema,
  totalSell: moneySchema,
  firstItem: z.looseObject({
    productType: openProductTypeSchema,
    hotelName: z.nullish(z.string()),
    checkIn: z.nullish(z.string()),
    checkOut: z.nullish(z.string()),
    confirmation: z.nullish(z.string()),
  }),
  createdAt: z.string(),
});
export const bookingListPageSchema = z.looseObject({
  rows: z.array(bookingListRowSchema),
  nextCursor: z.pipe(z.nullish(z.string()), z.transform((c) => c ?? null)),
});

export const bookingListQuerySchema = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(100))),
  cursor: z.optional(z.string()),
  state: z.optional(z.enum(["all", "confirmed", "held", "cancelled", "failed"])),
  trip: z.optional(z.enum(["all", "upcoming", "traveling", "past"])),
  status: z.optional(z.enum(["all", "active", "cancelled"])),
  /** The service cuts it to 100 characters; so does the client. */
  q: z.optional(z.string()),
  sort: z.optional(z.enum(["desc", "asc"])),
});

export const lineItemSchema = z.looseObject({
  productType: openProductTypeSchema,
  state: bookingStateSchema,
  supplierConfirmationId: z.nullish(z.string()),
  sell: moneySchema,
  details: z.pipe(z.nullish(lineItemDetailsSchema), z.transform((d) => d ?? {})),
});

export const bookingDetailSchema = z.looseObject({
  order: z.looseObject({
    orderRef: z.string(),
    state: bookingStateSchema,
    travelers: z._default(z.array(travelerRecordSchema), []),
    paymentMethod: z.string(),
    totalSell: moneySchema,
    agencyCommission: z.nullish(agencyCommissionSchema),
    held: z.nullish(z.looseObject({ paymentDeadline: z.string(), cancellationDeadline: z.string() })),
    /** A machine code: shown, never parsed. */
    failureReason: z.nullish(z.string()),
  }),
  lineItems: z.array(lineItemSchema),
  bookedHotel: z.nullish(z.looseObject({ name: z.string(), address: z.nullish(z.string()), city: z.nullish(z.string()), country: z.nullish(z.string()) })),
  cancellationPolicy: z.nullish(cancellationPolicySchema),
  importantInformation: z.nullish(importantInformationSchema),
  priceSummary: z.nullish(priceSummarySchema),
  payments: z._default(z.array(paymentSchema), []),
  earnings: z.nullish(earningsSchema),
});

export const TRANSFER_CANCEL_SCOPES = ["departure", "return", "whole"] as const;
export const cancelRequestSchema = z.strictObject({ transferCancelScope: z.optional(z.enum(TRANSFER_CANCEL_SCOPES)) });
export const REFUND_STATUSES = ["refunded", "no_refund_due", "manual_review"] as const;
export const cancelResultSchema = z.looseObject({
  bookingId: z.string(),
  state: bookingStateSchema,
  refund: z.looseObject({ status: openEnum(REFUND_STATUSES) }),
});

export const voucherSchema = z.looseObject({
  orderRef: z.string(),
  stay: voucherStaySchema,
  hotelConfirmationNumber: z.nullish(z.string()),
  cancellationPolicy: z.nullish(cancellationPolicySchema),
  excludedTaxes: z.nullish(z.array(z.looseObject({}))),
  policies: z.unknown(),
  importantInformation: z.nullish(importantInformationSchema),
  priceSummary: z.nullish(priceSummarySchema),
});

export const EMAIL_MAX_ADDRESSES = 50;
export const emailClientRequestSchema = z
  .strictObject({
    to: z.optional(z.email("Expected an email address.")),
    cc: z.optional(z.array(z.email("Expected an email address."))),
    agencyName: z.optional(z.string().check(z.trim(), z.minLength(1, "1 to 80 characters."), z.maxLength(80, "1 to 80 characters."))),
    note: z.optional(z.string().check(z.maxLength(2000, "At most 2,000 characters."))),
    replyTo: z.optional(z.email("Expected an email address.")),
    withoutPrices: z.optional(z.boolean()),
  })
  .check(z.refine((b) => new Set([b.to, ...(b.cc ?? [])].filter(Boolean).map((a) => a?.toLowerCase())).size <= EMAIL_MAX_ADDRESSES, {
    path: ["cc"],
    message: `At most ${EMAIL_MAX_ADDRESSES} addresses in to and cc together.`,
  }));
