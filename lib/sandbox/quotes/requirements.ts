import type { TriggerName } from "../platform/triggers";
import type { ActivitySummary, HotelSummary, ResultRow, TransferSummary } from "../search/types";
import type { BookingQuestion, Requirements } from "./model";

/**
 * What a booking of a rate must carry (contract-decisions §1 `requirements`), decided by the
 * product, the row's summary and the source, so a client can always predict it:
 *
 * - hotels: `title: all` when `summary.requiresGuestTitle`; lead contact for the slow
 *   wholesale source (it reconfirms by phone) and for package rates;
 * - flights: passenger documents, a title on everyone, lead contact;
 * - activities: `title: lead` when `summary.requiresLeadTitle`; a PAN in India; booking
 *   questions by kind of activity (below); lead contact when a pickup is arranged;
 * - transfers: flight details when either end is an airport, `title: lead` when
 *   `summary.requiresLeadTitle`, lead contact (the driver calls);
 * - triggers: `sandbox:lead-contact` and `sandbox:titles` (title on everyone) on any product.
 */

export const DIETARY_OPTIONS = ["none", "vegetarian", "vegan", "gluten_free", "halal", "kosher"];

const PICKUP: BookingQuestion = {
  code: "PICKUP_HOTEL",
  label: "Hotel to pick the travellers up from (name and address)",
  required: true,
  perTraveler: false,
  type: "text",
  options: null,
  maxLength: 120,
};
const ARRIVAL: BookingQuestion = {
  code: "ARRIVAL_DATE",
  label: "Date the travellers arrive in the destination",
  required: false,
  perTraveler: false,
  type: "date",
  options: null,
  maxLength: null,
};
const DIETARY: BookingQuestion = {
  code: "DIETARY",
  label: "Dietary requirement",
  required: true,
  perTraveler: true,
  type: "select",
  options: DIETARY_OPTIONS,
  maxLength: null,
};

/**
 * Activities with pickups (day trips, private tours by car) ask where to pick up and, optionally,
 * when the travellers arrive; food, cooking classes and dinner shows ask each traveller's diet.
 */
export function bookingQuestions(s: ActivitySummary): BookingQuestion[] {
  const questions: BookingQuestion[] = [];
  if (s.category === "day_trip" || s.category === "private") questions.push(PICKUP, ARRIVAL);
  if (s.category === "food" || s.category === "class" || /\bDinner\b/.test(s.activityName)) questions.push(DIETARY);
  return questions;
}

export function requirementsFor(row: ResultRow, triggers: ReadonlySet<TriggerName>, slowSource: boolean): Requirements {
  const r: Requirements = { leadContact: false, title: "none", travelDocuments: false, flightDetails: false, panRequired: false, bookingQuestions: [] };
  switch (row.productType) {
    case "hotel": {
      const s = row.summary as HotelSummary;
      r.title = s.requiresGuestTitle ? "all" : "none";
      r.leadContact = slowSource || s.isPackage;
      break;
    }
    case "flight":
      Object.assign(r, { travelDocuments: true, title: "all", leadContact: true });
      break;
    case "activity": {
      const s = row.summary as ActivitySummary;
      r.title = s.requiresLeadTitle ? "lead" : "none";
      r.panRequired = s.countryCode === "IN";
      r.bookingQuestions = bookingQuestions(s);
      r.leadContact = r.bookingQuestions.some((q) => q.code === PICKUP.code);
      break;
    }
    case "transfer": {
      const s = row.summary as TransferSummary;
      r.flightDetails = s.pickupType === "airport" || s.dropoffType === "airport";
      r.title = s.requiresLeadTitle ? "lead" : "none";
      r.leadContact = true;
      break;
    }
  }
  if (triggers.has("lead-contact")) r.leadContact = true;
  if (triggers.has("titles")) r.title = "all";
  return r;
}
