// GET /api/suggest – autocomplete: cities, hotels and points of interest
import { ok, route } from "@/lib/bff/handler";
import { suggestQuerySchema } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "user", query: suggestQuerySchema }, async ({ tds, query, signal }) =>
  ok(await tds.suggest(query.q, query.limit, { signal })),
);
