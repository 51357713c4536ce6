// POST /api/search/:searchId/products/:productId/rates – every saved option of a product
import { ok, route } from "@/lib/bff/handler";
import { rememberQuotes } from "@/lib/bff/quotes";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "advisor", params: params("searchId", "productId") }, async ({ tds, deps, params: { searchId, productId }, signal }) => {
  const rows = await tds.productRates(searchId, productId, { signal });
  await rememberQuotes(deps.cache(), searchId, rows);
  return ok(rows);
});
