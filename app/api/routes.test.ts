import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BFF_ERRORS, SERVICE_ERRORS } from "@/lib/bff/errors";
import type { RouteHandler } from "@/lib/bff/handler";
import { bffTestKit, hotelSearchBody, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import type { ResultRow } from "@/lib/tds/contract";
import { errorJson, okJson, sandboxFetch } from "@/lib/testing/tds";
import * as bookingDetail from "./bookings/[bookingId]/route";
import * as cancel from "./bookings/[bookingId]/cancel/route";
import * as emailClient from "./bookings/[bookingId]/email-client/route";
import * as pay from "./bookings/[bookingId]/pay/route";
import * as refresh from "./bookings/[bookingId]/refresh-status/route";
import * as voucher from "./bookings/[bookingId]/voucher/route";
import * as voucherDocument from "./bookings/[bookingId]/voucher/document/route";
import * as bookings from "./bookings/route";
import * as capabilities from "./capabilities/route";
import * as client from "./clients/[id]/route";
import * as clientsList from "./clients/list/route";
import * as clients from "./clients/route";
import * as destinationActivities from "./destinations/[code]/activities/route";
import * as destinations from "./destinations/route";
import * as publicChoice from "./p/[token]/choice/route";
import * as publicLogo from "./p/[token]/logo/route";
import * as activityContent from "./products/activity/[activityKey]/route";
import * as hotelContent from "./products/hotel/[canonicalId]/route";
import * as thumbnails from "./products/hotel-thumbnails/route";
import * as proposalItemPrice from "./proposals/[id]/items/[itemId]/price/route";
import * as proposalItemRefind from "./proposals/[id]/items/[itemId]/refind/route";
import * as proposalItem from "./proposals/[id]/items/[itemId]/route";
import * as proposalItems from "./proposals/[id]/items/route";
import * as proposal from "./proposals/[id]/route";
import * as proposalShare from "./proposals/[id]/share/route";
import * as proposalWithdraw from "./proposals/[id]/withdraw/route";
import * as proposals from "./proposals/route";
import * as options from "./quotes/[quoteId]/options/route";
import * as priceCheck from "./quotes/[quoteId]/price-check/route";
import * as quoteRow from "./quotes/[quoteId]/route";
import * as hotelRates from "./search/[searchId]/hotels/[productId]/rates/route";
import * as productRates from "./search/[searchId]/products/[productId]/rates/route";
import * as results from "./search/[searchId]/results/route";
import * as search from "./search/route";
import * as suggest from "./suggest/route";
import * as notificationPreferences from "./notifications/preferences/route";
import * as notificationsRead from "./notifications/read/route";
import * as notifications from "./notifications/route";
import * as notificationStream from "./notifications/stream/route";
import * as notificationTest from "./notifications/test/route";

// The BFF's routes called directly, against the in-process sandbox: whole `{ status, body }`
// envelopes for refusals, bad input and each family of upstream errors.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const envelope = (status: number, code: string, message: string, details: Array<{ path: string; message: string }> = []) => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

type Row = [name: string, handler: RouteHandler, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", params: Record<string, string>];
const UUID = "00000000-0000-4000-8000-000000000000";
const TOKEN = "A".repeat(43);
const ROUTES: Row[] = [
  ["capabilities", capabilities.GET, "GET", {}],
  ["suggest", suggest.GET, "GET", {}],
  ["destinations", destinations.GET, "GET", {}],
  ["destination activities", destinationActivities.GET, "GET", { code: "ES-BARCELONA" }],
  ["hotel content", hotelContent.GET, "GET", { canonicalId: "h1" }],
  ["activity content", activityContent.GET, "GET", { activityKey: "a1" }],
  ["thumbnails", thumbnails.GET, "GET", {}],
  ["search", search.POST, "POST", {}],
  ["results", results.GET, "GET", { searchId: "s1" }],
  ["hotel rates", hotelRates.POST, "POST", { searchId: "s1", productId: "p1" }],
  ["product rates", productRates.POST, "POST", { searchId: "s1", productId: "p1" }],
  ["price-check", priceCheck.POST, "POST", { quoteId: "q1" }],
  ["quote", quoteRow.GET, "GET", { quoteId: "q1" }],
  ["activity options", options.POST, "POST", { quoteId: "q1" }],
  ["book", bookings.POST, "POST", {}],
  ["bookings list", bookings.GET, "GET", {}],
  ["booking detail", bookingDetail.GET, "GET", { bookingId: "b1" }],
  ["refresh-status", refresh.POST, "POST", { bookingId: "b1" }],
  ["pay", pay.POST, "POST", { bookingId: "b1" }],
  ["cancel", cancel.POST, "POST", { bookingId: "b1" }],
  ["voucher", voucher.GET, "GET", { bookingId: "b1" }],
  ["voucher document", voucherDocument.GET, "GET", { bookingId: "b1" }],
  ["email-client", emailClient.POST, "POST", { bookingId: "b1" }],
  ["proposals list", proposals.GET, "GET", {}],
  ["new proposal", proposals.POST, "POST", {}],
  ["proposal", proposal.GET, "GET", { id: UUID }],
  ["proposal change", proposal.PATCH, "PATCH", { id: UUID }],
  ["proposal item add", proposalItems.POST, "POST", { id: UUID }],
  ["proposal item change", proposalItem.PATCH, "PATCH", { id: UUID, itemId: UUID }],
  ["proposal item remove", proposalItem.DELETE, "DELETE", { id: UUID, itemId: UUID }],
  ["proposal share", proposalShare.POST, "POST", { id: UUID }],
  ["proposal withdraw", proposalWithdraw.POST, "POST", { id: UUID }],
  ["proposal item refind", proposalItemRefind.POST, "POST", { id: UUID, itemId: UUID }],
  ["proposal item price", proposalItemPrice.GET, "GET", { id: UUID, itemId: UUID }],
  ["clients", clients.GET, "GET", {}],
  ["new client", clients.POST, "POST", {}],
  ["clients page", clientsList.GET, "GET", {}],
  ["client", client.GET, "GET", { id: UUID }],
  ["client change", client.PATCH, "PATCH", { id: UUID }],
  ["notifications", notifications.GET, "GET", {}],
  ["notifications read", notificationsRead.POST, "POST", {}],
  ["notifications stream", notificationStream.GET, "GET", {}],
  ["notification preferences", notificationPreferences.GET, "GET", {}],
  ["notification preferences change", notificationPreferences.PUT, "PUT", {}],
  ["test notification", notificationTest.POST, "POST", {}],
];

/**
 * The client's proposal page (/p/:token) calls these without a session: the link's token is what
 * opens them, never a sign-in. Their mutations are same-origin like every other.
 */
const PUBLIC: Array<[...Row, signedOut: { status: number; code: string }]> = [
  ["proposal logo", publicLogo.GET, "GET", { token: TOKEN }, { status: 404, code: "not_found" }],
  ["proposal choice", publicChoice.POST, "POST", { token: TOKEN }, { status: 404, code: "not_found" }],
];
/** Every route that changes something, the public ones included. */
const CHANGES = [...ROUTES, ...PUBLIC.map(([name, handler, method, params]): Row => [name, handler, method, params])].filter((r) => r.at(2) !== "GET");

describe("every route", () => {
  it.each(ROUTES)("%s: signed out is 401", async (_name, handler, method, params) => {
    kit.as(null);
    const before = kit.paths.length;
    const res = await kit.call(handler, "/api/x", { method, params, body: method === "POST" || method === "PATCH" ? {} : undefined });
    kit.as(kit.people.advisor);
    expect(answer(res)).toEqual(envelope(401, "unauthorized", "Sign in to continue."));
    expect(kit.paths.length).toBe(before);
  });

  it.each(CHANGES)("%s: a cross-site change (POST, PATCH, PUT, DELETE) is 403 and never reaches the service", async (_name, handler, method, params) => {
    const before = kit.paths.length;
    const res = await kit.call(handler, "/api/x", { method, params, body: method === "DELETE" ? undefined : {}, origin: "https://evil.example" });
    expect(answer(res)).toEqual(envelope(403, "forbidden", BFF_ERRORS.cross_site.message));
    expect(kit.paths.length).toBe(before);
  });

  it.each(PUBLIC)("%s (public): signed out is answered, never 401", async (_name, handler, method, params, signedOut) => {
    kit.as(null);
    const res = await kit.call(handler, "/api/x", { method, params, body: method === "POST" ? { choice: ["g1o1"] } : undefined });
    kit.as(kit.people.advisor);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual(signedOut);
  });
});

const V = "Some fields need attention.";
const fixedDay = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
describe("bad input is 400 with a detail per problem, before any call to the service", () => {
  it.each([
    ["search: currency and market are the desk's", search.POST, { method: "POST", body: { ...hotelSearchBody(fixedDay), currency: "EUR", market: "GB" } }, envelope(400, "validation_error", V, [
      { path: "currency", message: "Set by the desk from the agency's settings; leave it out." },
      { path: "market", message: "Set by the desk from the agency's settings; leave it out." },
    ])],
    ["search: unknown fields", search.POST, { method: "POST", body: { ...hotelSearchBody(fixedDay), stars: 5 } }, envelope(400, "validation_error", V, [
      { path: "stars", message: "Unknown field." },
    ])],
    ["search: the specification's rules", search.POST, { method: "POST", body: { productType: "hotel", occupancy: [{ adults: 7, childrenAges: [] }], residency: "US", destination: "Rome", checkIn: "2030-01-01" } }, envelope(400, "validation_error", V, [
      { path: "checkOut", message: "Choose a check-out date." },
      { path: "occupancy.0.adults", message: "Hotel rooms take 1 to 6 adults." },
    ])],
    ["search: not JSON", search.POST, { method: "POST", rawBody: "productType=hotel", headers: { "content-type": "application/json" } }, envelope(400, "validation_error", "The request body is not valid JSON.")],
    ["search: a form, not JSON", search.POST, { method: "POST", rawBody: "productType=hotel", headers: { "content-type": "application/x-www-form-urlencoded" } }, envelope(415, "unsupported_media_type", "The request body must be sent as JSON.")],
    ["suggest: limit 1 to 15", suggest.GET, { query: { q: "bar", limit: "16" } }, envelope(400, "validation_error", V, [{ path: "limit", message: "Ask for 1 to 15 suggestions per group." }])],
    ["suggest: q is required", suggest.GET, {}, envelope(400, "validation_error", V, [{ path: "q", message: "Fill in this field." }])],
    ["capabilities: the market is the desk's", capabilities.GET, { query: { market: "GB" } }, envelope(400, "validation_error", V, [{ path: "market", message: "Unknown field." }])],
    ["thumbnails: at most 60 IDs", thumbnails.GET, { query: { ids: Array.from({ length: 61 }, (_, i) => `h${i}`).join(",") } }, envelope(400, "validation_error", V, [
      { path: "ids", message: "At most 60 IDs per request." },
    ])],
    ["results: limit must be positive", results.GET, { params: { searchId: "s1" }, query: { limit: "0" } }, envelope(400, "validation_error", V, [
      { path: "limit", message: "Ask for 1 to 500 at a time." },
    ])],
    ["destinations: productType activity or transfer", destinations.GET, { query: { productType: "hotel" } }, envelope(400, "validation_error", V, [
      { path: "productType", message: "Destinations are listed for activities or transfers." },
    ])],
    ["book: a valid form without its Idempotency-Key", bookings.POST, {
      method: "POST",
      body: { quoteId: "qt_1", searchId: "sr_1", productType: "hotel", paymentMethod: "credit", travelers: [{ type: "adult", firstName: "Ana", lastName: "Lopez" }] },
    }, envelope(400, "idempotency_key_required", SERVICE_ERRORS.idempotency_key_required.message)],
    ["book: every required field", bookings.POST, { method: "POST", body: {} }, envelope(400, "validation_error", V, [
      { path: "quoteId", message: "The rate to book is missing. Check the price again, then book." },
      { path: "travelers", message: "Name the travellers of the booking." },
      { path: "paymentMethod", message: "Only payment from the agency's credit is available." },
      { path: "searchId", message: "The search this rate came from is missing. Search again and pick the rate." },
      { path: "productType", message: "Choose hotels, flights, activities or transfers." },
    ])],
    ["pay: without an Idempotency-Key", pay.POST, { method: "POST", params: { bookingId: "b1" } }, envelope(400, "idempotency_key_required", SERVICE_ERRORS.idempotency_key_required.message)],
    ["cancel: an Idempotency-Key that is not a UUID", cancel.POST, { method: "POST", params: { bookingId: "b1" }, headers: { "idempotency-key": "twice" } }, envelope(400, "validation_error", V, [
      { path: "Idempotency-Key", message: "The form's submission key is damaged. Reload the page and try again." },
    ])],
    ["email-client: the service's limits", emailClient.POST, { method: "POST", params: { bookingId: "b1" }, body: { to: "not-an-email", note: "x".repeat(2001) } }, envelope(400, "validation_error", V, [
      { path: "to", message: "Enter a valid email address, such as client@example.com." },
      { path: "note", message: "At most 2,000 characters." },
    ])],
  ] as const)("%s", async (_name, handler, init, expected) => {
    const before = kit.paths.length;
    const res = await kit.call(handler, "/api/x", init);
    expect(answer(res)).toEqual(expected);
    expect(kit.paths.length).toBe(before);
  });
});

/** A hotel search through the BFF, and its first refundable, non-package row. */
async function hotelRow(extra: Record<string, unknown> = {}): Promise<{ searchId: string; row: ResultRow }> {
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day, extra) });
  expect(made.status).toBe(201);
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, `/api/search/${searchId}/results`, { params: { searchId }, query: { limit: "100" } });
  expect(page.status).toBe(200);
  const row = (page.body.data as ResultRow[]).find(isBookableHotelRow);
  if (!row) throw new Error("no bookable hotel row");
  return { searchId, row };
}

