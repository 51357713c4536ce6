import { describe, expect, it } from "vitest";
import { envelopeError } from "./api-client";
import { errorEnvelopeSchema } from "./tds/schemas";

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
