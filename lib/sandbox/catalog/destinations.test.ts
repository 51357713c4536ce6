import { afterAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import { fold } from "./suggest";

const sb = testSandbox();
afterAll(() => sb.close());
const catalog = sb.services.catalog;

const error = (code: string, details: unknown[] = [], message: unknown = expect.any(String)) => ({
  data: null,
  meta: {},
  error: { code, message, details },
});
const BAD_CURSOR = error("validation_error", [{ path: "cursor", message: expect.any(String) }]);

type Item = { code: string; name: string; cityName: string; countryCode: string; kind: string };
type Activity = { activityKey: string; name: string; cityName: string; countryCode: string; imageUrl: string | null };

const get = (path: string) => sb.call("GET", `/api/v1${path}`);

/** Follows nextCursor to the end; fails on a page over the limit. */
async function all<T>(path: string, limit: number): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.length).toBeLessThanOrEqual(limit);
    out.push(...res.body.data.items);
    cursor = res.body.data.nextCursor;
    if (cursor === null) return out;
    expect(res.body.data.items).toHaveLength(limit);
  }
  throw new Error("paging did not end");
}

describe("GET /destinations", () => {
  it("lists activity destinations, 20 by default, in the envelope", async () => {
    const res = await get("/destinations?productType=activity");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { items: expect.any(Array), nextCursor: expect.any(String) }, meta: {}, error: null });
    expect(res.body.data.items).toHaveLength(20);
    for (const d of res.body.data.items) {
      expect(d).toEqual({ code: expect.any(String), name: expect.any(String), cityName: expect.any(String), countryCode: expect.stringMatching(/^[A-Z]{2}$/), kind: "activity_destination" });
    }
  });

  it("lists transfer airports and transfer destinations", async () => {
    const items = await all<Item>("/destinations?productType=transfer&q=barcelona", 100);
    expect(items).toEqual(
      expect.arrayContaining([
        { code: "BCN", name: "Barcelona International Airport", cityName: "Barcelona", countryCode: "ES", kind: "transfer_airport" },
        { code: "ES-BARCELONA", name: "Barcelona", cityName: "Barcelona", countryCode: "ES", kind: "transfer_destination" },
      ]),
    );
    const kinds = new Set((await all<Item>("/destinations?productType=transfer", 100)).map((d) => d.kind));
    expect(kinds).toEqual(new Set(["transfer_airport", "transfer_destination"]));
  });

  it.each([["hotel"], ["flight"], [""], ["ACTIVITY"]])("lists nothing, without an error, for productType=%j", async (productType) => {
    const res = await get(`/destinations?productType=${productType}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: { items: [], nextCursor: null }, meta: {}, error: null } });
  });

  it("lists nothing without a productType", async () => {
    const res = await get("/destinations");
    expect(res.body).toEqual({ data: { items: [], nextCursor: null }, meta: {}, error: null });
  });

  it.each([
    ["lower case", "mal"],
    ["upper case", "MAL"],
    ["an accent", "Mál"],
  ])("filters by name prefix in any case (%s)", async (_name, q) => {
    const items = await all<Item>(`/destinations?productType=activity&q=${encodeURIComponent(q)}`, 100);
    expect(items.map((d) => d.name)).toContain("Málaga");
    for (const d of items) expect(fold(d.name).startsWith("mal")).toBe(true);
  });

  it("matches a prefix of the name, not a word inside it", async () => {
    const items = await all<Item>("/destinations?productType=activity&q=york", 100);
    expect(items.map((d) => d.name)).not.toContain("New York City");
  });

  it.each([["ES"], ["es"]])("filters by country %s", async (country) => {
    const items = await all<Item>(`/destinations?productType=activity&country=${country}`, 100);
    const expected = catalog.activityDestinations.filter((d) => d.countryCode === "ES").map((d) => d.code);
    expect(items.map((d) => d.code).sort()).toEqual([...expected].sort());
  });

  it.each([
    ["activity", 100, catalog.activityDestinations.length],
    ["activity", 7, catalog.activityDestinations.filter((d) => d.countryCode === "US").length, "&country=US"],
    ["transfer", 100, catalog.transferDestinations.length],
  ])("pages through every %s destination with limit %i, without duplicates", async (productType, limit, total, extra = "") => {
    const items = await all<Item>(`/destinations?productType=${productType}${extra}`, limit);
    expect(items).toHaveLength(total);
    expect(new Set(items.map((d) => `${d.kind}|${d.code}`)).size).toBe(total);
  });

  it.each([
    ["0", "limit=0", [{ path: "limit", message: "Must be at least 1." }]],
    ["101", "limit=101", [{ path: "limit", message: "Must be at most 100." }]],
    ["not a number", "limit=all", [{ path: "limit", message: "Expected an integer." }]],
    ["a bad country", "country=ESP", [{ path: "country", message: expect.any(String) }]],
    ["an unknown parameter", "type=city", [{ path: "type", message: 'Unknown field "type".' }]],
  ])("refuses %s with 400 validation_error", async (_name, query, details) => {
    const res = await get(`/destinations?productType=activity&${query}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: error("validation_error", details) });
  });

  it("accepts limit 1 and 100", async () => {
    expect((await get("/destinations?productType=activity&limit=1")).body.data.items).toHaveLength(1);
    expect((await get("/destinations?productType=activity&limit=100")).body.data.items).toHaveLength(100);
  });

  it("refuses a malformed cursor, or one from another filter, with 400 validation_error", async () => {
    const fr = await get("/destinations?productType=activity&country=FR&limit=1");
    const frCursor = fr.body.data.nextCursor as string;
    for (const query of [
      "productType=activity&cursor=abc",
      "productType=activity&cursor=",
      "productType=activity&cursor=%F0%9F%98%80",
      `productType=activity&country=ES&cursor=${encodeURIComponent(frCursor)}`,
      `productType=transfer&country=FR&cursor=${encodeURIComponent(frCursor)}`,
      `productType=hotel&cursor=${encodeURIComponent(frCursor)}`,
    ]) {
      const res = await get(`/destinations?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: BAD_CURSOR });
    }
    // The same cursor with its own filter (and another limit) still works.
    expect((await get(`/destinations?productType=activity&country=FR&limit=5&cursor=${encodeURIComponent(frCursor)}`)).status).toBe(200);
  });
});

describe("GET /destinations/:code/activities", () => {
  const code = "ES-BARCELONA";
  const expected = catalog.activitiesByDestination.get(code) ?? [];

  it("lists the destination's activity catalogue with absolute image URLs", async () => {
    const res = await get(`/destinations/${code}/activities`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { items: expect.any(Array), nextCursor: null }, meta: {}, error: null });
    expect(res.body.data.items).toHaveLength(expected.length);
    res.body.data.items.forEach((item: Activity, i: number) => {
      const a = expected[i]!;
      expect(item).toEqual({
        activityKey: a.activityKey,
        name: a.name,
        cityName: "Barcelona",
        countryCode: "ES",
        imageUrl: a.hasImage ? `http://sandbox.test/media/activities/${a.activityKey}/0.svg` : null,
      });
    });
  });

  it("pages with limit and cursor, without duplicates", async () => {
    const items = await all<Activity>(`/destinations/${code}/activities`, 3);
    expect(items.map((a) => a.activityKey)).toEqual(expected.map((a) => a.activityKey));
  });

  it.each([
    ["an unknown code", "XX-NOWHERE"],
    ["an airport code (a transfer place, not an activity destination)", "BCN"],
    ["a code in the wrong case", "es-barcelona"],
  ])("404s for %s", async (_name, unknown) => {
    const res = await get(`/destinations/${unknown}/activities`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: error("not_found") });
  });

  it.each([
    ["a bad cursor", "cursor=nope", [{ path: "cursor", message: expect.any(String) }]],
    ["limit 0", "limit=0", [{ path: "limit", message: "Must be at least 1." }]],
    ["limit 101", "limit=101", [{ path: "limit", message: "Must be at most 100." }]],
    ["an unknown parameter", "q=tour", [{ path: "q", message: 'Unknown field "q".' }]],
  ])("refuses %s with 400 validation_error", async (_name, query, details) => {
    const res = await get(`/destinations/${code}/activities?${query}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: error("validation_error", details) });
  });

  it("refuses another destination's cursor", async () => {
    const paris = await get("/destinations/FR-PARIS/activities?limit=1");
    const res = await get(`/destinations/${code}/activities?cursor=${encodeURIComponent(paris.body.data.nextCursor)}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: BAD_CURSOR });
  });
});
