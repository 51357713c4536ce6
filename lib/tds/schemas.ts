import { z } from "zod";
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
  code: z.string().min(1),
  message: z.string().catch(""),
  // Always present per the specification; a malformed list must not hide the code.
  details: z.array(errorDetailSchema).catch([]),
});
export const errorEnvelopeSchema = z.looseObject({ error: errorObjectSchema });

const makeEnvelope = <D extends z.ZodType>(data: D) =>
  z.looseObject({ data, meta: z.looseObject({}).optional(), error: z.null().optional() });
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
/** The envelope around `data`: one schema per data schema (zod compiles a schema on its first parse, so it is made once). */
export function envelopeSchema<D extends z.ZodType>(data: D): ReturnType<typeof makeEnvelope<D>> {
  let envelope = envelopes.get(data);
  if (!envelope) envelopes.set(data, (envelope = makeEnvelope(data)));
  return envelope as ReturnType<typeof makeEnvelope<D>>;
}

/* ------------------------------------------------------------------------ catalog */

export const capabilitiesSchema = z.looseObject({ productTypes: z.array(openProductTypeSchema) });

export const citySuggestionSchema = z.looseObject({
  name: z.string(),
  countryCode: z.string(),
  stateName: z.string().nullish(),
  hotelCount: z.number().int().nullish(),
  cityRegionId: z.number().int(),
  cityRegionIds: z.array(z.number().int()).default([]),
});
export const hotelSuggestionSchema = z.looseObject({
  canonicalId: z.string(),
  name: z.string(),
  cityName: z.string().nullish(),
  starRating: z.number().nullish(),
  countryCode: z.string().nullish(),
});
export const poiSuggestionSchema = z.looseObject({
  kind: openEnum(["airport", "destination"]),
  name: z.string(),
  code: z.string(),
  countryCode: z.string().nullish(),
});
export const suggestionsSchema = z.looseObject({
  cities: z.array(citySuggestionSchema).default([]),
  hotels: z.array(hotelSuggestionSchema).default([]),
  pois: z.array(poiSuggestionSchema).default([]),
});

export const destinationSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  cityName: z.string().nullish(),
  countryCode: z.string().nullish(),
  kind: openEnum(["activity_destination", "transfer_airport", "transfer_destination"]),
});
export const activityCatalogueItemSchema = z.looseObject({
  activityKey: z.string(),
  name: z.string(),
  cityName: z.string().nullish(),
  countryCode: z.string().nullish(),
  imageUrl: z.string().nullable(),
});
const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ items: z.array(item), nextCursor: z.string().nullish().transform((c) => c ?? null) });
export const destinationsPageSchema = pageOf(destinationSchema);
export const activityCataloguePageSchema = pageOf(activityCatalogueItemSchema);

export const destinationsQuerySchema = z.strictObject({
  productType: z.enum(["activity", "transfer"]),
  q: z.string().max(100).optional(),
  country: countryCodeSchema.optional(),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().optional(),
});
export const pageQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().optional(),
});

