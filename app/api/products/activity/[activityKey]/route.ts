// GET /api/products/activity/:activityKey – activity content (cached for a day)
import { cached, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("activityKey"), query: noQuery },
  async ({ tds, deps, params: { activityKey }, signal }) =>
    ok(await cached(deps.cache(), `activity:${activityKey}`, TTL.content, () => tds.activityContent(activityKey, { signal }))),
);
