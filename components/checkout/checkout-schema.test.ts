import { describe, expect, it } from "vitest";
import type { ResultRow } from "@/components/results/types";
import { parseCriteria, type SearchCriteria } from "@/lib/search/criteria";
import { priceCheckSchema } from "@/lib/tds/contract/adapter";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import { bookingCreateRequestSchema } from "@/lib/tds/contract/requests";
import activity from "./__fixtures__/activity.json";
import flight from "./__fixtures__/flight.json";
import hotelChange from "./__fixtures__/hotel-price-change.json";
import hotelRefundable from "./__fixtures__/hotel-refundable.json";
import transfer from "./__fixtures__/transfer.json";
import { buildCheckoutSchema, MISSING } from "./checkout-validation";
import {
  addMonths,
  buildCheckoutContext,
  buildManifest,
  defaultValues,
  formPathOf,
  toBookingBody,
  toStoredValues,
  type CheckoutContext,
  type CheckoutValues,
} from "./checkout-schema";

const criteria = (q: Record<string, string>) => parseCriteria(new URLSearchParams(q))!;
const hotelCriteria = criteria({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "2-7,1", res: "US" });
const flightCriteria = criteria({ type: "flight", trip: "return", from: "airport:JFK|New York JFK|US", to: "airport:LHR|London Heathrow|GB", in: "2026-12-10", out: "2026-12-17", pax: "2-9" });
const activityCriteria = criteria({ type: "activity", to: "text:|Delhi", in: "2026-12-10", pax: "2" });
const transferCriteria = criteria({ type: "transfer", from: "airport:LHR|Heathrow|GB", to: "hotel:htl_gb1aul4t2|London Cosmo Hotel|GB", at: "2026-12-10T10:00", passengers: "3", pax: "2-4" });

const row = (r: unknown) => resultRowSchema.parse(r) as ResultRow;
const ctxFor = (c: SearchCriteria, check: unknown, r: unknown = null) =>
  buildCheckoutContext({ criteria: c, check: priceCheckSchema.parse(check), row: r ? row(r) : null });

