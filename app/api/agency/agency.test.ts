import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES } from "@/lib/agency/profile";
import { ORIGIN, bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import * as emailClient from "../bookings/[bookingId]/email-client/route";
import * as logo from "./logo/route";
import * as profile from "./route";

// The agency profile through the BFF (issue 27, defect 4): advisors read it, admins write it;
// fields that can reach a mail header stay on one line; the logo is an image the desk sniffs,
// limits and serves inert.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const valid = { name: "Sunny Days Travel", replyTo: "bookings@sunnydays.example", phone: "+44 20 7946 0958", address: "12 Harbour Street\nBrighton BN1 1AA\nUnited Kingdom" };
const put = (body: unknown, origin?: string | null) => kit.call(profile.PUT, "/api/agency", { method: "PUT", body, origin });
const get = () => kit.call(profile.GET, "/api/agency");

// The smallest PNG there is (1×1, transparent), and the same bytes dressed up as other things.
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function upload(bytes: Uint8Array, type: string, origin: string | null = ORIGIN) {
  const headers = new Headers({ "content-type": type });
  if (origin) headers.set("origin", origin);
  const req = new NextRequest(new URL("/api/agency/logo", ORIGIN), { method: "PUT", headers, body: bytes as Uint8Array<ArrayBuffer> });
  const res = await logo.PUT(req, { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

async function fetchLogo(query = "", headers: Record<string, string> = {}) {
  const req = new NextRequest(new URL(`/api/agency/logo${query}`, ORIGIN), { headers });
  const res = await logo.GET(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("the agency profile", () => {
  it("before an admin sets it: empty, with the environment's currency and market; signed out is refused", async () => {
    kit.as(kit.people.advisor);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: "", replyTo: "", phone: "", address: "", logoUrl: null, currency: "USD", market: "US", updatedAt: null, updatedBy: null });
    kit.as(null);
    expect((await get()).status).toBe(401);
    kit.as(kit.people.advisor);
  });

  it("advisors read it, only admins save it, and only from the desk's own pages", async () => {
    kit.as(kit.people.advisor);
    expect((await put(valid)).body.error.code).toBe("forbidden");
    kit.as(kit.people.admin);
    expect((await put(valid, "https://evil.example")).status).toBe(403);
    const saved = await put({ ...valid, name: "  Sunny Days Travel  ", address: "12 Harbour Street\r\nBrighton BN1 1AA\r\nUnited Kingdom\r\n" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ ...valid, updatedBy: "Ada Admin" });
    kit.as(kit.people.advisor);
    expect((await get()).body.data).toMatchObject({ ...valid, logoUrl: null, updatedBy: "Ada Admin" });
    expect(Date.parse((await get()).body.data.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses each bad value with a sentence on its field; nothing that could start a new mail header", async () => {
    kit.as(kit.people.admin);
    const refused = async (body: Record<string, unknown>) => {
      const res = await put({ ...valid, ...body });
      expect(res.status).toBe(400);
      return res.body.error.details;
    };
    expect(await refused({ name: " " })).toEqual([{ path: "name", message: "Enter the agency's name." }]);
    expect(await refused({ name: "x".repeat(81) })).toEqual([{ path: "name", message: "The name can be at most 80 characters." }]);
    expect(await refused({ name: "Sunny\r\nBcc: everyone@example.com" })).toEqual([{ path: "name", message: "Write the name on one line, without tabs or other special characters." }]);
    expect(await refused({ name: "Sunny\u0000Days" })).toEqual([{ path: "name", message: "Write the name on one line, without tabs or other special characters." }]);
    expect(await refused({ replyTo: "me@example.com\r\nBcc: x@example.com" })).toEqual([
      { path: "replyTo", message: "Write the address on one line." },
    ]);
    expect(await refused({ replyTo: "bookings@" })).toEqual([{ path: "replyTo", message: "Enter an email address such as bookings@youragency.com, or leave it empty." }]);
    expect(await refused({ phone: "020 7946 0958" })).toEqual([{ path: "phone", message: "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty." }]);
    expect(await refused({ address: "1\n2\n3\n4\n5\n6\n7" })).toEqual([{ path: "address", message: "Use at most 6 lines for the address." }]);
    expect(await refused({ address: "12 Harbour\tStreet" })).toEqual([{ path: "address", message: "Remove the tabs or other special characters from the address." }]);
    // Nothing was saved by any of these.
    expect((await get()).body.data).toMatchObject(valid);
    // Optional fields may be left empty.
    expect((await put({ name: "Sunny Days Travel", replyTo: "", phone: "", address: "" })).status).toBe(200);
    expect((await put(valid)).status).toBe(200);
  });
});

describe("the agency logo", () => {
  it("an admin uploads a PNG: served with its type, inert, cached by version and revalidated by hash", async () => {
    kit.as(kit.people.advisor);
    expect((await upload(PNG, "image/png")).status).toBe(403);
    expect((await fetchLogo()).status).toBe(404);
    kit.as(kit.people.admin);
    expect((await upload(PNG, "image/png", "https://evil.example")).status).toBe(403);
    const up = await upload(PNG, "image/png");
    expect(up.status).toBe(200);
    const logoUrl = up.body.data.logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/agency\/logo\?v=[0-9a-f]{16}$/);
    expect(up.body.data.name).toBe(valid.name);

    kit.as(kit.people.advisor);
    const served = await fetchLogo(logoUrl.slice("/api/agency/logo".length));
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const plain = await fetchLogo();
    expect(plain.headers.get("cache-control")).toBe("private, no-cache");
    const again = await fetchLogo("", { "if-none-match": plain.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.bytes).toHaveLength(0);
  });

  it("refuses SVG (it can carry scripts), what is not an image whatever it claims, and more than 500 KB", async () => {
    kit.as(kit.people.admin);
    const refused = async (bytes: Uint8Array, type: string, status = 400) => {
      const res = await upload(bytes, type);
      expect(res.status).toBe(status);
      return res.body.error.details;
    };
    expect(await refused(SVG, "image/svg+xml")).toEqual([{ path: "logo", message: "SVG images can carry scripts, so the desk does not take them. Save the logo as PNG, JPEG or WebP." }]);
    expect(await refused(SVG, "image/png")).toEqual([{ path: "logo", message: "This file is not a PNG, JPEG or WebP image. Save the logo in one of these formats." }]);
    expect(await refused(new Uint8Array(0), "image/png")).toEqual([{ path: "logo", message: "This file is empty. Choose the logo's image file." }]);
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(await refused(big, "image/png", 413)).toEqual([
      { path: "logo", message: "This image is 501 KB; the logo can be at most 500 KB. Save it smaller (a logo needs about 600 pixels across at most)." },
    ]);
    // The logo uploaded before is still the one served.
    kit.as(kit.people.advisor);
    expect((await fetchLogo()).bytes).toEqual(PNG);
  });

  it("an admin removes it", async () => {
    kit.as(kit.people.admin);
    const req = new NextRequest(new URL("/api/agency/logo", ORIGIN), { method: "DELETE", headers: { origin: ORIGIN } });
    const res = await logo.DELETE(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect((await res.json()).data.logoUrl).toBeNull();
    expect((await fetchLogo()).status).toBe(404);
    expect((await get()).body.data.name).toBe(valid.name);
  });
});

describe("the sender name of a voucher email", () => {
  it("is refused with a line break in it, before the service is asked (it becomes the email's From name)", async () => {
    kit.as(kit.people.advisor);
    const before = kit.paths.length;
    const res = await kit.call(emailClient.POST, "/api/x", {
      method: "POST",
      params: { bookingId: "bk_any" },
      body: { to: "client@example.com", agencyName: "Sunny Days\r\nBcc: everyone@example.com" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: "agencyName", message: "Write the name on one line, without tabs or other special characters." }]);
    expect(kit.paths.length).toBe(before);
  });
});
