import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { VirtualClock } from "./clock";
import { SandboxError } from "./errors";

/** Per-key limits of the specification's Limits table; everything else gets 120 per minute. */
export const RATE_LIMITS = {
  "bookings.create": 20,
  "bookings.email": 10,
  "search.create": 30,
  "search.results": 300,
  "search.hotelRates": 60,
  "search.productRates": 60,
  "catalog.suggest": 120,
  "quotes.priceCheck": 60,
} as const;
export const DEFAULT_RATE_LIMIT = 120;

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows on the virtual clock, counted by rate-limiter-flexible.
 * Each window is its own counter key, so advancing the clock opens a fresh window.
 */
export class RateLimits {
  private limiters = new Map<number, RateLimiterMemory>();

  constructor(private readonly clock: VirtualClock) {}

  private limiter(points: number): RateLimiterMemory {
    let l = this.limiters.get(points);
    if (!l) {
      // Counters outlive their virtual minute by a margin; stale windows are never read again.
      l = new RateLimiterMemory({ points, duration: 3600 });
      this.limiters.set(points, l);
    }
    return l;
  }

  async consume(keyId: string, bucket: string, perMinute: number): Promise<void> {
    const now = this.clock.now();
    const window = Math.floor(now / WINDOW_MS);
    try {
      await this.limiter(perMinute).consume(`${keyId}|${bucket}|${window}`, 1);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      throw new SandboxError(
        429,
        "rate_limited",
        `Too many requests: this key may make ${perMinute} of these calls per minute. Retry after ${retryAfter} seconds.`,
        { headers: { "Retry-After": String(retryAfter) } },
      );
    }
  }

  reset(): void {
    this.limiters = new Map();
  }
}
