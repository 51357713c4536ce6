import { ApiError } from "@/lib/api-client";

// What a failed step on a booking (pay, cancel, email the voucher, check the status) means for
// the advisor: a title, the BFF's sentence (lib/bff/errors.ts words every code of the
// specification) and what to do next. `retry: "same"` resends the same request with the same
// idempotency key, so a lost answer never pays or cancels twice.

export type BookingStep = "pay" | "cancel" | "email" | "refresh";
export type ActionProblem = {
  code: string;
  title: string;
  message: string;
  /** same: try again with the same request; reload: the booking changed, read it again; none: nothing to retry. */
  next: "same" | "reload" | "signin" | "none";
};

const STEP_NOUN: Record<BookingStep, string> = {
  pay: "The payment",
  cancel: "The cancellation",
  email: "The email",
  refresh: "The status check",
};

/** Codes whose answer is that the step may or may not have happened: retry the same request. */
const UNCERTAIN = new Set(["network_error", "invalid_response", "service_unreachable", "service_timeout", "service_invalid_response", "internal_error"]);

const TITLES: Record<string, { title: string; next: ActionProblem["next"] }> = {
  booking_invalid_transition: { title: "The booking has moved on", next: "reload" },
  credit_limit_exceeded: { title: "The agency's credit does not cover this booking", next: "none" },
  credit_disabled: { title: "Credit payments are switched off for the agency", next: "none" },
  wallet_currency_mismatch: { title: "The booking is not in the credit's currency", next: "none" },
  hold_payment_unsupported: { title: "This hold can only be paid from credit", next: "none" },
  payment_operation_in_progress: { title: "Another payment step is running on this booking", next: "reload" },
  payment_authentication_pending: { title: "A card authentication was never completed", next: "none" },
  idempotency_in_progress: { title: "Still being processed", next: "reload" },
  idempotency_key_required: { title: "The request lost its key", next: "same" },
  rate_limited: { title: "The travel service is busy", next: "same" },
  supplier_unavailable: { title: "The provider did not answer in time", next: "same" },
  not_found: { title: "This booking could not be found", next: "none" },
  gone: { title: "This is no longer available", next: "reload" },
  conflict: { title: "Something else is changing this booking", next: "reload" },
  validation_error: { title: "Some fields need attention", next: "none" },
  unauthorized: { title: "Your session has ended", next: "signin" },
  forbidden: { title: "This is not allowed", next: "none" },
  cross_site: { title: "The request was refused", next: "reload" },
};

export function actionProblem(step: BookingStep, err: unknown): ActionProblem {
  if (!(err instanceof ApiError)) {
    return { code: "unknown", title: `${STEP_NOUN[step]} did not finish`, message: "Something went wrong in the browser. Try again.", next: "same" };
  }
  const { code, message } = err;
  if (err.isNetworkError || UNCERTAIN.has(code) || err.status >= 500) {
    const mayHave = step === "pay" || step === "cancel" || step === "email";
    return {
      code,
      title: mayHave ? `We did not hear back about ${STEP_NOUN[step].toLowerCase()}` : `${STEP_NOUN[step]} did not finish`,
      message: mayHave
        ? `${message} It may already have gone through: try again and the desk resends the very same request, so it is never done twice.`
        : message,
      next: "same",
    };
  }
  if (code === "unauthorized" && err.status === 401) return { code, title: TITLES.unauthorized!.title, message, next: "signin" };
  const known = TITLES[code];
  return { code, title: known?.title ?? `${STEP_NOUN[step]} did not go through`, message, next: known?.next ?? "none" };
}
