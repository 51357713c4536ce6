import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { toItem } from "@/lib/notifications/shapes";
import { addNotifications } from "@/lib/notifications/store";

export const dynamic = "force-dynamic";

// POST /api/notifications/test – the person sends themselves a test notification: it reaches their
// open desks through the same delivery as every other (the bell, live, on any instance)
export const POST = route({ auth: "advisor", query: noQuery }, async ({ deps, user }) => {
  const db = await deps.db();
  const rows = await addNotifications(db, [
    { kind: "test", userId: user.id, title: "Test notification", sentence: "This is the test you sent yourself: the bell shows what the desk tells you as it happens." },
  ]);
  await deliverNotifications(rows, { db });
  return ok(toItem(rows[0]!), { status: 201 });
});
