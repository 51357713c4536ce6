// GET /api/admin/overview?range=7|30|90 – the agency at a glance (admins only)
import { z } from "zod";
import { checkAttentionSoon } from "@/lib/bff/attention";
import { ok, route } from "@/lib/bff/handler";
import { agencyOverview } from "@/lib/bff/overview";
import { OVERVIEW_RANGES } from "@/lib/bookings/overview";

export const dynamic = "force-dynamic";

const overviewQuerySchema = z.strictObject({
  range: z
    .enum(OVERVIEW_RANGES.map(String) as [string, ...string[]], { error: "Choose a range of 7, 30 or 90 days." })
    .transform(Number)
    .optional(),
});

export const GET = route({ auth: "admin", query: overviewQuerySchema }, async ({ tds, deps, query }) => {
  const db = await deps.db();
  // What the overview counts is what the desk has learned: keep learning, in the background.
  checkAttentionSoon({ db, tds });
  const { currency, creditLimitMinor = null } = deps.agency();
  const range = (query.range ?? 30) as (typeof OVERVIEW_RANGES)[number];
  return ok(await agencyOverview(db, { range, now: new Date(), currency, creditLimitMinor }));
});
