// GET /api/attention/count – how many of the agency's bookings need attention (the navigation's badge)
import { attentionCount, checkAttentionSoon } from "@/lib/bff/attention";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: noQuery }, async ({ tds, deps }) => {
  const db = await deps.db();
  checkAttentionSoon({ db, tds });
  return ok({ count: await attentionCount(db, new Date()) });
});
