import * as z from "zod/mini";
import { travelerSchema } from "./adapter";
import { countryCodeSchema, currencyCodeSchema, iataCodeSchema, isoDateSchema, occupancySchema, productTypeSchema } from "./base";
import { CABIN_CLASSES, EMAIL_MAX_ADDRESSES, PROPERTY_TYPES, SEARCH_LIMITS, TRANSFER_CANCEL_SCOPES } from "./limits";

// The specification's requests (shared/spec/travel-distribution-api.md): strict, with its limits,
// so the forms and the BFF parse with the same schemas. Apart from ./schemas (the responses)
// because the browser needs them only with a form: a results or booking page does not load them.

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

export const resultsQuerySchema = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(500))),
  cursor: z.optional(z.string()),
  groupByProduct: z.optional(z.boolean()),
});

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

export const cancelRequestSchema = z.strictObject({ transferCancelScope: z.optional(z.enum(TRANSFER_CANCEL_SCOPES)) });

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
