import { afterAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";

const sb = testSandbox();
afterAll(() => sb.close());
const catalog = sb.services.catalog;

const error = (code: string, details: unknown[] = [], message: unknown = expect.any(String)) => ({
  data: null,
  meta: {},
  error: { code, message, details },
});
const get = (path: string, headers: Record<string, string> = {}) => sb.call("GET", `/api/v1${path}`, { headers });

const withContent = catalog.hotels.filter((h) => h.hasContent);
const withoutContent = catalog.hotels.filter((h) => !h.hasContent);
const hotel = withContent[0]!;

type Image = { url: string; caption: string | null; heroImage: boolean };

describe("GET /products/hotel/:canonicalId", () => {
  it("answers the hotel's content with the specification's fields", async () => {
    const res = await get(`/products/hotel/${hotel.canonicalId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        canonicalId: hotel.canonicalId,
        name: hotel.name,
        starRating: hotel.starRating,
        cityName: hotel.cityName,
        countryCode: hotel.countryCode,
        address: hotel.address,
        // GeoJSON order: longitude first.
        geo: { type: "Point", coordinates: [hotel.lng, hotel.lat] },
        chainName: hotel.chainName,
        content: {
          description: expect.any(String),
          images: expect.any(Array),
          amenities: expect.any(Array),
          checkin: expect.anything(),
          checkout: expect.anything(),
          policies: expect.anything(),
          fees: expect.toSatisfy((v) => v !== undefined),
          rooms: expect.any(Array),
        },
      },
      meta: {},
      error: null,
    });
    const content = res.body.data.content;
    expect(content.description.split(". ").length).toBeGreaterThanOrEqual(3);
    expect(content.description).toContain(hotel.name);
    expect(content.amenities.length).toBeGreaterThan(2);
    for (const a of content.amenities) expect(typeof a).toBe("string");
  });

  it("has images with absolute URLs, captions possibly null, and exactly one hero", async () => {
    for (const h of withContent.slice(0, 40)) {
      const images: Image[] = (await get(`/products/hotel/${h.canonicalId}`)).body.data.content.images;
      expect(images.length).toBeGreaterThanOrEqual(4);
      images.forEach((img, n) => expect(img).toEqual({ url: `http://sandbox.test/media/hotels/${h.canonicalId}/${n}.svg`, caption: img.caption === null ? null : expect.any(String), heroImage: expect.any(Boolean) }));
      expect(images.filter((i) => i.heroImage)).toHaveLength(1);
    }
  });

  it("lists the catalog's rooms, each with images", async () => {
    const rooms = (await get(`/products/hotel/${hotel.canonicalId}`)).body.data.content.rooms;
    expect(rooms).toEqual(
      catalog.rooms(hotel).map((r, i) => ({
        roomId: r.roomId,
        name: r.name,
        description: r.description,
        bedType: r.bedType,
        maxOccupancy: r.maxOccupancy,
        sizeSqm: r.sizeSqm,
        images: expect.arrayContaining([{ url: `http://sandbox.test/media/hotels/${hotel.canonicalId}/rooms/${i}-0.svg`, caption: r.name, heroImage: true }]),
      })),
    );
  });

  it("varies the shapes of checkin, checkout, policies and fees between hotels", async () => {
    const shapes = new Set<string>();
    for (const h of withContent.slice(0, 30)) {
      const c = (await get(`/products/hotel/${h.canonicalId}`)).body.data.content;
      const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
      shapes.add(`${kind(c.checkin)}/${kind(c.policies)}/${Object.keys(c.checkin ?? {}).sort().join(",")}`);
    }
    expect(shapes.size).toBeGreaterThanOrEqual(3);
  });

  it("answers content null for a hotel without rich content", async () => {
    const h = withoutContent[0]!;
    const res = await get(`/products/hotel/${h.canonicalId}`);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        data: {
          canonicalId: h.canonicalId,
          name: h.name,
          starRating: h.starRating,
          cityName: h.cityName,
          countryCode: h.countryCode,
          address: h.address,
          geo: { type: "Point", coordinates: [h.lng, h.lat] },
          chainName: h.chainName,
          content: null,
        },
        meta: {},
        error: null,
      },
    });
  });

  it("is the same on every call", async () => {
    const a = await get(`/products/hotel/${hotel.canonicalId}`);
    const b = await get(`/products/hotel/${hotel.canonicalId}`);
    expect(a.body).toEqual(b.body);
  });

  it.each([
    ["an absolute base with a trailing slash", "http://localhost:3000/sandbox/", "http://localhost:3000/sandbox/media/"],
    ["an https base", "https://desk.example.com/sandbox", "https://desk.example.com/sandbox/media/"],
    ["not a URL (ignored)", "sandbox", "http://sandbox.test/media/"],
    ["another scheme (ignored)", "javascript:alert(1)", "http://sandbox.test/media/"],
  ])("builds image URLs from X-Sandbox-Base: %s", async (_name, base, prefix) => {
    const res = await get(`/products/hotel/${hotel.canonicalId}`, { "X-Sandbox-Base": base });
    for (const img of res.body.data.content.images) expect(img.url.startsWith(prefix)).toBe(true);
  });

  it("404s for an unknown hotel", async () => {
    const res = await get("/products/hotel/htl_nope");
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: error("not_found") });
  });

  it("refuses query parameters", async () => {
    const res = await get(`/products/hotel/${hotel.canonicalId}?lang=en`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: error("validation_error", [{ path: "lang", message: 'Unknown field "lang".' }]) });
  });
});

