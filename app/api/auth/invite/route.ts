// POST /api/auth/invite – an invited user sets their password with the token from their link.
import { getDb } from "@/lib/db";
import { assertSameOrigin, dataResponse, handle, parseBody } from "@/lib/auth/http";
import { hashPassword } from "@/lib/auth/passwords";
import { acceptInviteSchema } from "@/lib/auth/schemas";
import { redeemInvite } from "@/lib/auth/users";
import { getEnv } from "@/lib/server-env";

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request.headers, getEnv().APP_ORIGIN);
  const { token, password } = await parseBody(request, acceptInviteSchema);
  const user = await redeemInvite(await getDb(), token, await hashPassword(password));
  return dataResponse({ email: user.email });
});
