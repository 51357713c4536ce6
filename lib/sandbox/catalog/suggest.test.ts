import { afterAll, describe, expect, it } from "vitest";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import { suggest, words } from "./suggest";

const sb = testSandbox();
afterAll(() => sb.close());

const error = (code: string, details: unknown[] = [], message: unknown = expect.any(String)) => ({
  data: null,
  meta: {},
  error: { code, message, details },
});
const EMPTY = { cities: [], hotels: [], pois: [] };

const get = (query: string) => sb.call("GET", `/api/v1/catalog/suggest${query}`);

describe("GET /catalog/suggest", () => {
  it("answers the three groups in the envelope, with exactly the specification's fields", async () => {
    const res = await get("?q=barcelona");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { cities: expect.any(Array), hotels: expect.any(Array), pois: expect.any(Array) }, meta: {}, error: null });
    expect(res.body.data.cities[0]).toEqual({
      name: "Barcelona",
      countryCode: "ES",
      stateName: null,
      hotelCount: expect.any(Number),
      cityRegionId: expect.any(Number),
      cityRegionIds: [expect.any(Number)],
    });
    for (const h of res.body.data.hotels) {
      expect(h).toEqual({ canonicalId: expect.stringMatching(/^htl_/), name: expect.any(String), cityName: expect.any(String), starRating: expect.any(Number), countryCode: expect.stringMatching(/^[A-Z]{2}$/) });
    }
    for (const p of res.body.data.pois) {
      expect(p).toEqual({ kind: expect.stringMatching(/^(airport|destination)$/), name: expect.any(String), code: expect.any(String), countryCode: expect.stringMatching(/^[A-Z]{2}$/) });
    }
  });

  it.each([
    ["a prefix", "barc", "Barcelona", "ES"],
    ["the whole name", "Barcelona", "Barcelona", "ES"],
    ["upper case", "BARC", "Barcelona", "ES"],
    ["no accents for an accented name", "malaga", "Málaga", "ES"],
    ["accents on the query too", "MÁLAGA", "Málaga", "ES"],
    ["a folded letter", "urumqi", "Ürümqi", "CN"],
    ["an apostrophe dropped", "xian", "Xi’an", "CN"],
    ["a word inside the name", "york", "New York City", "US"],
    ["several words", "new york", "New York City", "US"],
    ["surrounding spaces", "   paris  ", "Paris", "FR"],
  ])("finds the city by %s (%s)", async (_name, q, city, countryCode) => {
    const res = await get(`?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.cities[0]).toMatchObject({ name: city, countryCode });
  });

  it("ranks names starting with the query first, then bigger destinations first", async () => {
    const res = await get("?q=pa&limit=15");
    const cities: Array<{ name: string; hotelCount: number }> = res.body.data.cities;
    expect(cities[0]!.name).toBe("Paris");
    const leading = cities.map((c) => words(c.name).join(" ").startsWith("pa"));
    expect(leading).toEqual([...leading].sort().reverse());
    const counts = cities.filter((_, i) => leading[i]).map((c) => c.hotelCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("finds hotels whose name has a word starting with the query, names starting with it first", async () => {
    const res = await get("?q=barc&limit=15");
    const hotels: Array<{ name: string }> = res.body.data.hotels;
    expect(hotels).toHaveLength(15);
    for (const h of hotels) expect(words(h.name).some((w) => w.startsWith("barc"))).toBe(true);
    expect(words(hotels[0]!.name)[0]).toMatch(/^barc/);
  });

  it("finds an airport by its IATA code, first, and the city's destination code for activities", async () => {
    const byCode = await get("?q=bcn");
    expect(byCode.body.data.pois[0]).toEqual({ kind: "airport", name: "Barcelona International Airport", code: "BCN", countryCode: "ES" });

    const byName = await get("?q=barcelona");
    const destination = byName.body.data.pois.find((p: { kind: string }) => p.kind === "destination");
    expect(destination).toEqual({ kind: "destination", name: "Barcelona", code: "ES-BARCELONA", countryCode: "ES" });
    // The destination POI's code is an activity destination code.
    const activities = await sb.call("GET", `/api/v1/destinations/${destination.code}/activities`);
    expect(activities.status).toBe(200);
    expect(activities.body.data.items.length).toBeGreaterThan(0);
  });

  it.each([
    ["no q", ""],
    ["an empty q", "?q="],
    ["one character", "?q=b"],
    ["one character among spaces", "?q=%20%20b%20%20"],
    ["only punctuation", "?q=--"],
  ])("gives empty groups, not an error, for %s", async (_name, query) => {
    const res = await get(query);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: EMPTY, meta: {}, error: null } });
  });

  it("cuts q to 100 characters after trimming", async () => {
    // Without the cut, "zzz" would be a second word that matches nothing.
    const q = `barc${" ".repeat(96)}zzz`;
    const res = await get(`?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.cities[0].name).toBe("Barcelona");
    const uncut = await get(`?q=${encodeURIComponent(`barc${" ".repeat(90)}zzz`)}`);
    expect(uncut.body.data).toEqual(EMPTY);
  });

  it.each([
    ["1", 1],
    ["6 by default", undefined],
    ["15", 15],
  ])("returns at most limit per group: %s", async (_name, limit) => {
    const res = await get(`?q=sa${limit === undefined ? "" : `&limit=${limit}`}`);
    const n = limit ?? 6;
    expect(res.status).toBe(200);
    expect(res.body.data.cities).toHaveLength(n);
    expect(res.body.data.hotels).toHaveLength(n);
    expect(res.body.data.pois).toHaveLength(n);
  });

  it.each([
    ["0", "limit=0", [{ path: "limit", message: "Must be at least 1." }]],
    ["16", "limit=16", [{ path: "limit", message: "Must be at most 15." }]],
    ["not a number", "limit=many", [{ path: "limit", message: "Expected an integer." }]],
    ["a fraction", "limit=2.5", [{ path: "limit", message: "Expected an integer." }]],
    ["an unknown parameter", "country=ES", [{ path: "country", message: 'Unknown field "country".' }]],
    [
      "two problems at once",
      "limit=99&type=city",
      [
        { path: "limit", message: "Must be at most 15." },
        { path: "type", message: 'Unknown field "type".' },
      ],
    ],
  ])("refuses %s with 400 validation_error", async (_name, query, details) => {
    const res = await get(`?q=barc&${query}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: error("validation_error", details) });
  });

  it("limits a key to 120 calls a minute, then answers 429 with Retry-After", async () => {
    const own = testSandbox();
    try {
      startOfVirtualMinute(own);
      for (let i = 0; i < 120; i++) expect((await own.call("GET", "/api/v1/catalog/suggest?q=ro")).status).toBe(200);
      const res = await own.call("GET", "/api/v1/catalog/suggest?q=ro");
      expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: error("rate_limited") });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      await own.control("POST", "/clock/advance", { seconds: 60 });
      expect((await own.call("GET", "/api/v1/catalog/suggest?q=ro")).status).toBe(200);
    } finally {
      own.close();
    }
  });
});

describe("suggest over the whole catalog (sanity, not timed)", () => {
  const catalog = sb.services.catalog;
  const queries = [..."abcdefghijklmnopqrstuvwxyz"]
    .flatMap((a) => [..."aehilnoru"].map((b) => a + b))
    .concat(["the grand", "hotel bar", "a b", "park ho", "es-barc", "grand h", "royal", "zz"]);

  // Brute force over all 69k hotels: the indexed answer must be the same set of names, in tiers.
  const named = catalog.hotels.map((h) => ({ id: h.canonicalId, words: words(h.name), joined: words(h.name).join(" ") }));
  const reference = (q: string) => {
    const tokens = words(q);
    const all = named.filter((h) => tokens.every((t) => h.words.some((x) => x.startsWith(t))));
    const leading = new Set(all.filter((h) => h.joined.startsWith(tokens.join(" "))).map((h) => h.id));
    return { all: new Set(all.map((h) => h.id)), leading };
  };

  it("common 2-letter prefixes and some phrases: at most limit per group, only real matches, leading names first", () => {
    const limit = 15;
    for (const q of queries) {
      const r = suggest(catalog, q, limit);
      expect(r.cities.length).toBeLessThanOrEqual(limit);
      expect(r.pois.length).toBeLessThanOrEqual(limit);
      const ref = reference(q);
      expect(r.hotels.length, q).toBe(Math.min(limit, ref.all.size));
      const ids = r.hotels.map((h) => h.canonicalId);
      expect(new Set(ids).size, q).toBe(ids.length);
      for (const id of ids) expect(ref.all.has(id), `${q}: ${id}`).toBe(true);
      const tiers = ids.map((id) => (ref.leading.has(id) ? 0 : 1));
      expect(tiers, q).toEqual([...tiers].sort());
      expect(tiers.filter((t) => t === 0).length, q).toBe(Math.min(limit, ref.leading.size));
    }
  });
});
