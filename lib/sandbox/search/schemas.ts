import { z } from "zod";
import { PROPERTY_TYPES, type Catalog } from "../catalog";
import type { VirtualClock } from "../platform/clock";
import { isoCountry, isoCurrency, isoDate } from "../platform/validate";
import { productTypesFor } from "./capabilities";
import { addDays, daysBetween } from "./draw";
import { SUPPORTED_CURRENCIES, isSupportedCurrency } from "./fx";
import type { Places } from "./places";
import { PRODUCT_TYPES } from "./types";

export const MAX_HOTEL_DAYS_AHEAD = 730;
export const MAX_NIGHTS = 30;
export const CABIN_CLASSES = ["economy", "premium_economy", "business", "first"] as const;

const iata = z.string().regex(/^[A-Z]{3}$/, "Expected an IATA airport code such as LHR.");
const LAT_LNG = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

export function parseLatLng(code: string): { lat: number; lng: number } | null {
  const m = LAT_LNG.exec(code);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

const occupancyEntry = z.strictObject({
  adults: z.number().int().min(1, "At least 1 adult.").max(8, "At most 8 adults."),
  childrenAges: z
    .array(z.number().int().min(0, "Child ages are 0 to 17.").max(17, "Child ages are 0 to 17."))
    .max(6, "At most 6 children."),
});

const location = z.strictObject({
  type: z.enum(["airport", "hotel", "address"]),
  code: z.string().trim().min(1).max(120),
});

const dateTime = z.iso.datetime({ offset: true, local: true, message: "Expected an ISO 8601 date-time." });

const fields = {
  productType: z.enum(PRODUCT_TYPES),
  occupancy: z.array(occupancyEntry).min(1, "At least one occupancy entry.").max(9, "At most 9 occupancy entries."),
  currency: isoCurrency,
  market: isoCountry,
  residency: isoCountry.optional(),
  destination: z.string().trim().min(2, "2 to 80 characters.").max(80, "2 to 80 characters.").optional(),
  checkIn: isoDate.optional(),
  checkOut: isoDate.optional(),
  // hotels
  destinationCountryCode: isoCountry.optional(),
  destinationCityRegionId: z.number().int().min(1).optional(),
  destinationCityRegionIds: z.array(z.number().int().min(1)).min(1).max(50, "At most 50 region IDs.").optional(),
  hotelId: z.string().min(1).max(120).optional(),
  near: z
    .strictObject({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      radiusKm: z.number().min(0.5, "radiusKm is 0.5 to 50.").max(50, "radiusKm is 0.5 to 50."),
    })
    .optional(),
  propertyTypes: z.array(z.enum(PROPERTY_TYPES)).min(1).max(PROPERTY_TYPES.length).optional(),
  rateMode: z.enum(["net", "commissionable"]).optional(),
  query: z.string().max(120, "At most 120 characters.").optional(),
  // flights
  origin: iata.optional(),
  slices: z
    .array(z.strictObject({ origin: iata, destination: iata, date: isoDate }))
    .min(1)
    .max(6, "At most 6 slices.")
    .optional(),
  cabinClass: z.enum(CABIN_CLASSES).optional(),
  // activities
  destinationCode: z.string().trim().min(1).max(20, "1 to 20 characters.").optional(),
  // transfers
  pickupLocation: location.optional(),
  dropoffLocation: location.optional(),
  pickupAt: dateTime.optional(),
  returnAt: dateTime.optional(),
  passengers: z.number().int().min(1).optional(),
  luggage: z.number().int().min(0).optional(),
};

type Env = { clock: VirtualClock; catalog: Catalog; places: Places };
type Path = Array<string | number>;

/** A real YYYY-MM-DD (values reach the refinement even when their own format check failed). */
const validDate = (s: string | undefined): s is string =>
  s !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const instant = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * POST /search body. One strict object for every product type (an unknown field is one detail
 * each); the rules that depend on the product type, the virtual clock or the catalog follow.
 */
export function createSearchSchema(env: Env) {
  return z.strictObject(fields).superRefine((b, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });
    const required = (value: unknown, path: Path, what: string) => {
      if (value === undefined) issue(path, `Required for ${what}.`);
    };
    const today = env.clock.today();
    const notPast = (date: string | undefined, path: Path) => {
      if (validDate(date) && date < today) issue(path, `Must not be in the past (today is ${today}).`);
    };
    const country = (code: string | undefined, path: Path) => {
      if (code && /^[A-Z]{2}$/.test(code) && !env.catalog.countryName(code)) issue(path, `Unknown country code ${code}.`);
    };

    if (/^[A-Z]{3}$/.test(b.currency) && !isSupportedCurrency(b.currency)) {
      issue(["currency"], `Currency ${b.currency} is not supported; use one of ${SUPPORTED_CURRENCIES.join(", ")}.`);
    }
    country(b.market, ["market"]);
    country(b.residency, ["residency"]);
    country(b.destinationCountryCode, ["destinationCountryCode"]);
    if (/^[A-Z]{2}$/.test(b.market) && env.catalog.countryName(b.market) && !productTypesFor(b.market).includes(b.productType)) {
      issue(["productType"], `${b.productType} is not on sale in market ${b.market}; see GET /search/capabilities.`);
    }

    switch (b.productType) {
      case "hotel": {
        const what = "hotel searches";
        required(b.residency, ["residency"], what);
        required(b.checkIn, ["checkIn"], what);
        required(b.checkOut, ["checkOut"], what);
        const placed =
          b.destination !== undefined ||
          b.destinationCityRegionId !== undefined ||
          b.destinationCityRegionIds !== undefined ||
          b.hotelId !== undefined ||
          b.near !== undefined ||
          (b.query ?? "").trim() !== "";
        if (!placed) {
          issue(["destination"], "Required for hotel searches unless destinationCityRegionId(s), hotelId, near or query is given.");
        }
        b.occupancy.forEach((room, i) => {
          if (room.adults > 6 && room.adults <= 8) issue(["occupancy", i, "adults"], "Hotel rooms take 1 to 6 adults.");
          const kids = room.childrenAges.length;
          if (kids > 4 && kids <= 6) issue(["occupancy", i, "childrenAges"], "Hotel rooms take at most 4 children.");
        });
        notPast(b.checkIn, ["checkIn"]);
        if (validDate(b.checkIn) && b.checkIn > addDays(today, MAX_HOTEL_DAYS_AHEAD)) {
          issue(["checkIn"], `Check-in is at most ${MAX_HOTEL_DAYS_AHEAD} days ahead.`);
        }
        if (validDate(b.checkIn) && validDate(b.checkOut)) {
          const nights = daysBetween(b.checkIn, b.checkOut);
          if (nights < 1) issue(["checkOut"], "Must be after checkIn.");
          else if (nights > MAX_NIGHTS) issue(["checkOut"], `A stay is at most ${MAX_NIGHTS} nights.`);
        }
        break;
      }
      case "flight": {
        if (b.occupancy.length > 8) issue(["occupancy"], "At most 8 entries for flights, activities and transfers.");
        if (b.slices) {
          let previous: string | undefined;
          b.slices.forEach((s, i) => {
            for (const end of ["origin", "destination"] as const) {
              if (/^[A-Z]{3}$/.test(s[end]) && !env.catalog.airportByCode.has(s[end])) {
                issue(["slices", i, end], `Unknown airport ${s[end]}.`);
              }
            }
            if (s.origin === s.destination) issue(["slices", i, "destination"], "Must differ from origin.");
            notPast(s.date, ["slices", i, "date"]);
            if (validDate(s.date) && previous && s.date < previous) issue(["slices", i, "date"], "Slices must be in date order.");
            if (validDate(s.date)) previous = s.date;
          });
          break;
        }
        const what = "flight searches without slices";
        required(b.origin, ["origin"], what);
        required(b.destination, ["destination"], what);
        required(b.checkIn, ["checkIn"], what);
        if (b.origin && /^[A-Z]{3}$/.test(b.origin) && !env.catalog.airportByCode.has(b.origin)) {
          issue(["origin"], `Unknown airport ${b.origin}.`);
        }
        const to = b.destination !== undefined ? env.places.airport(b.destination) : undefined;
        if (b.destination !== undefined && b.destination.length >= 2 && !to) {
          issue(["destination"], "No airport matches this destination; use an IATA code or a city name.");
        }
        if (to && to.code === b.origin) issue(["destination"], "Must differ from origin.");
        notPast(b.checkIn, ["checkIn"]);
        if (validDate(b.checkIn) && validDate(b.checkOut) && b.checkOut < b.checkIn) {
          issue(["checkOut"], "The return date must not be before checkIn.");
        }
        break;
      }
      case "activity": {
        if (b.occupancy.length > 8) issue(["occupancy"], "At most 8 entries for flights, activities and transfers.");
        required(b.checkIn, ["checkIn"], "activity searches");
        notPast(b.checkIn, ["checkIn"]);
        if (b.destination === undefined && b.destinationCode === undefined) {
          issue(["destinationCode"], "Required for activity searches (or a destination name).");
        }
        break;
      }
      case "transfer": {
        if (b.occupancy.length > 8) issue(["occupancy"], "At most 8 entries for flights, activities and transfers.");
        const what = "transfer searches";
        required(b.pickupLocation, ["pickupLocation"], what);
        required(b.dropoffLocation, ["dropoffLocation"], what);
        required(b.pickupAt, ["pickupAt"], what);
        for (const key of ["pickupLocation", "dropoffLocation"] as const) {
          const loc = b[key];
          if (!loc) continue;
          const path = [key, "code"];
          if (loc.type === "airport" && !env.catalog.airportByCode.has(loc.code.toUpperCase())) issue(path, `Unknown airport ${loc.code}.`);
          if (loc.type === "hotel" && !env.catalog.hotelById.has(loc.code)) issue(path, `Unknown hotel ${loc.code}.`);
          if (loc.type === "address" && !parseLatLng(loc.code)) issue(path, 'An address is given as "lat,lng", e.g. "41.3874,2.1686".');
        }
        const p = b.pickupLocation;
        const d = b.dropoffLocation;
        if (p && d && p.type === d.type && p.code.toUpperCase() === d.code.toUpperCase()) {
          issue(["dropoffLocation"], "Must differ from pickupLocation.");
        }
        const pickup = instant(b.pickupAt);
        const back = instant(b.returnAt);
        if (pickup !== null && pickup < env.clock.now()) issue(["pickupAt"], "Must not be in the past.");
        if (pickup !== null && back !== null && back <= pickup) issue(["returnAt"], "Must be after pickupAt.");
        break;
      }
    }
  });
}

export type SearchRequest = z.infer<ReturnType<typeof createSearchSchema>>;
