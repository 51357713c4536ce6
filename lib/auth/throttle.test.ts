import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLoginThrottle, tooManyAttemptsMessage, type ThrottleStore } from "./throttle";

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

describe.each(stores)("login throttle in $name", ({ store }) => {
  it("allows five failures per account, then refuses with the time left in the window", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 5; i++) {
      expect(await throttle.check("ada@example.com", "10.0.0.1")).toEqual({ allowed: true });
      await throttle.recordFailure("ada@example.com", "10.0.0.1");
    }
    const verdict = await throttle.check("Ada@Example.com ", "10.0.0.2");
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.retryAfterSeconds).toBeGreaterThan(890);
      expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    // Other accounts from the same IP are not affected (5 of 20).
    expect(await throttle.check("grace@example.com", "10.0.0.1")).toEqual({ allowed: true });
  });

  it("counts failures per IP across accounts", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@example.com`, "10.0.0.9");
    const verdict = await throttle.check("fresh@example.com", "10.0.0.9");
    expect(verdict).toMatchObject({ allowed: false });
    expect(await throttle.check("fresh@example.com", "10.0.0.10")).toEqual({ allowed: true });
    // Without a known IP only the account counts.
    expect(await throttle.check("fresh@example.com", null)).toEqual({ allowed: true });
  });

  it("clears the account's failures on a successful sign-in", async () => {
    const throttle = createLoginThrottle(await store(), limits);
    for (let i = 0; i < 4; i++) await throttle.recordFailure("lin@example.com", "10.0.1.1");
    await throttle.recordSuccess("LIN@example.com");
    for (let i = 0; i < 4; i++) await throttle.recordFailure("lin@example.com", "10.0.1.1");
    expect(await throttle.check("lin@example.com", "10.0.1.1")).toEqual({ allowed: true });
    await throttle.recordFailure("lin@example.com", "10.0.1.1");
    expect(await throttle.check("lin@example.com", "10.0.1.1")).toMatchObject({ allowed: false });
  });

  it("forgets failures when the window ends", async () => {
    const throttle = createLoginThrottle(await store(), { ...limits, windowSeconds: 1 });
    for (let i = 0; i < 5; i++) await throttle.recordFailure("sam@example.com", "10.0.2.1");
    expect(await throttle.check("sam@example.com", "10.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await throttle.check("sam@example.com", "10.0.2.1")).toEqual({ allowed: true });
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
    for (let i = 0; i < 5; i++) await one.recordFailure("kai@example.com", "10.0.3.1");
    expect(await two.check("kai@example.com", null)).toMatchObject({ allowed: false });
    expect(await redis.keys(`${keyPrefix}*`)).toHaveLength(2);
  });
});
