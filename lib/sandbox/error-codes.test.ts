import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingKit, freeHotel } from "../testing/sandbox-bookings-write";
import type { CallResult } from "../testing/sandbox";
import { startOfVirtualMinute, testSandbox } from "../testing/sandbox";
import type { ResultRow } from "./search/types";

/**
 * The walk over the specification's whole error table: for every code, the request that
 * produces it (ordinary bad input, or a documented trigger of docs/sandbox.md), asserting the
 * status and the whole envelope. A code the table lists with no producer here fails the suite.
 */
const SPEC_ERRORS: Record<string, number> = {
  unauthorized: 401, forbidden: 403, api_key_owner_missing: 403, agreement_unsigned: 403,
  validation_error: 400, invalid_cursor: 400, invalid_limit: 400, unknown_destination: 400,
  invalid_hotel_selection: 400, invalid_product_type: 400, not_found: 404,
  search_expired: 410, quote_expired: 410, quote_invalid: 409, unknown_supplier: 409, rate_unavailable: 409,
  pax_mix_unavailable: 409, activity_recheck_unsupported: 400, rate_option_not_offered: 400,
  price_check_currency_unavailable: 409, price_check_conflict: 409, quote_not_repriceable: 409, supplier_unavailable: 503,
  idempotency_key_required: 400, idempotency_in_progress: 409, quote_not_price_checked: 409, changes_ack_required: 400,
  package_ack_required: 400, traveler_manifest_mismatch: 400, supplier_contact_required: 400, traveler_title_required: 400,
  travel_documents_required: 400, transfer_flight_details_required: 400, pan_required: 400, unsupported_payment_method: 400,
  booking_answer_required: 400, booking_answer_invalid: 400, hold_not_eligible: 400, supplier_disabled: 409,
  live_supplier_booking_blocked: 409, booking_invalid_transition: 409,
  credit_limit_exceeded: 402, credit_disabled: 403, wallet_currency_mismatch: 409, hold_payment_unsupported: 409,
  payment_operation_in_progress: 409, payment_authentication_pending: 409,
  rate_limited: 429, conflict: 409, gone: 410, internal_error: 500,
};

const sb = testSandbox();
const k = bookingKit(sb);
const lead = (trigger: string) => ({ lastName: `Lopez sandbox:${trigger}` });

async function searchId(body: Record<string, unknown>, key: string): Promise<string> {
  const res = await k.api<{ searchId: string }>("POST", "/search", { body, key, idem: null });
  expect(res.status, res.text).toBe(201);
  return res.body.data.searchId;
}

async function rows(id: string, key: string): Promise<ResultRow[]> {
  return (await k.api<ResultRow[]>("GET", `/search/${id}/results?limit=100`, { key, idem: null })).body.data;
}

/** The first price-check of a search run with a trigger in its `query`. */
async function priceCheckWith(trigger: string): Promise<CallResult> {
  const key = await k.newKey();
  const id = await searchId(k.searchBodies.hotel({ query: `sandbox:${trigger}` }), key);
  const row = (await rows(id, key))[0]!;
  return k.api("POST", `/quotes/${row.rateQuoteId}/price-check`, { key, idem: null });
}

