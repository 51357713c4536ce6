// POST /api/search/:searchId/hotels/:productId/rates – a hotel's live rate sheet (fresh quotes)
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "user", params: params("searchId", "productId") },
  async ({ tds, params: { searchId, productId }, signal }) => ok(await tds.hotelRateSheet(searchId, productId, { signal })),
);
