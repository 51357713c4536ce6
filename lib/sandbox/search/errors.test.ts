import { beforeAll, describe, expect, it } from "vitest";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import { detail, errorBody, searchKit } from "@/lib/testing/sandbox-search";

const sb = testSandbox();
const kit = searchKit(sb);
const { bodies, day } = kit;
const past = () => day(-1);

describe("POST /search validation", () => {
  it.each<[string, () => Record<string, unknown>, string[]]>([
    ["unknown fields, one detail each", () => ({ ...bodies.hotel(), colour: "blue", pets: 2 }), ["colour", "pets"]],
    ["an unknown field inside an occupancy entry", () => bodies.hotel({ occupancy: [{ adults: 2, childrenAges: [], infants: 1 }] }), ["occupancy.0.infants"]],
    [
      "many bad fields at once",
      () => bodies.hotel({ occupancy: [{ adults: 0, childrenAges: [18] }], currency: "usd", market: "USA", destination: "L", checkIn: "2027-02-30" }),
      ["occupancy.0.adults", "occupancy.0.childrenAges.0", "currency", "market", "destination", "checkIn"],
    ],
    ["a missing product type", () => { const { productType: _, ...rest } = bodies.hotel(); return rest; }, ["productType"]],
    ["an unknown product type", () => bodies.hotel({ productType: "cruise" }), ["productType"]],
    ["no occupancy entries", () => bodies.hotel({ occupancy: [] }), ["occupancy"]],
    ["ten rooms", () => bodies.hotel({ occupancy: Array.from({ length: 10 }, () => ({ adults: 1, childrenAges: [] })) }), ["occupancy"]],
    ["7 adults in a hotel room", () => bodies.hotel({ occupancy: [{ adults: 7, childrenAges: [] }] }), ["occupancy.0.adults"]],
    ["5 children in a hotel room", () => bodies.hotel({ occupancy: [{ adults: 2, childrenAges: [1, 2, 3, 4, 5] }] }), ["occupancy.0.childrenAges"]],
    ["childrenAges missing", () => bodies.hotel({ occupancy: [{ adults: 2 }] }), ["occupancy.0.childrenAges"]],
    ["a currency outside the exchange table", () => bodies.hotel({ currency: "XAF" }), ["currency"]],
    ["an unknown market", () => bodies.hotel({ market: "ZZ" }), ["market"]],
    ["a hotel search without residency", () => { const { residency: _, ...rest } = bodies.hotel(); return rest; }, ["residency"]],
    ["a hotel search with no place", () => { const { destination: _, ...rest } = bodies.hotel(); return rest; }, ["destination"]],
    ["a hotel search without dates", () => { const { checkIn: _a, checkOut: _b, ...rest } = bodies.hotel(); return rest; }, ["checkIn", "checkOut"]],
    ["check-in in the past", () => bodies.hotel({ checkIn: past(), checkOut: day(1) }), ["checkIn"]],
    ["check-in beyond 730 days", () => bodies.hotel({ checkIn: day(731), checkOut: day(733) }), ["checkIn"]],
    ["check-out on check-in", () => bodies.hotel({ checkOut: day(30) }), ["checkOut"]],
    ["31 nights", () => bodies.hotel({ checkOut: day(61) }), ["checkOut"]],
    ["destination of one character", () => bodies.hotel({ destination: "X" }), ["destination"]],
    ["destination over 80 characters", () => bodies.hotel({ destination: "x".repeat(81) }), ["destination"]],
    ["51 region IDs", () => bodies.hotel({ destinationCityRegionIds: Array.from({ length: 51 }, (_, i) => i + 1) }), ["destinationCityRegionIds"]],
    ["a region ID of 0", () => bodies.hotel({ destinationCityRegionId: 0 }), ["destinationCityRegionId"]],
    ["hotelId over 120 characters", () => bodies.hotel({ hotelId: "h".repeat(121) }), ["hotelId"]],
    ["an empty hotelId", () => bodies.hotel({ hotelId: "" }), ["hotelId"]],
    ["near with a tiny radius and a bad latitude", () => bodies.hotel({ near: { lat: 91, lng: 2, radiusKm: 0.1 } }), ["near.lat", "near.radiusKm"]],
    ["near with radius over 50 and an unknown field", () => bodies.hotel({ near: { lat: 41, lng: 2, radiusKm: 51, zoom: 3 } }), ["near.radiusKm", "near.zoom"]],
    ["an unknown property type", () => bodies.hotel({ propertyTypes: ["hotel", "castle"] }), ["propertyTypes.1"]],
    ["an unknown rate mode", () => bodies.hotel({ rateMode: "gross" }), ["rateMode"]],
    ["a query over 120 characters", () => bodies.hotel({ query: "q".repeat(121) }), ["query"]],
    ["a bad residency", () => bodies.hotel({ residency: "gb" }), ["residency"]],
    ["a flight without origin", () => { const { origin: _, ...rest } = bodies.flight(); return rest; }, ["origin"]],
    ["a flight from an unknown airport", () => bodies.flight({ origin: "QQQ" }), ["origin"]],
    ["a flight to nowhere", () => bodies.flight({ destination: "Atlantis Undersea" }), ["destination"]],
    ["a flight returning before it leaves", () => bodies.flight({ checkOut: day(29) }), ["checkOut"]],
    ["an unknown cabin", () => bodies.flight({ cabinClass: "coach" }), ["cabinClass"]],
    [
      "seven slices",
      () => bodies.flight({ slices: Array.from({ length: 7 }, (_, i) => ({ origin: i % 2 ? "LHR" : "JFK", destination: i % 2 ? "JFK" : "LHR", date: day(30 + i) })) }),
      ["slices"],
    ],
    [
      "slices in the past, to the same airport, out of order",
      () => bodies.flight({ slices: [{ origin: "JFK", destination: "LHR", date: past() }, { origin: "LHR", destination: "LHR", date: day(31) }, { origin: "LHR", destination: "CDG", date: day(20) }] }),
      ["slices.0.date", "slices.1.destination", "slices.2.date"],
    ],
    ["9 adults on a flight", () => bodies.flight({ occupancy: [{ adults: 9, childrenAges: [] }] }), ["occupancy.0.adults"]],
    ["7 children on a flight", () => bodies.flight({ occupancy: [{ adults: 1, childrenAges: [1, 2, 3, 4, 5, 6, 7] }] }), ["occupancy.0.childrenAges"]],
    ["9 entries on a flight", () => bodies.flight({ occupancy: Array.from({ length: 9 }, () => ({ adults: 1, childrenAges: [] })) }), ["occupancy"]],
    ["a child aged 18", () => bodies.activity({ occupancy: [{ adults: 1, childrenAges: [18] }] }), ["occupancy.0.childrenAges.0"]],
    ["an activity without place", () => { const { destinationCode: _, ...rest } = bodies.activity(); return rest; }, ["destinationCode"]],
    ["a destinationCode over 20 characters", () => bodies.activity({ destinationCode: "X".repeat(21) }), ["destinationCode"]],
    ["an activity without date", () => { const { checkIn: _, ...rest } = bodies.activity(); return rest; }, ["checkIn"]],
    ["a transfer without locations or time", () => { const { pickupLocation: _a, dropoffLocation: _b, pickupAt: _c, ...rest } = bodies.transfer(); return rest; }, ["pickupLocation", "dropoffLocation", "pickupAt"]],
    ["a transfer from a train station", () => bodies.transfer({ pickupLocation: { type: "station", code: "X" } }), ["pickupLocation.type"]],
    ["a transfer to an unreadable address", () => bodies.transfer({ dropoffLocation: { type: "address", code: "Main Street" } }), ["dropoffLocation.code"]],
    ["a transfer from an unknown hotel", () => bodies.transfer({ pickupLocation: { type: "hotel", code: "htl_nope" } }), ["pickupLocation.code"]],
    ["a transfer in the past", () => bodies.transfer({ pickupAt: `${past()}T10:00:00Z` }), ["pickupAt"]],
    ["a return before the pickup", () => bodies.transfer({ returnAt: `${day(29)}T10:00:00Z` }), ["returnAt"]],
    ["a pickup time that is not a time", () => bodies.transfer({ pickupAt: "tomorrow" }), ["pickupAt"]],
    ["zero passengers and negative luggage", () => bodies.transfer({ passengers: 0, luggage: -1 }), ["passengers", "luggage"]],
    ["flights where they are not on sale", () => bodies.flight({ market: "IN" }), ["productType"]],
  ])("%s → 400 validation_error", async (_name, body, paths) => {
    const res = await kit.call("POST", "/search", body());
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", paths.map(detail)));
  });

  it("a body that is not JSON → 400 validation_error", async () => {
    const res = await sb.call("POST", "/api/v1/search", { rawBody: "{not json", headers: { "Content-Type": "application/json" } });
    expect(res).toMatchObject({ status: 400, body: errorBody("validation_error", [detail("")]) });
  });
});

