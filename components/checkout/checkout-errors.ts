import { ApiError } from "@/lib/api-client";

// What each failure of checkout means for the advisor: a sentence and the way forward. The
// BFF's message (lib/bff/errors.ts) is already a sentence; these add the title and the action.

export type PriceCheckAction = "search_again" | "retry" | "back" | "options";
export type Problem<A extends string> = { title: string; message: string; action: A; code: string };

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong while checking the price. Try again in a moment.";
const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : "unknown");

export const EXPIRED_CODES = new Set(["quote_expired", "search_expired", "quote_not_repriceable"]);

/** A failed price-check (or activity options list) as the advisor reads it. */
export function priceCheckProblem(err: unknown): Problem<PriceCheckAction> {
  const code = codeOf(err);
  const message = messageOf(err);
  const p = (title: string, action: PriceCheckAction, text = message): Problem<PriceCheckAction> => ({ title, message: text, action, code });
  switch (code) {
    case "quote_expired":
    case "search_expired":
      return p("This rate has expired", "search_again", "Prices are held for 20 minutes. Search again with the same details to get current prices.");
    case "quote_not_repriceable":
      return p("This rate can no longer be booked", "search_again", "It has already been booked or has expired. Search again to get current prices.");
    case "rate_unavailable":
      return p("This rate is no longer available", "back", "It has just sold out or is no longer offered. Go back to the results and pick another rate.");
    case "quote_invalid":
      return p("This rate has no usable price", "back", "The provider no longer gives a price for it. Go back to the results and pick another rate.");
    case "unknown_supplier":
      return p("The provider of this rate cannot be reached", "back", "Its price cannot be confirmed, so it cannot be booked. Pick another rate from the results.");
    case "supplier_unavailable":
      return p("The provider did not answer in time", "retry", "This is usually brief. Check the price again in a moment, or pick another rate.");
    case "price_check_conflict":
      return p("Another price check of this rate finished first", "retry", "Check the price again to see the current one.");
    case "price_check_currency_unavailable":
      return p("This price cannot be shown in the agency's currency", "back", "The live price cannot be converted. Pick another rate from the results.");
    case "pax_mix_unavailable":
      return p("Not available for this group of travellers", "back", message);
    case "rate_option_not_offered":
      return p("That option is no longer offered", "options", "Pick one of the options shown below.");
    case "rate_limited":
      return p("The travel service is busy", "retry", message);
    default:
      if (err instanceof ApiError && (err.isNetworkError || err.status >= 500)) return p("The price could not be checked", "retry");
      return p("The price could not be checked", "back");
  }
}

export type BookingFailure =
  /** No answer or a failure on the service's side: it may have booked. Resend the same attempt. */
  | { kind: "uncertain" }
  /** The same key is still running: resend the same attempt after a few seconds. */
  | { kind: "in_progress" }
  /** The agency's request budget is spent for now (nothing reached the service): resend the same attempt when it refills. */
  | { kind: "busy"; retryInMs: number }
  | { kind: "expired" }
  /** The price-check is older than 10 minutes (or the quote was claimed): check again, then confirm. */
  | { kind: "reprice" }
  | { kind: "hold_not_eligible" }
  | { kind: "credit" }
  /** The details land on form fields. */
  | { kind: "fields" }
  | { kind: "manifest" }
  | { kind: "session" }
  | { kind: "other" };

const FIELD_CODES = new Set([
  "validation_error",
  "traveler_title_required",
  "supplier_contact_required",
  "travel_documents_required",
  "transfer_flight_details_required",
  "pan_required",
  "booking_answer_required",
  "booking_answer_invalid",
  "changes_ack_required",
  "package_ack_required",
]);
const CREDIT_CODES = new Set(["credit_limit_exceeded", "credit_disabled", "wallet_currency_mismatch"]);

export function classifyBookingError(err: unknown): BookingFailure {
  if (!(err instanceof ApiError)) return { kind: "uncertain" };
  const code = err.code;
  if (code === "idempotency_in_progress") return { kind: "in_progress" };
  if (code === "rate_limited") return { kind: "busy", retryInMs: Math.min(30, Math.max(2, err.retryAfterSeconds ?? 5)) * 1000 };
  if (err.isNetworkError || err.status >= 500 || code === "invalid_response") return { kind: "uncertain" };
  if (EXPIRED_CODES.has(code)) return { kind: "expired" };
  if (code === "quote_not_price_checked") return { kind: "reprice" };
  if (code === "hold_not_eligible") return { kind: "hold_not_eligible" };
  if (CREDIT_CODES.has(code)) return { kind: "credit" };
  if (code === "traveler_manifest_mismatch") return { kind: "manifest" };
  if (code === "unauthorized" && err.status === 401) return { kind: "session" };
  if (FIELD_CODES.has(code)) return { kind: "fields" };
  return { kind: "other" };
}

export const CREDIT_TITLES: Record<string, string> = {
  credit_limit_exceeded: "The agency's credit does not cover this booking",
  credit_disabled: "Credit payments are switched off for the agency",
  wallet_currency_mismatch: "This price is not in the agency credit's currency",
};