/** Errors of the form schema as `path → message`. */
function problems(ctx: CheckoutContext, values: CheckoutValues, today = "2026-11-22"): Record<string, string> {
  const r = buildCheckoutSchema(ctx, today).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

const LETTERS = "ABCDEFGHIJKLMNOP";
function named(ctx: CheckoutContext): CheckoutValues {
  const v = defaultValues(ctx);
  v.travelers.forEach((t, i) => Object.assign(t, { firstName: `First${LETTERS[i]}`, lastName: `Last${LETTERS[i]}` }));
  return v;
}

describe("buildManifest", () => {
  it("names each hotel guest per room, adults then children with their searched ages", () => {
    expect(buildManifest(hotelCriteria)).toEqual([
      { type: "adult", roomIndex: 0, label: "Adult 1" },
      { type: "adult", roomIndex: 0, label: "Adult 2" },
      { type: "child", age: 7, roomIndex: 0, label: "Child 1 · age 7" },
      { type: "adult", roomIndex: 1, label: "Adult 1" },
    ]);
  });

  it("gives other products one party without rooms", () => {
    expect(buildManifest(flightCriteria).map((s) => [s.type, s.age, s.roomIndex])).toEqual([
      ["adult", undefined, undefined],
      ["adult", undefined, undefined],
      ["child", 9, undefined],
    ]);
  });

  it("lets a transfer's passengers replace the adult count, keeping the children", () => {
    const slots = buildManifest(transferCriteria);
    expect(slots.filter((s) => s.type === "adult")).toHaveLength(3);
    expect(slots.filter((s) => s.type === "child").map((s) => s.age)).toEqual([4]);
  });
});

describe("requirements → required fields", () => {
  it("a plain hotel rate needs names only, and the body carries rooms and child ages", () => {
    const ctx = ctxFor(hotelCriteria, hotelChange.priceCheck, hotelChange.row);
    expect(ctx).toMatchObject({ titles: "none", leadContact: false, travelDocuments: false, changesAcknowledgementRequired: true, holdable: false });
    const empty = problems(ctx, defaultValues(ctx));
    expect(empty["travelers.0.firstName"]).toBe("Enter the first name.");
    expect(empty["travelers.3.lastName"]).toBe("Enter the last name.");
    expect(empty["travelers.0.title"]).toBeUndefined();
    expect(empty["travelers.0.email"]).toBeUndefined();
    expect(empty.changesAcknowledged).toMatch(/accepts these changes/);

    const values = { ...named(ctx), changesAcknowledged: true };
    expect(problems(ctx, values)).toEqual({});
    const body = toBookingBody(ctx, values, { quoteId: hotelChange.row.rateQuoteId, searchId: hotelChange.searchId });
    expect(body.travelers.map((t) => [t.roomIndex, t.type, t.age])).toEqual([
      [0, "adult", undefined],
      [0, "adult", undefined],
      [0, "child", 7],
      [1, "adult", undefined],
    ]);
    expect(body).toMatchObject({ paymentMethod: "credit", changesAcknowledged: true, productType: "hotel", searchId: hotelChange.searchId });
    expect(body.hold).toBeUndefined();
    const { searchId: _s, productType: _p, ...service } = body;
    expect(bookingCreateRequestSchema.safeParse(service).success).toBe(true);
  });

  it("requiresGuestTitle on the hotel row puts a required title on every traveller", () => {
    const titled = { ...hotelChange.row, summary: { ...hotelChange.row.summary, requiresGuestTitle: true } };
    const ctx = ctxFor(hotelCriteria, hotelChange.priceCheck, titled);
    expect(ctx.titles).toBe("all");
    const p = problems(ctx, named(ctx));
    expect([p["travelers.0.title"], p["travelers.2.title"], p["travelers.3.title"]]).toEqual(["Choose a title.", "Choose a title.", "Choose a title."]);
  });

  it("a holdable hotel rate may be held; hotel preferences go as requests per room", () => {
    const ctx = ctxFor(hotelCriteria, hotelRefundable.priceCheck, hotelRefundable.row);
    expect(ctx.holdable).toBe(true);
    const values = { ...named(ctx), payment: "hold" as const, specialRequest: "  Late arrival ", rooms: [{ smoking: "" as const, specialRequest: "" }, { smoking: "non_smoking" as const, specialRequest: "High floor" }] };
    expect(problems(ctx, values)).toEqual({});
    const body = toBookingBody(ctx, values, { quoteId: "q", searchId: "s" });
    expect(body.hold).toBe(true);
    expect(body.hotelPreferences).toEqual({ specialRequest: "Late arrival", rooms: [{ roomIndex: 1, smoking: false, specialRequest: "High floor" }] });
    // Too long is refused with its length, never cut.
    expect(problems(ctx, { ...values, specialRequest: "x".repeat(612) }).specialRequest).toBe(
      "At most 500 characters; this one has 612. Shorten it: nothing is cut for you.",
    );
    expect(problems(ctx, { ...values, rooms: [values.rooms[0]!, { ...values.rooms[1]!, specialRequest: "y".repeat(501) }] })["rooms.1.specialRequest"]).toMatch(/this one has 501/);
  });

  it("flights need contact, titles and documents; the passport must outlast travel by 6 months", () => {
    const ctx = ctxFor(flightCriteria, flight.priceCheck, flight.row);
    expect(ctx).toMatchObject({ titles: "all", leadContact: true, travelDocuments: true, lastTravelDate: "2026-12-18", passportValidUntil: "2027-06-18" });
    const p = problems(ctx, named(ctx));
    for (const f of ["title", "email", "phone", "dateOfBirth", "gender", "passportNumber", "passportExpiry", "nationality"] as const) {
      expect(p[`travelers.0.${f}`], f).toBe(MISSING[f]);
    }
    expect(p["travelers.0.phone"]).toBe("Enter the lead traveller's mobile number.");
    expect(p["travelers.1.email"]).toBeUndefined();
    expect(p["travelers.2.passportNumber"]).toBe("Enter the passport number.");

    const docs = { title: "Mr", dateOfBirth: "1980-04-02", gender: "male", passportNumber: "x1234567", nationality: "US" };
    const values = named(ctx);
    values.travelers.forEach((t) => Object.assign(t, docs, { passportExpiry: "2027-06-18" }));
    Object.assign(values.travelers[0]!, { email: "maria@example.com", phone: "+1 (415) 555-0123" });
    expect(problems(ctx, values)).toEqual({});

    values.travelers[1]!.passportExpiry = "2027-06-17";
    expect(problems(ctx, values)["travelers.1.passportExpiry"]).toBe(
      "This passport expires too soon: it must be valid until at least Fri, 18 Jun 2027, 6 months after travel ends.",
    );
    values.travelers[1]!.passportExpiry = "2027-06-18";
    values.travelers[0]!.phone = "415 555";
    expect(problems(ctx, values)["travelers.0.phone"]).toBe("Enter the mobile number with its country code, such as +44 20 7946 0958.");
    values.travelers[0]!.phone = "00 44 20 7946 0958";
    expect(problems(ctx, values)).toEqual({});

    // A name that no passport carries, and a title that contradicts the gender, are asked about.
    values.travelers[1]!.lastName = "<b>x</b>";
    values.travelers[0]!.gender = "female";
    expect(problems(ctx, values)).toEqual({
      "travelers.1.lastName": "Use letters as on the passport, with spaces, hyphens or apostrophes between words.",
      "travelers.0.gender": "The title Mr does not go with Female: check the title or the gender (as on the passport).",
    });
    values.travelers[1]!.lastName = "Lopez";
    values.travelers[0]!.gender = "male";

    const body = toBookingBody(ctx, values, { quoteId: "q", searchId: "s" });
    expect(body.travelers[0]).toMatchObject({ phone: "+442079460958", passportNumber: "X1234567", title: "Mr", nationality: "US" });
    expect(body.travelers[2]).toMatchObject({ type: "child", age: 9 });
    expect(body.travelers[2]).not.toHaveProperty("email");
    expect(body.travelers[2]!.roomIndex).toBeUndefined();
  });

  it("activities: title on the lead, PAN, per-traveller answers keyed CODE:n", () => {
    const ctx = ctxFor(activityCriteria, activity.priceCheck);
    expect(ctx.titles).toBe("lead");
    expect(ctx.answers.map((a) => a.key)).toEqual(["DIETARY:0", "DIETARY:1"]);
    const p = problems(ctx, named(ctx));
    expect(p["travelers.0.title"]).toBe("Choose a title.");
    expect(p["travelers.1.title"]).toBeUndefined();
    expect(p.panNumber).toBe("Enter the lead traveller's PAN.");
    expect(p["answers.1"]).toBe("Choose an answer: the provider needs it.");

    const values = { ...named(ctx), panNumber: "abcde1234f", answers: ["vegan", "none"] };
    values.travelers[0]!.title = "Ms";
    expect(problems(ctx, values)).toEqual({});
    expect(problems(ctx, { ...values, panNumber: "ABCD1234F" }).panNumber).toMatch(/five letters/);
    expect(problems(ctx, { ...values, answers: ["vegan", "pescatarian"] })["answers.1"]).toBe("Choose one of the options.");
    const body = toBookingBody(ctx, values, { quoteId: "q", searchId: "s" });
    expect(body).toMatchObject({ panNumber: "ABCDE1234F", bookingAnswers: { "DIETARY:0": "vegan", "DIETARY:1": "none" } });
    expect(body.travelers[1]!.title).toBeUndefined();
    expect(body.hotelPreferences).toBeUndefined();
  });

  it("transfers from an airport need the lead's airline and flight number (at most 7 characters)", () => {
    const ctx = ctxFor(transferCriteria, transfer.priceCheck, transfer.row);
    expect(ctx).toMatchObject({ flightDetails: true, leadContact: true });
    const values = named(ctx);
    Object.assign(values.travelers[0]!, { email: "lead@example.com", phone: "+447700900123", carrierName: "British Airways", flightNumber: "BA 117" });
    expect(problems(ctx, values)).toEqual({});
    values.travelers[0]!.flightNumber = "BA1170000";
    expect(problems(ctx, values)["travelers.0.flightNumber"]).toBe("Use at most 7 characters for the flight number, such as BA117.");
    values.travelers[0]!.flightNumber = "ba 117";
    expect(toBookingBody(ctx, values, { quoteId: "q", searchId: "s" }).travelers[0]).toMatchObject({ carrierName: "British Airways", flightNumber: "BA117" });
    expect(problems(ctx, named(ctx))["travelers.1.carrierName"]).toBeUndefined();
  });
});

describe("values across checks and errors", () => {
  it("keeps what was typed by answer key and never carries acknowledgements over", () => {
    const ctx = ctxFor(activityCriteria, activity.priceCheck);
    const values = { ...named(ctx), answers: ["vegan", "halal"], changesAcknowledged: true };
    const again = defaultValues(ctx, toStoredValues(ctx, values));
    expect(again.answers).toEqual(["vegan", "halal"]);
    expect(again.travelers[1]!.firstName).toBe("FirstB");
    expect(again.changesAcknowledged).toBe(false);
  });

  it("maps the service's error paths to form fields", () => {
    const ctx = ctxFor(activityCriteria, activity.priceCheck);
    const hotel = ctxFor(hotelCriteria, hotelRefundable.priceCheck, hotelRefundable.row);
    const hotelValues = { ...named(hotel), rooms: [{ smoking: "" as const, specialRequest: "" }, { smoking: "smoking" as const, specialRequest: "" }] };
    const body = toBookingBody(hotel, hotelValues, { quoteId: "q", searchId: "s" });
    expect(formPathOf(ctx, null, "travelers.1.title")).toBe("travelers.1.title");
    expect(formPathOf(ctx, null, "travelers.9.title")).toBeNull();
    expect(formPathOf(ctx, null, "bookingAnswers.DIETARY:1")).toBe("answers.1");
    expect(formPathOf(ctx, null, "hold")).toBe("payment");
    expect(formPathOf(hotel, body, "hotelPreferences.rooms.0.specialRequest")).toBe("rooms.1.specialRequest");
    expect(formPathOf(ctx, null, "travelers")).toBeNull();
  });

  it("adds months without running into the next month", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-12-18", 6)).toBe("2027-06-18");
  });
});
