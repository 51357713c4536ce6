import { UserError, type UserErrorCode } from "@/lib/auth/users";
import {
  ERROR_CODES,
  TdsConnectionError,
  TdsError,
  TdsResponseError,
  TdsTimeoutError,
  type ErrorDetail,
  type TdsErrorCode,
} from "@/lib/tds/contract";
import type { ErrorDetail as BffErrorDetail } from "./envelope";

// The one error table of the BFF (docs/bff.md#errors). Every code the service can send keeps
// its `code` (the browser branches on it) and gets the HTTP status the BFF answers, a
// sentence an advisor understands and, where the problem belongs to a form field, that
// field's path. 401 and 403 are kept for the advisor's own session and role: when the
// service refuses the agency's key, the desk answers 503 so no page mistakes it for a
// sign-in problem. The users module's refusals (`UserError`) have their rows here too: every
// handler's errors, sign-in and users included, are answered from this one file.

export type { BffErrorDetail };

export class BffError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: BffErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: BffErrorDetail[];
    headers?: Record<string, string>;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "BffError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.headers = init.headers ?? {};
  }
}

/** Codes the BFF produces itself (the service never sends the last four). */
export const BFF_ERRORS = {
  unauthorized: { status: 401, message: "Sign in to continue." },
  forbidden: { status: 403, message: "Your role does not allow this. Ask an admin if you need it." },
  cross_site: { status: 403, message: "This request did not come from the desk's own pages, so it was refused. Reload the page and try again." },
  validation_error: { status: 400, message: "Some fields need attention." },
  invalid_json: { status: 400, message: "The request body is not valid JSON." },
  body_too_large: { status: 400, message: "The request is too large." },
  unsupported_media_type: { status: 415, message: "The request body must be sent as JSON." },
  method_not_allowed: { status: 405, message: "The desk does not answer this kind of request." },
  rate_limited: { status: 429, message: "The desk is busy with other requests to the travel service. Try again in a few seconds." },
  internal_error: { status: 500, message: "Something went wrong on the desk's side. Try again; if it keeps happening, tell an admin." },
  service_unreachable: { status: 502, message: "The travel service could not be reached. Try again in a moment." },
  service_timeout: { status: 504, message: "The travel service did not answer in time. Try again in a moment." },
  service_invalid_response: {
    status: 502,
    message: "The travel service sent an answer the desk could not read. Try again; if it keeps happening, tell an admin.",
  },
  not_held: {
    status: 409,
    message: "Only a hold can be paid automatically, and this booking is not held (or its payment deadline has passed). Reload the booking to see where it stands.",
  },
  booking_outcome_unknown: {
    status: 504,
    message:
      "The travel service did not confirm whether the booking went through. Submit again with the same form: the desk will not book twice.",
  },
} as const;

type ServiceErrorEntry = {
  status: number;
  message: string;
  /** Where the problem belongs in the request the advisor filled in, when the service's details do not say. */
  field?: string;
};

const AGENCY = "An admin needs to fix the desk's connection to the travel service.";

