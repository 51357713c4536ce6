import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  TdsConnectionError,
  TdsResponseError,
  TdsTimeoutError,
  tdsErrorFromResponse,
  type TdsErrorCode,
} from "@/lib/tds/contract";
import { UserError } from "@/lib/auth/users";
import { BFF_ERRORS, BffError, fromTdsError, SERVICE_ERRORS, toBffError } from "./errors";

const serviceError = (status: number, code: string, details: unknown[] = [], headers: Record<string, string> = {}) =>
  tdsErrorFromResponse(status, new Headers(headers), JSON.stringify({ data: null, meta: {}, error: { code, message: `Service says ${code}.`, details } }));

const wire = (e: ReturnType<typeof fromTdsError>) => ({ status: e.status, code: e.code, message: e.message, details: e.details, headers: e.headers });

describe("the error table", () => {
  it("has every one of the specification's 51 codes, and nothing else", () => {
    expect(Object.keys(SERVICE_ERRORS).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(Object.keys(SERVICE_ERRORS)).toHaveLength(51);
  });

  it.each(Object.keys(ERROR_CODES) as TdsErrorCode[])("%s keeps its code and gets a sentence", (code) => {
    const mapped = fromTdsError(serviceError(ERROR_CODES[code].status, code));
    expect(mapped.code).toBe(code);
    expect(mapped.status).toBe(SERVICE_ERRORS[code].status);
    expect(mapped.message).toMatch(/^[A-Z].*[.!]$/);
    // Only travel documents keep the service's sentence: it names the traveller.
    if (code !== "travel_documents_required") expect(mapped.message).not.toContain("Service says");
  });

  it("keeps the service's message for travel documents, which names the traveller", () => {
    const err = tdsErrorFromResponse(
      400,
      new Headers(),
      JSON.stringify({ data: null, meta: {}, error: { code: "travel_documents_required", message: "Ana Silva's passport expires within 6 months of travel.", details: [] } }),
    );
    expect(fromTdsError(err).message).toBe("Ana Silva's passport expires within 6 months of travel.");
  });

  it("never answers 401 or 403 for the agency's key: those statuses are the advisor's own session and role", () => {
    for (const code of ["unauthorized", "forbidden", "api_key_owner_missing", "agreement_unsigned"] as const) {
      expect(SERVICE_ERRORS[code].status).toBe(503);
      expect(SERVICE_ERRORS[code].message).toMatch(/admin/);
    }
    const statuses = new Set<number>(Object.values(SERVICE_ERRORS).map((e) => e.status));
    expect(statuses.has(401)).toBe(false);
  });

  it.each([
    [
      "the service's field details are kept",
      serviceError(400, "traveler_title_required", [{ path: "travelers.1.title", message: "A title is required." }]),
      { status: 400, code: "traveler_title_required", message: SERVICE_ERRORS.traveler_title_required.message, details: [{ path: "travelers.1.title", message: "A title is required." }], headers: {} },
    ],
    [
      "without details, the table's field",
      serviceError(400, "changes_ack_required"),
      {
        status: 400,
        code: "changes_ack_required",
        message: "The price changed while you were checking out — review the new price and confirm.",
        details: [{ path: "changesAcknowledged", message: "The price changed while you were checking out — review the new price and confirm." }],
        headers: {},
      },
    ],
    [
      "no field, no details",
      serviceError(409, "rate_unavailable"),
      { status: 409, code: "rate_unavailable", message: "This rate has just sold out. Pick another room or search again.", details: [], headers: {} },
    ],
    [
      "Retry-After passed on for 429",
      serviceError(429, "rate_limited", [], { "Retry-After": "17" }),
      { status: 429, code: "rate_limited", message: SERVICE_ERRORS.rate_limited.message, details: [], headers: { "Retry-After": "17" } },
    ],
    [
      "and for a supplier that did not answer",
      serviceError(503, "supplier_unavailable", [], { "Retry-After": "5" }),
      { status: 503, code: "supplier_unavailable", message: SERVICE_ERRORS.supplier_unavailable.message, details: [], headers: { "Retry-After": "5" } },
    ],
    [
      "the service's own failure is a bad gateway, not the desk's 500",
      serviceError(500, "internal_error"),
      { status: 502, code: "internal_error", message: SERVICE_ERRORS.internal_error.message, details: [], headers: {} },
    ],
    [
      "no answer at all",
      new TdsConnectionError("The service could not be reached.", new Error("ECONNREFUSED 10.0.0.1:443")),
      { status: 502, code: "service_unreachable", message: BFF_ERRORS.service_unreachable.message, details: [], headers: {} },
    ],
    [
      "no answer in time",
      new TdsTimeoutError(10_000),
      { status: 504, code: "service_timeout", message: BFF_ERRORS.service_timeout.message, details: [], headers: {} },
    ],
    [
      "an answer the desk cannot read",
      new TdsResponseError({ status: 200, message: "bad shape" }),
      { status: 502, code: "service_invalid_response", message: BFF_ERRORS.service_invalid_response.message, details: [], headers: {} },
    ],
    [
      "a code the specification does not have",
      serviceError(418, "teapot"),
      { status: 502, code: "service_invalid_response", message: BFF_ERRORS.service_invalid_response.message, details: [], headers: {} },
    ],
  ] as const)("%s", (_name, error, expected) => {
    expect(wire(fromTdsError(error))).toEqual(expected);
  });
});

describe("the users module's refusals", () => {
  it.each([
    [new UserError("email_taken", "Taken."), 409, "conflict", [{ path: "email", message: "Taken." }]],
    [new UserError("last_admin", "Last."), 409, "conflict", []],
    [new UserError("self_change", "Self."), 403, "forbidden", []],
    [new UserError("not_found", "Nobody."), 404, "not_found", []],
    [new UserError("invite_invalid", "Bad link."), 404, "not_found", []],
    [new UserError("invite_expired", "Old."), 410, "gone", []],
    [new UserError("invite_used", "Used."), 409, "conflict", []],
    [new UserError("password_already_set", "Set."), 409, "conflict", []],
  ])("%s is answered from the one table", (err, status, code, details) => {
    expect(wire(toBffError(err)!)).toEqual({ status, code, message: err.message, details, headers: {} });
  });

  it("passes a BffError through, and leaves an unexpected error to the wrapper's 500", () => {
    const e = new BffError({ status: 429, code: "rate_limited", message: "Wait.", headers: { "Retry-After": "60" } });
    expect(toBffError(e)).toBe(e);
    expect(toBffError(new Error("secret internals"))).toBeNull();
  });
});
