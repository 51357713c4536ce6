// GET /api/capabilities – product types on sale in the agency's market (AGENCY_MARKET)
import { cached, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: noQuery }, async ({ tds, deps, signal }) => {
  const { market } = deps.agency();
  const data = await cached(deps.cache(), `capabilities:${market}`, TTL.capabilities, () => tds.capabilities(market, { signal }));
  return ok(data, { meta: { market } });
});
