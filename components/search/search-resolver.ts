import { set, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import { parseLatLng, toSearchRequest, transferLocation, type CriteriaOf, type Place, type SearchCriteria, type SearchProductType } from "@/lib/search/criteria";
import { AIRPORT_SENTENCE } from "@/lib/tds/contract/base";
import { SEARCH_MISSING, searchCreateRequestSchema } from "@/lib/tds/contract/requests";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import type { FormWants } from "./form-wants";
import { CHILD_AGE_UNSET, daysBetween, dateError, MAX_NIGHTS, parseIsoDate } from "./search-limits";

// The search forms validate with the schema the BFF parses POST /api/search with, so whatever
// the form lets through the BFF accepts, plus the date rules the service checks on its own clock.
// Each problem lands on the form field that produced it, as a sentence for the advisor.

export type SearchRules = {
  currency: string;
  market: string;
  /** Today as YYYY-MM-DD (the server's day, so the calendar and the rules agree). */
  today: string;
  /** The current time, for transfer pickups (tests pass a fixed one). */
  now?: () => Date;
};

/** Where a form-level problem goes (shown above the submit button). */
export const ROOT_FIELD = "root";

type Issue = { path: readonly PropertyKey[] | string; message: string; code?: string; input?: unknown };

const splitPath = (path: Issue["path"]): string[] =>
  typeof path === "string" ? (path === "" ? [] : path.split(".")) : path.map((p) => String(p));

/** The form field (a react-hook-form path) behind a path of the request body, or ROOT_FIELD. */
export function fieldForPath(productType: SearchProductType, path: Issue["path"]): string {
  const [head = "", second, third] = splitPath(path);
  if (head === "occupancy") return "occupancy";
  switch (productType) {
    case "hotel":
      if (["destination", "destinationCityRegionId", "destinationCityRegionIds", "hotelId", "destinationCountryCode"].includes(head)) return "place";
      if (["checkIn", "checkOut", "residency", "near", "propertyTypes", "query", "rateMode"].includes(head)) return head;
      break;
    case "flight":
      if (head === "origin" || head === "destination" || head === "cabinClass") return head;
      if (head === "checkIn") return "departDate";
      if (head === "checkOut") return "returnDate";
      if (head === "slices") {
        if (second !== undefined && /^\d+$/.test(second) && (third === "origin" || third === "destination" || third === "date")) {
          return `slices.${second}.${third}`;
        }
        return ROOT_FIELD;
      }
      break;
    case "activity":
      if (head === "destinationCode" || head === "destination") return "place";
      if (head === "checkIn") return "date";
      break;
    case "transfer":
      if (head === "pickupLocation") return "pickup";
      if (head === "dropoffLocation") return "dropoff";
      if (["pickupAt", "returnAt", "passengers", "luggage"].includes(head)) return head;
      break;
  }
  return ROOT_FIELD;
}

/** What an empty field says, by product and form field (the request's own sentences where it has one). */
const REQUIRED: Record<string, string> = {
  "hotel.place": SEARCH_MISSING.hotel.destination,
  "hotel.checkIn": SEARCH_MISSING.hotel.checkIn,
  "hotel.checkOut": SEARCH_MISSING.hotel.checkOut,
  "hotel.residency": SEARCH_MISSING.hotel.residency,
  "flight.origin": SEARCH_MISSING.flight.origin,
  "flight.destination": SEARCH_MISSING.flight.destination,
  "flight.departDate": SEARCH_MISSING.flight.checkIn,
  "flight.returnDate": "Choose a return date.",
  "flight.slices.origin": "Choose the airport this flight leaves from.",
  "flight.slices.destination": "Choose the airport this flight goes to.",
  "flight.slices.date": "Choose a date for this flight.",
  "activity.place": SEARCH_MISSING.activity.destinationCode,
  "activity.date": SEARCH_MISSING.activity.checkIn,
  "transfer.pickup": SEARCH_MISSING.transfer.pickupLocation,
  "transfer.dropoff": SEARCH_MISSING.transfer.dropoffLocation,
  "transfer.pickupAt": SEARCH_MISSING.transfer.pickupAt,
};

const AIRPORT_CODE = AIRPORT_SENTENCE;
const SAME_TRANSFER_POINT = "The drop-off must differ from the pickup.";

const asSentence = (s: string) => {
  const t = s.trim();
  if (!t) return "This value is not accepted.";
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
};

/**
 * The advisor-facing sentence for a problem on `field` (schema issue or service detail). The
 * request schema's own sentences are the form's; the patterns below also read the service's own
 * wording ("Must be after checkIn.", "Expected an IATA airport code…") in the details it answers
 * for rules only it checks, and say them the form's way.
 */
export function messageFor(productType: SearchProductType, field: string, issue: Issue): string {
  const generic = field.replace(/^slices\.\d+\./, "slices.");
  // Already the form's own sentence for an empty field (the request schema's, or its detail).
  if (Object.values(REQUIRED).includes(issue.message)) return issue.message;
  const missing =
    /^required\b/i.test(issue.message) || (issue.code === "invalid_type" && issue.input === undefined) || issue.input === "";
  if (missing && REQUIRED[`${productType}.${generic}`]) return REQUIRED[`${productType}.${generic}`]!;
  const msg = issue.message;
  switch (generic) {
    case "place":
      if (/2 to 80/.test(msg)) return "Type 2 to 80 characters of a place name, or choose a suggestion.";
      if (/1 to 20/.test(msg)) return "Choose a destination from the list.";
      break;
    case "origin":
    case "destination":
    case "slices.origin":
    case "slices.destination":
      if (/IATA/i.test(msg)) return AIRPORT_CODE;
      break;
    case "checkIn":
    case "checkOut":
    case "departDate":
    case "returnDate":
    case "date":
    case "slices.date":
      if (/YYYY-MM-DD/.test(msg)) return "Enter a real date.";
      if (/after checkIn/i.test(msg)) return "Check-out must be after check-in.";
      if (/at most 30 nights/i.test(msg)) return `A stay can be at most ${MAX_NIGHTS} nights.`;
      if (/before checkIn/i.test(msg)) return "The return date can't be before the departure date.";
      break;
    case "residency":
      return "Choose the lead guest's nationality from the list.";
    case "near":
      return "Latitude is -90 to 90, longitude -180 to 180, and the radius 0.5 to 50 km.";
    case "query":
      return "Keywords can be at most 120 characters.";
    case "pickup":
    case "dropoff":
      if (/Required/.test(msg)) return field === "pickup" ? REQUIRED["transfer.pickup"]! : REQUIRED["transfer.dropoff"]!;
      if (/differ from pickupLocation/i.test(msg)) return SAME_TRANSFER_POINT;
      break;
    case "pickupAt":
    case "returnAt":
      if (/ISO 8601/.test(msg)) return "Enter a date and a time.";
      if (/after pickupAt/i.test(msg)) return "The return must be after the pickup.";
      break;
    case "passengers":
      return "Passengers must be a whole number, at least 1 — or leave it empty to use the travellers below.";
    case "luggage":
      return "Luggage must be a whole number, 0 or more.";
  }
  return asSentence(msg);
}

/* ------------------------------------------------------------------ client-side rules */

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const localDateTime = (value: string): Date | null => {
  const m = LOCAL_DATE_TIME.exec(value);
  const day = m ? parseIsoDate(m[1]) : null;
  if (!m || !day) return null;
  day.setHours(Number(m[2]), Number(m[3]));
  return day;
};

/** The rules the service enforces on its clock and the form's own shape rules, as field → sentence. */
export function clientRules(values: SearchCriteria, rules: SearchRules, wants: FormWants = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (field: string, message: string | null) => {
    if (message && !out[field]) out[field] = message;
  };
  const { today } = rules;
  if (values.occupancy.some((e) => e.childrenAges.some((age) => age === CHILD_AGE_UNSET))) {
    put("occupancy", "Choose the age of each child: prices and what can be booked depend on it.");
  }
  switch (values.productType) {
    case "hotel": {
      put("checkIn", dateError(values.checkIn, today, "Check-in"));
      if (values.checkOut && !parseIsoDate(values.checkOut)) put("checkOut", "Check-out is not a valid date.");
      else if (values.checkIn && values.checkOut && parseIsoDate(values.checkIn)) {
        const nights = daysBetween(values.checkIn, values.checkOut);
        if (nights < 1) put("checkOut", "Check-out must be after check-in.");
        else if (nights > MAX_NIGHTS) put("checkOut", `A stay can be at most ${MAX_NIGHTS} nights.`);
      }
      const near = values.near;
      if (near && ![near.lat, near.lng, near.radiusKm].every(Number.isFinite)) {
        put("near", "Give latitude, longitude and radius together, or clear all three.");
      }
      if (values.query.length > 120) put("query", "Keywords can be at most 120 characters.");
      break;
    }
    case "flight": {
      // The schema's `destination` is a 2-80 character name shared with hotels; flights need a code.
      const airport = (field: string, p: Place | null) => {
        if (p && p.kind !== "airport" && !(p.kind === "text" && /^\s*[A-Za-z]{3}\s*$/.test(p.name))) put(field, AIRPORT_CODE);
      };
      if (values.trip === "multi") {
        values.slices.forEach((slice, i) => {
          airport(`slices.${i}.origin`, slice.origin);
          airport(`slices.${i}.destination`, slice.destination);
        });
      } else {
        airport("origin", values.origin);
        airport("destination", values.destination);
      }
      if (values.trip === "multi") {
        let previous: string | null = null;
        values.slices.forEach((slice, i) => {
          const field = `slices.${i}.date`;
          put(field, dateError(slice.date, today, "The date"));
          if (slice.date && previous && parseIsoDate(slice.date) && slice.date < previous) {
            put(field, `Flight ${i + 1} can't leave before flight ${i}.`);
          }
          if (slice.date && parseIsoDate(slice.date)) previous = slice.date;
          if (slice.origin && slice.destination && airportOf(slice.origin) && airportOf(slice.origin) === airportOf(slice.destination)) {
            put(`slices.${i}.destination`, "The destination must differ from the origin.");
          }
        });
      } else {
        put("departDate", dateError(values.departDate, today, "The departure date"));
        if (values.trip === "return") {
          // The service takes a flight without checkOut as one-way: a return trip needs its date.
          if (!values.returnDate) put("returnDate", REQUIRED["flight.returnDate"]!);
          put("returnDate", dateError(values.returnDate, today, "The return date"));
          if (values.departDate && values.returnDate && values.returnDate < values.departDate) {
            put("returnDate", "The return date can't be before the departure date.");
          }
        }
        if (values.origin && values.destination && airportOf(values.origin) && airportOf(values.origin) === airportOf(values.destination)) {
          put("destination", "The destination must differ from the origin.");
        }
      }
      break;
    }
    case "activity":
      put("date", dateError(values.date, today, "The date"));
      break;
    case "transfer": {
      const now = rules.now?.() ?? new Date();
      for (const field of ["pickup", "dropoff"] as const) {
        const p = values[field];
        const where = field === "pickup" ? "pickup" : "drop-off";
        if (p?.kind === "address" && !parseLatLng(p.code)) {
          put(field, `Give the ${where} address's coordinates as latitude,longitude — for example 41.3851,2.1734.`);
        } else if (p?.kind === "text" && !/^[A-Za-z]{3}$/.test(p.name.trim())) {
          put(field, `Choose the ${where} airport or hotel from the list, or type an airport's 3-letter code.`);
        } else if (p?.kind === "city" || p?.kind === "destination") {
          put(field, `A ${where} must be an airport, a hotel or an address.`);
        }
      }
      // The service refuses a ride that drops off where it picks up.
      const from = transferLocation(values.pickup);
      const to = transferLocation(values.dropoff);
      if (from?.code && to && from.type === to.type && from.code.toUpperCase() === to.code.toUpperCase()) put("dropoff", SAME_TRANSFER_POINT);
      if (wants.transferReturn && !values.returnAt) put("returnAt", "Choose the return date and time, or turn off Return journey.");
      const pickupAt = values.pickupAt ? localDateTime(values.pickupAt) : null;
      if (values.pickupAt && !pickupAt) put("pickupAt", "Enter a pickup date and time.");
      if (pickupAt) {
        if (pickupAt.getTime() <= now.getTime()) put("pickupAt", "The pickup must be in the future.");
        else put("pickupAt", dateError(values.pickupAt.slice(0, 10), today, "The pickup date"));
      }
      const returnAt = values.returnAt ? localDateTime(values.returnAt) : null;
      if (values.returnAt && !returnAt) put("returnAt", "Enter a return date and time.");
      if (returnAt && pickupAt && returnAt.getTime() <= pickupAt.getTime()) put("returnAt", "The return must be after the pickup.");
      if (values.passengers !== null && !(Number.isInteger(values.passengers) && values.passengers >= 1)) {
        put("passengers", messageFor("transfer", "passengers", { path: "passengers", message: "" }));
      }
      if (values.luggage !== null && !(Number.isInteger(values.luggage) && values.luggage >= 0)) {
        put("luggage", messageFor("transfer", "luggage", { path: "luggage", message: "" }));
      }
      break;
    }
  }
  return out;
}

const airportOf = (p: Place) =>
  p.kind === "airport" ? p.code : p.kind === "text" ? p.name.trim().toUpperCase() : null;

/* ---------------------------------------------------------------------------- resolver */

/** Every problem of the criteria as field → sentence (empty when the search can run). */
export function validateCriteria(values: SearchCriteria, rules: SearchRules, wants: FormWants = {}): Record<string, string> {
  const errors = clientRules(values, rules, wants);
  const body = { ...toSearchRequest(values), currency: rules.currency, market: rules.market };
  const parsed = searchCreateRequestSchema.safeParse(body, FOR_PEOPLE);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") continue;
      const field = fieldForPath(values.productType, issue.path);
      if (errors[field]) continue;
      // zod leaves the offending value out of its issues; read it from the body.
      const input = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], body);
      errors[field] = messageFor(values.productType, field, { path: issue.path, message: issue.message, code: issue.code, input });
    }
  }
  return errors;
}

/** Flat field → sentence as react-hook-form's nested errors. */
export function toFieldErrors<T extends FieldValues>(flat: Record<string, string>): FieldErrors<T> {
  const errors = {};
  for (const [field, message] of Object.entries(flat)) {
    set(errors, field === ROOT_FIELD ? "root.server" : field, { type: "validate", message });
  }
  return errors as FieldErrors<T>;
}

/** The form's resolver; its context is the form's `FormWants`. */
export function searchResolver<T extends SearchProductType>(rules: SearchRules): Resolver<CriteriaOf<T>, FormWants> {
  return (values, wants) => {
    const flat = validateCriteria(values as SearchCriteria, rules, wants);
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<CriteriaOf<T>>(flat) };
  };
}

/** The service's (or BFF's) details of a failed search on the form's fields; the rest is unplaced. */
export function detailsToFields(
  productType: SearchProductType,
  details: readonly { path: string; message: string }[],
): { fields: Record<string, string>; unplaced: string[] } {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const d of details) {
    const field = fieldForPath(productType, d.path);
    const message = messageFor(productType, field, { path: d.path, message: d.message });
    if (field === ROOT_FIELD) unplaced.push(message);
    else fields[field] ??= message;
  }
  return { fields, unplaced };
}
