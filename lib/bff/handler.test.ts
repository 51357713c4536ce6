import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BFF_ERRORS } from "./errors";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { BffError } from "./errors";
import { ok, route } from "./handler";
import { bffTestKit, ORIGIN, type BffTestKit } from "../testing/bff";

// The wrapper on its own, with small routes made for the test: every refusal is a whole
// envelope, compared as such.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const err = (status: number, code: string, message: string, details: Array<{ path: string; message: string }> = []) => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});

const echo = route(
  {
    auth: "advisor",
    query: z.strictObject({ n: z.number().int().max(5).optional(), flag: z.boolean().optional(), q: z.string().optional() }),
    body: z.strictObject({ name: z.string().min(1, "Required."), age: z.number().int().optional() }),
  },
  async ({ query, body, user }) => ok({ query, body, user: user.name }),
);
const adminOnly = route({ auth: "admin" }, async ({ user }) => ok({ hello: user.name }));
const open = route({ auth: "public" }, async ({ user }) => ok({ signedIn: user !== null }));
const read = route({ auth: "advisor", query: z.strictObject({ q: z.string().optional() }) }, async ({ query }) => ok(query));
const boom = route({ auth: "advisor" }, async () => {
  throw new Error(`db password hunter2 at postgres://x; key ${kit.apiKey}`);
});
const thrown = route({ auth: "advisor" }, async () => {
  throw new BffError({ status: 409, code: "conflict", message: "Already done.", details: [{ path: "x", message: "Taken." }], headers: { "Retry-After": "3" } });
});

describe("session and role", () => {
  it.each([
    ["signed out, user route", null, adminOnly, err(401, "unauthorized", "Sign in to continue.")],
    ["advisor on an admin route", "advisor", adminOnly, err(403, "forbidden", BFF_ERRORS.forbidden.message)],
    ["admin on an admin route", "admin", adminOnly, { status: 200, body: { data: { hello: "Ada Admin" }, meta: {}, error: null } }],
    ["signed out, public route", null, open, { status: 200, body: { data: { signedIn: false }, meta: {}, error: null } }],
    ["signed in, public route", "advisor", open, { status: 200, body: { data: { signedIn: true }, meta: {}, error: null } }],
  ] as const)("%s", async (_name, who, handler, expected) => {
    kit.as(who === null ? null : kit.people[who]);
    const res = await kit.call(handler, "/api/x");
    expect({ status: res.status, body: res.body }).toEqual(expected);
    kit.as(kit.people.advisor);
  });
});

