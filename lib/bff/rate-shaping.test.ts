import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { FetchLike } from "@/lib/tds/client";
import { BFF_ERRORS } from "./errors";
import { ok, route } from "./handler";
import { okJson, sandboxFetch } from "@/lib/testing/tds";
import { createBffTdsClient } from "./tds";
import { bffTestKit } from "../testing/bff";
import { bucketFor, createRateShaper, SHAPED_HEADER, ShapedOut, shapedFetch, withBackgroundScope, withShapingScope, type Bucket, type RateShaper } from "./rate-shaping";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("budgets per endpoint", () => {
  it.each([
    ["POST", "/bookings", "bookings.create", 20],
    ["POST", "/bookings/bk_1/email-client", "bookings.email", 10],
    ["POST", "/search", "search.create", 30],
    ["GET", "/search/sr_1/results", "search.results", 300],
    ["POST", "/search/sr_1/hotels/h_1/rates", "search.hotelRates", 60],
    ["POST", "/search/sr_1/products/p_1/rates", "search.productRates", 60],
    ["GET", "/catalog/suggest", "catalog.suggest", 120],
    ["POST", "/quotes/qt_1/price-check", "quotes.priceCheck", 60],
    ["POST", "/quotes/qt_1/options", "POST /quotes/:id/options", 120],
    ["GET", "/bookings", "GET /bookings", 120],
    ["GET", "/bookings/bk_1", "GET /bookings/:id", 120],
    ["POST", "/bookings/bk_1/cancel", "POST /bookings/:id/cancel", 120],
    ["GET", "/bookings/bk_1/voucher/document", "GET /bookings/:id/voucher/document", 120],
    ["GET", "/products/hotel/h_9", "GET /products/hotel/:id", 120],
    ["GET", "/destinations/ES-BCN/activities", "GET /destinations/:code/activities", 120],
    ["GET", "/search/capabilities", "GET /search/capabilities", 120],
  ] as const)("%s %s → %s (%i a minute)", (method, path, name, limit) => {
    expect(bucketFor(method, path)).toEqual({ name, limit });
  });
});

/** A clock that only moves when the shaper sleeps. */
function fakeClock(start = 1_000_000_000_000) {
  let t = start;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), advance: (ms: number) => void (t += ms) };
}

describe("one instance (memory)", () => {
  const bucket: Bucket = { name: "test", limit: 20 };

  it("takes 90% of the limit per window, then waits for the next window when that is soon enough", async () => {
    const clock = fakeClock(60_000 * 1000 + 59_000); // 1 s before a window ends
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 3_000 });
    for (let i = 0; i < 18; i++) await shaper.acquire(bucket, null);
    const before = clock.now();
    await shaper.acquire(bucket, null);
    expect(clock.now() - before).toBeGreaterThanOrEqual(1_000);
    expect(clock.now() - before).toBeLessThan(1_100);
  });

  it("refuses with the time to wait when the next window is too far", async () => {
    const clock = fakeClock(60_000 * 2000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID() });
    for (let i = 0; i < 18; i++) await shaper.acquire(bucket, null);
    const err = await shaper.acquire(bucket, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShapedOut);
    expect((err as ShapedOut).retryAfterMs).toBeGreaterThan(59_000);
  });

  it("counts a request in the window it leaves in, when the window turns while its point is taken", async () => {
    const windowEnd = 60_000 * 5000;
    // Two readings before the window turns (the deadline and the loop's first), then it has turned.
    const readings = [windowEnd - 1, windowEnd - 1];
    const now = () => readings.shift() ?? windowEnd + 1;
    const shaper = createRateShaper({ now, sleep: async () => {}, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    await shaper.acquire(bucket, null);
    // It went out in the new window, so that window has 17 of its 18 left.
    for (let i = 0; i < 17; i++) await shaper.acquire(bucket, null);
    await expect(shaper.acquire(bucket, null)).rejects.toBeInstanceOf(ShapedOut);
  });

  it("keeps one advisor to half of an endpoint's budget; the others still get through", async () => {
    const clock = fakeClock(60_000 * 3000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    let ana = 0;
    while (ana < 100 && (await shaper.acquire(bucket, "ana").then(() => true, () => false))) ana++;
    expect(ana).toBe(9);
    let ben = 0;
    while (ben < 100 && (await shaper.acquire(bucket, "ben").then(() => true, () => false))) ben++;
    expect(ben).toBe(9);
    // The agency's 18 are spent: nobody else now, and a refused advisor's own point is given back.
    await expect(shaper.acquire(bucket, "cy")).rejects.toBeInstanceOf(ShapedOut);
    clock.advance(60_000);
    for (let i = 0; i < 9; i++) await shaper.acquire(bucket, "cy");
  });

  it("an agency whose limits the service raised (TDS_RATE_LIMIT_SCALE): the budgets and fair shares scale with them", async () => {
    const clock = fakeClock(60_000 * 6000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0, limitScale: 10 });
    let ana = 0;
    while (ana < 1_000 && (await shaper.acquire(bucket, "ana").then(() => true, () => false))) ana++;
    expect(ana).toBe(90); // half of 90% of 200
    let agency = 0;
    while (agency < 1_000 && (await shaper.acquire(bucket, null).then(() => true, () => false))) agency++;
    expect(ana + agency).toBe(180);
  });

  it("a shaped-out request is answered like the service's 429, without reaching it", async () => {
    const clock = fakeClock(60_000 * 4000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    let reached = 0;
    const upstream: FetchLike = async () => {
      reached++;
      return Response.json({ data: [], meta: {}, error: null });
    };
    const fetch = shapedFetch(shaper, upstream);
    const url = "https://tds.example.test/api/v1/bookings/bk_1/email-client";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await withShapingScope(null, () => fetch(url, { method: "POST" }))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(reached).toBe(9);
    const refused = await fetch(url, { method: "POST" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get(SHAPED_HEADER)).toBe("1");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ data: null, error: { code: "rate_limited" } });
    expect(BFF_ERRORS.rate_limited.status).toBe(429);
  });
});

