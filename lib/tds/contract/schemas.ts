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
  voucherStaySchema,
  SUPPLIER_OUTCOME_STATUSES,
} from "./adapter-shapes";
import {
  bookingStateSchema,
  cancellationPolicySchema,
  moneySchema,
  openEnum,
  openProductTypeSchema,
  PRODUCT_TYPES,
} from "./base";

export { CABIN_CLASSES, EMAIL_MAX_ADDRESSES, PROPERTY_TYPES, SEARCH_LIMITS, TRANSFER_CANCEL_SCOPES } from "./limits";

// The specification's resources and requests (shared/spec/travel-distribution-api.md).
// Responses are parsed leniently: objects keep unknown fields, extensible enums are open.
// The requests' schemas are in ./requests (strict, with the specification's limits): the browser
// loads them only with a form, while these response schemas come with every desk page.

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

/* ------------------------------------------------------------------------- bookings */

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
