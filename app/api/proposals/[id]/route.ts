import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { updateProposalSchema } from "@/lib/proposals/model";
import { readProposal, updateProposal } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// GET /api/proposals/:id – one proposal with its items, prices, link, views and choice
export const GET = route({ auth: "advisor", query: noQuery, params: params("id") }, async ({ deps, user, params: { id } }) => ok(await readProposal(await deps.db(), user, id)));

// PATCH /api/proposals/:id – its title, note, validity date, client, or its groups' names and order
export const PATCH = route({ auth: "advisor", query: noQuery, params: params("id"), body: updateProposalSchema }, async ({ deps, user, body, params: { id } }) =>
  ok(await updateProposal(await deps.db(), user, id, body)),
);
