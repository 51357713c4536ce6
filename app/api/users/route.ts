// GET /api/users – every user, for the users admin. POST /api/users – invite a user (admins only).
import { inviteUserSchema } from "@/lib/auth/schemas";
import { inviteUser, listUsers, summarize } from "@/lib/auth/users";
import { ok, route } from "@/lib/bff/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin" }, async ({ deps }) => ok({ users: await listUsers(await deps.db()) }));

export const POST = route({ auth: "admin", body: inviteUserSchema }, async ({ deps, user: admin, body }) => {
  const { user, token, expiresAt } = await inviteUser(await deps.db(), { ...body, invitedBy: admin.id });
  return ok({ user: summarize(user, expiresAt), inviteUrl: `${deps.agency().appOrigin}/invite/${token}` }, { status: 201 });
});