describe("the background lane: a job waits, a person never does", () => {
  const bucket: Bucket = { name: "lanes", limit: 20 }; // 18 a window; the background's share 9

  it("a job takes at most its share of a window, then waits for the next instead of being refused; people still get the rest", async () => {
    const clock = fakeClock(60_000 * 8000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    for (let i = 0; i < 9; i++) await shaper.acquire(bucket, null, undefined, "background");
    expect(clock.now()).toBe(60_000 * 8000); // no wait so far
    // The other half is the people's: none of them waits.
    for (let i = 0; i < 9; i++) await shaper.acquire(bucket, `advisor-${i % 3}`);
    expect(clock.now()).toBe(60_000 * 8000);
    // The next job's request waits for the next window (a moment into it) and goes out there.
    await shaper.acquire(bucket, null, undefined, "background");
    expect(clock.now()).toBeGreaterThanOrEqual(60_000 * 8001);
    expect(clock.now()).toBeLessThan(60_000 * 8001 + 1_000);
  });

  it("once people have used more than the job's share, the job waits and the people do not", async () => {
    const clock = fakeClock(60_000 * 9000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    for (let i = 0; i < 10; i++) await shaper.acquire(bucket, `advisor-${i % 4}`);
    const start = clock.now();
    await shaper.acquire(bucket, null, undefined, "background");
    expect(clock.now() - start).toBeGreaterThanOrEqual(60_000 - 1);
    // In the new window a person still goes at once (maxWaitMs 0: any wait would refuse them).
    await shaper.acquire(bucket, "advisor-9");
  });

  it("is refused only after a wait of its own (ten minutes by default), where a person is refused at once", async () => {
    const clock = fakeClock(60_000 * 10_000);
    // People take the whole budget of every window as it opens: the job never finds room.
    const fill = async () => {
      for (let n = 0; n < 2; n++) await shaper.acquire(bucket, null).catch(() => {});
    };
    const shaper: RateShaper = createRateShaper({
      now: clock.now,
      sleep: async (ms) => {
        clock.advance(ms);
        await fill();
      },
      keyPrefix: randomUUID(),
      limitFor: () => 2,
      budgetRatio: 1,
      backgroundMaxWaitMs: 150_000,
    });
    await fill();
    await expect(shaper.acquire(bucket, null)).rejects.toBeInstanceOf(ShapedOut);
    const start = clock.now();
    const err = await shaper.acquire(bucket, null, undefined, "background").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShapedOut);
    expect(clock.now() - start).toBeGreaterThanOrEqual(120_000);
    expect(clock.now() - start).toBeLessThanOrEqual(150_000);
  });

  it("a job waiting for the next window lets a person waiting for it go first", async () => {
    // Real time, 1 s windows of 4 (the job's share 2).
    const shaper = createRateShaper({ keyPrefix: randomUUID(), windowSec: 1, limitFor: () => 4, budgetRatio: 1, userShare: 1, maxWaitMs: () => 2_500 });
    const into = Date.now() % 1000;
    if (into > 300) await new Promise((r) => setTimeout(r, 1000 - into + 10));
    for (let i = 0; i < 4; i++) await shaper.acquire(bucket, "ana");
    const order: string[] = [];
    // The job asks first, the person second: the person still goes out first.
    const job = shaper.acquire(bucket, null, undefined, "background").then(() => order.push("job"));
    await new Promise((r) => setTimeout(r, 20));
    const person = shaper.acquire(bucket, "ben").then(() => order.push("person"));
    await Promise.all([job, person]);
    expect(order).toEqual(["person", "job"]);
  });

  it("a job's call through the desk's client waits instead of answering 429", async () => {
    const clock = fakeClock(60_000 * 11_000);
    const shaper = createRateShaper({ now: clock.now, sleep: clock.sleep, keyPrefix: randomUUID(), maxWaitMs: () => 0 });
    const fetch = shapedFetch(shaper, async () => Response.json({ data: [], meta: {}, error: null }));
    const url = "https://tds.example.test/api/v1/bookings/bk_1/email-client"; // 10 a minute: 9 a window, the job's share 4
    for (let i = 0; i < 5; i++) expect((await withShapingScope("ana", () => fetch(url, { method: "POST" }))).status).toBe(200);
    const before = clock.now();
    const res = await withBackgroundScope(() => fetch(url, { method: "POST" }));
    expect(res.status).toBe(200);
    expect(clock.now() - before).toBeGreaterThan(0);
    // A person asking now gets the window's last points without waiting.
    expect((await withShapingScope("ben", () => fetch(url, { method: "POST" }))).status).toBe(200);
  });

  it("a job's call that waits longer than the call's timeout for its window is sent then, not timed out", async () => {
    // Real time, 1 s windows with room for one call: the third call waits about a second, five timeouts.
    const shaper = createRateShaper({ keyPrefix: randomUUID(), windowSec: 1, limitFor: () => 2 });
    const sent: number[] = [];
    const client = createBffTdsClient({
      baseUrl: "https://tds.example.test",
      apiKey: "tdsk_TestKey000000000000000000000000000000000000",
      shaper,
      fetch: async () => (sent.push(Date.now()), okJson({ bookingId: "bk_1", orderRef: "RV-2026-ABCDEFGH", state: "supplier_pending" })),
    });
    const start = Date.now();
    for (let i = 0; i < 3; i++) {
      await expect(withBackgroundScope(() => client.refreshBookingStatus("bk_1", { maxRetries: 0, timeoutMs: 200 }))).resolves.toMatchObject({ state: "supplier_pending" });
    }
    expect(sent).toHaveLength(3);
    // Each went in a window of its own: the last had to wait past the 200 ms timeout.
    expect(new Set(sent.map((t) => Math.floor(t / 1000))).size).toBe(3);
    expect(Date.now() - start).toBeGreaterThan(200);
  });
});

describe("two instances sharing one Redis budget", () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it("together never send more than the limit in any window", async () => {
    const prefix = `agency-desk-test:${randomUUID()}`;
    const windowSec = 2;
    const bucket: Bucket = { name: "shared", limit: 10 };
    const arrivals = new Map<number, number>();
    const upstream: FetchLike = async () => {
      const w = Math.floor(Date.now() / (windowSec * 1000));
      arrivals.set(w, (arrivals.get(w) ?? 0) + 1);
      return Response.json({ data: null, meta: {}, error: null });
    };
    const instances = [0, 1].map(() => {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      return createRateShaper({ redis, keyPrefix: prefix, windowSec, maxWaitMs: () => 2_500, limitFor: () => bucket.limit });
    });
    expect(instances.every((s) => s.store === "redis")).toBe(true);
    await Promise.all(clients.map((c) => (c.status === "ready" ? null : new Promise((r) => c.once("ready", r)))));
    // Start early in a window, so a window's last request does not arrive in the next one over
    // a loaded machine's event loop; the requests the first window cannot take queue for the next.
    const intoWindow = Date.now() % (windowSec * 1000);
    if (intoWindow > 200) await new Promise((r) => setTimeout(r, windowSec * 1000 - intoWindow + 20));

    // 40 requests from 4 advisors, spread over both instances, all at once.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const shaper = instances[i % 2]!;
        return withShapingScope(`advisor-${i % 4}`, () =>
          shapedFetch(shaper, upstream)("https://tds.example.test/api/v1/search", { method: "POST" }),
        ).then((r) => r.status);
      }),
    );
    const served = outcomes.filter((s) => s === 200).length;
    const counts = [...arrivals.values()];
    expect(served).toBe(counts.reduce((a, b) => a + b, 0));
    expect(Math.max(...counts)).toBeLessThanOrEqual(bucket.limit);
    // 90% of 10 per window: at least the first window's 9 went out, and queued ones went in the next.
    expect(served).toBeGreaterThanOrEqual(9);
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.filter((s) => s === 429).length).toBe(40 - served);
  });
});

