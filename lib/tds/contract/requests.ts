import * as z from "zod/mini";
import { oneLine, ONE_LINE_NAME } from "./one-line";
import { travelerSchema } from "./adapter";
import { countryCodeSchema, currencyCodeSchema, iataCodeSchema, isoDateSchema, occupancySchema, productTypeSchema } from "./base";
import { CABIN_CLASSES, EMAIL_MAX_ADDRESSES, PROPERTY_TYPES, SEARCH_LIMITS, SPECIAL_REQUEST_MAX, TRANSFER_CANCEL_SCOPES } from "./limits";

// The specification's requests (shared/spec/travel-distribution-api.md): strict, with its limits,
// so the forms and the BFF parse with the same schemas. Apart from ./schemas (the responses)
// because the browser needs them only with a form: a results or booking page does not load them.
// Each rule says what is wrong as the form that fills it would (the BFF's `validation_error`
// details reach the same person): a sentence, never a field's key or a format's name.

/** A page size of 1 to `max`. */
const pageLimit = (max: number) => {
  const sentence = `Ask for 1 to ${max} at a time.`;
  return z.int(sentence).check(z.gte(1, sentence), z.lte(max, sentence));
};

export const destinationsQuerySchema = z.strictObject({
  productType: z.enum(["activity", "transfer"], "Destinations are listed for activities or transfers."),
  q: z.optional(z.string().check(z.maxLength(100, "Type at most 100 characters to search for."))),
  country: z.optional(countryCodeSchema),
  limit: z.optional(pageLimit(100)),
  cursor: z.optional(z.string()),
});
export const pageQuerySchema = z.strictObject({
  limit: z.optional(pageLimit(100)),
  cursor: z.optional(z.string()),
});

/**
 * What a search lacks, as the search form says it, by product and the request's field. The
 * forms show these on their own fields (components/search/search-resolver.ts).
 */
export const SEARCH_MISSING = {
  hotel: {
    residency: "Choose the lead guest's nationality.",
    checkIn: "Choose a check-in date.",
    checkOut: "Choose a check-out date.",
    destination: "Choose a city, hotel or area, or type a place name.",
  },
  flight: {
    origin: "Choose the airport the flight leaves from.",
    destination: "Choose the airport the flight goes to.",
    checkIn: "Choose a departure date.",
  },
  activity: { checkIn: "Choose a date.", destinationCode: "Choose a destination, or type a place name." },
  transfer: {
    pickupLocation: "Choose where the transfer picks up.",
    dropoffLocation: "Choose where the transfer drops off.",
    pickupAt: "Choose the pickup date and time.",
  },
} as const;

