import { Redis } from "ioredis";
import { errorFields, log } from "@/lib/log";

// One Redis connection per process (kept across dev hot reloads) for the BFF's shared
// state: the agency's rate budget and the content cache.
const globalForRedis = globalThis as typeof globalThis & { __agencyDeskBffRedis?: Redis };

export function getRedis(url: string): Redis {
  globalForRedis.__agencyDeskBffRedis ??= createRedis(url);
  return globalForRedis.__agencyDeskBffRedis;
}

export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    // Fail fast while disconnected: the shaper falls back to its in-memory budget and the
    // cache to the service, instead of requests queueing behind a dead connection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  redis.on("error", (err: Error) => log.warn({ err: errorFields(err) }, "redis error"));
  return redis;
}
