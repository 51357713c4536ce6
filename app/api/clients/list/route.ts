import { ok, route } from "@/lib/bff/handler";
import { clientPageQuerySchema, CLIENTS_PAGE_SIZE } from "@/lib/proposals/model";
import { listClients } from "@/lib/proposals/clients";

export const dynamic = "force-dynamic";

// GET /api/clients/list – a page of the agency's clients with their proposals, bookings and last activity (an advisor's own proposals; an admin's all)
export const GET = route({ auth: "advisor", query: clientPageQuerySchema }, async ({ deps, user, query }) => {
  const page = query.page ?? 1;
  const { rows, total } = await listClients(await deps.db(), user, { q: query.q, page });
  return ok(rows, { meta: { total, page, pageSize: CLIENTS_PAGE_SIZE } });
});
