import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox } from "../app";
import { DEV_ADMIN_TOKEN, DEV_API_KEY } from "../config";
import { sandboxConfigFromEnv } from "../config";
import { startOfVirtualMinute, testSandbox, type TestSandbox } from "@/lib/testing/sandbox";

const error = (code: string, message: unknown = expect.any(String), details: unknown = []) => ({
  data: null,
  meta: {},
  error: { code, message, details },
});

// A cheap authenticated endpoint: an unknown product type lists nothing.
const PING = "/api/v1/destinations?productType=none";

async function newAgency(sb: TestSandbox, fields: Record<string, unknown> = {}, keyOpts: Record<string, unknown> = {}) {
  const agency = await sb.control("POST", "/agencies", { name: "Second Agency", ...fields });
  expect(agency.status).toBe(201);
  const agencyId = agency.body.data.agencyId as string;
  const key = await sb.control("POST", `/agencies/${agencyId}/keys`, keyOpts);
  expect(key.status).toBe(201);
  return { agencyId, keyId: key.body.data.keyId as string, key: key.body.data.key as string };
}

describe("authentication", () => {
  const sb = testSandbox();

  it.each([
    ["no key at all", {}, 401, error("unauthorized", "Unauthorized")],
    ["an unknown key", { "X-API-Key": "tdsk_" + "x".repeat(43) }, 401, error("unauthorized", "Invalid, revoked, or expired API key")],
    ["an empty bearer", { Authorization: "Bearer " }, 401, error("unauthorized", "Unauthorized")],
    ["a bearer with a bad key", { Authorization: "Bearer nope" }, 401, error("unauthorized", "Invalid, revoked, or expired API key")],
  ])("%s gives %i", async (_name, headers, status, body) => {
    const res = await sb.call("GET", PING, { key: null, headers });
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
  });

  it("accepts the key in X-API-Key or as a bearer token", async () => {
    const a = await sb.call("GET", PING);
    const b = await sb.call("GET", PING, { key: null, headers: { Authorization: `Bearer ${DEV_API_KEY}` } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual({ data: { items: [], nextCursor: null }, meta: {}, error: null });
  });

  it("refuses a revoked key on the very next request", async () => {
    const { key, keyId } = await newAgency(sb);
    expect((await sb.call("GET", PING, { key })).status).toBe(200);
    const revoked = await sb.control("POST", `/keys/${keyId}/revoke`);
    expect(revoked.body.data).toEqual({ keyId, revokedAt: expect.any(String) });
    const res = await sb.call("GET", PING, { key });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: error("unauthorized", "Invalid, revoked, or expired API key") });
  });

  it("refuses an expired key once the virtual clock passes its expiry", async () => {
    const own = testSandbox();
    const { key } = await newAgency(own, {}, { expiresInDays: 1 });
    expect((await own.call("GET", PING, { key })).status).toBe(200);
    await own.control("POST", "/clock/advance", { seconds: 86_401 });
    expect((await own.call("GET", PING, { key })).body).toEqual(error("unauthorized", "Invalid, revoked, or expired API key"));
  });

  it.each([
    ["a suspended agency", { suspended: true }, 401, "unauthorized"],
    ["an agency with API access off", { apiAccess: false }, 401, "unauthorized"],
    ["an agency that has not signed the agreement", { agreementSigned: false }, 403, "agreement_unsigned"],
  ])("refuses %s", async (_name, patch, status, code) => {
    const { key, agencyId } = await newAgency(sb);
    expect((await sb.call("GET", PING, { key })).status).toBe(200);
    const patched = await sb.control("PATCH", `/agencies/${agencyId}`, patch);
    expect(patched.status).toBe(200);
    const res = await sb.call("GET", PING, { key });
    expect({ status: res.status, body: res.body }).toEqual({ status, body: error(code) });
  });

  it("never sends CORS headers, not even to a preflight", async () => {
    const origin = { Origin: "https://evil.example" };
    for (const res of [
      await sb.call("GET", PING, { headers: origin }),
      await sb.call("GET", PING, { key: null, headers: origin }),
      await sb.call("OPTIONS", PING, { headers: { ...origin, "Access-Control-Request-Method": "POST" } }),
      await sb.call("GET", "/api/v1/nope", { headers: origin }),
    ]) {
      for (const name of res.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    }
  });
});

describe("envelope", () => {
  const sb = testSandbox();

  it("answers an unknown endpoint with a 404 envelope", async () => {
    const res = await sb.call("GET", "/api/v1/no-such-thing");
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: error("not_found") });
    const outside = await sb.call("GET", "/elsewhere", { key: null });
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(error("not_found"));
  });

  it("lists every failed rule of a body, unknown fields included", async () => {
    const res = await sb.control("POST", "/agencies", { name: "", currency: "usd", colour: "red", size: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["colour", "currency", "name", "size"]);
    for (const d of res.body.error.details) expect(d.message).toEqual(expect.any(String));
  });

  it("says so when the body is not JSON", async () => {
    const res = await sb.call("POST", "/_sandbox/agencies", {
      key: null,
      headers: { "X-Sandbox-Admin": DEV_ADMIN_TOKEN, "Content-Type": "application/json" },
      rawBody: "{nope",
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: error("validation_error", "The request body is not valid JSON.", [{ path: "", message: "Malformed JSON." }]),
    });
  });
});

