// GET /api/destinations – activity and transfer destination codes
import { cached, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { destinationsQuerySchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: destinationsQuerySchema }, async ({ tds, deps, query, signal }) => {
  const key = `destinations:${JSON.stringify(Object.entries(query).sort())}`;
  return ok(await cached(deps.cache(), key, TTL.destinations, () => tds.destinations(query, { signal })));
});