describe("POST /search refusals", () => {
  it.each<[string, number, string, () => Record<string, unknown>]>([
    ["hotelId on a flight search", 400, "invalid_hotel_selection", () => bodies.flight({ hotelId: "htl_x" })],
    ["hotelId on a transfer search", 400, "invalid_hotel_selection", () => bodies.transfer({ hotelId: "htl_x" })],
    ["an unknown hotelId", 404, "not_found", () => bodies.hotel({ hotelId: "htl_doesnotexist" })],
    ["an activity destination name that resolves nowhere", 400, "unknown_destination", () => bodies.activity({ destinationCode: undefined, destination: "Atlantis Undersea" })],
    ["an unknown activity destination code", 400, "unknown_destination", () => bodies.activity({ destinationCode: "ZZ-NOWHERE" })],
  ])("%s → %i %s", async (_name, status, code, body) => {
    const res = await kit.call("POST", "/search", body());
    expect(res.status).toBe(status);
    expect(res.body).toEqual(errorBody(code));
  });

  it("a key made before keys recorded their creator → 403 api_key_owner_missing", async () => {
    const made = await sb.control("POST", "/agencies/agy_demo/keys", { withoutCreator: true });
    const res = await sb.call("POST", "/api/v1/search", { body: bodies.hotel(), key: made.body.data.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody("api_key_owner_missing"));
  });

  it("the 31st search in a minute → 429 rate_limited with Retry-After", async () => {
    const made = await sb.control("POST", "/agencies/agy_demo/keys", {});
    const key = made.body.data.key as string;
    const body = bodies.transfer();
    startOfVirtualMinute(sb);
    for (let i = 0; i < 30; i++) {
      expect((await sb.call("POST", "/api/v1/search", { body, key })).status).toBe(201);
    }
    const res = await sb.call("POST", "/api/v1/search", { body, key });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(errorBody("rate_limited"));
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
  });
});

describe("reading searches", () => {
  let hotelId: string;
  let flightId: string;
  let hotelProduct: string;
  let otherKey: string;

  beforeAll(async () => {
    hotelId = await kit.create(bodies.hotel({ destination: "Edinburgh" }));
    flightId = await kit.create(bodies.flight());
    const first = await kit.results(hotelId, "limit=1");
    hotelProduct = first.body.data[0]!.canonicalProductId;
    const agency = await sb.control("POST", "/agencies", { name: "Another Travel Ltd" });
    const made = await sb.control("POST", `/agencies/${agency.body.data.agencyId}/keys`, {});
    otherKey = made.body.data.key;
  });

  it.each([
    ["0", "zero"],
    ["-5", "negative"],
    ["2.5", "fractional"],
    ["abc", "not a number"],
    ["", "empty"],
    ["1e2", "exponent"],
  ])("limit=%s (%s) → 400 invalid_limit", async (limit) => {
    const res = await kit.results(hotelId, `limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("invalid_limit"));
  });

  it("caps limit at 500", async () => {
    const big = await kit.create(bodies.hotel({ destination: "London" }));
    const res = await kit.results(big, "limit=100000");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(500);
  });

  it.each<[string, () => Promise<string>]>([
    ["garbage", async () => "!!not-a-cursor!!"],
    ["base64url of something else", async () => Buffer.from("hello").toString("base64url")],
    ["a cursor with a forged position", async () => Buffer.from(JSON.stringify([1, "x", 0, [0, 0, "a", 0, 0]])).toString("base64url")],
    ["a cursor from another search", async () => {
      const other = await kit.create(bodies.hotel({ destination: "Edinburgh", checkIn: day(40), checkOut: day(41) }));
      return (await kit.results(other, "limit=1")).body.meta.nextCursor ?? "";
    }],
    ["a grouped cursor on an ungrouped read", async () => (await kit.results(hotelId, "limit=1&groupByProduct=true")).body.meta.nextCursor ?? ""],
  ])("%s → 400 invalid_cursor", async (_name, cursor) => {
    const res = await kit.results(hotelId, `cursor=${encodeURIComponent(await cursor())}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("invalid_cursor"));
  });

  it("unknown query fields and a bad groupByProduct → 400 validation_error", async () => {
    const res = await kit.results(hotelId, "page=2&groupByProduct=yes");
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", [detail("page"), detail("groupByProduct")]));
  });

  it.each<[string, string, () => string]>([
    ["GET", "results", () => `/search/srch_0000000000000000/results`],
    ["POST", "hotel rates", () => `/search/srch_0000000000000000/hotels/${hotelProduct}/rates`],
    ["POST", "product rates", () => `/search/srch_0000000000000000/products/${hotelProduct}/rates`],
    ["POST", "hotel rates of a hotel outside the search", () => `/search/${hotelId}/hotels/htl_notinthissearch/rates`],
  ])("%s %s of an unknown search or hotel → 404 not_found", async (method, _name, path) => {
    const res = await kit.call(method, path());
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody("not_found"));
  });

  it.each<[string, string, () => string]>([
    ["GET", "results", () => `/search/${hotelId}/results`],
    ["POST", "hotel rates", () => `/search/${hotelId}/hotels/${hotelProduct}/rates`],
    ["POST", "product rates", () => `/search/${hotelId}/products/${hotelProduct}/rates`],
  ])("%s %s of another agency's search → 403 forbidden", async (method, _name, path) => {
    const res = await sb.call(method, `/api/v1${path()}`, { key: otherKey });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody("forbidden"));
  });

  it("a hotel rate sheet on a flight search → 400 invalid_product_type", async () => {
    const res = await kit.call("POST", `/search/${flightId}/hotels/${hotelProduct}/rates`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("invalid_product_type"));
  });

  it("every read of a search older than 20 virtual minutes → 410 search_expired", async () => {
    const id = await kit.create(bodies.hotel({ destination: "Edinburgh", checkIn: day(50), checkOut: day(51) }));
    const product = (await kit.results(id, "limit=1")).body.data[0]!.canonicalProductId;
    await sb.control("POST", "/clock/advance", { seconds: 1201 });
    for (const [method, path] of [
      ["GET", `/search/${id}/results`],
      ["POST", `/search/${id}/hotels/${product}/rates`],
      ["POST", `/search/${id}/products/${product}/rates`],
    ] as const) {
      const res = await kit.call(method, path);
      expect(res.status).toBe(410);
      expect(res.body).toEqual(errorBody("search_expired"));
    }
    // A later read from another agency is still refused as forbidden, not told it expired.
    expect((await sb.call("GET", `/api/v1/search/${id}/results`, { key: otherKey })).status).toBe(403);
  });
});

