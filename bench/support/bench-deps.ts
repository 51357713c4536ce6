import type { Cache } from "../../lib/bff/cache";
import { setBffDeps } from "../../lib/bff/deps";
import type { RateShaper } from "../../lib/bff/rate-shaping";
import type { TdsClient } from "../../lib/tds/client";

/** The BFF's route handlers called in a benchmark: one signed-in advisor, no database, the bench's client, cache and shaper. */
export function benchBffDeps(deps: { tds: TdsClient; cache: () => Cache; shaper: RateShaper; apiKey: string }): void {
  setBffDeps({
    getUser: async () => ({ id: "00000000-0000-4000-8000-000000000001", email: "bench@desk.test", name: "Bench", role: "advisor" }),
    tds: () => deps.tds,
    db: () => Promise.reject(new Error("no database in this benchmark")),
    cache: deps.cache,
    shaper: () => deps.shaper,
    agency: () => ({ currency: "USD", market: "US", appOrigin: "http://desk.bench", secrets: [deps.apiKey] }),
  });
}
