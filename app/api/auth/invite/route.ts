// POST /api/auth/invite – an invited user sets their password with the token from their link.
import { hashPassword } from "@/lib/auth/passwords";
import { acceptInviteSchema } from "@/lib/auth/schemas";
import { redeemInvite } from "@/lib/auth/users";
import { ok, route } from "@/lib/bff/handler";

export const POST = route({ auth: "public", body: acceptInviteSchema }, async ({ deps, body: { token, password } }) => {
  const user = await redeemInvite(await deps.db(), token, await hashPassword(password));
  return ok({ email: user.email });
});
