import { createRequire } from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import type { Scene } from "./facts";
import { renderPicture } from "./svg";

const sb = testSandbox();
afterAll(() => sb.close());
const catalog = sb.services.catalog;

const error = (code: string, message: unknown = expect.any(String), details: unknown[] = []) => ({
  data: null,
  meta: {},
  error: { code, message, details },
});
// jsdom ships no types (and @types/jsdom is not a dependency): type the one thing used.
type JsdomModule = { JSDOM: new () => { window: { DOMParser: typeof DOMParser } } };
const { JSDOM } = createRequire(import.meta.url)("jsdom") as JsdomModule;
const parser = new new JSDOM().window.DOMParser();
const wellFormed = (svg: string) => {
  const doc = parser.parseFromString(svg, "image/svg+xml");
  return doc.getElementsByTagName("parsererror").length === 0 && doc.documentElement.nodeName === "svg";
};
/** The path of an absolute URL, as the test sandbox is called by path. */
const pathOf = (url: string) => new URL(url).pathname;

const hotel = catalog.hotels.find((h) => h.hasContent && h.name.includes("&"))!;

describe("/media", () => {
  it("serves every image of a hotel's content as a cacheable SVG, without a key", async () => {
    const content = (await sb.call("GET", `/api/v1/products/hotel/${hotel.canonicalId}`)).body.data.content;
    const urls: string[] = [
      ...content.images.map((i: { url: string }) => i.url),
      ...content.rooms.flatMap((r: { images: Array<{ url: string }> }) => r.images.map((i) => i.url)),
    ];
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) {
      const res = await sb.call("GET", pathOf(url), { key: null });
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400, immutable");
      expect(typeof res.body).toBe("string");
      expect(wellFormed(res.body as unknown as string), url).toBe(true);
    }
  });

  it("escapes names in the picture's caption", async () => {
    const res = await sb.call("GET", `/media/hotels/${hotel.canonicalId}/0.svg`, { key: null });
    const svg = res.body as unknown as string;
    expect(svg).toContain(hotel.name.replace(/&/g, "&amp;"));
    expect(svg).not.toContain(hotel.name);
  });

  it("serves an activity's images", async () => {
    const activity = catalog.activities.find((a) => a.hasImage)!;
    const content = (await sb.call("GET", `/api/v1/products/activity/${activity.activityKey}`)).body.data;
    for (const { url } of content.images) {
      const res = await sb.call("GET", pathOf(url), { key: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(wellFormed(res.body as unknown as string)).toBe(true);
    }
  });

  it("gives the same picture for the same URL, and different pictures for different hotels", async () => {
    const other = catalog.hotels.find((h) => h.hasContent && h.canonicalId !== hotel.canonicalId)!;
    const a = await sb.call("GET", `/media/hotels/${hotel.canonicalId}/0.svg`, { key: null });
    const b = await sb.call("GET", `/media/hotels/${hotel.canonicalId}/0.svg`, { key: null });
    const c = await sb.call("GET", `/media/hotels/${other.canonicalId}/0.svg`, { key: null });
    expect(a.body).toBe(b.body);
    expect(c.body).not.toBe(a.body);
  });

  it("draws every scene as well-formed SVG, escaping its text", () => {
    const pictures: Array<[Scene, string]> = [
      ["exterior", ""], ["exterior", "coastal"], ["pool", "outdoor"], ["pool", "indoor"], ["room", "double"], ["room", "twin"],
      ["room", "dorm"], ["room", "suite"], ["bathroom", ""], ["lobby", ""], ["restaurant", ""], ["bar", ""], ["spa", ""],
      ["view", "sea"], ["view", "city"], ["city", ""], ["landmark", ""], ["night", ""], ["food", ""], ["museum", ""],
      ["sea", ""], ["countryside", ""], ["mountains", ""], ["stage", ""],
    ];
    for (const [scene, detail] of pictures) {
      for (const seed of ["a", "b"]) {
        const svg = renderPicture({ scene, detail, seed, title: `Q&A <"Hotel"> 'x'`, caption: seed === "a" ? null : "Caption & more" });
        expect(wellFormed(svg), `${scene}/${detail}/${seed}`).toBe(true);
      }
    }
  });

  const noContent = catalog.hotels.find((h) => !h.hasContent)!;
  const noImage = catalog.activities.find((a) => !a.hasImage)!;
  it.each([
    ["an unknown hotel", "/media/hotels/htl_nope/0.svg"],
    ["an index past the gallery", `/media/hotels/${hotel.canonicalId}/99.svg`],
    ["another extension", `/media/hotels/${hotel.canonicalId}/0.png`],
    ["a hotel without content", `/media/hotels/${noContent.canonicalId}/0.svg`],
    ["an unknown room", `/media/hotels/${hotel.canonicalId}/rooms/42-0.svg`],
    ["a room image past the room's gallery", `/media/hotels/${hotel.canonicalId}/rooms/0-9.svg`],
    ["an unknown activity", "/media/activities/act_nope/0.svg"],
    ["an activity without an image", `/media/activities/${noImage.activityKey}/0.svg`],
    ["an unknown kind of media", "/media/cars/x/0.svg"],
  ])("404s in the JSON envelope for %s", async (_name, path) => {
    const res = await sb.call("GET", path, { key: null });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: error("not_found") });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("authentication of the catalog endpoints", () => {
  const paths = [
    "/api/v1/catalog/suggest?q=barc",
    "/api/v1/destinations?productType=activity",
    "/api/v1/destinations/ES-BARCELONA/activities",
    `/api/v1/products/hotel/${hotel.canonicalId}`,
    `/api/v1/products/activity/${catalog.activities[0]!.activityKey}`,
    `/api/v1/products/hotel-thumbnails?ids=${hotel.canonicalId}`,
  ];

  it.each(paths)("401s without a key, and with a bad key: %s", async (path) => {
    const none = await sb.call("GET", path, { key: null });
    expect({ status: none.status, body: none.body }).toEqual({ status: 401, body: error("unauthorized", "Unauthorized") });
    const bad = await sb.call("GET", path, { key: `tdsk_${"x".repeat(43)}` });
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 401, body: error("unauthorized", "Invalid, revoked, or expired API key") });
  });

  it.each(paths)("accepts the key as a bearer token: %s", async (path) => {
    const res = await sb.call("GET", path, { key: null, headers: { Authorization: `Bearer ${sb.key}` } });
    expect(res.status).toBe(200);
  });
});

describe("CORS", () => {
  const origin = { Origin: "https://evil.example" };
  it.each([
    ["a success", "GET", "/api/v1/catalog/suggest?q=barc", sb.key],
    ["a validation error", "GET", "/api/v1/catalog/suggest?limit=0", sb.key],
    ["a 404", "GET", "/api/v1/products/hotel/htl_nope", sb.key],
    ["a 401", "GET", "/api/v1/catalog/suggest?q=barc", null],
    ["a preflight", "OPTIONS", "/api/v1/catalog/suggest?q=barc", null],
    ["an image", "GET", `/media/hotels/${hotel.canonicalId}/0.svg`, null],
    ["a missing image", "GET", "/media/hotels/htl_nope/0.svg", null],
  ])("sends no CORS headers on %s", async (_name, method, path, key) => {
    const res = await sb.call(method, path, {
      key,
      headers: { ...origin, ...(method === "OPTIONS" ? { "Access-Control-Request-Method": "GET" } : {}) },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect([...res.headers.keys()].filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });
});
