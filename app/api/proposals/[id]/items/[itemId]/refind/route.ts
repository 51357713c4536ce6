import { refindItem } from "@/lib/bff/proposal-refind";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

// POST /api/proposals/:id/items/:itemId/refind – search again for the item's offer: the same one with its price now, or the closest others
export const POST = route({ auth: "advisor", query: noQuery, params: params("id", "itemId") }, async ({ tds, deps, user, params: { id, itemId }, signal }) =>
  ok(await refindItem({ tds, db: await deps.db(), cache: deps.cache(), agency: deps.agency() }, user, id, itemId, signal)),
);