describe("GET /products/activity/:activityKey", () => {
  const activity = catalog.activities.find((a) => a.hasImage)!;

  it("answers the shape of contract-decisions §5", async () => {
    const res = await get(`/products/activity/${activity.activityKey}`);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        data: {
          activityKey: activity.activityKey,
          name: activity.name,
          cityName: activity.cityName,
          countryCode: activity.countryCode,
          description: expect.any(String),
          images: expect.any(Array),
          durationMinutes: activity.durationMinutes,
          highlights: expect.any(Array),
          inclusions: expect.any(Array),
          exclusions: expect.any(Array),
          meetingPoint: expect.any(String),
          cancellationPolicy: expect.any(String),
        },
        meta: {},
        error: null,
      },
    });
    const data = res.body.data;
    expect(data.images.length).toBeGreaterThanOrEqual(2);
    data.images.forEach((img: unknown, n: number) =>
      expect(img).toEqual({ url: `http://sandbox.test/media/activities/${activity.activityKey}/${n}.svg`, caption: expect.toSatisfy((c) => c === null || typeof c === "string") }),
    );
    for (const list of [data.highlights, data.inclusions, data.exclusions]) {
      expect(list.length).toBeGreaterThan(0);
      for (const s of list) expect(typeof s).toBe("string");
    }
  });

  it("has no images for an activity without one", async () => {
    const bare = catalog.activities.find((a) => !a.hasImage)!;
    expect((await get(`/products/activity/${bare.activityKey}`)).body.data.images).toEqual([]);
  });

  it("404s for an unknown activity", async () => {
    const res = await get("/products/activity/act_nope");
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: error("not_found") });
  });
});

describe("GET /products/hotel-thumbnails", () => {
  const thumbs = (ids: string[]) => get(`/products/hotel-thumbnails?ids=${ids.map(encodeURIComponent).join(",")}`);

  it("maps each ID to its hero image URL, the same as in the hotel's content", async () => {
    const res = await thumbs([hotel.canonicalId]);
    const images: Image[] = (await get(`/products/hotel/${hotel.canonicalId}`)).body.data.content.images;
    const hero = images.find((i) => i.heroImage)!.url;
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: { [hotel.canonicalId]: hero }, meta: {}, error: null } });
  });

  it("answers null for a hotel without an image and for an unknown ID", async () => {
    const res = await thumbs([withoutContent[0]!.canonicalId, "htl_nope", "__proto__"]);
    expect(res.body.data).toEqual({ [withoutContent[0]!.canonicalId]: null, htl_nope: null, ["__proto__"]: null });
    expect(Object.keys(res.body.data)).toHaveLength(3);
  });

  it("reads at most 60 IDs and ignores the rest without an error", async () => {
    const ids = catalog.hotels.slice(0, 61).map((h) => h.canonicalId);
    const res = await thumbs(ids);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(ids.slice(0, 60).sort());
    expect(res.body.data).not.toHaveProperty(ids[60]!);
  });

  it("tolerates spaces and empty entries between IDs", async () => {
    const res = await get(`/products/hotel-thumbnails?ids=${encodeURIComponent(` ${hotel.canonicalId} ,,`)}`);
    expect(Object.keys(res.body.data)).toEqual([hotel.canonicalId]);
  });

  it.each([
    ["missing ids", "", [{ path: "ids", message: expect.any(String) }]],
    ["an empty ids", "?ids=", [{ path: "ids", message: expect.any(String) }]],
    ["only commas", "?ids=,,,", [{ path: "ids", message: expect.any(String) }]],
    ["an unknown parameter", `?ids=${hotel.canonicalId}&size=small`, [{ path: "size", message: 'Unknown field "size".' }]],
  ])("refuses %s with 400 validation_error", async (_name, query, details) => {
    const res = await get(`/products/hotel-thumbnails${query}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: error("validation_error", details) });
  });
});
