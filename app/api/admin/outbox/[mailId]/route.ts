// GET /api/admin/outbox/:mailId – one mail of the outbox with its headers and bodies (admins only)
import { BffError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { outboxParams } from "@/lib/bff/outbox";
import { noQuery } from "@/lib/bff/schemas";
import { readOutboxMail } from "@/lib/mail/store";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", query: noQuery, params: outboxParams }, async ({ deps, params }) => {
  const mail = await readOutboxMail(await deps.db(), params.mailId);
  if (!mail) throw new BffError({ status: 404, code: "not_found", message: "The outbox has no such mail. Go back to the outbox and open it from the list." });
  return ok(mail);
});