describe("the service's answers", () => {
  it("a search in the agency's currency and market, read page by page", async () => {
    const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
    expect(made.status).toBe(201);
    const searchId = made.body.data.searchId;
    const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "5", groupByProduct: "true" } });
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(page.body.data.every((r: ResultRow) => r.sellCurrency === "USD")).toBe(true);
    expect(page.body.meta).toMatchObject({ session: { status: expect.any(String) }, nextCursor: expect.any(String) });
  });

  it("a results page the service sent in the desk's own form is passed on byte for byte; otherwise re-serialised", async () => {
    const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
    const searchId = made.body.data.searchId as string;
    const direct = await kit.sb.call("GET", `/api/v1/search/${searchId}/results?limit=20`, { key: kit.apiKey });
    const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "20" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/json");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toBe(direct.text);

    // A service answer without meta.nextCursor: the BFF answers the normalised page (nextCursor null).
    const { nextCursor: _, ...meta } = direct.body.meta;
    kit.setTransport(async () => Response.json({ ...direct.body, meta }));
    try {
      const normalised = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "20" } });
      expect(normalised.status).toBe(200);
      expect(normalised.body).toEqual({ ...direct.body, meta: { ...meta, nextCursor: null } });
    } finally {
      kit.setTransport(null);
    }
  });

  it("suggest, capabilities, destinations, content and thumbnails, with catalog reads cached", async () => {
    const groups = await kit.call(suggest.GET, "/api/suggest", { query: { q: "barcelona", limit: "3" } });
    expect(groups.body.data.cities[0]).toMatchObject({ name: "Barcelona" });
    const hotelId = groups.body.data.hotels[0].canonicalId as string;

    const caps = await kit.call(capabilities.GET, "/api/capabilities");
    expect(answer(caps)).toEqual({ status: 200, body: { data: { productTypes: ["hotel", "flight", "activity", "transfer"] }, meta: { market: "US" }, error: null } });

    const dests = await kit.call(destinations.GET, "/api/destinations", { query: { productType: "activity", q: "Barc", limit: "2" } });
    expect(dests.body.data.items[0]).toMatchObject({ code: "ES-BARCELONA" });
    const acts = await kit.call(destinationActivities.GET, "/api/x", { params: { code: "ES-BARCELONA" }, query: { limit: "2" } });
    const activityKey = acts.body.data.items[0].activityKey as string;
    expect((await kit.call(activityContent.GET, "/api/x", { params: { activityKey } })).body.data).toMatchObject({ activityKey });
    expect((await kit.call(hotelContent.GET, "/api/x", { params: { canonicalId: hotelId } })).body.data).toMatchObject({ canonicalId: hotelId });

    const thumbs = await kit.call(thumbnails.GET, "/api/x", { query: { ids: `${hotelId},no-such-hotel` } });
    expect(thumbs.body.data).toEqual({ [hotelId]: expect.any(String), "no-such-hotel": null });

    // The second round is answered from the cache: no request reaches the service.
    const before = kit.paths.length;
    await kit.call(capabilities.GET, "/api/capabilities");
    await kit.call(destinations.GET, "/api/destinations", { query: { productType: "activity", q: "Barc", limit: "2" } });
    await kit.call(activityContent.GET, "/api/x", { params: { activityKey } });
    await kit.call(hotelContent.GET, "/api/x", { params: { canonicalId: hotelId } });
    expect((await kit.call(thumbnails.GET, "/api/x", { query: { ids: `no-such-hotel,${hotelId}` } })).body.data).toEqual(thumbs.body.data);
    expect(kit.paths.slice(before)).toEqual([]);
    // Suggestions are not cached.
    await kit.call(suggest.GET, "/api/suggest", { query: { q: "barcelona", limit: "3" } });
    expect(kit.paths.slice(before)).toEqual(["GET /api/v1/catalog/suggest"]);
  });

  it("rate sheets and price-check", async () => {
    const { searchId, row } = await hotelRow();
    const sheet = await kit.call(hotelRates.POST, "/api/x", { method: "POST", params: { searchId, productId: row.canonicalProductId } });
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.length).toBeGreaterThan(0);
    const saved = await kit.call(productRates.POST, "/api/x", { method: "POST", params: { searchId, productId: row.canonicalProductId } });
    expect(saved.status).toBe(200);
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ quoteId: row.rateQuoteId, requirements: expect.any(Object) });
  });

  it("remembers each row it handed out, so checkout opened from a link says what is booked", async () => {
    const { searchId, row } = await hotelRow();
    const fromResults = await kit.call(quoteRow.GET, "/api/x", { params: { quoteId: row.rateQuoteId } });
    expect(fromResults.status).toBe(200);
    expect(fromResults.body.data).toMatchObject({ searchId, row: { rateQuoteId: row.rateQuoteId, summary: { hotelName: row.summary.hotelName } } });

    const sheet = await kit.call(hotelRates.POST, "/api/x", { method: "POST", params: { searchId, productId: row.canonicalProductId } });
    const rate = (sheet.body.data as ResultRow[]).find((r) => r.summary.roomName)!;
    const before = kit.paths.length;
    const fromSheet = await kit.call(quoteRow.GET, "/api/x", { params: { quoteId: rate.rateQuoteId } });
    expect(fromSheet.body.data).toMatchObject({ searchId, row: { rateQuoteId: rate.rateQuoteId, summary: { roomName: rate.summary.roomName } } });
    // Named from the row or from the hotel's content, never left blank.
    expect(fromSheet.body.data.row.summary.hotelName ?? fromSheet.body.data.hotelName).toBeTruthy();
    expect(kit.paths.slice(before).filter((p) => !p.includes("/products/hotel/"))).toEqual([]);

    const unknown = await kit.call(quoteRow.GET, "/api/x", { params: { quoteId: "qt_never_shown" } });
    expect(answer(unknown)).toEqual(envelope(404, "not_found", "This rate is not one the desk has shown recently. Search again to book it."));
  });

  it.each([
    ["rate-unavailable", 409, "rate_unavailable"],
    ["unknown-supplier", 409, "unknown_supplier"],
    ["supplier-unavailable", 503, "supplier_unavailable"],
    ["quote-invalid", 409, "quote_invalid"],
    ["currency-unavailable", 409, "price_check_currency_unavailable"],
  ] as const)("price-check with sandbox:%s is %i %s with the table's sentence", async (trigger, status, code) => {
    const { row } = await hotelRow({ query: `sandbox:${trigger}` });
    const res = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    expect({ status: res.status, body: { ...res.body, error: { ...res.body.error } } }).toEqual(envelope(status, code, SERVICE_ERRORS[code].message));
  });

  it("the service's validation details reach the advisor on their fields", async () => {
    const { row } = await hotelRow();
    const res = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId }, body: { supplierRateRef: "opt_nope" } });
    expect(answer(res)).toEqual(
      envelope(400, "rate_option_not_offered", SERVICE_ERRORS.rate_option_not_offered.message, [
        { path: "supplierRateRef", message: expect.any(String) },
      ]),
    );
    const opts = await kit.call(options.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    expect(answer(opts)).toEqual(envelope(400, "activity_recheck_unsupported", SERVICE_ERRORS.activity_recheck_unsupported.message));
  });

  it("not found, and a hotel-only call on another product", async () => {
    expect(answer(await kit.call(bookingDetail.GET, "/api/x", { params: { bookingId: "bk_nope" } }))).toEqual(
      envelope(404, "not_found", SERVICE_ERRORS.not_found.message),
    );
    const made = await kit.call(search.POST, "/api/search", {
      method: "POST",
      body: { productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], destinationCode: "ES-BARCELONA", checkIn: kit.day(30) },
    });
    const res = await kit.call(hotelRates.POST, "/api/x", { method: "POST", params: { searchId: made.body.data.searchId, productId: "x" } });
    expect(answer(res)).toEqual(envelope(400, "invalid_product_type", SERVICE_ERRORS.invalid_product_type.message));
  });

  it("a voucher document error is an envelope, never HTML", async () => {
    const res = await kit.call(voucherDocument.GET, "/api/x", { params: { bookingId: "bk_nope" } });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(answer(res)).toEqual(envelope(404, "not_found", SERVICE_ERRORS.not_found.message));
  });
});

