// GET /api/search/:searchId/results – a page of ranked rows and the search's progress
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { resultsQuerySchema } from "@/lib/tds";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "user", params: params("searchId"), query: resultsQuerySchema },
  async ({ tds, params: { searchId }, query, signal }) => {
    const page = await tds.searchResults(searchId, query, { signal });
    return ok(page.rows, { meta: page.meta });
  },
);
