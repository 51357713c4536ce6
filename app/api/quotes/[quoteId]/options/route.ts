// POST /api/quotes/:quoteId/options – an activity's separately bookable options for a traveller mix
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { activityOptionsRequestSchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "advisor", params: params("quoteId"), body: activityOptionsRequestSchema },
  async ({ tds, params: { quoteId }, body, signal }) => ok(await tds.activityOptions(quoteId, body, { signal })),
);
