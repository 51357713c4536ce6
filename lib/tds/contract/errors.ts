import type { z } from "zod";
import { errorEnvelopeSchema } from "./schemas";
import type { ErrorDetail } from "./types";

export type ErrorCategory = "auth" | "validation" | "not_found" | "conflict" | "gone" | "payment" | "rate_limit" | "server";

/** Every error code of the specification, with its status and the category (subclass) it maps to. */
export const ERROR_CODES = {
  // Authentication and access
  unauthorized: { status: 401, category: "auth" },
  forbidden: { status: 403, category: "auth" },
  api_key_owner_missing: { status: 403, category: "auth" },
  agreement_unsigned: { status: 403, category: "auth" },
  // Validation
  validation_error: { status: 400, category: "validation" },
  invalid_cursor: { status: 400, category: "validation" },
  invalid_limit: { status: 400, category: "validation" },
  unknown_destination: { status: 400, category: "validation" },
  invalid_hotel_selection: { status: 400, category: "validation" },
  invalid_product_type: { status: 400, category: "validation" },
  not_found: { status: 404, category: "not_found" },
  // Search and quotes
  search_expired: { status: 410, category: "gone" },
  quote_expired: { status: 410, category: "gone" },
  quote_invalid: { status: 409, category: "conflict" },
  unknown_supplier: { status: 409, category: "conflict" },
  rate_unavailable: { status: 409, category: "conflict" },
  pax_mix_unavailable: { status: 409, category: "conflict" },
  activity_recheck_unsupported: { status: 400, category: "validation" },
  rate_option_not_offered: { status: 400, category: "validation" },
  price_check_currency_unavailable: { status: 409, category: "conflict" },
  price_check_conflict: { status: 409, category: "conflict" },
  quote_not_repriceable: { status: 409, category: "conflict" },
  supplier_unavailable: { status: 503, category: "server" },
  // Bookings
  idempotency_key_required: { status: 400, category: "validation" },
  idempotency_in_progress: { status: 409, category: "conflict" },
  quote_not_price_checked: { status: 409, category: "conflict" },
  changes_ack_required: { status: 400, category: "validation" },
  package_ack_required: { status: 400, category: "validation" },
  traveler_manifest_mismatch: { status: 400, category: "validation" },
  supplier_contact_required: { status: 400, category: "validation" },
  traveler_title_required: { status: 400, category: "validation" },
  travel_documents_required: { status: 400, category: "validation" },
  transfer_flight_details_required: { status: 400, category: "validation" },
  pan_required: { status: 400, category: "validation" },
  unsupported_payment_method: { status: 400, category: "validation" },
  booking_answer_required: { status: 400, category: "validation" },
  booking_answer_invalid: { status: 400, category: "validation" },
  hold_not_eligible: { status: 400, category: "validation" },
  supplier_disabled: { status: 409, category: "conflict" },
  live_supplier_booking_blocked: { status: 409, category: "conflict" },
  booking_invalid_transition: { status: 409, category: "conflict" },
  // Payment and credit: one category whatever the status, so "credit" problems are handled together.
  credit_limit_exceeded: { status: 402, category: "payment" },
  credit_disabled: { status: 403, category: "payment" },
  wallet_currency_mismatch: { status: 409, category: "payment" },
  hold_payment_unsupported: { status: 409, category: "payment" },
  payment_operation_in_progress: { status: 409, category: "payment" },
  payment_authentication_pending: { status: 409, category: "payment" },
  // Platform
  rate_limited: { status: 429, category: "rate_limit" },
  conflict: { status: 409, category: "conflict" },
  gone: { status: 410, category: "gone" },
  internal_error: { status: 500, category: "server" },
} as const satisfies Record<string, { status: number; category: ErrorCategory }>;

export type TdsErrorCode = keyof typeof ERROR_CODES;

/** Codes the client itself produces (never sent by the service). */
export const CLIENT_ERROR_CODES = { invalidResponse: "invalid_response", connection: "connection_error", timeout: "timeout" } as const;