describe("the agency's key and the service's health", () => {
  const restore = async () => {
    kit.setTransport(null);
    await kit.rotateKey();
  };

  it.each([
    ["a revoked or unknown key", async () => kit.rotateKey("tdsk_NotAKeyAtAll00000000000000000000000000000000"), 503, "unauthorized"],
    [
      "an agency that has not signed the agreement",
      async () => {
        const made = await kit.sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Unsigned", agreementSigned: false });
        const key = await kit.sb.control<{ key: string }>("POST", `/agencies/${made.body.data.agencyId}/keys`, {});
        return kit.rotateKey(key.body.data.key);
      },
      503,
      "agreement_unsigned",
    ],
    [
      "a key without a recorded creator (search)",
      async () => {
        const key = await kit.sb.control<{ key: string }>("POST", "/agencies/agy_demo/keys", { withoutCreator: true });
        return kit.rotateKey(key.body.data.key);
      },
      503,
      "api_key_owner_missing",
    ],
  ] as const)("%s: not the advisor's login", async (_name, setup, status, code) => {
    await setup();
    const res =
      code === "api_key_owner_missing"
        ? await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) })
        : await kit.call(suggest.GET, "/api/suggest", { query: { q: "rome" } });
    await restore();
    expect(answer(res)).toEqual(envelope(status, code, SERVICE_ERRORS[code].message));
  });

  it("another agency's search is forbidden by the service: 503 forbidden, for an admin to look at", async () => {
    const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
    const other = await kit.sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Other", agreementSigned: true });
    const key = await kit.sb.control<{ key: string }>("POST", `/agencies/${other.body.data.agencyId}/keys`, {});
    await kit.rotateKey(key.body.data.key);
    const res = await kit.call(results.GET, "/api/x", { params: { searchId: made.body.data.searchId } });
    await restore();
    expect(answer(res)).toEqual(envelope(503, "forbidden", SERVICE_ERRORS.forbidden.message));
  });

  it.each([
    ["the service's 429 keeps its Retry-After", () => errorJson(429, "rate_limited", { "Retry-After": "7" }), 429, "rate_limited", SERVICE_ERRORS.rate_limited.message, "7"],
    ["the service's 500 is a bad gateway", () => errorJson(500, "internal_error"), 502, "internal_error", SERVICE_ERRORS.internal_error.message, null],
    ["no connection", () => Promise.reject(new TypeError("fetch failed: connect ECONNREFUSED 10.1.2.3:443")), 502, "service_unreachable", BFF_ERRORS.service_unreachable.message, null],
    ["an answer that is not JSON", () => new Response("<html>proxy error</html>", { status: 200 }), 502, "service_invalid_response", BFF_ERRORS.service_invalid_response.message, null],
    ["an answer of the wrong shape", () => okJson({ surprise: true }), 502, "service_invalid_response", BFF_ERRORS.service_invalid_response.message, null],
  ] as const)("%s", async (_name, reply, status, code, message, retryAfter) => {
    kit.setTransport(async () => reply());
    const res = await kit.call(bookingDetail.GET, "/api/x", { params: { bookingId: "b1" } });
    await restore();
    expect(answer(res)).toEqual(envelope(status, code, message));
    expect(res.headers.get("retry-after")).toBe(retryAfter);
    expect(res.text).not.toMatch(/10\.1\.2\.3|tds\.example|proxy error/);
  });

  it("no answer in time is 504", async () => {
    kit.setTransport((_input, init) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))));
    await kit.rotateKey(kit.apiKey, { timeoutMs: 30, maxRetries: 0 });
    const res = await kit.call(bookingDetail.GET, "/api/x", { params: { bookingId: "b1" } });
    await restore();
    expect(answer(res)).toEqual(envelope(504, "service_timeout", BFF_ERRORS.service_timeout.message));
  });

  it("a message that echoes the key never shows it", async () => {
    kit.setTransport(async () => errorJson(400, "validation_error", {}, [{ path: "x", message: `bad key ${kit.apiKey}` }]));
    const res = await kit.call(bookingDetail.GET, "/api/x", { params: { bookingId: "b1" } });
    const key = kit.apiKey;
    await restore();
    expect(res.body.error.details).toEqual([{ path: "x", message: "bad key [redacted]" }]);
    expect(res.text).not.toContain(key);
  });

  it("a live transport again after the fakes", async () => {
    kit.setTransport(sandboxFetch(kit.sb));
    expect((await kit.call(suggest.GET, "/api/suggest", { query: { q: "rome" } })).status).toBe(200);
  });
});

describe("lifetimes (last: they move the virtual clock)", () => {
  it("an expired search is 410 search_expired", async () => {
    const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
    await kit.advance(21 * 60);
    const res = await kit.call(results.GET, "/api/x", { params: { searchId: made.body.data.searchId } });
    expect(answer(res)).toEqual(envelope(410, "search_expired", SERVICE_ERRORS.search_expired.message));
  });
});
