import { describe, expect, it, vi } from "vitest";
import { applyFieldErrors, envelopeError, fieldErrors } from "./api-client";
import { errorEnvelopeSchema } from "./tds/contract/schemas";

// The browser reads the error envelope by hand (no schema library on every page); it must
// read every body as the service's schema does.
const bodies: unknown[] = [
  null,
  "text",
  [],
  { data: { id: 1 }, error: null },
  { error: null },
  { error: "boom" },
  { error: {} },
  { error: { code: "" } },
  { error: { code: 42, message: "x" } },
  { error: { code: "not_found" } },
  { error: { code: "not_found", message: "No such booking." } },
  { error: { code: "not_found", message: 7, details: [] } },
  { error: { code: "validation_error", message: "Fix it.", details: [{ path: "email", message: "Enter an email." }] } },
  { error: { code: "validation_error", message: "Fix it.", details: [{ path: "email", message: "Enter an email.", hint: "x" }] } },
  { error: { code: "validation_error", message: "Fix it.", details: [{ path: "email" }] } },
  { error: { code: "validation_error", message: "Fix it.", details: "none" } },
  { error: { code: "rate_limited", message: "Slow down.", details: [], retryAfter: 3 }, data: null },
];

describe("envelopeError", () => {
  it.each(bodies.map((b) => [JSON.stringify(b), b]))("reads %s as errorEnvelopeSchema does", (_, body) => {
    const parsed = errorEnvelopeSchema.safeParse(body);
    const expected = parsed.success ? { code: parsed.data.error.code, message: parsed.data.error.message, details: parsed.data.error.details } : null;
    expect(envelopeError(body)).toEqual(expected);
  });
});

const details = [
  { path: "email", message: "Enter an email address such as name@agency.com." },
  { path: "role", message: "Choose admin or advisor." },
  { path: "email", message: "A second sentence on the same field." },
  { path: "", message: "Not on any field." },
];

describe("fieldErrors", () => {
  it("gives the first sentence of each known field and the first such field to focus", () => {
    expect(fieldErrors(details, ["name", "email", "role"] as const)).toEqual({
      errors: { email: "Enter an email address such as name@agency.com.", role: "Choose admin or advisor." },
      first: "email",
    });
  });

  it("gives nothing to focus when no detail belongs to a field", () => {
    expect(fieldErrors(details, ["password"] as const)).toEqual({ errors: {}, first: null });
  });
});

describe("applyFieldErrors", () => {
  it("sets each field's sentence on the form, focusing only the first, and says whether any was placed", () => {
    const setError = vi.fn();
    expect(applyFieldErrors(details, ["name", "email", "role"] as const, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["email", { type: "server", message: "Enter an email address such as name@agency.com." }, { shouldFocus: true }],
      ["role", { type: "server", message: "Choose admin or advisor." }, { shouldFocus: false }],
    ]);
    expect(applyFieldErrors(details, ["password"] as const, vi.fn())).toBe(false);
  });
});
