import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "../env";

// Failed sign-ins counted per account and per client IP with rate-limiter-flexible: in
// this process's memory by default, in Redis when REDIS_URL is set so that every app
// instance sees the same counts. Only failures count; a success clears the account's.

export type ThrottleLimits = { accountFailures: number; ipFailures: number; windowSeconds: number };

export const DEFAULT_LIMITS: ThrottleLimits = { accountFailures: 5, ipFailures: 20, windowSeconds: 15 * 60 };

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginThrottle = {
  /** Whether this account and IP may try to sign in now. */
  check(account: string, ip: string | null): Promise<ThrottleVerdict>;
  recordFailure(account: string, ip: string | null): Promise<void>;
  recordSuccess(account: string): Promise<void>;
};

export type ThrottleStore = { kind: "memory" } | { kind: "redis"; client: Redis; keyPrefix?: string };

export function createLoginThrottle(store: ThrottleStore, limits: ThrottleLimits = DEFAULT_LIMITS): LoginThrottle {
  const make = (name: string, points: number): RateLimiterAbstract => {
    const keyPrefix = `${store.kind === "redis" ? (store.keyPrefix ?? "agency-desk") : "agency-desk"}:login-${name}`;
    const options = { keyPrefix, points, duration: limits.windowSeconds };
    if (store.kind === "memory") return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: store.client,
      // Redis down: count in memory rather than fail every sign-in (or let every guess through).
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  };
  const byAccount = make("account", limits.accountFailures);
  const byIp = make("ip", limits.ipFailures);
  const accountKey = (account: string) => account.trim().toLowerCase();

  return {
    async check(account, ip) {
      const [a, i] = await Promise.all([byAccount.get(accountKey(account)), ip ? byIp.get(ip) : null]);
      const waits = [
        a && a.consumedPoints >= limits.accountFailures ? a.msBeforeNext : 0,
        i && i.consumedPoints >= limits.ipFailures ? i.msBeforeNext : 0,
      ];
      const ms = Math.max(...waits);
      return ms > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) } : { allowed: true };
    },
    async recordFailure(account, ip) {
      // penalty() adds points without rejecting, unlike consume(), past the limit.
      await Promise.all([byAccount.penalty(accountKey(account)), ip ? byIp.penalty(ip) : null]);
    },
    async recordSuccess(account) {
      await byAccount.delete(accountKey(account));
    },
  };
}

/** The sentence a throttled person reads (and the 429's message). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

const globalForThrottle = globalThis as typeof globalThis & { __agencyDeskLoginThrottle?: Promise<LoginThrottle> };

/** The process's throttle: Redis when REDIS_URL is set, memory otherwise. */
export function getLoginThrottle(): Promise<LoginThrottle> {
  globalForThrottle.__agencyDeskLoginThrottle ??= (async () => {
    const { REDIS_URL, REDIS_KEY_PREFIX } = getEnv();
    if (!REDIS_URL) return createLoginThrottle({ kind: "memory" });
    const { Redis } = await import("ioredis");
    const client = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Without a listener ioredis reports every reconnect as an unhandled error.
    client.on("error", (err: Error) => console.error(`[auth] Redis for sign-in throttling: ${err.message}`));
    return createLoginThrottle({ kind: "redis", client, keyPrefix: REDIS_KEY_PREFIX });
  })();
  return globalForThrottle.__agencyDeskLoginThrottle;
}
