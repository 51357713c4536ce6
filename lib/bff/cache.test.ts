import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { cached, cachedEach, memoryCache, redisCache, type Cache } from "./cache";

const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

const stores: Array<[string, () => Cache]> = [
  ["memory", () => memoryCache()],
  ["redis", () => redisCache(redis, `agency-desk-test:${randomUUID()}:`)],
];

describe.each(stores)("cache in %s", (_name, make) => {
  it("loads once, then answers from the cache; concurrent misses share one load", async () => {
    const cache = make();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return { productTypes: ["hotel"] };
    };
    const [a, b] = await Promise.all([cached(cache, "caps:US", 60, load), cached(cache, "caps:US", 60, load)]);
    expect(a).toEqual({ productTypes: ["hotel"] });
    expect(b).toEqual(a);
    expect(await cached(cache, "caps:US", 60, load)).toEqual(a);
    expect(loads).toBe(1);
  });

  it("a failed load is not cached", async () => {
    const cache = make();
    await expect(cached(cache, "k", 60, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cached(cache, "k", 60, async () => 1)).toBe(1);
  });

  it("per ID: only the missing IDs are loaded, nulls included", async () => {
    const cache = make();
    const asked: string[][] = [];
    const load = async (ids: string[]) => {
      asked.push(ids);
      return Object.fromEntries(ids.map((id) => [id, id === "h3" ? null : `/img/${id}.svg`]));
    };
    expect(await cachedEach(cache, (id) => `t:${id}`, ["h1", "h2"], 60, load)).toEqual({ h1: "/img/h1.svg", h2: "/img/h2.svg" });
    expect(await cachedEach(cache, (id) => `t:${id}`, ["h2", "h3"], 60, load)).toEqual({ h2: "/img/h2.svg", h3: null });
    expect(await cachedEach(cache, (id) => `t:${id}`, ["h3", "h1"], 60, load)).toEqual({ h3: null, h1: "/img/h1.svg" });
    expect(asked).toEqual([["h1", "h2"], ["h3"]]);
  });
});

it("a broken store costs a call to the service, never the request", async () => {
  const broken: Cache = {
    store: "redis",
    getMany: () => Promise.reject(new Error("ECONNREFUSED")),
    setMany: () => Promise.reject(new Error("ECONNREFUSED")),
  };
  expect(await cached(broken, "k", 60, async () => 42)).toBe(42);
  expect(await cachedEach(broken, (id) => id, ["a"], 60, async () => ({ a: 1 }))).toEqual({ a: 1 });
});
