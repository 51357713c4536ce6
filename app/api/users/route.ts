// GET /api/users – every user, for the users admin. POST /api/users – invite a user (admins only).
import { getDb } from "@/lib/db";
import { assertSameOrigin, dataResponse, handle, parseBody } from "@/lib/auth/http";
import { inviteUserSchema } from "@/lib/auth/schemas";
import { requireApiAdmin } from "@/lib/auth/session";
import { inviteUser, listUsers, summarize } from "@/lib/auth/users";
import { getEnv } from "@/lib/server-env";

export const dynamic = "force-dynamic";

export const GET = handle(async () => {
  await requireApiAdmin();
  return dataResponse({ users: await listUsers(await getDb()) });
});

export const POST = handle(async (request: Request) => {
  const { APP_ORIGIN } = getEnv();
  assertSameOrigin(request.headers, APP_ORIGIN);
  const admin = await requireApiAdmin();
  const input = await parseBody(request, inviteUserSchema);
  const { user, token, expiresAt } = await inviteUser(await getDb(), { ...input, invitedBy: admin.id });
  return dataResponse(
    { user: summarize(user, expiresAt), inviteUrl: `${APP_ORIGIN}/invite/${token}` },
    { status: 201 },
  );
});