const PLACE = "Choose the place from the list, or type an airport's 3-letter code.";
const location = z.strictObject({
  type: z.enum(["airport", "hotel", "address"], "A pickup or drop-off is an airport, a hotel or an address."),
  code: z.string(PLACE).check(z.trim(), z.minLength(1, PLACE)),
});
const dateTime = z.iso.datetime({ offset: true, local: true, error: "Enter a date and a time." });
const PLACE_NAME = "Type 2 to 80 characters of a place name.";
const CITY = "Choose the city from the suggestions.";
const HOTEL = "Choose the hotel from the suggestions.";
const ACTIVITY_PLACE = "Choose a destination from the list.";
const PASSENGERS = "Passengers must be a whole number, at least 1.";
const LUGGAGE = "Luggage must be a whole number, 0 or more.";
const coordinate = (what: string, limit: number) => {
  const sentence = `The ${what} is a number from -${limit} to ${limit}.`;
  return z.number(sentence).check(z.gte(-limit, sentence), z.lte(limit, sentence));
};
const RADIUS = "The radius is 0.5 to 50 km.";
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
    destination: z.optional(z.string(PLACE_NAME).check(z.trim(), z.minLength(2, PLACE_NAME), z.maxLength(80, PLACE_NAME))),
    checkIn: z.optional(isoDateSchema),
    checkOut: z.optional(isoDateSchema),
    // hotels
    destinationCountryCode: z.optional(countryCodeSchema),
    destinationCityRegionId: z.optional(z.int(CITY).check(z.gte(1, CITY))),
    destinationCityRegionIds: z.optional(
      z.array(z.int(CITY).check(z.gte(1, CITY)), CITY).check(z.minLength(1, CITY), z.maxLength(50, "Choose at most 50 cities.")),
    ),
    hotelId: z.optional(z.string(HOTEL).check(z.minLength(1, HOTEL), z.maxLength(120, HOTEL))),
    near: z.optional(z.strictObject({
        lat: coordinate("latitude", 90),
        lng: coordinate("longitude", 180),
        radiusKm: z.number(RADIUS).check(z.gte(0.5, RADIUS), z.lte(50, RADIUS)),
      }, "Give the latitude, longitude and radius together.")),
    propertyTypes: z.optional(
      z.array(z.enum(PROPERTY_TYPES, "Choose property types from the list."), "Choose property types from the list.").check(
        z.minLength(1, "Choose at least one property type."),
      ),
    ),
    rateMode: z.optional(z.enum(["net", "commissionable"], "Choose net or commissionable rates.")),
    query: z.optional(z.string("Type keywords as text.").check(z.maxLength(120, "Keywords can be at most 120 characters."))),
    // flights
    origin: z.optional(iataCodeSchema),
    slices: z.optional(
      z
        .array(z.strictObject({ origin: iataCodeSchema, destination: iataCodeSchema, date: isoDateSchema }), "Give the flights of the trip.")
        .check(z.minLength(1, "Add at least one flight."), z.maxLength(6, "A trip can have at most 6 flights.")),
    ),
    cabinClass: z.optional(z.enum(CABIN_CLASSES, "Choose a cabin class from the list.")),
    // activities
    destinationCode: z.optional(z.string(ACTIVITY_PLACE).check(z.trim(), z.minLength(1, ACTIVITY_PLACE), z.maxLength(20, ACTIVITY_PLACE))),
    // transfers
    pickupLocation: z.optional(location),
    dropoffLocation: z.optional(location),
    pickupAt: z.optional(dateTime),
    returnAt: z.optional(dateTime),
    passengers: z.optional(z.int(PASSENGERS).check(z.gte(1, PASSENGERS))),
    luggage: z.optional(z.int(LUGGAGE).check(z.gte(0, LUGGAGE))),
  })
  .check(z.superRefine((b, ctx) => {
    const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
    const require = <P extends SearchProduct>(product: P, value: unknown, path: keyof (typeof SEARCH_MISSING)[P] & string) => {
      if (value === undefined) issue([path], SEARCH_MISSING[product][path] as string);
    };
    if (b.productType !== "hotel") {
      if (b.occupancy.length > SEARCH_LIMITS.other.maxEntries) {
        issue(["occupancy"], `Flights, activities and transfers take at most ${SEARCH_LIMITS.other.maxEntries} groups of travellers.`);
      }
      if (b.hotelId !== undefined) issue(["hotelId"], "A specific hotel can only be chosen for a hotel search.");
    }
    switch (b.productType) {
      case "hotel": {
        require("hotel", b.residency, "residency");
        require("hotel", b.checkIn, "checkIn");
        require("hotel", b.checkOut, "checkOut");
        // A place given as a region, a hotel, a point or keywords stands for the destination.
        const placed =
          b.destination ?? b.destinationCityRegionId ?? b.destinationCityRegionIds ?? b.hotelId ?? b.near ?? (b.query?.trim() || undefined);
        if (placed === undefined) issue(["destination"], SEARCH_MISSING.hotel.destination);
        b.occupancy.forEach((room, i) => {
          if (room.adults > SEARCH_LIMITS.hotel.maxAdults) issue(["occupancy", i, "adults"], "Hotel rooms take 1 to 6 adults.");
          if (room.childrenAges.length > SEARCH_LIMITS.hotel.maxChildren) issue(["occupancy", i, "childrenAges"], "Hotel rooms take at most 4 children.");
        });
        if (b.checkIn && b.checkOut) {
          const nights = nightsBetween(b.checkIn, b.checkOut);
          if (nights < 1) issue(["checkOut"], "Check-out must be after check-in.");
          else if (nights > SEARCH_LIMITS.maxNights) issue(["checkOut"], `A stay can be at most ${SEARCH_LIMITS.maxNights} nights.`);
        }
        break;
      }
      case "flight":
        if (b.slices) break;
        require("flight", b.origin, "origin");
        require("flight", b.destination, "destination");
        require("flight", b.checkIn, "checkIn");
        if (b.checkIn && b.checkOut && b.checkOut < b.checkIn) issue(["checkOut"], "The return date can't be before the departure date.");
        break;
      case "activity":
        require("activity", b.checkIn, "checkIn");
        // A destination name stands for the code.
        if (b.destinationCode === undefined && b.destination === undefined) issue(["destinationCode"], SEARCH_MISSING.activity.destinationCode);
        break;
      case "transfer":
        require("transfer", b.pickupLocation, "pickupLocation");
        require("transfer", b.dropoffLocation, "dropoffLocation");
        require("transfer", b.pickupAt, "pickupAt");
        if (b.pickupAt && b.returnAt && Date.parse(b.returnAt) <= Date.parse(b.pickupAt)) issue(["returnAt"], "The return must be after the pickup.");
        break;
    }
  }));

type SearchProduct = keyof typeof SEARCH_MISSING;

export const resultsQuerySchema = z.strictObject({
  limit: z.optional(pageLimit(500)),
  cursor: z.optional(z.string()),
  groupByProduct: z.optional(z.boolean()),
});

