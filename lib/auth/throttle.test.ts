import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLoginThrottle, tooManyAttemptsMessage, type LoginThrottle, type ThrottleStore } from "./throttle";

// The same behaviour in memory and on the machine's Redis (REDIS_TEST_URL, default
// 127.0.0.1:6379), each run under its own key prefix.
const redis = new Redis(process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1, lazyConnect: true });
const prefix = `agency-desk-test-${randomUUID()}`;

afterAll(async () => {
  if (redis.status === "ready") {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

const stores: { name: string; store: () => Promise<ThrottleStore> }[] = [
  { name: "memory", store: async () => ({ kind: "memory" }) },
  {
    name: "Redis",
    store: async () => {
      if (redis.status === "wait") await redis.connect();
      return { kind: "redis", client: redis, keyPrefix: `${prefix}-${randomUUID()}` };
    },
  },
];

const limits = { accountFailures: 5, ipFailures: 20, windowSeconds: 900 };
/** A failed sign-in: the attempt counted, the password wrong (nothing given back). */
const fail = (throttle: LoginThrottle, account: string, ip: string | null) => throttle.attempt(account, ip);

describe.each(stores)("login throttle in $name", ({ store }) => {
  it("allows five attempts per account, then refuses with the time left in the window", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 5; i++) expect(await fail(throttle, "ada@example.com", "10.0.0.1")).toEqual({ allowed: true });
    const verdict = await throttle.attempt("Ada@Example.com ", "10.0.0.2");
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.retryAfterSeconds).toBeGreaterThan(890);
      expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    // Other accounts from the same IP are not affected (5 of 20).
    expect(await throttle.attempt("grace@example.com", "10.0.0.1")).toEqual({ allowed: true });
  });

  it("counts attempts before the password is checked: of 30 at once for one account, exactly 5 go through", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => throttle.attempt("burst@example.com", `10.0.9.${i}`)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    // The refused ones took nothing from their addresses.
    expect(await throttle.attempt("other@example.com", "10.0.9.29")).toEqual({ allowed: true });
  });

  it("counts failures per IP across accounts; a refused attempt costs no account anything", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 20; i++) await fail(throttle, `user${i}@example.com`, "10.0.0.9");
    const verdict = await throttle.attempt("fresh@example.com", "10.0.0.9");
    expect(verdict).toMatchObject({ allowed: false });
    // fresh@ was refused by its address: all five of its attempts are still there.
    for (let i = 0; i < 5; i++) expect(await throttle.attempt("fresh@example.com", "10.0.0.10")).toEqual({ allowed: true });
    // Without a known IP only the account counts.
    expect(await throttle.attempt("new@example.com", null)).toEqual({ allowed: true });
  });

  it("clears the account's failures on a successful sign-in, and gives the IP its attempt back", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 4; i++) await fail(throttle, "lin@example.com", "10.0.1.1");
    expect(await throttle.attempt("LIN@example.com", "10.0.1.1")).toEqual({ allowed: true });
    await throttle.recordSuccess("LIN@example.com", "10.0.1.1");
    for (let i = 0; i < 5; i++) expect(await fail(throttle, "lin@example.com", "10.0.1.1")).toEqual({ allowed: true });
    expect(await throttle.attempt("lin@example.com", "10.0.1.1")).toMatchObject({ allowed: false });
    // 9 failures and one success from 10.0.1.1: 11 more fit in its 20.
    for (let i = 0; i < 11; i++) expect(await fail(throttle, `x${i}@example.com`, "10.0.1.1")).toEqual({ allowed: true });
    expect(await throttle.attempt("y@example.com", "10.0.1.1")).toMatchObject({ allowed: false });
  });

  it("forgets failures when the window ends", async () => {
    const throttle = createLoginThrottle(await store(), { ...limits, windowSeconds: 1 });
    for (let i = 0; i < 5; i++) await fail(throttle, "sam@example.com", "10.0.2.1");
    expect(await throttle.attempt("sam@example.com", "10.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await throttle.attempt("sam@example.com", "10.0.2.1")).toEqual({ allowed: true });
  });
});

describe("tooManyAttemptsMessage", () => {
  it.each([
    [900, "Too many sign-in attempts. Try again in 15 minutes."],
    [61, "Too many sign-in attempts. Try again in 2 minutes."],
    [60, "Too many sign-in attempts. Try again in 1 minute."],
    [1, "Too many sign-in attempts. Try again in 1 minute."],
  ])("%i s → %s", (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});

describe("login throttle on Redis", () => {
  it("keeps its counts in Redis, where every app instance sees them", async () => {
    if (redis.status === "wait") await redis.connect();
    const keyPrefix = `${prefix}-shared`;
    const one = createLoginThrottle({ kind: "redis", client: redis, keyPrefix }, limits);
    const two = createLoginThrottle({ kind: "redis", client: redis, keyPrefix }, limits);
    for (let i = 0; i < 5; i++) await fail(one, "kai@example.com", "10.0.3.1");
    expect(await two.attempt("kai@example.com", null)).toMatchObject({ allowed: false });
    expect(await redis.keys(`${keyPrefix}*`)).toHaveLength(2);
  });
});