describe("rate limits", () => {
  it("allows 120 calls a minute to an unlisted endpoint, then 429 with Retry-After, and a new minute resets", async () => {
    const sb = testSandbox();
    startOfVirtualMinute(sb);
    for (let i = 0; i < 120; i++) expect((await sb.call("GET", PING)).status).toBe(200);
    const limited = await sb.call("GET", PING);
    expect({ status: limited.status, body: limited.body }).toEqual({ status: 429, body: error("rate_limited") });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same agency has its own budget.
    const other = await sb.control("POST", "/agencies/agy_demo/keys", {});
    expect((await sb.call("GET", PING, { key: other.body.data.key })).status).toBe(200);
    await sb.control("POST", "/clock/advance", { seconds: retryAfter });
    expect((await sb.call("GET", PING)).status).toBe(200);
  });

  it("an agency whose limits were raised: the demo agency's keys get SANDBOX_RATE_LIMIT_SCALE times the table, other agencies the table", async () => {
    const sb = testSandbox({ rateLimitScale: 3 });
    expect((await sb.control("GET", "/agencies/agy_demo")).body.data.rateLimitScale).toBe(3);
    const plain = await newAgency(sb);
    startOfVirtualMinute(sb);
    for (let i = 0; i < 360; i++) expect((await sb.call("GET", PING)).status).toBe(200);
    const limited = await sb.call("GET", PING);
    expect({ status: limited.status, body: limited.body }).toEqual({ status: 429, body: error("rate_limited", expect.stringContaining("may make 360 of these calls per minute")) });
    // An agency made through the control plane has the specification's limits unless given more.
    for (let i = 0; i < 120; i++) expect((await sb.call("GET", PING, { key: plain.key })).status).toBe(200);
    expect((await sb.call("GET", PING, { key: plain.key })).status).toBe(429);
    const raised = await newAgency(sb, { rateLimitScale: 2 });
    for (let i = 0; i < 240; i++) expect((await sb.call("GET", PING, { key: raised.key })).status).toBe(200);
    expect((await sb.call("GET", PING, { key: raised.key })).status).toBe(429);
    // PATCH takes effect on the next call; the count of the window stays.
    expect((await sb.control("PATCH", `/agencies/${plain.agencyId}`, { rateLimitScale: 2 })).body.data.rateLimitScale).toBe(2);
    expect((await sb.call("GET", PING, { key: plain.key })).status).toBe(200);
    const bad = await sb.control("POST", "/agencies", { name: "Bad", rateLimitScale: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(["rateLimitScale"]);
    sb.close();
  });

  it("SANDBOX_RATE_LIMIT_SCALE is checked at start, with a sentence", () => {
    const env = (vars: Record<string, string>) => ({ NODE_ENV: "test", ...vars }) as NodeJS.ProcessEnv;
    expect(sandboxConfigFromEnv(env({})).rateLimitScale).toBe(1);
    expect(sandboxConfigFromEnv(env({ SANDBOX_RATE_LIMIT_SCALE: "20" })).rateLimitScale).toBe(20);
    for (const [value, sentence] of [
      ["0", "SANDBOX_RATE_LIMIT_SCALE must be at least 1: the specification's limits are the lowest an agency has."],
      ["2.5", "SANDBOX_RATE_LIMIT_SCALE must be a whole number (1 = the specification's limits)."],
      ["lots", "SANDBOX_RATE_LIMIT_SCALE must be a whole number (1 = the specification's limits)."],
      ["5000", "SANDBOX_RATE_LIMIT_SCALE above 1000 would be no limit at all."],
    ]) {
      expect(() => sandboxConfigFromEnv(env({ SANDBOX_RATE_LIMIT_SCALE: value! }))).toThrow(`SANDBOX_RATE_LIMIT_SCALE: ${sentence}`);
    }
  });

  it("the demo agency takes SANDBOX_RATE_LIMIT_SCALE again at every start, its journal notwithstanding", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-"));
    try {
      const first = testSandbox({ dataDir: dir, rateLimitScale: 5 });
      expect((await first.control("GET", "/agencies/agy_demo")).body.data.rateLimitScale).toBe(5);
      first.close();
      const second = testSandbox({ dataDir: dir });
      expect((await second.control("GET", "/agencies/agy_demo")).body.data.rateLimitScale).toBe(1);
      second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("control plane", () => {
  const sb = testSandbox();

  it("needs the admin header", async () => {
    const res = await sb.call("GET", "/_sandbox/clock", { key: null });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: error("unauthorized") });
  });

  it("creates agencies and keys of the documented shape", async () => {
    const { agencyId, key, keyId } = await newAgency(sb, { currency: "EUR", creditLimitMinor: 1000 });
    expect(agencyId).toMatch(/^agy_/);
    expect(keyId).toMatch(/^key_/);
    expect(key).toMatch(/^tdsk_[A-Za-z0-9_-]{43}$/);
    const agency = await sb.control("GET", `/agencies/${agencyId}`);
    expect(agency.body.data).toMatchObject({ id: agencyId, currency: "EUR", creditLimitMinor: 1000, agreementSigned: true, suspended: false, apiAccess: true });
    const patched = await sb.control("PATCH", `/agencies/${agencyId}`, { creditEnabled: false });
    expect(patched.body.data).toMatchObject({ id: agencyId, creditEnabled: false, currency: "EUR" });
    expect((await sb.control("PATCH", "/agencies/agy_missing", { suspended: true })).body).toEqual(error("not_found"));
    expect((await sb.control("POST", "/keys/key_missing/revoke")).status).toBe(404);
  });

  it("advances the virtual clock and refuses going back", async () => {
    const before = Date.parse((await sb.control("GET", "/clock")).body.data.now);
    const after = Date.parse((await sb.control("POST", "/clock/advance", { seconds: 3600 })).body.data.now);
    expect(after - before).toBeGreaterThanOrEqual(3600_000);
    expect(after - before).toBeLessThan(3660_000);
    expect((await sb.control("POST", "/clock/advance", { seconds: -5 })).status).toBe(400);
  });

  it("resets to the seeded state", async () => {
    const own = testSandbox();
    const { key } = await newAgency(own);
    await own.control("POST", "/clock/advance", { seconds: 86_400 });
    expect((await own.control("POST", "/reset")).body).toEqual({ data: {}, meta: {}, error: null });
    expect((await own.call("GET", PING, { key })).status).toBe(401);
    expect((await own.call("GET", PING)).status).toBe(200);
    const now = Date.parse((await own.control("GET", "/clock")).body.data.now);
    expect(Math.abs(now - Date.now())).toBeLessThan(5_000);
    expect((await own.control("GET", "/outbox")).body.data).toEqual({ items: [] });
  });
});

describe("persistence", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("keeps agencies, keys, revocations and the clock across restarts, and stores keys only as hashes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-"));
    dirs.push(dir);
    const first = testSandbox({ dataDir: dir });
    const kept = await newAgency(first, { name: "Kept Agency" });
    const revoked = await newAgency(first);
    await first.control("POST", `/keys/${revoked.keyId}/revoke`);
    await first.control("POST", "/clock/advance", { seconds: 7200 });
    first.close();

    const onDisk = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
    expect(onDisk).not.toContain(kept.key);
    expect(onDisk).not.toContain(DEV_API_KEY);

    const second = testSandbox({ dataDir: dir });
    expect((await second.call("GET", PING, { key: kept.key })).status).toBe(200);
    expect((await second.call("GET", PING, { key: revoked.key })).status).toBe(401);
    expect((await second.control("GET", `/agencies/${kept.agencyId}`)).body.data.name).toBe("Kept Agency");
    const now = Date.parse((await second.control("GET", "/clock")).body.data.now);
    expect(now - Date.now()).toBeGreaterThan(7100_000);
    // Seeding again does not duplicate the demo key.
    const demoKeys = second.services.agencies.keys.all().filter((k) => k.agencyId === "agy_demo");
    expect(demoKeys).toHaveLength(1);
    second.close();
  });

  it("can run entirely in memory", () => {
    const sb = createSandbox({ dataDir: ":memory:", latencyScale: 0 });
    expect(sb.services.store.persistent).toBe(false);
    sb.close();
  });
});

describe("realism knobs", () => {
  it("reads and changes the source latency scale", async () => {
    const sb = testSandbox({ latencyScale: 0 });
    expect((await sb.control("GET", "/settings")).body.data).toEqual({ latencyScale: 0 });
    expect((await sb.control("PATCH", "/settings", { latencyScale: 0.5 })).body.data).toEqual({ latencyScale: 0.5 });
    expect(sb.services.config.latencyScale).toBe(0.5);
    const bad = await sb.control("PATCH", "/settings", { latencyScale: -1, speed: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["latencyScale", "speed"]);
  });
});
