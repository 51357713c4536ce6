import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { updateItemSchema } from "@/lib/proposals/model";
import { removeItem, updateItem } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// PATCH /api/proposals/:id/items/:itemId – the advisor's client price (within the admin's limits), its group or its place
export const PATCH = route({ auth: "advisor", query: noQuery, params: params("id", "itemId"), body: updateItemSchema }, async ({ deps, user, body, params: { id, itemId } }) =>
  ok(await updateItem(await deps.db(), user, id, itemId, body, { agencyCurrency: deps.agency().currency })),
);

// DELETE /api/proposals/:id/items/:itemId – remove an offer
export const DELETE = route({ auth: "advisor", query: noQuery, params: params("id", "itemId") }, async ({ deps, user, params: { id, itemId } }) =>
  ok(await removeItem(await deps.db(), user, id, itemId)),
);
