import { AsyncLocalStorage } from "node:async_hooks";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { DECIDED_RATE_LIMITS } from "@/lib/tds/contract";
import type { FetchLike } from "@/lib/tds/client";
import { errorJson } from "./envelope";

// Keeps the agency inside the service's per-key, per-minute limits (docs/bff.md#rate-shaping).
// Every request the desk's client sends (retries included) first takes a point from its
// endpoint's budget; the budget lives in Redis when REDIS_URL is set, so all app instances
// share it. A request that finds the budget spent waits a little for the next window; when
// the wait would be too long it is answered 429 `rate_limited` without reaching the service.
//
// Two lanes: people (advisors' requests) and the background (the desk's own jobs,
// lib/jobs). People first: a job waits, a person never does because of one. A background request
// takes a point only while the window's count leaves the rest of the budget to people
// (`backgroundShare`), and never while a person of this process waits for the same budget; it
// then waits for a later window instead of being refused (docs/follow-ups.md#rate-shaping).

/** The specification's Limits table (per key and minute); price-check and the rest are contract decisions. */
const LISTED: Array<{ name: string; method: "GET" | "POST"; path: RegExp; limit: number }> = [
  { name: "bookings.create", method: "POST", path: /^\/bookings$/, limit: 20 },
  { name: "bookings.email", method: "POST", path: /^\/bookings\/[^/]+\/email-client$/, limit: 10 },
  { name: "search.create", method: "POST", path: /^\/search$/, limit: 30 },
  { name: "search.results", method: "GET", path: /^\/search\/[^/]+\/results$/, limit: 300 },
  { name: "search.hotelRates", method: "POST", path: /^\/search\/[^/]+\/hotels\/[^/]+\/rates$/, limit: 60 },
  { name: "search.productRates", method: "POST", path: /^\/search\/[^/]+\/products\/[^/]+\/rates$/, limit: 60 },
  { name: "catalog.suggest", method: "GET", path: /^\/catalog\/suggest$/, limit: 120 },
  { name: "quotes.priceCheck", method: "POST", path: /^\/quotes\/[^/]+\/price-check$/, limit: DECIDED_RATE_LIMITS.priceCheck },
];

/** Unlisted endpoints get 120 each: named by their path with IDs taken out, so each has its own budget. */
const UNLISTED_SHAPES: Array<[RegExp, string]> = [
  [/^\/bookings\/[^/]+\/voucher\/document$/, "/bookings/:id/voucher/document"],
  [/^\/bookings\/[^/]+\/([a-z-]+)$/, "/bookings/:id/$1"],
  [/^\/bookings\/[^/]+$/, "/bookings/:id"],
  [/^\/destinations\/[^/]+\/activities$/, "/destinations/:code/activities"],
  [/^\/products\/(hotel|activity)\/[^/]+$/, "/products/$1/:id"],
  [/^\/quotes\/[^/]+\/([a-z-]+)$/, "/quotes/:id/$1"],
];

export type Bucket = { name: string; limit: number };

/** The budget a request to the service (`pathname` after `/api/v1`) counts against. */
export function bucketFor(method: string, pathname: string): Bucket {
  const listed = LISTED.find((b) => b.method === method && b.path.test(pathname));
  if (listed) return { name: listed.name, limit: listed.limit };
  let shape = pathname;
  for (const [re, to] of UNLISTED_SHAPES) {
    if (re.test(pathname)) {
      shape = pathname.replace(re, to);
      break;
    }
  }
  return { name: `${method} ${shape}`, limit: DECIDED_RATE_LIMITS.unlisted };
}

/** Thrown by `acquire` when no point can be had within the wait allowed. */
export class ShapedOut extends Error {
  constructor(
    readonly bucket: string,
    readonly retryAfterMs: number,
  ) {
    super(`The ${bucket} budget is spent for this window.`);
    this.name = "ShapedOut";
  }
}

/** Whose request it is: a person's (an advisor's, through the BFF) or the desk's own background work. */
export type Lane = "person" | "background";

export type RateShaper = {
  /**
   * Resolves when one request to `bucket` may go out; rejects with ShapedOut when it cannot within
   * the allowed wait. The background lane waits behind people (see above) and much longer.
   */
  acquire(bucket: Bucket, userId: string | null, signal?: AbortSignal, lane?: Lane): Promise<void>;
  readonly store: "memory" | "redis";
};

