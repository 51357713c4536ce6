// GET /api/attention – what needs attention across the agency (`mine=1`: the advisor's own bookings), and how fresh it is
import { z } from "zod";
import { attentionView, checkAttentionAsked, checkAttentionSoon, chosenProposalsFor } from "@/lib/bff/attention";
import { ok, route } from "@/lib/bff/handler";

export const dynamic = "force-dynamic";

const flag = z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true").optional();
const attentionQuerySchema = z.strictObject({
  mine: flag,
  /** Wait for a due check with the service before answering ("Check now"); otherwise it runs in the background. */
  check: flag,
  /** How many of the nearest to send (the page asks for more). */
  limit: z.coerce.number().int().min(1).max(2000).optional(),
});

export const GET = route({ auth: "advisor", query: attentionQuerySchema }, async ({ tds, deps, user, query }) => {
  const db = await deps.db();
  if (query.check) await checkAttentionAsked({ db, tds });
  else checkAttentionSoon({ db, tds });
  // Proposals the client chose: an advisor's own always (they see no one else's), everyone's for an admin unless mine=1.
  return ok(await attentionView(db, new Date(), { ...(query.mine ? { userId: user.id } : {}), limit: query.limit, proposals: chosenProposalsFor(user, query.mine) }));
});