const imageSchema = z.looseObject({ url: z.string(), caption: z.string().nullable(), heroImage: z.boolean().default(false) });
export const hotelContentSchema = z.looseObject({
  canonicalId: z.string(),
  name: z.string(),
  starRating: z.number().nullable(),
  cityName: z.string().nullable(),
  countryCode: z.string().nullable(),
  address: z.string().nullable(),
  geo: z.looseObject({ type: z.string(), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  chainName: z.string().nullable(),
  content: z
    .looseObject({
      description: z.string().nullable(),
      images: z.array(imageSchema).default([]),
      amenities: z.array(z.string()).default([]),
      // Their shape varies by hotel (specification): rendered generically.
      checkin: z.unknown(),
      checkout: z.unknown(),
      policies: z.unknown(),
      fees: z.unknown(),
      rooms: z
        .array(
          z.looseObject({
            name: z.string().nullish(),
            description: z.string().nullish(),
            images: z.array(imageSchema).nullish(),
          }),
        )
        .default([]),
    })
    .nullable(),
});

/** canonicalId → image URL, or null when the hotel has no image. */
export const thumbnailsSchema = z.record(z.string(), z.string().nullable());

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
  code: z.string().trim().min(1, "Required."),
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
    residency: countryCodeSchema.optional(),
    destination: z.string().trim().min(2, "2 to 80 characters.").max(80, "2 to 80 characters.").optional(),
    checkIn: isoDateSchema.optional(),
    checkOut: isoDateSchema.optional(),
    // hotels
    destinationCountryCode: countryCodeSchema.optional(),
    destinationCityRegionId: z.number().int().min(1).optional(),
    destinationCityRegionIds: z.array(z.number().int().min(1)).min(1).max(50, "At most 50 region IDs.").optional(),
    hotelId: z.string().min(1).max(120, "1 to 120 characters.").optional(),
    near: z
      .strictObject({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        radiusKm: z.number().min(0.5, "radiusKm is 0.5 to 50.").max(50, "radiusKm is 0.5 to 50."),
      })
      .optional(),
    propertyTypes: z.array(z.enum(PROPERTY_TYPES)).min(1).optional(),
    rateMode: z.enum(["net", "commissionable"]).optional(),
    query: z.string().max(120, "At most 120 characters.").optional(),
    // flights
    origin: iataCodeSchema.optional(),
    slices: z
      .array(z.strictObject({ origin: iataCodeSchema, destination: iataCodeSchema, date: isoDateSchema }))
      .min(1)
      .max(6, "At most 6 slices.")
      .optional(),
    cabinClass: z.enum(CABIN_CLASSES).optional(),
    // activities
    destinationCode: z.string().trim().min(1, "1 to 20 characters.").max(20, "1 to 20 characters.").optional(),
    // transfers
    pickupLocation: location.optional(),
    dropoffLocation: location.optional(),
    pickupAt: dateTime.optional(),
    returnAt: dateTime.optional(),
    passengers: z.number().int().min(1).optional(),
    luggage: z.number().int().min(0).optional(),
  })
  .superRefine((b, ctx) => {
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
  });

export const searchCreatedSchema = z.looseObject({ searchId: z.string() });

export const hotelSummarySchema = z.looseObject({
  hotelName: z.string().nullable(),
  starRating: z.number().nullable(),
  cityName: z.string().nullable(),
  neighborhoodName: z.string().nullable(),
  // Rate-sheet rows carry none.
  coordinates: z.looseObject({ lat: z.number(), lng: z.number() }).nullish(),
  roomName: z.string().nullable(),
  roomDescription: z.string().nullable(),
  boardBasis: z.string().nullable(),
  rateName: z.string().nullable(),
  roomGroupKey: z.string().nullable(),
  roomGroupLabel: z.string().nullable(),
  cancellationPolicy: cancellationPolicySchema.nullable(),
  excludedTaxes: z.array(z.looseObject({})).nullable(),
  rateComments: z.string().nullable(),
  isPackage: z.boolean(),
  requiresGuestTitle: z.boolean(),
  agencyCommission: agencyCommissionSchema.nullable(),
});

const rowFields = {
  _id: z.string(),
  canonicalProductId: z.string(),
  rateQuoteId: z.string(),
  supplier: z.string(),
  rank: z.number().int(),
  sellAmountMinor: z.number().int(),
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
  productType: z.string().refine((t) => !(PRODUCT_TYPES as readonly string[]).includes(t)),
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
  nextCursor: z.string().nullish().transform((c) => c ?? null),
  session: z.looseObject({
    status: sessionStatusSchema,
    batchProgress: z.looseObject({ done: z.number().int(), total: z.number().int() }),
    /** Absent until something arrives late; when it rises, re-read from the first page. */
    lateArrivals: z.number().int().optional(),
    supplierOutcomes: z
      .array(
        z.looseObject({
          supplier: z.string(),
          status: openEnum(SUPPLIER_OUTCOME_STATUSES),
          latencyMs: z.number().nullish(),
          rateCount: z.number().int().nullish(),
        }),
      )
      .default([]),
  }),
});
export const resultsEnvelopeSchema = z.looseObject({
  data: z.array(resultRowSchema),
  meta: resultsMetaSchema,
  error: z.null().optional(),
});

export const resultsQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(500).optional(),
  cursor: z.string().optional(),
  groupByProduct: z.boolean().optional(),
});

/* ------------------------------------------------------------------------- bookings */

export const hotelPreferencesSchema = z.strictObject({
  specialRequest: z.string().max(500, "At most 500 characters.").optional(),
  rooms: z
    .array(
      z.strictObject({
        roomIndex: z.number().int().min(0),
        smoking: z.boolean().optional(),
        specialRequest: z.string().max(500, "At most 500 characters.").optional(),
      }),
    )
    .optional(),
});

