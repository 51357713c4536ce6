import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { withdrawProposal } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// POST /api/proposals/:id/withdraw – withdraw the proposal: its link answers 410 from now on
export const POST = route({ auth: "advisor", query: noQuery, params: params("id") }, async ({ deps, user, params: { id } }) =>
  ok(await withdrawProposal(await deps.db(), user, id)),
);
