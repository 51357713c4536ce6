// POST /api/users/:id/invite – a new invite link for a user who has not set a password (admins only).
import { getDb } from "@/lib/db";
import { assertSameOrigin, dataResponse, handle } from "@/lib/auth/http";
import { requireApiAdmin } from "@/lib/auth/session";
import { reissueInvite, summarize } from "@/lib/auth/users";
import { getEnv } from "@/lib/server-env";

export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { APP_ORIGIN } = getEnv();
  assertSameOrigin(request.headers, APP_ORIGIN);
  const admin = await requireApiAdmin();
  const { id } = await params;
  const { user, token, expiresAt } = await reissueInvite(await getDb(), { userId: id, invitedBy: admin.id });
  return dataResponse({ user: summarize(user, expiresAt), inviteUrl: `${APP_ORIGIN}/invite/${token}` }, { status: 201 });
});
