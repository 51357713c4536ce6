import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { updateClientSchema } from "@/lib/proposals/model";
import { clientNotFound, clientOverview, updateClient } from "@/lib/proposals/clients";

export const dynamic = "force-dynamic";

// GET /api/clients/:id – the client's contact card, their proposals and the bookings made from them
export const GET = route({ auth: "advisor", query: noQuery, params: params("id") }, async ({ deps, user, params: { id } }) => {
  const overview = await clientOverview(await deps.db(), user, id);
  if (!overview) throw clientNotFound();
  return ok(overview);
});

// PATCH /api/clients/:id – the client's name, email or phone; answers the client's page as GET does
export const PATCH = route({ auth: "advisor", query: noQuery, params: params("id"), body: updateClientSchema }, async ({ deps, user, body, params: { id } }) =>
  ok(await updateClient(await deps.db(), user, id, body)),
);
