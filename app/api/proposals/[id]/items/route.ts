import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { addItemSchema } from "@/lib/proposals/model";
import { addItem } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// POST /api/proposals/:id/items – add an offer (its snapshot and cost), priced with the agency's markup
export const POST = route({ auth: "advisor", query: noQuery, params: params("id"), body: addItemSchema }, async ({ deps, user, body, params: { id } }) =>
  ok(await addItem(await deps.db(), user, id, body, { agencyCurrency: deps.agency().currency }), { status: 201 }),
);