describe("GET /search/capabilities", () => {
  it.each([
    ["", ["hotel", "flight", "activity", "transfer"]],
    ["?market=US", ["hotel", "flight", "activity", "transfer"]],
    ["?market=GB", ["hotel", "flight", "activity", "transfer"]],
    ["?market=IN", ["hotel", "activity", "transfer"]],
    ["?market=ZA", ["hotel", "flight", "activity"]],
    ["?market=CU", ["hotel"]],
  ])("%s → %j", async (query, productTypes) => {
    const res = await kit.call("GET", `/search/capabilities${query}`);
    expect(res).toMatchObject({ status: 200, body: { data: { productTypes }, meta: {}, error: null } });
  });

  it.each(["us", "USA", "U", "ZZ", "1A", ""])("market=%s → 400 validation_error with empty details", async (market) => {
    const res = await kit.call("GET", `/search/capabilities?market=${market}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error"));
  });

  it("an unknown query field → 400 validation_error naming it", async () => {
    const res = await kit.call("GET", "/search/capabilities?market=US&currency=USD");
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", [detail("currency")]));
  });

  it("without a key → 401 unauthorized", async () => {
    const res = await sb.call("GET", "/api/v1/search/capabilities", { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ data: null, meta: {}, error: { code: "unauthorized", message: "Unauthorized", details: [] } });
  });
});
