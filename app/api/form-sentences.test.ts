import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as zc from "zod/v4/core";
import type { FieldErrors } from "react-hook-form";
import { buildCheckoutSchema, checkoutResolver } from "@/components/checkout/checkout-validation";
import { answerSlots, defaultValues, type CheckoutContext, type CheckoutValues } from "@/components/checkout/checkout-schema";
import { formatDay } from "@/lib/format/dates";
import { detailsToFields, validateCriteria } from "@/components/search/search-resolver";
import { acceptInviteSchema, inviteUserSchema, loginSchema, newPasswordSchema, updateUserSchema } from "@/lib/auth/schemas";
import { bookingListRequestSchema, bookingRequestSchema } from "@/lib/bff/bookings";
import { suggestQuerySchema } from "@/lib/bff/schemas";
import { pricingRequestSchema } from "@/lib/pricing/schema";
import {
  addItemSchema,
  clientPageQuerySchema,
  clientSchema,
  createProposalSchema,
  proposalBookingSchema,
  proposalListQuerySchema,
  publicChoiceSchema,
  shareSchema,
  updateClientSchema,
  updateItemSchema,
  updateProposalSchema,
} from "@/lib/proposals/model";
import { ok, route } from "@/lib/bff/handler";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { emailVoucherFormSchema, type EmailVoucherForm } from "@/lib/bookings/email";
import { emptyCriteria, type Place, type SearchCriteria } from "@/lib/search/criteria";
import { activityOptionsRequestSchema, priceCheckRequestSchema, travelerSchema, type bookingQuestionSchema } from "@/lib/tds/contract/adapter";
import {
  bookingCreateRequestSchema,
  cancelRequestSchema,
  destinationsQuerySchema,
  emailClientRequestSchema,
  pageQuerySchema,
  resultsQuerySchema,
  searchCreateRequestSchema,
} from "@/lib/tds/contract/requests";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import * as emailClient from "./bookings/[bookingId]/email-client/route";
import * as cancel from "./bookings/[bookingId]/cancel/route";
import * as bookings from "./bookings/route";
import * as search from "./search/route";

// Issue 27: every message of every form is a sentence for a person, in the voice of the voucher
// email form, naming things as the form labels them, with dates as the page shows them. This
// walks every rule of the forms' schemas (and of the BFF's bodies, whose `validation_error`
// details land on the same fields) with bad input, and reads each message it gets.

/* ------------------------------------------------------------------ the reading */

