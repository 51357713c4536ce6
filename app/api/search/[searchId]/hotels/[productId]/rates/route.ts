// POST /api/search/:searchId/hotels/:productId/rates – a hotel's live rate sheet (fresh quotes)
import { ok, route } from "@/lib/bff/handler";
import { rememberQuotes } from "@/lib/bff/quotes";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "advisor", params: params("searchId", "productId") }, async ({ tds, deps, params: { searchId, productId }, signal }) => {
  const rows = await tds.hotelRateSheet(searchId, productId, { signal });
  await rememberQuotes(deps.cache(), searchId, rows);
  return ok(rows);
});
