import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryCache } from "@/lib/bff/cache";
import { suggestPlaces } from "@/lib/bff/suggest";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { errorJson, sandboxFetch } from "@/lib/testing/tds";
import * as suggest from "./route";

// GET /api/suggest against the in-process sandbox: what the service finds is passed on as it is;
// a typo it finds nothing for is corrected from its own destination names (docs/search.md#typos),
// and the calls this costs the agency's per-minute budgets are counted.

// One kit (a sandbox and a database take seconds to make): the first test finds the cache empty.
let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const ask = (q: string, limit = "6") => kit.call(suggest.GET, "/api/suggest", { query: { q, limit } });
/** The service calls made by `fn`, as `METHOD /path`. */
async function callsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const before = kit.paths.length;
  await fn();
  return kit.paths.slice(before).map((p) => p.replace("/api/v1", ""));
}
const SUGGEST = "GET /catalog/suggest";
const onlyDestinations = (calls: string[]) => calls.filter((c) => c !== "GET /destinations");

describe("GET /api/suggest: typos", () => {
  it("costs the service's budgets once: the names a day, a corrected place's answer once for every advisor", async () => {
    // The first typo of the day reads the destination names, then asks suggest for the corrected name.
    const first = await callsOf(() => ask("Pariss"));
    expect(onlyDestinations(first)).toEqual([SUGGEST, SUGGEST]);
    expect(first.filter((c) => c === "GET /destinations").length).toBeGreaterThan(1);
    // Another slip for the same place, by a colleague: the corrected answer is shared.
    kit.as(kit.people.colleague);
    const again = await ask("Parris");
    expect(again.body.data.didYouMean).toBe("Paris");
    expect(await callsOf(() => ask("Paaris"))).toEqual([SUGGEST]);
    // Another place: one more suggest call, the names are at hand.
    expect(await callsOf(() => ask("Londn"))).toEqual([SUGGEST, SUGGEST]);
    // Nonsense: the one call it always cost.
    expect(await callsOf(() => ask("zzkrtq"))).toEqual([SUGGEST]);
  });

  it.each([
    ["Pariss", "Paris"],
    ["Londn", "London"],
    ["Barcelna", "Barcelona"],
  ])("%s offers %s, marked as a correction", async (typed, city) => {
    const res = await ask(typed);
    expect(res.status).toBe(200);
    expect(res.body.data.didYouMean).toBe(city);
    expect(res.body.data.cities[0]).toMatchObject({ name: city });
    expect(res.body.error).toBeNull();
  });

  it("a name the service knows is passed on as it is, with one call and no correction", async () => {
    const calls = await callsOf(async () => {
      const res = await ask("Paris");
      expect(res.body.data.cities[0]).toMatchObject({ name: "Paris" });
      expect(res.body.data).not.toHaveProperty("didYouMean");
    });
    expect(calls).toEqual([SUGGEST]);
  });

  it("text that is no place gets no correction; short text does not even load the names", async () => {
    expect(await callsOf(() => ask("xq"))).toEqual([SUGGEST]);
    expect(await callsOf(() => ask("qzx"))).toEqual([SUGGEST]);
    for (const q of ["xqzvw", "qqqqq", "asdf", "test", "hello world"]) {
      const res = await ask(q);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual({ cities: [], hotels: [], pois: [] });
    }
  });

  it("the limit holds for a corrected answer too", async () => {
    const res = await ask("Londn", "2");
    expect(res.body.data.didYouMean).toBe("London");
    expect(res.body.data.pois.length).toBeLessThanOrEqual(2);
    expect(res.body.data.hotels.length).toBeLessThanOrEqual(2);
  });

  it("when the corrected name cannot be asked (its budget spent), the answer is the one typed, not an error", async () => {
    const sandbox = sandboxFetch(kit.sb);
    kit.setTransport(async (input, init) =>
      new URL(input).searchParams.get("q") === "Barcelona" ? errorJson(429, "rate_limited", { "Retry-After": "0" }) : sandbox(input, init),
    );
    try {
      // A cache of its own: the corrected answer is not there from the tests above.
      const answer = await suggestPlaces({ tds: kit.tds, cache: memoryCache() }, "Barcelna", 6);
      expect(answer).toEqual({ cities: [], hotels: [], pois: [] });
    } finally {
      kit.setTransport(null);
    }
  });

  it("when the names cannot be loaded, typos go uncorrected and the service is not asked for them at every keystroke", async () => {
    const sandbox = sandboxFetch(kit.sb);
    kit.setTransport(async (input, init) => (new URL(input).pathname.endsWith("/destinations") ? errorJson(503, "service_unavailable") : sandbox(input, init)));
    try {
      const cache = memoryCache(); // no names in it yet
      expect(await suggestPlaces({ tds: kit.tds, cache }, "Pariss", 6)).toEqual({ cities: [], hotels: [], pois: [] });
      expect(await callsOf(() => suggestPlaces({ tds: kit.tds, cache }, "Londn", 6))).toEqual([SUGGEST]);
    } finally {
      kit.setTransport(null);
    }
  });
});
