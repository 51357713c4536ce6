import { describe, expect, it } from "vitest";
import { createTdsClient } from "../client";
import {
  ERROR_CODES,
  parseRetryAfter,
  TdsAuthError,
  TdsConflictError,
  TdsError,
  TdsGoneError,
  TdsNotFoundError,
  TdsPaymentError,
  TdsRateLimitError,
  TdsServerError,
  TdsValidationError,
  tdsErrorFromResponse,
} from "./errors";
import { errorJson, scriptedFetch } from "@/lib/testing/tds";

type ErrorClass = new (...args: never[]) => TdsError;

// Every code of the specification's Errors section, written out here (not derived from
// ERROR_CODES) so that the table is checked against the specification, not against itself.
const SPEC: Array<[code: string, status: number, Class: ErrorClass]> = [
  ["unauthorized", 401, TdsAuthError],
  ["forbidden", 403, TdsAuthError],
  ["api_key_owner_missing", 403, TdsAuthError],
  ["agreement_unsigned", 403, TdsAuthError],
  ["validation_error", 400, TdsValidationError],
  ["invalid_cursor", 400, TdsValidationError],
  ["invalid_limit", 400, TdsValidationError],
  ["unknown_destination", 400, TdsValidationError],
  ["invalid_hotel_selection", 400, TdsValidationError],
  ["invalid_product_type", 400, TdsValidationError],
  ["not_found", 404, TdsNotFoundError],
  ["search_expired", 410, TdsGoneError],
  ["quote_expired", 410, TdsGoneError],
  ["quote_invalid", 409, TdsConflictError],
  ["unknown_supplier", 409, TdsConflictError],
  ["rate_unavailable", 409, TdsConflictError],
  ["pax_mix_unavailable", 409, TdsConflictError],
  ["activity_recheck_unsupported", 400, TdsValidationError],
  ["rate_option_not_offered", 400, TdsValidationError],
  ["price_check_currency_unavailable", 409, TdsConflictError],
  ["price_check_conflict", 409, TdsConflictError],
  ["quote_not_repriceable", 409, TdsConflictError],
  ["supplier_unavailable", 503, TdsServerError],
  ["idempotency_key_required", 400, TdsValidationError],
  ["idempotency_in_progress", 409, TdsConflictError],
  ["quote_not_price_checked", 409, TdsConflictError],
  ["changes_ack_required", 400, TdsValidationError],
  ["package_ack_required", 400, TdsValidationError],
  ["traveler_manifest_mismatch", 400, TdsValidationError],
  ["supplier_contact_required", 400, TdsValidationError],
  ["traveler_title_required", 400, TdsValidationError],
  ["travel_documents_required", 400, TdsValidationError],
  ["transfer_flight_details_required", 400, TdsValidationError],
  ["pan_required", 400, TdsValidationError],
  ["unsupported_payment_method", 400, TdsValidationError],
  ["booking_answer_required", 400, TdsValidationError],
  ["booking_answer_invalid", 400, TdsValidationError],
  ["hold_not_eligible", 400, TdsValidationError],
  ["supplier_disabled", 409, TdsConflictError],
  ["live_supplier_booking_blocked", 409, TdsConflictError],
  ["booking_invalid_transition", 409, TdsConflictError],
  ["credit_limit_exceeded", 402, TdsPaymentError],
  ["credit_disabled", 403, TdsPaymentError],
  ["wallet_currency_mismatch", 409, TdsPaymentError],
  ["hold_payment_unsupported", 409, TdsPaymentError],
  ["payment_operation_in_progress", 409, TdsPaymentError],
  ["payment_authentication_pending", 409, TdsPaymentError],
  ["rate_limited", 429, TdsRateLimitError],
  ["conflict", 409, TdsConflictError],
  ["gone", 410, TdsGoneError],
  ["internal_error", 500, TdsServerError],
];

describe("error mapping", () => {
  it("the client's table holds exactly the specification's codes and statuses", () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual(SPEC.map(([code]) => code).sort());
    for (const [code, status] of SPEC) expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status).toBe(status);
  });

  it.each(SPEC)("%s (HTTP %i) becomes %o through the client", async (code, status, Class) => {
    const details = code === "validation_error" ? [{ path: "occupancy.0.adults", message: "At most 8 adults." }] : [];
    const { fetch, calls } = scriptedFetch(errorJson(status, code, { "X-Request-Id": "req_42" }, details));
    const client = createTdsClient({ baseUrl: "https://tds.example.test", apiKey: "k", fetch, maxRetries: 0 });
    const err = await client.getBooking("bk_1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Class);
    expect(err).toBeInstanceOf(TdsError);
    expect(err).toMatchObject({ name: Class.name, status, code, message: `Service says ${code}.`, details, requestId: "req_42" });
    expect(calls).toHaveLength(1);
  });

  it.each([
    [400, TdsValidationError],
    [401, TdsAuthError],
    [402, TdsPaymentError],
    [403, TdsAuthError],
    [404, TdsNotFoundError],
    [409, TdsConflictError],
    [410, TdsGoneError],
    [429, TdsRateLimitError],
    [502, TdsServerError],
    [418, TdsError],
  ] as Array<[number, ErrorClass]>)("a code the client does not know, on HTTP %i, is classed by status (%o)", (status, Class) => {
    const err = tdsErrorFromResponse(status, new Headers(), JSON.stringify({ data: null, meta: {}, error: { code: "brand_new_code", message: "New.", details: [] } }));
    expect(err.constructor).toBe(Class);
    expect(err).toMatchObject({ status, code: "brand_new_code", message: "New." });
  });

  it("a body that is not the envelope becomes invalid_response with a plain sentence, classed by status", () => {
    for (const body of ["<html>Bad gateway</html>", "", '{"error":"nope"}', "null"]) {
      const err = tdsErrorFromResponse(502, new Headers(), body);
      expect(err).toBeInstanceOf(TdsServerError);
      expect(err).toMatchObject({ status: 502, code: "invalid_response", details: [] });
      expect(err.message).toBe("The service answered HTTP 502 with a body that is not its JSON error envelope.");
    }
  });

  it("tolerates an envelope with malformed details or no message", () => {
    const err = tdsErrorFromResponse(400, new Headers(), JSON.stringify({ error: { code: "validation_error", details: "oops" } }));
    expect(err).toBeInstanceOf(TdsValidationError);
    expect(err).toMatchObject({ code: "validation_error", details: [], message: "The service answered HTTP 400 (validation_error)." });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const err = tdsErrorFromResponse(429, new Headers({ "Retry-After": "17" }), JSON.stringify({ error: { code: "rate_limited", message: "Slow down.", details: [] } }));
    expect(err.retryAfter).toBe(17);
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
