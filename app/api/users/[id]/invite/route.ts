// POST /api/users/:id/invite – a new invite link for a user who has not set a password (admins only).
import { reissueInvite, summarize } from "@/lib/auth/users";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const POST = route({ auth: "admin", params: params("id") }, async ({ deps, user: admin, params: { id } }) => {
  const { user, token, expiresAt } = await reissueInvite(await deps.db(), { userId: id, invitedBy: admin.id });
  return ok({ user: summarize(user, expiresAt), inviteUrl: `${deps.agency().appOrigin}/invite/${token}` }, { status: 201 });
});
