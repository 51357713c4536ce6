// GET /api/attention/count – how many of the agency's bookings need attention, and the proposals chosen and not booked that the person sees there (the navigation's badge)
import { attentionCount, checkAttentionSoon, chosenProposalsFor } from "@/lib/bff/attention";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: noQuery }, async ({ tds, deps, user }) => {
  const db = await deps.db();
  checkAttentionSoon({ db, tds });
  // The proposals as Needs attention lists them by default: an advisor's own, everyone's for an admin.
  return ok({ count: await attentionCount(db, new Date(), { proposals: chosenProposalsFor(user) }) });
});