/** All 51 codes of the specification (lib/tds ERROR_CODES); `satisfies` makes a missing one a type error. */
export const SERVICE_ERRORS = {
  // Authentication and access: about the agency's key, never the advisor's login.
  unauthorized: { status: 503, message: `The travel service did not accept the agency's API key (missing, revoked or expired, or the agency's access is off). ${AGENCY}` },
  forbidden: { status: 503, message: `The travel service refused this for the agency's API key: it belongs to another agency, or the key's access level is too low. ${AGENCY}` },
  api_key_owner_missing: { status: 503, message: `The agency's API key is too old to search or book (it has no recorded creator). ${AGENCY}` },
  agreement_unsigned: { status: 503, message: "The agency has not signed the travel service's distribution agreement yet. An agency admin must sign it in the service's portal." },
  // Validation
  validation_error: { status: 400, message: "Some fields need attention." },
  invalid_cursor: { status: 400, message: "That page of results is no longer valid. Go back to the first page.", field: "cursor" },
  invalid_limit: { status: 400, message: "The number of results per page must be a whole number of at least 1.", field: "limit" },
  unknown_destination: { status: 400, message: "We could not find that destination. Pick one from the suggestions.", field: "destination" },
  invalid_hotel_selection: { status: 400, message: "A specific hotel can only be chosen for a hotel search.", field: "hotelId" },
  invalid_product_type: { status: 400, message: "This is only available for hotels." },
  not_found: { status: 404, message: "We could not find that. It may have been removed, or the link is wrong." },
  // Search and quotes
  search_expired: { status: 410, message: "This search has expired. Search again to see current prices." },
  quote_expired: { status: 410, message: "This price has expired. Search again or reopen the hotel's rates to get a fresh one." },
  quote_invalid: { status: 409, message: "This rate has no usable price any more. Pick another room or search again." },
  unknown_supplier: { status: 409, message: "The provider of this rate cannot be reached to confirm the price. Pick another rate." },
  rate_unavailable: { status: 409, message: "This rate has just sold out. Pick another room or search again." },
  pax_mix_unavailable: { status: 409, message: "This activity is not available for this group of travellers. Change the travellers or pick another option.", field: "occupancy" },
  activity_recheck_unsupported: { status: 400, message: "This product has no separate options to choose from." },
  rate_option_not_offered: { status: 400, message: "That option is no longer offered. Pick one of the options shown.", field: "supplierRateRef" },
  price_check_currency_unavailable: { status: 409, message: "The live price cannot be converted to the agency's currency. Pick another rate." },
  price_check_conflict: { status: 409, message: "Another price check of this rate finished first. Check the price again." },
  quote_not_repriceable: { status: 409, message: "This rate has already been booked or has expired. Search again." },
  supplier_unavailable: { status: 503, message: "The provider of this rate did not answer in time. Try again in a moment, or pick another rate." },
  // Bookings
  idempotency_key_required: { status: 400, message: "The form lost its submission key. Reload the page and submit again." },
  idempotency_in_progress: {
    status: 409,
    message: "This booking step is already being processed, or the form changed since it was sent. Wait a moment and check the booking before trying again.",
  },
  quote_not_price_checked: { status: 409, message: "The price needs to be checked again before booking (it was checked over 10 minutes ago, or the rate was already booked). Check the price, then confirm." },
  changes_ack_required: { status: 400, message: "The price changed while you were checking out — review the new price and confirm.", field: "changesAcknowledged" },
  package_ack_required: { status: 400, message: "This rate is only sold as part of a package. Confirm that the traveller accepts the package terms.", field: "packageRateAcknowledged" },
  traveler_manifest_mismatch: { status: 400, message: "The travellers do not match the rooms, adults and children that were searched.", field: "travelers" },
  supplier_contact_required: { status: 400, message: "Add the lead traveller's email address and phone number.", field: "travelers.0.email" },
  traveler_title_required: { status: 400, message: "Choose a title (Mr, Mrs, Ms, Miss, Master or Dr) for each traveller who needs one.", field: "travelers.0.title" },
  travel_documents_required: { status: 400, message: "A passenger's travel documents are missing, or a passport expires within 6 months of travel.", field: "travelers.0.passportNumber" },
  transfer_flight_details_required: { status: 400, message: "Add the airline and flight number (at most 7 characters) for this transfer.", field: "travelers.0.flightNumber" },
  pan_required: { status: 400, message: "This activity needs the lead traveller's Indian PAN (five letters, four digits, one letter).", field: "panNumber" },
  unsupported_payment_method: { status: 400, message: "Only payment from the agency's credit is available.", field: "paymentMethod" },
  booking_answer_required: { status: 400, message: "Answer the required booking questions.", field: "bookingAnswers" },
  booking_answer_invalid: { status: 400, message: "One of the booking answers is not allowed or is too long.", field: "bookingAnswers" },
  hold_not_eligible: { status: 400, message: "This rate cannot be held: holds need a fully refundable hotel rate with free cancellation ahead. Book it now instead.", field: "hold" },
  supplier_disabled: { status: 409, message: "This provider was switched off since the search. Search again." },
  live_supplier_booking_blocked: { status: 409, message: "In the test environment only rates that are still free to cancel can be booked for this provider. Pick a refundable rate." },
  booking_invalid_transition: { status: 409, message: "The booking's status has changed, so this is no longer possible. Reload the booking to see where it stands." },
  // Payment and credit
  credit_limit_exceeded: { status: 402, message: "The agency's available credit does not cover this booking. Ask an admin to top up the credit." },
  credit_disabled: { status: 403, message: "Credit payments are switched off for the agency. Ask an admin." },
  wallet_currency_mismatch: { status: 409, message: "This price is in a different currency from the agency's credit. Search again in the agency's currency." },
  hold_payment_unsupported: { status: 409, message: "A held booking can only be paid from the agency's credit." },
  payment_operation_in_progress: { status: 409, message: "Another payment or cancellation of this booking is still running. Wait a moment, then reload the booking." },
  payment_authentication_pending: { status: 409, message: "A card authentication for this booking was never completed, and cards are not available through the desk. Contact the travel service's support." },
  // Platform
  rate_limited: { status: 429, message: "The travel service is limiting the agency's requests right now. Try again in a few seconds." },
  conflict: { status: 409, message: "This could not be done right now because something else is changing the same item. Reload and try again." },
  gone: { status: 410, message: "This is no longer available." },
  internal_error: { status: 502, message: "The travel service had a problem. Try again in a moment." },
} as const satisfies Record<TdsErrorCode, ServiceErrorEntry>;

