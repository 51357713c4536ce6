// POST /api/quotes/:quoteId/price-check – the live price and what booking will require
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { priceCheckRequestSchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "advisor", params: params("quoteId"), body: priceCheckRequestSchema },
  async ({ tds, params: { quoteId }, body, signal }) => ok(await tds.priceCheck(quoteId, body, { signal })),
);
