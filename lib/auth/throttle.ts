import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "../env";

// Sign-in attempts counted per account and per client IP with rate-limiter-flexible: in this
// process's memory by default, in Redis when REDIS_URL is set so that every app instance sees
// the same counts. An attempt is counted before its password is checked, in one atomic step
// (consume), so that a burst of guesses sent at once gets no more answers than the limit: a
// check followed by a count let every request of the burst pass the check before any of them
// was counted. An attempt with the right password is given back: only failures stay counted,
// and a success clears the account's.

export type ThrottleLimits = { accountFailures: number; ipFailures: number; windowSeconds: number };

export const DEFAULT_LIMITS: ThrottleLimits = { accountFailures: 5, ipFailures: 20, windowSeconds: 15 * 60 };

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginThrottle = {
  /** Counts an attempt for this account and IP, before the password is checked; refused once either has used up its window. */
  attempt(account: string, ip: string | null): Promise<ThrottleVerdict>;
  /** The password was right: the account's count starts again and the IP's attempt is given back. */
  recordSuccess(account: string, ip: string | null): Promise<void>;
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
    async attempt(account, ip) {
      const counts: Array<[RateLimiterAbstract, string]> = [[byAccount, accountKey(account)]];
      if (ip) counts.push([byIp, ip]);
      const taken = await Promise.allSettled(counts.map(([limiter, key]) => limiter.consume(key)));
      const refusals = taken.flatMap((t) => (t.status === "rejected" ? [t.reason as unknown] : []));
      if (refusals.length === 0) return { allowed: true };
      for (const r of refusals) if (!(r instanceof RateLimiterRes)) throw r;
      // A refused attempt is no guess: what the other count took for it is given back.
      await Promise.all(counts.map(([limiter, key], i) => (taken[i]!.status === "fulfilled" ? limiter.reward(key) : null)));
      const ms = Math.max(...refusals.map((r) => (r as RateLimiterRes).msBeforeNext));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async recordSuccess(account, ip) {
      await Promise.all([byAccount.delete(accountKey(account)), ip ? byIp.reward(ip) : null]);
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