/** Why `message` is not a sentence for a person, or null when it is one. */
function notASentence(message: string): string | null {
  // Example addresses and numbers ("name@example.com", "41.3851") are not field paths, and what
  // the person typed, quoted back (“2027-13-45” is not an email address), is theirs.
  const words = message.replace(/“[^”]*”/g, "").replace(/\S+@\S+\.[a-z]+/gi, "").replace(/\d+(\.\d+)+/g, "");
  const checks: Array<[RegExp, string]> = [
    [/\bexpected\b/i, "says Expected"],
    [/E\.164/, "names E.164"],
    [/\binvalid\b/i, "says Invalid"],
    [/Too (small|big)|\breceived\b/, "is zod's own wording"],
    [/\d{4}-\d{2}-\d{2}/, "has an ISO date"],
    [/ISO|IATA|YYYY/, "names a format"],
    [/\b[a-z]+[A-Z][A-Za-z]*\b/, "names a camelCase field"],
    [/\b[a-z]+_[a-z_]+\b/, "names a snake_case value"],
    [/\b[A-Za-z]+\.[A-Za-z]+\b/, "names a dotted path"],
    // The desk's British spelling (labels say "traveller"); the other words are request keys.
    [/\b(travelers?|occupancy|residency|slices|cc)\b/, "names a request field"],
  ];
  for (const [pattern, why] of checks) if (pattern.test(words)) return why;
  if (!/^[A-Z“"]/.test(message)) return "does not start as a sentence";
  if (!/[.!?]$/.test(message)) return "does not end as a sentence";
  if (message.trim().split(/\s+/).length < 3) return "is not a sentence";
  return null;
}

/** Every message with what is wrong with it; the test expects none. */
const unreadable = (messages: Iterable<string>) =>
  [...new Set(messages)].flatMap((m) => {
    const why = notASentence(m);
    return why ? [`${why}: ${JSON.stringify(m)}`] : [];
  });

describe("the reading itself", () => {
  it.each([
    "Expected an email address.",
    "Expected an international number in E.164 form, such as +14155550123.",
    "The passport must be valid until at least 2027-06-29: 6 months after travel ends.",
    "Invalid input: expected string, received undefined",
    "Too small: expected number to be >=1",
    "Required.",
    "Must be after checkIn.",
    "radiusKm is 0.5 to 50.",
    "At most 50 addresses in to and cc together.",
    "Required for hotel searches unless destinationCityRegionId(s), hotelId, near or query is given.",
    "Choose one of hotel_only, room_only.",
    "Enter a date",
  ])("refuses %j", (m) => expect(notASentence(m)).not.toBeNull());

  it.each([
    "Enter a valid email address, such as client@example.com.",
    "Enter the mobile number with its country code, such as +44 20 7946 0958.",
    "This passport expires too soon: it must be valid until at least Tue, 29 Jun 2027, 6 months after travel ends.",
    "Give the drop-off address's coordinates as latitude,longitude — for example 41.3851,2.1734.",
    "“ana@” is not an email address.",
  ])("reads %j", (m) => expect(notASentence(m)).toBeNull());
});

/* ------------------------------------------------------------------ every rule of a schema */

type Schema = zc.$ZodType;
const defOf = (s: Schema) => s._zod.def as unknown as Record<string, unknown> & { type: string };

/** The schema and every schema inside it (fields, items, options, both ends of a pipe). */
function everySchema(root: Schema): Schema[] {
  const seen = new Set<Schema>();
  const visit = (s: unknown) => {
    if (!s || typeof s !== "object" || !("_zod" in s) || seen.has(s as Schema)) return;
    seen.add(s as Schema);
    const def = defOf(s as Schema);
    for (const key of ["innerType", "in", "out", "element", "keyType", "valueType", "left", "right"]) visit(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option);
    for (const item of (def.items as unknown[] | undefined) ?? []) visit(item);
    for (const field of Object.values((def.shape as Record<string, unknown> | undefined) ?? {})) visit(field);
  };
  visit(root);
  return [...seen];
}

/** Input a form or a hand-made request may send: each wrong in some way for some rule. */
const BAD: unknown[] = [
  undefined,
  null,
  42,
  -1,
  0.5,
  1e9,
  true,
  "",
  "   ",
  "x",
  "ana@",
  "12345",
  "not valid ✗ <b>",
  "2027-13-45",
  "x".repeat(3000),
  [],
  ["x"],
  [42],
  Array.from({ length: 60 }, (_, i) => `a${i}@example.com`),
  {},
  { unknown: 1 },
];

/** What a person may read from parsing `schema` (and each schema inside it) with every bad input. */
function walkMessages(schema: Schema, params: zc.ParseContext<zc.$ZodIssue> | undefined): string[] {
  const out: string[] = [];
  for (const s of everySchema(schema)) {
    // A transform is not a rule (it runs on what its pipe's rules let through).
    if (["transform", "unknown", "any"].includes(defOf(s).type)) continue;
    for (const value of BAD) {
      const r = zc.safeParse(s, value, params);
      if (!r.success) out.push(...r.error.issues.map((i) => i.message));
    }
  }
  return out;
}

/** The schemas whose messages reach a person, each parsed the way its boundary parses it. */
const BOUNDARIES: Array<[name: string, schema: Schema]> = [
  ["POST /api/search (the search forms)", searchCreateRequestSchema],
  ["POST /api/bookings (checkout)", bookingRequestSchema],
  ["the traveller record (checkout fields)", travelerSchema],
  ["POST /api/bookings/:id/email-client (voucher email)", emailClientRequestSchema],
  ["POST /api/bookings/:id/cancel", cancelRequestSchema],
  ["GET /api/bookings (bookings filters)", bookingListRequestSchema],
  ["POST /api/quotes/:id/options", activityOptionsRequestSchema],
  ["POST /api/quotes/:id/price-check", priceCheckRequestSchema],
  ["GET /api/destinations", destinationsQuerySchema],
  ["GET /api/suggest", suggestQuerySchema as unknown as Schema],
  ["pages of a list", pageQuerySchema],
  ["GET /api/search/:id/results", resultsQuerySchema],
  ["sign-in", loginSchema],
  ["set a password", newPasswordSchema],
  ["accept an invite", acceptInviteSchema],
  ["invite a user", inviteUserSchema],
  ["change a user", updateUserSchema],
  ["PUT /api/agency/pricing (agency pricing)", pricingRequestSchema],
  ["POST /api/proposals", createProposalSchema],
  ["PATCH /api/proposals/:id", updateProposalSchema],
  ["POST /api/proposals/:id/items", addItemSchema],
  ["PATCH /api/proposals/:id/items/:itemId", updateItemSchema],
  ["POST /api/proposals/:id/share", shareSchema],
  ["a booking recorded on a proposal item (recordProposalBooking)", proposalBookingSchema],
  ["GET /api/proposals", proposalListQuerySchema],
  ["POST /api/clients (the client form)", clientSchema],
  ["PATCH /api/clients/:id (the client's contact details)", updateClientSchema],
  ["GET /api/clients/list (the clients page)", clientPageQuerySchema],
  ["POST /api/p/:token/choice (the client's choice)", publicChoiceSchema],
];

describe("every rule of every form's schema has a sentence for a person", () => {
  it.each(BOUNDARIES)("%s", (_name, schema) => {
    const messages = walkMessages(schema, FOR_PEOPLE);
    expect(messages.length).toBeGreaterThan(0);
    expect(unreadable(messages)).toEqual([]);
  });

  it("the voucher email form, with what its fields can hold (text and a checkbox)", () => {
    const good: EmailVoucherForm = { to: "client@example.com", cc: "", agencyName: "Sunny Travel", note: "", replyTo: "", withoutPrices: false };
    const texts = ["", "   ", "x", "ana@", "not valid ✗ <b>", "x".repeat(3000), Array.from({ length: 60 }, (_, i) => `a${i}@example.com`).join(", ")];
    const messages: string[] = [];
    for (const field of ["to", "cc", "agencyName", "note", "replyTo"] as const) {
      for (const text of texts) {
        const r = emailVoucherFormSchema.safeParse({ ...good, [field]: text });
        if (!r.success) messages.push(...r.error.issues.map((i) => i.message));
      }
    }
    expect(messages.length).toBeGreaterThan(5);
    expect(unreadable(messages)).toEqual([]);
  });
});

/* ------------------------------------------------------------------ checkout */

const question = (q: Partial<zc.output<typeof bookingQuestionSchema>> & { code: string; type: string }) =>
  ({ label: q.code, required: true, perTraveler: false, options: null, maxLength: null, ...q }) as zc.output<typeof bookingQuestionSchema>;

/** A flight that asks for everything the checkout can ask for, from two travellers. */
const asksEverything: CheckoutContext = {
  productType: "flight",
  manifest: [
    { type: "adult", label: "Adult 1" },
    { type: "child", age: 7, label: "Child 1 · age 7" },
  ],
  rooms: 1,
  titles: "all",
  leadContact: true,
  travelDocuments: true,
  flightDetails: true,
  panRequired: true,
  answers: answerSlots(
    [
      question({ code: "NOTE", type: "text", maxLength: 10 }),
      question({ code: "BAGS", type: "number" }),
      question({ code: "ARRIVAL", type: "date" }),
      question({ code: "MEAL", type: "select", options: ["vegan", "none"], perTraveler: true }),
      question({ code: "WHEELCHAIR", type: "boolean" }),
    ],
    2,
  ),
  changesAcknowledgementRequired: true,
  packageRate: true,
  holdable: false,
  passportValidUntil: "2027-06-29",
  lastTravelDate: "2026-12-29",
};
const hotelRooms: CheckoutContext = {
  ...asksEverything,
  productType: "hotel",
  manifest: [
    { type: "adult", roomIndex: 0, label: "Adult 1" },
    { type: "adult", roomIndex: 1, label: "Adult 1" },
  ],
  rooms: 2,
  answers: [],
};

const TRAVELLER_FIELDS = ["title", "firstName", "lastName", "email", "phone", "dateOfBirth", "gender", "passportNumber", "passportExpiry", "nationality", "carrierName", "flightNumber"] as const;
const TRAVELLER_TEXTS = ["", "   ", "x", "ana@", "12345", "Ana2", "<b>Ana</b>", "AB-12 34", "XX", "2999-01-01", "2027-06-28", "1980-02-30", "x".repeat(60)];

/** The form's values with `travellers[i][field]` set to `text` on every traveller. */
function checkoutValues(ctx: CheckoutContext, set: (v: CheckoutValues) => void): CheckoutValues {
  const v = defaultValues(ctx);
  set(v);
  return v;
}

/** Every message react-hook-form would show, from the checkout's own resolver. */
async function resolverMessages(ctx: CheckoutContext, values: CheckoutValues): Promise<Record<string, string>> {
  const result = await checkoutResolver(ctx)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const out: Record<string, string> = {};
  const flatten = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string") out[path] = message;
    for (const [k, child] of Object.entries(node)) if (k !== "ref" && k !== "message" && k !== "type") flatten(child, path ? `${path}.${k}` : k);
  };
  flatten(result.errors as FieldErrors, "");
  return out;
}

describe("checkout", () => {
  it("every field it can show, empty and badly filled, says what to do in a sentence", async () => {
    const messages: string[] = [];
    for (const ctx of [asksEverything, hotelRooms]) {
      messages.push(...Object.values(await resolverMessages(ctx, defaultValues(ctx))));
      for (const field of TRAVELLER_FIELDS) {
        for (const text of TRAVELLER_TEXTS) {
          const values = checkoutValues(ctx, (v) => v.travelers.forEach((t) => (t[field] = text)));
          messages.push(...Object.values(await resolverMessages(ctx, values)));
        }
      }
      for (const text of ["x", "12 ab", "2027-02-30", "maybe", "x".repeat(600), "abcd1234"]) {
        const values = checkoutValues(ctx, (v) => {
          v.answers = v.answers.map(() => text);
          v.panNumber = text;
          v.specialRequest = text;
          v.rooms.forEach((r) => (r.specialRequest = text));
        });
        messages.push(...Object.values(await resolverMessages(ctx, values)));
      }
      const clash = checkoutValues(ctx, (v) => v.travelers.forEach((t) => Object.assign(t, { title: "Mr", gender: "female" })));
      messages.push(...Object.values(await resolverMessages(ctx, clash)));
      const holding = checkoutValues(ctx, (v) => (v.payment = "hold"));
      messages.push(...Object.values(await resolverMessages(ctx, holding)));
    }
    expect(messages.length).toBeGreaterThan(40);
    expect(unreadable(messages)).toEqual([]);
  });

  it("the issue's three: email, phone with the hint's own example, passport expiry as the page shows dates", async () => {
    const values = checkoutValues(asksEverything, (v) => Object.assign(v.travelers[0]!, { email: "ana@", phone: "020 7946", passportExpiry: "2027-06-28" }));
    const p = await resolverMessages(asksEverything, values);
    expect(p["travelers.0.email"]).toBe("Enter a valid email address, such as name@example.com.");
    expect(p["travelers.0.phone"]).toBe("Enter the mobile number with its country code, such as +44 20 7946 0958.");
    expect(p["travelers.0.passportExpiry"]).toBe(
      `This passport expires too soon: it must be valid until at least ${formatDay("2027-06-29")}, 6 months after travel ends.`,
    );
    expect(formatDay("2027-06-29")).toBe("Tue, 29 Jun 2027");
  });

  it("a phone typed as the hint shows it is accepted, and sent in the international form", async () => {
    for (const phone of ["+44 20 7946 0958", " +44 20-7946.0958 ", "0044 20 7946 0958", "+442079460958"]) {
      const values = checkoutValues(asksEverything, (v) => (v.travelers[0]!.phone = phone));
      expect((await resolverMessages(asksEverything, values))["travelers.0.phone"], phone).toBeUndefined();
      const traveler = { type: "adult", firstName: "Ana", lastName: "Lopez", phone };
      expect(zc.parse(travelerSchema, traveler).phone, phone).toBe("+442079460958");
    }
  });

  it("the form's schema, parsed without the resolver, gives the same sentences", () => {
    const values = checkoutValues(asksEverything, (v) => v.travelers.forEach((t) => (t.phone = "12345")));
    const r = buildCheckoutSchema(asksEverything).safeParse(values);
    expect(r.success).toBe(false);
    expect(unreadable(r.error?.issues.map((i) => i.message) ?? [])).toEqual([]);
  });
});

/* ------------------------------------------------------------------ search */

const rules = { currency: "USD", market: "US", today: "2026-11-20", now: () => new Date(2026, 10, 20, 12, 0) };
const lhr: Place = { kind: "airport", code: "LHR", name: "London Heathrow", countryCode: "GB" };
const london: Place = { kind: "city", cityRegionId: 2643743, cityRegionIds: [2643743], name: "London", countryCode: "GB" };
const criteria = (productType: SearchCriteria["productType"], over: object): SearchCriteria => ({ ...emptyCriteria(productType, "US"), ...over }) as SearchCriteria;

const BAD_SEARCHES: SearchCriteria[] = [
  criteria("hotel", {}),
  criteria("hotel", { place: { kind: "text", name: "L" }, checkIn: "2026-12-04", checkOut: "2026-12-01", residency: "" }),
  criteria("hotel", { place: london, checkIn: "2026-12-01", checkOut: "2027-02-01", query: "x".repeat(200), near: { lat: 200, lng: 0, radiusKm: 90 } }),
  criteria("hotel", { place: london, checkIn: "2025-01-01", checkOut: "2026-13-40", occupancy: [{ adults: 7, childrenAges: [5, 5, 5, 5, 5] }] }),
  criteria("flight", {}),
  criteria("flight", { trip: "return", origin: lhr, destination: lhr, departDate: "2026-12-10", returnDate: "2026-12-01" }),
  criteria("flight", { trip: "multi", slices: [{ origin: null, destination: null, date: "" }, { origin: lhr, destination: { kind: "text", name: "Londres" }, date: "2029-01-01" }] }),
  criteria("flight", { trip: "oneway", origin: { kind: "text", name: "X" }, destination: lhr, departDate: "2026-12-01", occupancy: [{ adults: 9, childrenAges: [-1] }] }),
  criteria("activity", {}),
  criteria("activity", { place: { kind: "text", name: "P" }, date: "2025-01-01" }),
  criteria("transfer", {}),
  criteria("transfer", { pickup: lhr, dropoff: lhr, pickupAt: "2026-11-20T10:00", returnAt: "2026-11-19T10:00", passengers: 0, luggage: -1 }),
  criteria("transfer", { pickup: { kind: "address", code: "Barcelona", name: "Barcelona" }, dropoff: { kind: "text", name: "Sants" }, pickupAt: "tomorrow" }),
];

describe("search forms", () => {
  it("every field of the four forms, empty and badly filled, says what to do in a sentence", () => {
    const messages = BAD_SEARCHES.flatMap((c) => Object.values(validateCriteria(c, rules)));
    expect(messages.length).toBeGreaterThan(30);
    expect(unreadable(messages)).toEqual([]);
  });
});

/* ------------------------------------------------------------------ the BFF's details */

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const details = (res: { status: number; body: { error?: { code?: string; details?: Array<{ path: string; message: string }> } } }) => {
  expect(res.status).toBe(400);
  expect(res.body.error?.code).toBe("validation_error");
  return res.body.error?.details ?? [];
};
const byPath = (list: Array<{ path: string; message: string }>) => Object.fromEntries(list.map((d) => [d.path, d.message]));

describe("the BFF's validation_error details read like the forms", () => {
  it("POST /api/search: each product's mistakes, in the form's sentences once on its fields", async () => {
    const bodies = [
      {},
      { productType: "cruise" },
      { productType: "hotel", occupancy: [] },
      { productType: "hotel", occupancy: [{ adults: 0, childrenAges: [18] }], destination: "L", checkIn: "2026-13-01", checkOut: "01/12/2026", residency: "gb", near: { lat: "x" } },
      { productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], residency: "GB", destination: "London", checkIn: "2026-12-04", checkOut: "2026-12-01", hotelId: "" },
      { productType: "flight", occupancy: [{ adults: 2, childrenAges: [] }], origin: "lhr", slices: [], cabinClass: "luxury" },
      { productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], destinationCode: "" },
      { productType: "transfer", occupancy: [{ adults: 2, childrenAges: [] }], pickupLocation: { type: "boat", code: "" }, pickupAt: "tomorrow", passengers: 0, luggage: 1.5 },
      { productType: "transfer", occupancy: [{ adults: 2, childrenAges: [] }], pickupLocation: { type: "airport", code: "LHR" }, dropoffLocation: { type: "airport", code: "BCN" }, pickupAt: "2026-12-01T10:00:00", returnAt: "2026-12-01T09:00:00" },
      "hotel",
    ];
    const messages: string[] = [];
    for (const body of bodies) {
      const list = details(await kit.call(search.POST, "/api/search", { method: "POST", body }));
      messages.push(...list.map((d) => d.message));
      const productType = ((body as { productType?: string }).productType ?? "hotel") as SearchCriteria["productType"];
      const shown = detailsToFields(["hotel", "flight", "activity", "transfer"].includes(productType) ? productType : "hotel", list);
      messages.push(...Object.values(shown.fields), ...shown.unplaced);
    }
    expect(unreadable(messages)).toEqual([]);

    // The same mistake reads the same from the form and from the BFF.
    const stay = { productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], residency: "GB", destination: "London", checkIn: "2026-12-04", checkOut: "2026-12-01" };
    const bff = detailsToFields("hotel", details(await kit.call(search.POST, "/api/search", { method: "POST", body: stay })));
    const form = validateCriteria(criteria("hotel", { place: london, checkIn: "2026-12-04", checkOut: "2026-12-01", residency: "GB" }), rules);
    expect(bff.fields.checkOut).toBe(form.checkOut);
    expect(bff.fields.checkOut).toBe("Check-out must be after check-in.");
  });

  it("POST /api/bookings: the traveller fields read as the checkout says them", async () => {
    const traveler = { type: "adult", title: "Sir", firstName: "Ana2", lastName: "", email: "ana@", phone: "12345", dateOfBirth: "1980-02-30", gender: "x", passportNumber: " ", passportExpiry: "29/06/2027", nationality: "gb", carrierName: "", flightNumber: "BA 1234567" };
    const bodies = [
      {},
      { quoteId: "", searchId: "", productType: "boat", paymentMethod: "card", travelers: [] },
      {
        quoteId: "qt_1",
        searchId: "sr_1",
        productType: "flight",
        paymentMethod: "credit",
        travelers: [traveler, { type: "child", firstName: "Bo", lastName: "Lopez", age: 30, roomIndex: -1 }, "Ana"],
        changesAcknowledged: "yes",
        packageRateAcknowledged: 1,
        hold: "no",
        bookingAnswers: { MEAL: ["vegan"] },
        panNumber: "abcd1234",
        hotelPreferences: { specialRequest: "x".repeat(501), rooms: [{ roomIndex: "1", smoking: "yes", specialRequest: 5 }] },
      },
    ];
    const messages: string[] = [];
    const found: Record<string, string>[] = [];
    for (const body of bodies) {
      const list = details(await kit.call(bookings.POST, "/api/bookings", { method: "POST", body }));
      messages.push(...list.map((d) => d.message));
      found.push(byPath(list));
    }
    expect(unreadable(messages)).toEqual([]);

    // The checkout shows the same sentence on the same field for the same value.
    const form = await resolverMessages(
      asksEverything,
      checkoutValues(asksEverything, (v) => Object.assign(v.travelers[0]!, { email: "ana@", phone: "12345", flightNumber: "BA 1234567", firstName: "Ana2" })),
    );
    const bff = found[2]!;
    for (const field of ["email", "phone", "firstName"]) expect(bff[`travelers.0.${field}`], field).toBe(form[`travelers.0.${field}`]);
    expect(bff["hotelPreferences.specialRequest"]).toBe("At most 500 characters; this one has 501. Shorten it: nothing is cut for you.");
  });

  it("POST /api/bookings/:id/email-client: the voucher email's own sentences", async () => {
    const body = { to: "ana@", cc: ["bo@", "ok@example.com"], agencyName: " ", note: "x".repeat(2001), replyTo: "reply", withoutPrices: "no" };
    const list = details(await kit.call(emailClient.POST, "/api/x", { method: "POST", params: { bookingId: "b1" }, body }));
    expect(unreadable(list.map((d) => d.message))).toEqual([]);
    const tooMany = details(
      await kit.call(emailClient.POST, "/api/x", { method: "POST", params: { bookingId: "b1" }, body: { cc: Array.from({ length: 60 }, (_, i) => `a${i}@example.com`) } }),
    );
    expect(unreadable(tooMany.map((d) => d.message))).toEqual([]);

    // The dialog says the same of the same values (its cc box is one text of addresses).
    const form = emailVoucherFormSchema.safeParse({ to: "ana@", cc: "bo@, ok@example.com", agencyName: " ", note: "x".repeat(2001), replyTo: "reply", withoutPrices: false });
    const formByField = Object.fromEntries((form.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    const bff = byPath(list);
    expect(bff.to).toBe(formByField.to);
    expect(bff["cc.0"]).toBe(formByField.cc);
    expect(bff.agencyName).toBe(formByField.agencyName);
    expect(bff.note).toBe(formByField.note);
    expect(bff.replyTo).toBe(formByField.replyTo);
  });

  it("cancel and the bookings list: their few rules read as sentences too", async () => {
    const cancelled = details(await kit.call(cancel.POST, "/api/x", { method: "POST", params: { bookingId: "b1" }, body: { transferCancelScope: "half" }, headers: { "idempotency-key": "twice" } }));
    const keyless = details(await kit.call(cancel.POST, "/api/x", { method: "POST", params: { bookingId: "b1" }, body: {}, headers: { "idempotency-key": "twice" } }));
    const listed = details(await kit.call(bookings.GET, "/api/bookings", { query: { limit: "0", state: "lost", trip: "soon", sort: "up", mine: "maybe" } }));
    expect(listed.length).toBe(5);
    expect(unreadable([...cancelled, ...keyless, ...listed].map((d) => d.message))).toEqual([]);
  });

  it("the sign-in, invite and users handlers", async () => {
    const messages: string[] = [];
    const cases: Array<[Schema, unknown]> = [
      [loginSchema, {}],
      [loginSchema, { email: "ana@", password: "x".repeat(300) }],
      [acceptInviteSchema, { password: "short", confirmPassword: "other" }],
      [acceptInviteSchema, { token: 5, password: 5 }],
      [inviteUserSchema, { name: "", email: 5, role: "boss" }],
      [updateUserSchema, { active: "yes" }],
      [updateUserSchema, { role: "boss" }],
      [newPasswordSchema, "password"],
    ];
    for (const [schema, body] of cases) {
      // Their bodies are read by route() like every other handler's.
      const handler = route({ auth: "public", body: schema }, async () => ok(null));
      const refused = await kit.call(handler, "/api/x", { method: "POST", body });
      expect(refused.status).toBe(400);
      messages.push(...(refused.body.error.details as Array<{ message: string }>).map((d) => d.message));
    }
    expect(messages.length).toBeGreaterThan(8);
    expect(unreadable(messages)).toEqual([]);
  });
});

/* ------------------------------------------------------------------ the walk is complete */

describe("the walk", () => {
  it("reaches the rules inside fields, lists, pipes and refinements", () => {
    const reached = everySchema(bookingCreateRequestSchema).map((s) => defOf(s).type);
    expect(reached).toEqual(expect.arrayContaining(["object", "array", "string", "enum", "literal", "record", "union", "pipe", "optional", "number", "boolean"]));
    expect(walkMessages(travelerSchema, FOR_PEOPLE)).toEqual(
      expect.arrayContaining(["Enter the mobile number with its country code, such as +44 20 7946 0958.", "Choose the nationality from the list."]),
    );
  });
});
