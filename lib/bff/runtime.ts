import { getDb } from "@/lib/db";
import { DEV_TDS_API_KEY, getEnv } from "@/lib/env";
import type { TdsClient } from "@/lib/tds/client";
import { memoryCache, redisCache, type Cache } from "./cache";
import { createRateShaper, type RateShaper } from "./rate-shaping";
import { getRedis } from "./redis";
import { getSessionUser } from "@/lib/auth/session";
import { createBffTdsClient } from "./tds";

// The dependencies of a running app, built on first use from the environment and kept on
// globalThis so that dev hot reloads reuse them (one Redis connection, one budget). deps.ts
// imports this file lazily and checks its shape against BffDeps: nothing here imports deps.ts,
// so the two do not import each other.
type Runtime = { tds?: TdsClient; cache?: Cache; shaper?: RateShaper };
const globalForBff = globalThis as typeof globalThis & { __agencyDeskBff?: Runtime };
const runtime = (globalForBff.__agencyDeskBff ??= {});

export function defaultDeps() {
  const shaper = () => {
    const env = getEnv();
    runtime.shaper ??= createRateShaper({
      redis: env.REDIS_URL ? getRedis(env.REDIS_URL) : undefined,
      keyPrefix: `${env.REDIS_KEY_PREFIX}:shape`,
      limitScale: env.tdsRateLimitScale,
    });
    return runtime.shaper;
  };
  return {
    getUser: getSessionUser,
    db: getDb,
    shaper,
    tds: () => {
      const env = getEnv();
      runtime.tds ??= createBffTdsClient({ baseUrl: env.TDS_BASE_URL, apiKey: env.TDS_API_KEY, shaper: shaper() });
      return runtime.tds;
    },
    cache: () => {
      const env = getEnv();
      runtime.cache ??= env.REDIS_URL ? redisCache(getRedis(env.REDIS_URL), `${env.REDIS_KEY_PREFIX}:cache:`) : memoryCache();
      return runtime.cache;
    },
    agency: () => {
      const env = getEnv();
      return {
        currency: env.AGENCY_CURRENCY,
        market: env.AGENCY_MARKET,
        appOrigin: env.APP_ORIGIN,
        secrets: [env.TDS_API_KEY, DEV_TDS_API_KEY],
        creditLimitMinor: env.agencyCreditLimitMinor,
      };
    },
  };
}
