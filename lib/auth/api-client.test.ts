import { describe, expect, it, vi } from "vitest";
import { applyFieldErrors, fieldErrors } from "./api-client";

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
