// GET /api/search/:searchId/results – a page of ranked rows and the search's progress
import { ok, okBytes, route } from "@/lib/bff/handler";
import { rememberQuotes } from "@/lib/bff/quotes";
import { params } from "@/lib/bff/schemas";
import { resultsQuerySchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("searchId"), query: resultsQuerySchema },
  async ({ tds, deps, params: { searchId }, query, signal }) => {
    const page = await tds.searchResults(searchId, query, { signal });
    // Checkout opened from a link still says what is being booked (lib/bff/quotes.ts).
    await rememberQuotes(deps.cache(), searchId, page.rows);
    // The service's bytes when they say exactly what ok() would serialise again.
    return page.wire ? okBytes(page.wire) : ok(page.rows, { meta: page.meta });
  },
);