export type ShaperOptions = {
  /** Shared budget across instances; memory (this process only) without it. */
  redis?: Redis;
  keyPrefix?: string;
  /** The service counts per minute: the window must not be longer. Shorter only in tests. */
  windowSec?: number;
  /** Share of each limit the desk allows itself, for clock skew between us and the service. */
  budgetRatio?: number;
  /** Most of an endpoint's window budget one advisor may take. */
  userShare?: number;
  /** How long a request may wait for the next window before it is refused. */
  maxWaitMs?: (bucket: Bucket) => number;
  /**
   * The agency's limits as a multiple of the specification's table (TDS_RATE_LIMIT_SCALE): an
   * agency whose limits the service raised. 1 by default.
   */
  limitScale?: number;
  /** Replace limits (benchmarks that measure overhead, not the budget). */
  limitFor?: (bucket: Bucket) => number;
  /**
   * The share of each window's budget the background lane may use, counted with people's requests:
   * a job takes a point only while the window's count is below it, so the rest is always left to
   * people. 0.5 by default.
   */
  backgroundShare?: number;
  /** How long a background request may wait for its turn before it is refused. 10 minutes by default. */
  backgroundMaxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** Suggestions are stale after a second; a booking can wait longer than a page of results. */
export function defaultMaxWaitMs(bucket: Bucket): number {
  if (bucket.name === "catalog.suggest") return 1_000;
  if (bucket.name === "bookings.create") return 5_000;
  return 3_000;
}

export function createRateShaper(options: ShaperOptions = {}): RateShaper {
  const windowSec = options.windowSec ?? 60;
  const windowMs = windowSec * 1000;
  const ratio = options.budgetRatio ?? 0.9;
  const share = options.userShare ?? 0.5;
  const prefix = options.keyPrefix ?? "agency-desk:shape";
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? delay;
  const maxWait = options.maxWaitMs ?? defaultMaxWaitMs;
  const backgroundShare = options.backgroundShare ?? 0.5;
  const backgroundMaxWait = options.backgroundMaxWaitMs ?? 10 * 60_000;
  const limiters = new Map<number, RateLimiterAbstract>();
  /** People of this process waiting for a point, by budget: the background lane lets them go first. */
  const peopleWaiting = new Map<string, number>();
  const waiting = (name: string, delta: number) => {
    const n = (peopleWaiting.get(name) ?? 0) + delta;
    if (n > 0) peopleWaiting.set(name, n);
    else peopleWaiting.delete(name);
  };

  // One limiter per budget size; each window is its own key, so windows line up with the
  // clock minute on every instance and a count never straddles two of them.
  const limiter = (points: number): RateLimiterAbstract => {
    let l = limiters.get(points);
    if (!l) {
      l = options.redis
        ? new RateLimiterRedis({
            storeClient: options.redis,
            points,
            duration: windowSec,
            keyPrefix: prefix,
            rejectIfRedisNotReady: true,
            // Redis down: each instance keeps a budget of its own rather than failing every call,
            // halved because the others do the same.
            insuranceLimiter: new RateLimiterMemory({ points: Math.max(1, Math.floor(points / 2)), duration: windowSec, keyPrefix: prefix }),
          })
        : new RateLimiterMemory({ points, duration: windowSec, keyPrefix: prefix });
      limiters.set(points, l);
    }
    return l;
  };

  // A new instance's first requests wait for the shared budget rather than spend a private one.
  const connected = options.redis ? untilReady(options.redis, 2_000) : Promise.resolve();

  const take = async (points: number, key: string): Promise<boolean> => {
    try {
      await limiter(points).consume(key, 1);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  };

  /**
   * A background request: a point of the agency's window only while the count stays within the
   * background's share and no person here waits for this budget; otherwise the next window (a
   * moment after it starts, so that people waiting for it go first). Never refused before
   * `backgroundMaxWait`.
   */
  const acquireBackground = async (bucket: Bucket, budget: number, signal?: AbortSignal): Promise<void> => {
    const cap = Math.max(1, Math.floor(budget * backgroundShare));
    const deadline = now() + backgroundMaxWait;
    for (;;) {
      const t = now();
      const window = Math.floor(t / windowMs);
      const key = `${bucket.name}|${window}`;
      const yieldToPeople = peopleWaiting.has(bucket.name);
      if (!yieldToPeople) {
        const l = limiter(budget);
        const seen = await l.get(key);
        if ((seen?.consumedPoints ?? 0) < cap) {
          const res = await l.consume(key, 1).catch((err: unknown) => {
            if (err instanceof RateLimiterRes) return err;
            throw err;
          });
          // Counted with everyone else's: over the share (another instance's job or people got
          // there first), the point goes back. The share leaves room for these brief overshoots.
          if (res.consumedPoints <= cap && Math.floor(now() / windowMs) === window) return;
          await l.reward(key, 1).catch(() => {});
        }
      }
      const wait = yieldToPeople
        ? Math.min(BACKGROUND_POLL_MS, (window + 1) * windowMs - t + BACKGROUND_LAG_MS)
        : (window + 1) * windowMs - t + BACKGROUND_LAG_MS + Math.floor(Math.random() * 50);
      if (t + wait > deadline) throw new ShapedOut(bucket.name, wait);
      await sleep(wait, signal);
      if (signal?.aborted) throw signal.reason;
    }
  };

  return {
    store: options.redis ? "redis" : "memory",
    async acquire(bucket, userId, signal, lane = "person") {
      const limit = options.limitFor?.(bucket) ?? bucket.limit * (options.limitScale ?? 1);
      const budget = Math.max(1, Math.floor(limit * ratio));
      const userBudget = Math.max(1, Math.ceil(budget * share));
      await connected;
      if (lane === "background") return acquireBackground(bucket, budget, signal);
      const deadline = now() + maxWait(bucket);
      for (;;) {
        const t = now();
        const window = Math.floor(t / windowMs);
        const userKey = userId ? `${bucket.name}|u:${userId}|${window}` : null;
        if (userKey === null || (await take(userBudget, userKey))) {
          if (await take(budget, `${bucket.name}|${window}`)) {
            // The service counts a request in the window it arrives in. When the window turned
            // while the point was taken (a slow store), the request takes one in the new window
            // too; the old one goes unused.
            if (Math.floor(now() / windowMs) === window) return;
            continue;
          }
          // The agency's budget is spent: the advisor's point was not used.
          if (userKey) await limiter(userBudget).reward(userKey, 1).catch(() => {});
        }
        const wait = (window + 1) * windowMs - t + Math.floor(Math.random() * 50);
        if (t + wait > deadline) throw new ShapedOut(bucket.name, wait);
        waiting(bucket.name, 1);
        try {
          await sleep(wait, signal);
        } finally {
          waiting(bucket.name, -1);
        }
        if (signal?.aborted) throw signal.reason;
      }
    },
  };
}

/** How long after a window starts the background lane asks, so that people waiting for it go first. */
const BACKGROUND_LAG_MS = 200;
/** How often a background request looks again while a person waits for the same budget. */
const BACKGROUND_POLL_MS = 250;

/** Who the current request is for, so the shaper can keep each advisor to a fair share (and jobs behind people). */
// One store for the process (globalThis), for the same reason as the log's context: the jobs run in
// the start-up hook's copy of this module and may call through a client a route's copy made.
const globalForScope = globalThis as typeof globalThis & { __agencyDeskShapingScope?: AsyncLocalStorage<{ userId: string | null; lane: Lane }> };
const scope = (globalForScope.__agencyDeskShapingScope ??= new AsyncLocalStorage<{ userId: string | null; lane: Lane }>());
export const withShapingScope = <T>(userId: string | null, fn: () => T): T => scope.run({ userId, lane: "person" }, fn);
/** Runs `fn` as the desk's own background work (a job): its calls to the service wait behind people's. */
export const withBackgroundScope = <T>(fn: () => T): T => scope.run({ userId: null, lane: "background" }, fn);

export const SHAPED_HEADER = "X-Desk-Shaped";

/**
 * The desk's service client's turn (SenderConfig.turn): takes a point before each attempt, before
 * the attempt's timeout starts (a job may wait a minute for the next window; a person at most
 * `maxWait`). When none can be had it answers like the service would (429 `rate_limited` with
 * Retry-After), marked with SHAPED_HEADER, so the client and the error table treat both the same way.
 */
export function shapedTurn(shaper: RateShaper): (input: string, init: RequestInit, signal: AbortSignal | undefined) => Promise<Response | null> {
  return async (input, init, signal) => {
    const url = new URL(input);
    const at = url.pathname.indexOf("/api/v1/");
    const bucket = bucketFor(init.method ?? "GET", at === -1 ? url.pathname : url.pathname.slice(at + "/api/v1".length));
    try {
      const who = scope.getStore();
      await shaper.acquire(bucket, who?.userId ?? null, signal, who?.lane ?? "person");
      return null;
    } catch (err) {
      if (!(err instanceof ShapedOut)) throw err;
      const retryAfter = String(Math.max(1, Math.ceil(err.retryAfterMs / 1000)));
      return errorJson(429, "rate_limited", err.message, { headers: { "Retry-After": retryAfter, [SHAPED_HEADER]: "1" } });
    }
  };
}

/** The turn and the fetch in one, for a caller without the client's sender (the shaper's tests). */
export function shapedFetch(shaper: RateShaper, base: FetchLike): FetchLike {
  const turn = shapedTurn(shaper);
  return async (input, init) => (await turn(input, init, init.signal ?? undefined)) ?? base(input, init);
}

function untilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once("ready", done);
  });
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