describe("cross-site mutations", () => {
  const refused = err(403, "forbidden", BFF_ERRORS.cross_site.message);
  const body = { name: "Ana" };
  it.each([
    ["another origin", { origin: "https://evil.example" }, refused],
    ["no Origin and no Referer", { origin: null }, refused],
    ["Origin: null (sandboxed frame)", { origin: "null" }, refused],
    ["Sec-Fetch-Site: cross-site, even with our origin", { headers: { "sec-fetch-site": "cross-site" } }, refused],
    ["a Referer from elsewhere", { origin: null, headers: { referer: "https://evil.example/page" } }, refused],
    ["a Referer from the desk", { origin: null, headers: { referer: `${ORIGIN}/search` } }, null],
    ["APP_ORIGIN", {}, null],
    ["the request's own Host", { origin: "http://10.0.0.5:3000", headers: { host: "10.0.0.5:3000" } }, null],
    ["no Origin and no Referer, even with Sec-Fetch-Site: same-origin", { origin: null, headers: { "sec-fetch-site": "same-origin" } }, refused],
    ["no Origin, Sec-Fetch-Site: same-site", { origin: null, headers: { "sec-fetch-site": "same-site" } }, refused],
    ["another origin named by X-Forwarded-Host, from anyone", { origin: "https://evil.example", headers: { "x-forwarded-host": "evil.example" } }, refused],
    [
      "another origin named by X-Forwarded-Host, with a forged stamp of a trusted proxy's address",
      { origin: "https://evil.example", headers: { "x-forwarded-host": "evil.example", [PEER_HEADER]: "10.9.9.9" } },
      refused,
    ],
  ] as const)("%s", async (_name, init, expected) => {
    const res = await kit.call(echo, "/api/echo", { method: "POST", body, ...init });
    if (expected) expect({ status: res.status, body: res.body }).toEqual(expected);
    else expect(res.status).toBe(200);
  });

  describe("behind a proxy in TRUSTED_PROXIES", () => {
    const saved = process.env.TRUSTED_PROXIES;
    beforeAll(() => {
      process.env.TRUSTED_PROXIES = "10.9.9.9";
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    });
    // instrumentation.ts stamps PEER_HEADER with the socket's address, replacing a client's copy.
    const viaProxy = (origin: string, forwardedHost: string) =>
      kit.call(echo, "/api/echo", { method: "POST", body, origin, headers: { host: "desk-internal:3000", "x-forwarded-host": forwardedHost, [PEER_HEADER]: "10.9.9.9" } });

    it("takes the host the proxy forwarded (its own entry, the last)", async () => {
      expect((await viaProxy("https://desk.example.com", "desk.example.com")).status).toBe(200);
      expect((await viaProxy("https://desk.example.com", "evil.example, desk.example.com")).status).toBe(200);
    });

    it("refuses an origin that only a client's earlier entry names", async () => {
      expect((await viaProxy("https://evil.example", "evil.example, desk.example.com")).status).toBe(403);
    });
  });

  it("refuses before asking who is signed in, and reads are not checked", async () => {
    kit.as(null);
    const res = await kit.call(echo, "/api/echo", { method: "POST", body, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    kit.as(kit.people.advisor);
    expect((await kit.call(read, "/api/read", { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("input", () => {
  it.each([
    ["unknown body fields, a detail each", { body: { name: "Ana", nick: "A", shoe: 38 } }, err(400, "validation_error", "Some fields need attention.", [
      { path: "nick", message: "Unknown field." },
      { path: "shoe", message: "Unknown field." },
    ])],
    ["a missing field", { body: { age: 3 } }, err(400, "validation_error", "Some fields need attention.", [
      { path: "name", message: "Fill in this field." },
    ])],
    ["invalid JSON", { rawBody: "{name:", headers: { "content-type": "application/json" } }, err(400, "validation_error", "The request body is not valid JSON.")],
    ["a body that is not an object", { body: [1, 2] }, err(400, "validation_error", "Some fields need attention.", [
      { path: "", message: "Give the details here." },
    ])],
    ["an unknown query parameter", { body: { name: "Ana" }, query: { m: "1" } }, err(400, "validation_error", "Some fields need attention.", [
      { path: "m", message: "Unknown field." },
    ])],
    ["a query number out of range", { body: { name: "Ana" }, query: { n: "9" } }, err(400, "validation_error", "Some fields need attention.", [
      { path: "n", message: "Enter 5 or less." },
    ])],
    ["a query number that is not one", { body: { name: "Ana" }, query: { n: "two" } }, err(400, "validation_error", "Some fields need attention.", [
      { path: "n", message: "Enter a number." },
    ])],
  ] as const)("%s", async (_name, init, expected) => {
    const res = await kit.call(echo, "/api/echo", { method: "POST", ...init });
    expect({ status: res.status, body: res.body }).toEqual(expected);
  });

  it("converts query text to the numbers and booleans the schema expects, and leaves strings alone", async () => {
    const res = await kit.call(echo, "/api/echo", { method: "POST", body: { name: "Ana" }, query: { n: "3", flag: "true", q: "42" } });
    expect(res.body).toEqual({ data: { query: { n: 3, flag: true, q: "42" }, body: { name: "Ana" }, user: "Ana Advisor" }, meta: {}, error: null });
  });

  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["no type at all", null],
    ["a type that only contains json", "text/json-ish"],
  ])("refuses a JSON body sent as %s with 415", async (_name, type) => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    const res = await kit.call(echo, "/api/echo", { method: "POST", rawBody: JSON.stringify({ name: "Ana" }), headers });
    expect({ status: res.status, body: res.body }).toEqual(err(415, "unsupported_media_type", "The request body must be sent as JSON."));
  });

  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])("takes a body sent as %s", async (type) => {
    const res = await kit.call(echo, "/api/echo", { method: "POST", rawBody: JSON.stringify({ name: "Ana" }), headers: { "content-type": type } });
    expect(res.status).toBe(200);
  });

  it("refuses a body over 256 KB", async () => {
    const res = await kit.call(echo, "/api/echo", { method: "POST", body: { name: "x".repeat(300_000) } });
    expect({ status: res.status, body: res.body }).toEqual(err(400, "validation_error", "The request is too large."));
  });
});

describe("the only catch", () => {
  it("a BffError thrown by a handler is answered as it says", async () => {
    const res = await kit.call(thrown, "/api/x");
    expect({ status: res.status, body: res.body }).toEqual(err(409, "conflict", "Already done.", [{ path: "x", message: "Taken." }]));
    expect(res.headers.get("retry-after")).toBe("3");
  });

  it("an unknown error is a generic 500 with a reference, and nothing of the real one", async () => {
    const res = await kit.call(boom, "/api/x");
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect({ status: res.status, body: res.body }).toEqual(err(500, "internal_error", `${BFF_ERRORS.internal_error.message} (Reference ${requestId}.)`));
    expect(res.text).not.toMatch(/hunter2|postgres|tdsk_|stack|at /);
  });

  it("every answer carries a request id and is not cached", async () => {
    const res = await kit.call(read, "/api/read");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
