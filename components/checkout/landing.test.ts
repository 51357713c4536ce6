import { describe, expect, it } from "vitest";
import type { BookingBody, CheckoutContext } from "./checkout-schema";
import { readableDates } from "./format";
import { landBookingError } from "./landing";

// The service's own sentences reach the form when it refuses a booking for a rule the form does
// not check first (or checks from other dates): they name days as YYYY-MM-DD, the page does not.

const ctx: CheckoutContext = {
  productType: "flight",
  manifest: [{ type: "adult", label: "Adult 1" }],
  rooms: 1,
  titles: "all",
  leadContact: true,
  travelDocuments: true,
  flightDetails: false,
  panRequired: false,
  answers: [],
  changesAcknowledgementRequired: false,
  packageRate: false,
  holdable: false,
  passportValidUntil: "2027-06-18",
  lastTravelDate: "2026-12-18",
};
const body: BookingBody = {
  quoteId: "qt_1",
  searchId: "sr_1",
  productType: "flight",
  paymentMethod: "credit",
  travelers: [
    { type: "adult", firstName: "Maria", lastName: "Lopez", dateOfBirth: "1980-04-02", gender: "female", passportNumber: "X1234567", passportExpiry: "2027-03-01", nationality: "US" },
  ],
};

describe("readableDates", () => {
  it("writes the days of a sentence as the page shows them, and leaves instants and other numbers", () => {
    expect(readableDates("Must be valid until at least 2027-06-29.")).toBe("Must be valid until at least Tue, 29 Jun 2027.");
    expect(readableDates("From 2026-12-10 to 2026-12-13.")).toBe("From Thu, 10 Dec 2026 to Sun, 13 Dec 2026.");
    expect(readableDates("Ref 2026-12-10T10:00:00Z stays, as do 12-10 and 20261210.")).toBe("Ref 2026-12-10T10:00:00Z stays, as do 12-10 and 20261210.");
  });
});

describe("landBookingError", () => {
  it("lands the service's passport sentences on their field with the page's dates", () => {
    const landing = landBookingError(ctx, body, {
      code: "travel_documents_required",
      message: "The passport of Maria Lopez expires on 2027-03-01, within 6 months of travel (last travel date 2026-12-18). Nothing was charged.",
      details: [
        { path: "travelers.0.passportExpiry", message: "Must be valid until at least 2027-06-18." },
        { path: "travelers.3.passportExpiry", message: "Must be valid until at least 2027-06-18." },
      ],
    });
    expect(landing.placed).toEqual([{ path: "travelers.0.passportExpiry", message: "Must be valid until at least Fri, 18 Jun 2027." }]);
    expect(landing.unplaced).toEqual([{ path: "travelers.3.passportExpiry", message: "Must be valid until at least Fri, 18 Jun 2027." }]);
  });

  it("without details, the error's own sentence lands on the inferred field, dates as the page shows them", () => {
    const landing = landBookingError(ctx, body, {
      code: "travel_documents_required",
      message: "The passport of Maria Lopez expires on 2027-03-01, within 6 months of travel (last travel date 2026-12-18).",
      details: [],
    });
    expect(landing.placed).toEqual([
      {
        path: "travelers.0.passportExpiry",
        message: "The passport of Maria Lopez expires on Mon, 1 Mar 2027, within 6 months of travel (last travel date Fri, 18 Dec 2026).",
      },
    ]);
  });
});
