// GET /api/suggest – autocomplete: cities, hotels and points of interest; a typo the service finds nothing for is corrected (docs/search.md#typos)
import { ok, route } from "@/lib/bff/handler";
import { suggestQuerySchema } from "@/lib/bff/schemas";
import { suggestPlaces } from "@/lib/bff/suggest";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: suggestQuerySchema }, async ({ tds, deps, query, signal }) =>
  ok(await suggestPlaces({ tds, cache: deps.cache() }, query.q, query.limit, signal)),
);
