// PATCH /api/users/:id – change a user's role or deactivate/reactivate them (admins only).
import { getDb } from "@/lib/db";
import { ApiError, assertSameOrigin, dataResponse, handle, parseBody } from "@/lib/auth/http";
import { updateUserSchema } from "@/lib/auth/schemas";
import { requireApiAdmin } from "@/lib/auth/session";
import { getUserSummary, setUserActive, setUserRole } from "@/lib/auth/users";
import { getEnv } from "@/lib/server-env";

export const PATCH = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request.headers, getEnv().APP_ORIGIN);
  const admin = await requireApiAdmin();
  const { id } = await params;
  const change = await parseBody(request, updateUserSchema);
  const db = await getDb();
  if ("role" in change) await setUserRole(db, { actorId: admin.id, userId: id, role: change.role });
  else await setUserActive(db, { actorId: admin.id, userId: id, active: change.active });
  const user = await getUserSummary(db, id);
  if (!user) throw new ApiError("not_found", "This user does not exist.");
  return dataResponse({ user });
});
