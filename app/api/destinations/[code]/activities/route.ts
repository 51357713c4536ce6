// GET /api/destinations/:code/activities – a destination's activity catalogue, without prices
import { cached, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { pageQuerySchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("code"), query: pageQuerySchema },
  async ({ tds, deps, params: { code }, query, signal }) => {
    const key = `destination-activities:${code}:${query.limit ?? ""}:${query.cursor ?? ""}`;
    return ok(await cached(deps.cache(), key, TTL.destinations, () => tds.destinationActivities(code, query, { signal })));
  },
);
