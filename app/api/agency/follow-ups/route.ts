import { followUpSettingsSchema } from "@/lib/agency/follow-ups";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { readFollowUpSettings, saveFollowUpSettings } from "@/lib/jobs/vouchers/settings";

export const dynamic = "force-dynamic";

// GET /api/agency/follow-ups – what the desk does by itself that the agency chose (the voucher before travel)
export const GET = route({ auth: "admin", query: noQuery }, async ({ deps }) => ok(await readFollowUpSettings(await deps.db())));

// PUT /api/agency/follow-ups – an admin turns the voucher before travel on (1 to 30 days) or off (null)
export const PUT = route({ auth: "admin", query: noQuery, body: followUpSettingsSchema }, async ({ deps, body, user }) => {
  const db = await deps.db();
  await saveFollowUpSettings(db, body, user.id);
  return ok(await readFollowUpSettings(db));
});
