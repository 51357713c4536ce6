import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { BFF_ERRORS, SERVICE_ERRORS } from "@/lib/bff/errors";
import { actionProblem, type BookingStep } from "./action-errors";

// Every code the BFF can answer a booking step with (the specification's 51, as the BFF's error
// table words and statuses them, and the BFF's own) reaches the advisor as a title and a sentence,
// with a way on that fits: retry the same request only when the step may have happened.

const STEPS: BookingStep[] = ["pay", "cancel", "email", "refresh"];
const asApi = (code: string, entry: { status: number; message: string }) => new ApiError({ status: entry.status, code, message: entry.message });
const everyCode = [
  ...Object.entries(SERVICE_ERRORS).map(([code, e]) => [code, e] as const),
  ...Object.entries(BFF_ERRORS).map(([code, e]) => [code, e] as const),
];

describe("every error of a booking step is a sentence", () => {
  it.each(everyCode)("%s", (code, entry) => {
    for (const step of STEPS) {
      const p = actionProblem(step, asApi(code, entry));
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.message).toContain(entry.message);
      expect(p.message).toMatch(/[.!?]$/);
      // A 5xx may have happened: retried as the same request; never a "same" retry on a refusal.
      if (entry.status >= 500) expect(p.next).toBe("same");
      if (entry.status === 402 || entry.status === 404) expect(p.next).toBe("none");
    }
  });

  it("names the ones an advisor meets most in plain words", () => {
    const p = (code: keyof typeof SERVICE_ERRORS, step: BookingStep = "pay") => actionProblem(step, asApi(code, SERVICE_ERRORS[code]));
    expect(p("credit_limit_exceeded")).toMatchObject({ title: "The agency's credit does not cover this booking", next: "none" });
    expect(p("booking_invalid_transition", "cancel")).toMatchObject({ title: "The booking has moved on", next: "reload" });
    expect(actionProblem("cancel", new ApiError({ status: 0, code: "network_error", message: "We couldn't reach the server." }))).toMatchObject({
      title: "We did not hear back about the cancellation",
      next: "same",
      message: expect.stringContaining("never done twice"),
    });
    expect(actionProblem("pay", new Error("boom"))).toMatchObject({ next: "same" });
    expect(actionProblem("pay", new ApiError({ status: 401, code: "unauthorized", message: "Sign in to continue." }))).toMatchObject({ next: "signin" });
  });
});