const isServiceCode = (code: string): code is TdsErrorCode => Object.hasOwn(ERROR_CODES, code);

/**
 * The service's details, or one detail on the table's field. `travelers.0.title`-style fallbacks
 * are only used when the service said nothing more precise.
 */
function detailsFor(entry: ServiceErrorEntry, details: ErrorDetail[], message: string): BffErrorDetail[] {
  const given = details.filter((d) => d.path !== "").map((d) => ({ path: d.path, message: d.message }));
  if (given.length > 0) return given;
  // The fallback repeats the error's sentence: the browser knows it for "somewhere here" and may place it better.
  return entry.field ? [{ path: entry.field, message }] : [];
}

/** Seconds to wait, as a header value: at least 1, whole seconds. */
export const retryAfterHeader = (seconds: number) => String(Math.max(1, Math.ceil(seconds)));

/** Any error a service call can throw, as the BffError the advisor sees. */
export function fromTdsError(err: TdsError): BffError {
  if (err instanceof TdsTimeoutError) return bff("service_timeout", err);
  if (err instanceof TdsConnectionError) return bff("service_unreachable", err);
  if (err instanceof TdsResponseError || !isServiceCode(err.code)) return bff("service_invalid_response", err);
  const entry: ServiceErrorEntry = SERVICE_ERRORS[err.code];
  const headers: Record<string, string> = {};
  if (err.code === "rate_limited" || err.status === 503) {
    if (err.retryAfter !== null) headers["Retry-After"] = retryAfterHeader(err.retryAfter);
  }
  // The service's own message explains validation in its terms; its details carry the
  // per-field sentences. Travel documents are the exception: its message names the traveller.
  const message = err.code === "travel_documents_required" && err.message ? err.message : entry.message;
  return new BffError({ status: entry.status, code: err.code, message, details: detailsFor(entry, err.details, message), headers, cause: err });
}

function bff(code: keyof typeof BFF_ERRORS, cause: unknown): BffError {
  const { status, message } = BFF_ERRORS[code];
  return new BffError({ status, code, message, cause });
}

/** A BffError for one of the BFF's own codes (cross-site and invalid JSON answer as forbidden / validation_error). */
export function bffError(
  code: keyof typeof BFF_ERRORS,
  extra: { message?: string; details?: BffErrorDetail[]; headers?: Record<string, string> } = {},
): BffError {
  const { status, message } = BFF_ERRORS[code];
  const wire = code === "cross_site" ? "forbidden" : code === "invalid_json" || code === "body_too_large" ? "validation_error" : code;
  return new BffError({ status, code: wire, message: extra.message ?? message, details: extra.details, headers: extra.headers });
}

/**
 * A rule of the users module the request would break (lib/auth/users.ts `UserError`): its
 * sentence, the status and wire code it answers with, and the form field it belongs to.
 */
const USER_ERRORS: Record<UserErrorCode, { status: number; code: string; field?: string }> = {
  email_taken: { status: 409, code: "conflict", field: "email" },
  not_found: { status: 404, code: "not_found" },
  self_change: { status: 403, code: "forbidden" },
  last_admin: { status: 409, code: "conflict" },
  password_already_set: { status: 409, code: "conflict" },
  invite_invalid: { status: 404, code: "not_found" },
  invite_expired: { status: 410, code: "gone" },
  invite_used: { status: 409, code: "conflict" },
};

/** Any error a handler let through, as the BffError the browser sees; null for an unexpected one (a bug: the 500). */
export function toBffError(err: unknown): BffError | null {
  if (err instanceof BffError) return err;
  if (err instanceof TdsError) return fromTdsError(err);
  if (err instanceof UserError) {
    const { status, code, field } = USER_ERRORS[err.code];
    return new BffError({ status, code, message: err.message, details: field ? [{ path: field, message: err.message }] : [], cause: err });
  }
  return null;
}
