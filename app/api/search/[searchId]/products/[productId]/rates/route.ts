// POST /api/search/:searchId/products/:productId/rates – every saved option of a product
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "user", params: params("searchId", "productId") },
  async ({ tds, params: { searchId, productId }, signal }) => ok(await tds.productRates(searchId, productId, { signal })),
);