export const bookingCreateRequestSchema = z.strictObject({
  quoteId: z.string().min(1),
  travelers: z.array(travelerSchema).min(1, "At least one traveller."),
  paymentMethod: z.literal("credit", "Only credit is available through the API."),
  changesAcknowledged: z.boolean().optional(),
  packageRateAcknowledged: z.boolean().optional(),
  hold: z.boolean().optional(),
  /** Keyed by question `code`, or `CODE:n` for traveller n. */
  bookingAnswers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  panNumber: z
    .string()
    .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, "A PAN is five letters, four digits and one letter.")
    .optional(),
  hotelPreferences: hotelPreferencesSchema.optional(),
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
    hotelName: z.string().nullish(),
    checkIn: z.string().nullish(),
    checkOut: z.string().nullish(),
    confirmation: z.string().nullish(),
  }),
  createdAt: z.string(),
});
export const bookingListPageSchema = z.looseObject({
  rows: z.array(bookingListRowSchema),
  nextCursor: z.string().nullish().transform((c) => c ?? null),
});

export const bookingListQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().optional(),
  state: z.enum(["all", "confirmed", "held", "cancelled", "failed"]).optional(),
  trip: z.enum(["all", "upcoming", "traveling", "past"]).optional(),
  status: z.enum(["all", "active", "cancelled"]).optional(),
  /** The service cuts it to 100 characters; so does the client. */
  q: z.string().optional(),
  sort: z.enum(["desc", "asc"]).optional(),
});

export const lineItemSchema = z.looseObject({
  productType: openProductTypeSchema,
  state: bookingStateSchema,
  supplierConfirmationId: z.string().nullish(),
  sell: moneySchema,
  details: lineItemDetailsSchema.nullish().transform((d) => d ?? {}),
});

export const bookingDetailSchema = z.looseObject({
  order: z.looseObject({
    orderRef: z.string(),
    state: bookingStateSchema,
    travelers: z.array(travelerRecordSchema).default([]),
    paymentMethod: z.string(),
    totalSell: moneySchema,
    agencyCommission: agencyCommissionSchema.nullish(),
    held: z.looseObject({ paymentDeadline: z.string(), cancellationDeadline: z.string() }).nullish(),
    /** A machine code: shown, never parsed. */
    failureReason: z.string().nullish(),
  }),
  lineItems: z.array(lineItemSchema),
  bookedHotel: z
    .looseObject({ name: z.string(), address: z.string().nullish(), city: z.string().nullish(), country: z.string().nullish() })
    .nullish(),
  cancellationPolicy: cancellationPolicySchema.nullish(),
  importantInformation: importantInformationSchema.nullish(),
  priceSummary: priceSummarySchema.nullish(),
  payments: z.array(paymentSchema).default([]),
  earnings: earningsSchema.nullish(),
});

export const TRANSFER_CANCEL_SCOPES = ["departure", "return", "whole"] as const;
export const cancelRequestSchema = z.strictObject({ transferCancelScope: z.enum(TRANSFER_CANCEL_SCOPES).optional() });
export const REFUND_STATUSES = ["refunded", "no_refund_due", "manual_review"] as const;
export const cancelResultSchema = z.looseObject({
  bookingId: z.string(),
  state: bookingStateSchema,
  refund: z.looseObject({ status: openEnum(REFUND_STATUSES) }),
});

export const voucherSchema = z.looseObject({
  orderRef: z.string(),
  stay: voucherStaySchema,
  hotelConfirmationNumber: z.string().nullish(),
  cancellationPolicy: cancellationPolicySchema.nullish(),
  excludedTaxes: z.array(z.looseObject({})).nullish(),
  policies: z.unknown(),
  importantInformation: importantInformationSchema.nullish(),
  priceSummary: priceSummarySchema.nullish(),
});

export const EMAIL_MAX_ADDRESSES = 50;
export const emailClientRequestSchema = z
  .strictObject({
    to: z.email("Expected an email address.").optional(),
    cc: z.array(z.email("Expected an email address.")).optional(),
    agencyName: z.string().trim().min(1, "1 to 80 characters.").max(80, "1 to 80 characters.").optional(),
    note: z.string().max(2000, "At most 2,000 characters.").optional(),
    replyTo: z.email("Expected an email address.").optional(),
    withoutPrices: z.boolean().optional(),
  })
  .refine((b) => new Set([b.to, ...(b.cc ?? [])].filter(Boolean).map((a) => a?.toLowerCase())).size <= EMAIL_MAX_ADDRESSES, {
    path: ["cc"],
    message: `At most ${EMAIL_MAX_ADDRESSES} addresses in to and cc together.`,
  });
