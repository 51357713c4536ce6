import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { shareSchema } from "@/lib/proposals/model";
import { shareProposal } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// POST /api/proposals/:id/share – a new link for the client (the previous one stops working); send: true mails it
export const POST = route({ auth: "advisor", query: noQuery, params: params("id"), body: shareSchema }, async ({ deps, user, body, params: { id } }) => {
  const db = await deps.db();
  const shared = await shareProposal(db, user, id, body, { origin: deps.agency().appOrigin, mail: { db } });
  return ok(shared);
});