const producers: Record<string, () => Promise<CallResult>> = {
  unauthorized: () => sb.call("GET", "/api/v1/catalog/suggest?q=paris", { key: null }),
  forbidden: async () => {
    const id = await searchId(k.searchBodies.activity(), await k.newKey());
    const other = await k.newAgency();
    return k.api("GET", `/search/${id}/results`, { key: other.key, idem: null });
  },
  api_key_owner_missing: async () => {
    const res = await sb.control("POST", "/agencies/agy_demo/keys", { withoutCreator: true });
    return k.api("POST", "/search", { body: k.searchBodies.hotel(), key: res.body.data.key, idem: null });
  },
  agreement_unsigned: async () => {
    const { key } = await k.newAgency({ agreementSigned: false });
    return k.api("GET", "/catalog/suggest?q=rome", { key, idem: null });
  },
  validation_error: async () => k.api("POST", "/search", { body: { productType: "hotel" }, key: await k.newKey(), idem: null }),
  invalid_cursor: async () => {
    const key = await k.newKey();
    return k.api("GET", `/search/${await searchId(k.searchBodies.activity(), key)}/results?cursor=not-a-cursor`, { key, idem: null });
  },
  invalid_limit: async () => {
    const key = await k.newKey();
    return k.api("GET", `/search/${await searchId(k.searchBodies.activity(), key)}/results?limit=0`, { key, idem: null });
  },
  unknown_destination: async () =>
    k.api("POST", "/search", { body: k.searchBodies.activity({ destinationCode: undefined, destination: "Qwxz Nowhere" }), key: await k.newKey(), idem: null }),
  invalid_hotel_selection: async () =>
    k.api("POST", "/search", { body: k.searchBodies.flight({ hotelId: "htl_x" }), key: await k.newKey(), idem: null }),
  invalid_product_type: async () => {
    const key = await k.newKey();
    const id = await searchId(k.searchBodies.activity(), key);
    const row = (await rows(id, key))[0]!;
    return k.api("POST", `/search/${id}/hotels/${row.canonicalProductId}/rates`, { key, idem: null });
  },
  not_found: () => k.api("GET", "/bookings/bk_does_not_exist", { idem: null }),
  search_expired: async () => {
    const key = await k.newKey();
    const id = await searchId(k.searchBodies.activity(), key);
    await k.advance(20 * 60 + 1);
    return k.api("GET", `/search/${id}/results`, { key, idem: null });
  },
  quote_expired: async () => {
    // The search stays alive (a price-check at minute 15 extends it) while the first quote's 20 minutes run out.
    const key = await k.newKey();
    const id = await searchId(k.searchBodies.hotel(), key);
    const [first, second] = await rows(id, key);
    await k.advance(15 * 60);
    expect((await k.api("POST", `/quotes/${second!.rateQuoteId}/price-check`, { key, idem: null })).status).toBe(200);
    await k.advance(6 * 60);
    return k.api("POST", `/quotes/${first!.rateQuoteId}/price-check`, { key, idem: null });
  },
  quote_invalid: () => priceCheckWith("quote-invalid"),
  unknown_supplier: () => priceCheckWith("unknown-supplier"),
  rate_unavailable: () => priceCheckWith("rate-unavailable"),
  supplier_unavailable: () => priceCheckWith("supplier-unavailable"),
  price_check_currency_unavailable: () => priceCheckWith("currency-unavailable"),
  price_check_conflict: () => priceCheckWith("price-check-conflict-once"),
  pax_mix_unavailable: async () => {
    const key = await k.newKey();
    const id = await searchId(k.searchBodies.activity(), key);
    const wine = (await rows(id, key)).find((r) => "activityName" in r.summary && r.summary.activityName.includes("Wine Tasting"));
    expect(wine, "Barcelona sells a wine tasting").toBeDefined();
    return k.api("POST", `/quotes/${wine!.rateQuoteId}/options`, { key, idem: null, body: { occupancy: [{ adults: 2, childrenAges: [12] }] } });
  },
  activity_recheck_unsupported: async () => {
    const q = await k.quote("hotel");
    return k.api("POST", `/quotes/${q.row.rateQuoteId}/options`, { key: q.key, idem: null });
  },
  rate_option_not_offered: async () => {
    const q = await k.quote("hotel");
    return k.api("POST", `/quotes/${q.row.rateQuoteId}/price-check`, { key: q.key, idem: null, body: { supplierRateRef: "opt_nope" } });
  },
  quote_not_repriceable: async () => {
    const q = await k.quote("hotel", freeHotel);
    await k.booked(q);
    return k.api("POST", `/quotes/${q.row.rateQuoteId}/price-check`, { key: q.key, idem: null });
  },
  idempotency_key_required: async () => {
    const q = await k.quote("hotel", freeHotel);
    return k.book(k.body(q), q.key, null);
  },
  idempotency_in_progress: async () => {
    const q = await k.quote("hotel", freeHotel);
    const idem = randomUUID();
    expect((await k.book(k.body(q), q.key, idem)).status).toBe(201);
    return k.book({ ...k.body(q), hotelPreferences: { specialRequest: "Late arrival" } }, q.key, idem);
  },
  quote_not_price_checked: async () => {
    const key = await k.newKey();
    const id = await searchId(k.searchBodies.activity(), key);
    const row = (await rows(id, key))[0]!;
    return k.book({ quoteId: row.rateQuoteId, travelers: [{ type: "adult", firstName: "A", lastName: "B" }], paymentMethod: "credit" }, key);
  },
  changes_ack_required: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:price-change" } });
    return k.book({ ...k.body(q), changesAcknowledged: undefined }, q.key);
  },
  package_ack_required: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:package-rate" } });
    return k.book({ ...k.body(q), packageRateAcknowledged: undefined }, q.key);
  },
  traveler_manifest_mismatch: async () => {
    const q = await k.quote("hotel", freeHotel);
    return k.book({ ...k.body(q), travelers: k.travelers(q).slice(0, 1) }, q.key);
  },
  supplier_contact_required: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:lead-contact" } });
    return k.book(k.body(q, {}, { email: undefined, phone: undefined }), q.key);
  },
  traveler_title_required: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:titles" } });
    return k.book({ ...k.body(q), travelers: k.travelers(q).map((t) => ({ ...t, title: undefined })) }, q.key);
  },
  travel_documents_required: async () => {
    const q = await k.quote("flight");
    return k.book(k.body(q, {}, { passportNumber: undefined }), q.key);
  },
  transfer_flight_details_required: async () => {
    const q = await k.quote("transfer");
    return k.book(k.body(q, {}, { carrierName: undefined, flightNumber: undefined }), q.key);
  },
  pan_required: async () => {
    const q = await k.quote("activity", { search: { destinationCode: "IN-DELHI" }, accept: (c) => c.requirements.panRequired && c.requirements.bookingQuestions.length === 0 });
    return k.book({ ...k.body(q), panNumber: undefined }, q.key);
  },
  unsupported_payment_method: async () => {
    const q = await k.quote("hotel", freeHotel);
    return k.book({ ...k.body(q), paymentMethod: "card" }, q.key);
  },
  booking_answer_required: async () => {
    const q = await k.quote("activity", { pick: (r) => "category" in r.summary && r.summary.category === "day_trip" });
    return k.book({ ...k.body(q), bookingAnswers: {} }, q.key);
  },
  booking_answer_invalid: async () => {
    const q = await k.quote("activity", { pick: (r) => "category" in r.summary && r.summary.category === "day_trip" });
    return k.book({ ...k.body(q), bookingAnswers: { PICKUP_HOTEL: "x".repeat(121) } }, q.key);
  },
  hold_not_eligible: async () => {
    const q = await k.quote("hotel", { pick: (r) => !r.refundable, accept: (c) => !c.changesAcknowledgementRequired });
    return k.book({ ...k.body(q), hold: true }, q.key);
  },
  supplier_disabled: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:supplier-disabled" } });
    return k.book(k.body(q), q.key);
  },
  live_supplier_booking_blocked: async () => {
    const q = await k.quote("hotel", { search: { query: "sandbox:live-inventory" }, pick: (r) => !r.refundable });
    return k.book(k.body(q), q.key);
  },
  booking_invalid_transition: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q);
    expect((await k.api("POST", `/bookings/${b.id}/cancel`, { key: q.key })).status).toBe(201);
    return k.api("POST", `/bookings/${b.id}/cancel`, { key: q.key });
  },
  credit_limit_exceeded: async () => {
    const agency = await k.newAgency({ creditLimitMinor: 100 });
    const q = await k.quote("hotel", { ...freeHotel, key: agency.key, agencyId: agency.agencyId });
    return k.book(k.body(q), q.key);
  },
  credit_disabled: async () => {
    const agency = await k.newAgency({ creditEnabled: false });
    const q = await k.quote("hotel", { ...freeHotel, key: agency.key, agencyId: agency.agencyId });
    return k.book(k.body(q), q.key);
  },
  wallet_currency_mismatch: async () => {
    const q = await k.quote("hotel", { ...freeHotel, search: { currency: "EUR" } });
    return k.book(k.body(q), q.key);
  },
  hold_payment_unsupported: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q, { hold: true });
    return k.api("POST", `/bookings/${b.id}/pay`, { key: q.key, body: { paymentMethod: "card" } });
  },
  payment_operation_in_progress: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q, { hold: true }, lead("slow-booking"));
    const pay = k.api("POST", `/bookings/${b.id}/pay`, { key: q.key, body: { paymentMethod: "credit" } });
    await new Promise((r) => setTimeout(r, 10));
    const cancel = await k.api("POST", `/bookings/${b.id}/cancel`, { key: q.key });
    await pay;
    return cancel;
  },
  payment_authentication_pending: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q, { hold: true }, lead("card-auth-pending"));
    return k.api("POST", `/bookings/${b.id}/pay`, { key: q.key, body: { paymentMethod: "credit" } });
  },
  rate_limited: async () => {
    const key = await k.newKey();
    let last: CallResult | undefined;
    startOfVirtualMinute(sb);
    for (let i = 0; i < 31; i++) last = await k.api("POST", "/search", { body: k.searchBodies.activity(), key, idem: null });
    return last!;
  },
  conflict: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q, {}, lead("cancel-pending"));
    expect((await k.api("POST", `/bookings/${b.id}/cancel`, { key: q.key })).status).toBe(201);
    return k.api("POST", `/bookings/${b.id}/refresh-status`, { key: q.key, idem: null });
  },
  gone: async () => {
    const q = await k.quote("hotel", freeHotel);
    const b = await k.booked(q, {}, lead("voucher-withdrawn"));
    return k.api("GET", `/bookings/${b.id}/voucher`, { key: q.key, idem: null });
  },
  internal_error: async () => {
    const q = await k.quote("hotel", freeHotel);
    return k.book(k.body(q, {}, lead("internal-error-once")), q.key);
  },
};

describe("every error code of the specification", () => {
  beforeAll(() => {
    // The spec beside the repo (CI clones it there) must list exactly the codes walked here.
    const spec = path.resolve(__dirname, "../../../shared/spec/travel-distribution-api.md");
    if (!fs.existsSync(spec)) return;
    const text = fs.readFileSync(spec, "utf8").slice(fs.readFileSync(spec, "utf8").indexOf("## Errors"));
    const listed = Object.fromEntries(
      [...text.matchAll(/^\| (\d{3}) \| ([a-z_]+) \|/gm)].map((m) => [m[2], Number(m[1])]),
    );
    expect(listed).toEqual(SPEC_ERRORS);
  });

  it("has a producer for every code", () => {
    expect(Object.keys(producers).sort()).toEqual(Object.keys(SPEC_ERRORS).sort());
  });

  it.each(Object.entries(SPEC_ERRORS))("%s → %i", async (code, status) => {
    const res = await producers[code]!();
    expect({ status: res.status, body: res.body }, res.text).toEqual({
      status,
      body: { data: null, meta: {}, error: { code, message: expect.any(String), details: expect.any(Array) } },
    });
    expect(res.body.error.message.length).toBeGreaterThan(10);
    if (status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