describe("through a handler", () => {
  it("a request the budget cannot take in time is 429 rate_limited with Retry-After, and never reaches the service", async () => {
    // A fixed clock: on the real one the minute could turn between the second call and the third.
    const now = () => 60_000 * 7000 + 30_000;
    const shaper = createRateShaper({ now, keyPrefix: randomUUID(), limitFor: () => 2, budgetRatio: 1, userShare: 1, maxWaitMs: () => 0 });
    const kit = await bffTestKit({ shaper });
    try {
      let reached = 0;
      const live = sandboxFetch(kit.sb);
      kit.setTransport((input, init) => {
        reached++;
        return live(input, init);
      });
      const suggest = route({ auth: "advisor" }, async ({ tds }) => ok(await tds.suggest("rome")));
      expect((await kit.call(suggest, "/api/suggest")).status).toBe(200);
      expect((await kit.call(suggest, "/api/suggest")).status).toBe(200);
      const res = await kit.call(suggest, "/api/suggest");
      expect({ status: res.status, body: res.body }).toEqual({
        status: 429,
        body: { data: null, meta: {}, error: { code: "rate_limited", message: BFF_ERRORS.rate_limited.message, details: [] } },
      });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(reached).toBe(2);
    } finally {
      await kit.close();
    }
  });
});
