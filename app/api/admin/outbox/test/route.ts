// POST /api/admin/outbox/test – send the signed-in admin a test mail, as the desk sends every mail (admins only)
import { ok, route } from "@/lib/bff/handler";
import { sendTestMail } from "@/lib/bff/outbox";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "admin", query: noQuery }, async ({ deps, user }) => ok({ mail: await sendTestMail(await deps.db(), user) }, { status: 201 }));
