import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { errorFields, log } from "@/lib/log";

// A cache for what the service changes rarely and is the same for every advisor: catalog
// content, thumbnails, destinations, capabilities (docs/bff.md#caching). Never per-user or
// booking data. In-memory LRU by default; Redis when REDIS_URL is set, so instances share it.

export const TTL = {
  /** Hotel and activity content, thumbnails: the specification says refresh daily. */
  content: 24 * 3600,
  /** Destinations and their activity catalogues. */
  destinations: 6 * 3600,
  capabilities: 6 * 3600,
} as const;

export type Cache = {
  getMany<T>(keys: string[]): Promise<Array<T | undefined>>;
  setMany<T>(entries: Array<[key: string, value: T]>, ttlSec: number): Promise<void>;
  readonly store: "memory" | "redis";
};

export function memoryCache(maxEntries = 20_000): Cache {
  // Values are kept as JSON text so a caller can never mutate what another one reads.
  const lru = new LRUCache<string, string>({ max: maxEntries });
  return {
    store: "memory",
    async getMany<T>(keys: string[]) {
      return keys.map((k) => {
        const text = lru.get(k);
        return text === undefined ? undefined : (JSON.parse(text) as T);
      });
    },
    async setMany(entries, ttlSec) {
      for (const [k, v] of entries) lru.set(k, JSON.stringify(v), { ttl: ttlSec * 1000 });
    },
  };
}

export function redisCache(redis: Redis, prefix = "agency-desk:cache:"): Cache {
  return {
    store: "redis",
    async getMany<T>(keys: string[]) {
      if (keys.length === 0) return [];
      const texts = await redis.mget(keys.map((k) => prefix + k));
      return texts.map((t) => (t === null ? undefined : (JSON.parse(t) as T)));
    },
    async setMany(entries, ttlSec) {
      if (entries.length === 0) return;
      const multi = redis.multi();
      for (const [k, v] of entries) multi.set(prefix + k, JSON.stringify(v), "EX", ttlSec);
      await multi.exec();
    },
  };
}

/** A cache that never fails a request: a broken store only costs a call to the service. */
export function quiet<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((err: unknown) => {
    log.warn({ err: errorFields(err) }, "cache unavailable");
    return fallback;
  });
}

const inFlight = new Map<string, Promise<unknown>>();

/** The cached value of `key`, or `load()`'s (stored for `ttlSec`). Concurrent misses of one key share one load. */
export async function cached<T>(cache: Cache, key: string, ttlSec: number, load: () => Promise<T>): Promise<T> {
  const [hit] = await quiet(cache.getMany<T>([key]), [undefined]);
  if (hit !== undefined) return hit;
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const loading = load()
    .then(async (value) => {
      await quiet(cache.setMany([[key, value]], ttlSec), undefined);
      return value;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, loading);
  return loading;
}

/** Per-ID caching of a batch lookup: only the IDs not cached are loaded, each stored on its own. */
export async function cachedEach<T>(
  cache: Cache,
  keyOf: (id: string) => string,
  ids: string[],
  ttlSec: number,
  load: (missing: string[]) => Promise<Record<string, T>>,
): Promise<Record<string, T>> {
  const hits = await quiet(cache.getMany<T>(ids.map(keyOf)), ids.map(() => undefined));
  const out: Record<string, T> = {};
  const missing: string[] = [];
  ids.forEach((id, i) => {
    const hit = hits[i];
    if (hit === undefined) missing.push(id);
    else out[id] = hit;
  });
  if (missing.length > 0) {
    const loaded = await load(missing);
    const entries: Array<[string, T]> = [];
    for (const id of missing) {
      if (!Object.hasOwn(loaded, id)) continue;
      out[id] = loaded[id] as T;
      entries.push([keyOf(id), loaded[id] as T]);
    }
    await quiet(cache.setMany(entries, ttlSec), undefined);
  }
  return out;
}