type TdsErrorInit = {
  status: number | null;
  code: string;
  message: string;
  details?: ErrorDetail[];
  headers?: Headers;
  retryAfter?: number | null;
  cause?: unknown;
};

/** An error from the Travel Distribution Service (or from reaching it). Clients branch on `code`. */
export class TdsError extends Error {
  /** HTTP status; null when no response arrived. */
  readonly status: number | null;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly headers: Headers;
  /** The service's request ID header, for support. */
  readonly requestId: string | null;
  /** Seconds the service asked to wait (Retry-After), if it said. */
  readonly retryAfter: number | null;

  constructor(init: TdsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.headers = init.headers ?? new Headers();
    this.requestId = this.headers.get("x-request-id") ?? this.headers.get("request-id");
    this.retryAfter = init.retryAfter ?? parseRetryAfter(this.headers.get("retry-after"));
  }
}

export class TdsAuthError extends TdsError {}
export class TdsValidationError extends TdsError {}
export class TdsNotFoundError extends TdsError {}
export class TdsConflictError extends TdsError {}
export class TdsGoneError extends TdsError {}
export class TdsPaymentError extends TdsError {}
export class TdsRateLimitError extends TdsError {}
export class TdsServerError extends TdsError {}

/** No response: the network failed, or the service could not be reached. */
export class TdsConnectionError extends TdsError {
  constructor(message: string, cause?: unknown, code: string = CLIENT_ERROR_CODES.connection) {
    super({ status: null, code, message, cause });
  }
}
export class TdsTimeoutError extends TdsConnectionError {
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs / 1000} seconds.`, undefined, CLIENT_ERROR_CODES.timeout);
  }
}

/** A successful answer whose body is not what the contract says. */
export class TdsResponseError extends TdsError {
  readonly issues: z.core.$ZodIssue[];
  constructor(init: { status: number; message: string; headers?: Headers; issues?: z.core.$ZodIssue[]; cause?: unknown }) {
    super({ ...init, code: CLIENT_ERROR_CODES.invalidResponse });
    this.issues = init.issues ?? [];
  }
}

const CLASSES: Record<ErrorCategory, typeof TdsError> = {
  auth: TdsAuthError,
  validation: TdsValidationError,
  not_found: TdsNotFoundError,
  conflict: TdsConflictError,
  gone: TdsGoneError,
  payment: TdsPaymentError,
  rate_limit: TdsRateLimitError,
  server: TdsServerError,
};

function categoryOf(code: string, status: number): ErrorCategory | null {
  if (Object.hasOwn(ERROR_CODES, code)) return ERROR_CODES[code as TdsErrorCode].category;
  if (status === 401 || status === 403) return "auth";
  if (status === 400 || status === 422) return "validation";
  if (status === 402) return "payment";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 410) return "gone";
  if (status === 429) return "rate_limit";
  if (status >= 500) return "server";
  return null;
}

/** The one factory: an error response (status, headers, raw body text) to the right TdsError subclass. */
export function tdsErrorFromResponse(status: number, headers: Headers, bodyText: string): TdsError {
  let parsed: z.infer<typeof errorEnvelopeSchema> | null = null;
  try {
    const result = errorEnvelopeSchema.safeParse(JSON.parse(bodyText));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON: a proxy's HTML page, an empty body…
  }
  const code = parsed?.error.code ?? CLIENT_ERROR_CODES.invalidResponse;
  const message =
    parsed?.error.message ||
    (parsed
      ? `The service answered HTTP ${status} (${code}).`
      : `The service answered HTTP ${status} with a body that is not its JSON error envelope.`);
  const category = categoryOf(code, status);
  const ErrorClass = category ? CLASSES[category] : TdsError;
  return new ErrorClass({ status, code, message, details: parsed?.error.details ?? [], headers });
}

/** Retry-After as seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
