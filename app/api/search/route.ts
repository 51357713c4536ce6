// POST /api/search – start a search in the agency's currency and market
import { ok, route } from "@/lib/bff/handler";
import { searchRequestSchema } from "@/lib/bff/schemas";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "advisor", body: () => searchRequestSchema({ currency: getEnv().AGENCY_CURRENCY, market: getEnv().AGENCY_MARKET }) },
  async ({ tds, body, signal }) => ok(await tds.createSearch(body, { signal }), { status: 201 }),
);
