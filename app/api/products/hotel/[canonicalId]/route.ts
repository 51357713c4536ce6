// GET /api/products/hotel/:canonicalId – hotel content (cached for a day)
import { cached, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "user", params: params("canonicalId"), query: noQuery },
  async ({ tds, deps, params: { canonicalId }, signal }) =>
    ok(await cached(deps.cache(), `hotel:${canonicalId}`, TTL.content, () => tds.hotelContent(canonicalId, { signal }))),
);