/** A special request that is too long, with its length: the desk refuses it rather than cutting it. */
export const specialRequestTooLong = (length: number) =>
  `At most ${SPECIAL_REQUEST_MAX} characters; this one has ${length}. Shorten it: nothing is cut for you.`;
const specialRequest = z.string("Type the request as text.").check(
  z.maxLength(SPECIAL_REQUEST_MAX, { error: (iss) => specialRequestTooLong(typeof iss.input === "string" ? iss.input.length : SPECIAL_REQUEST_MAX + 1) }),
);
const ROOM_REQUEST = "Each room's request must be for one of the rooms searched.";

export const hotelPreferencesSchema = z.strictObject({
  specialRequest: z.optional(specialRequest),
  rooms: z.optional(
    z.array(
      z.strictObject({
        roomIndex: z.int(ROOM_REQUEST).check(z.gte(0, ROOM_REQUEST)),
        smoking: z.optional(z.boolean("Choose smoking or non-smoking.")),
        specialRequest: z.optional(specialRequest),
      }),
      "Give each room's requests as a list.",
    ),
  ),
});

const QUOTE = "The rate to book is missing. Check the price again, then book.";
export const PAN_SENTENCE = "A PAN is five letters, four digits and one letter, such as ABCDE1234F.";

export const bookingCreateRequestSchema = z.strictObject({
  quoteId: z.string(QUOTE).check(z.minLength(1, QUOTE)),
  travelers: z.array(travelerSchema, "Name the travellers of the booking.").check(z.minLength(1, "Name at least one traveller.")),
  paymentMethod: z.literal("credit", "Only payment from the agency's credit is available."),
  changesAcknowledged: z.optional(z.boolean("Confirm that the client accepts these changes.")),
  packageRateAcknowledged: z.optional(z.boolean("Confirm that the client accepts the package terms.")),
  hold: z.optional(z.boolean("Choose whether to hold the booking or book and pay now.")),
  /** Keyed by question `code`, or `CODE:n` for traveller n. */
  bookingAnswers: z.optional(
    z.record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean()], "Answer each booking question with text, a number, or yes or no."),
      "Give the answers to the booking questions.",
    ),
  ),
  panNumber: z.optional(z.string(PAN_SENTENCE).check(z.regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, PAN_SENTENCE))),
  hotelPreferences: z.optional(hotelPreferencesSchema),
});

export const bookingListQuerySchema = z.strictObject({
  limit: z.optional(pageLimit(100)),
  cursor: z.optional(z.string()),
  state: z.optional(z.enum(["all", "confirmed", "held", "cancelled", "failed"], "Choose a booking status from the list.")),
  trip: z.optional(z.enum(["all", "upcoming", "traveling", "past"], "Choose upcoming, travelling or past trips, or all of them.")),
  status: z.optional(z.enum(["all", "active", "cancelled"], "Choose active or cancelled bookings, or all of them.")),
  /** The service cuts it to 100 characters; so does the client. */
  q: z.optional(z.string("Type the search as text.")),
  sort: z.optional(z.enum(["desc", "asc"], "Sort newest or oldest first.")),
});

export const cancelRequestSchema = z.strictObject({
  transferCancelScope: z.optional(z.enum(TRANSFER_CANCEL_SCOPES, "Choose the departure, the return or the whole transfer to cancel.")),
});

// The voucher email's sentences are those of its form (lib/bookings/email.ts), which the BFF's
// details land on: the same mistake reads the same whichever of the two catches it.
const notAnEmail = (iss: { input?: unknown }) =>
  typeof iss.input === "string" && iss.input.trim() ? `“${iss.input}” is not an email address.` : "Enter each address in copy as text.";

export const emailClientRequestSchema = z
  .strictObject({
    to: z.optional(z.email("Enter a valid email address, such as client@example.com.")),
    cc: z.optional(z.array(z.email({ error: notAnEmail }), "List the addresses in copy.")),
    agencyName: z.optional(
      z.string("Enter the name the client sees as the sender.").check(
        z.trim(),
        z.minLength(1, "Enter the name the client sees as the sender."),
        z.maxLength(80, "At most 80 characters."),
        // The sender's name of the email: a line break would start a header of its own.
        oneLine(ONE_LINE_NAME),
      ),
    ),
    note: z.optional(z.string("Type the note as text.").check(z.maxLength(2000, "At most 2,000 characters."))),
    replyTo: z.optional(z.email("Enter a valid email address for replies, or leave it empty.")),
    withoutPrices: z.optional(z.boolean("Choose whether to leave prices off the voucher.")),
  })
  .check(z.refine((b) => new Set([b.to, ...(b.cc ?? [])].filter(Boolean).map((a) => a?.toLowerCase())).size <= EMAIL_MAX_ADDRESSES, {
    path: ["cc"],
    message: `At most ${EMAIL_MAX_ADDRESSES} addresses in all, the client's included.`,
  }));
