import { ok, route } from "@/lib/bff/handler";
import { createProposalSchema, proposalListQuerySchema, PROPOSALS_PAGE_SIZE } from "@/lib/proposals/model";
import { createProposal, listProposals } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// GET /api/proposals – a page of proposals (an advisor's own; an admin's all unless mine=1), filtered by state and text
export const GET = route({ auth: "advisor", query: proposalListQuerySchema }, async ({ deps, user, query }) => {
  const page = query.page ?? 1;
  const { rows, total } = await listProposals(await deps.db(), user, { state: query.state, q: query.q, mine: query.mine === "1", page });
  return ok(rows, { meta: { total, page, pageSize: PROPOSALS_PAGE_SIZE } });
});

// POST /api/proposals – a new draft for a client
export const POST = route({ auth: "advisor", body: createProposalSchema }, async ({ deps, user, body }) =>
  ok(await createProposal(await deps.db(), user, body), { status: 201 }),
);
