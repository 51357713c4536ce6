// PATCH /api/users/:id – change a user's role or deactivate/reactivate them (admins only).
import { updateUserSchema } from "@/lib/auth/schemas";
import { getUserSummary, setUserActive, setUserRole, UserError } from "@/lib/auth/users";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const PATCH = route({ auth: "admin", params: params("id"), body: updateUserSchema }, async ({ deps, user: admin, params: { id }, body: change }) => {
  const db = await deps.db();
  if ("role" in change) await setUserRole(db, { actorId: admin.id, userId: id, role: change.role });
  else await setUserActive(db, { actorId: admin.id, userId: id, active: change.active });
  const user = await getUserSummary(db, id);
  if (!user) throw new UserError("not_found", "This user does not exist.");
  return ok({ user });
});
