// GET /api/admin/outbox?kind=&page= – the desk's mail, newest first, and how it is sent (admins only)
import { ok, route } from "@/lib/bff/handler";
import { mailMode, outboxQuerySchema } from "@/lib/bff/outbox";
import { OUTBOX_PAGE_SIZE } from "@/lib/mail/shapes";
import { listOutbox } from "@/lib/mail/store";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", query: outboxQuerySchema }, async ({ deps, query }) => {
  const db = await deps.db();
  const page = query.page ?? 1;
  const [mode, list] = await Promise.all([mailMode(db), listOutbox(db, { kind: query.kind ?? null, page })]);
  return ok({ mode, items: list.items, page, pageSize: OUTBOX_PAGE_SIZE, total: list.total });
});
