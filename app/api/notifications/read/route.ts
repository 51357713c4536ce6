import { z } from "zod";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { markAllRead, unreadCount } from "@/lib/notifications/read";
import type { ReadAnswer } from "@/lib/notifications/shapes";
import { markNotificationsRead } from "@/lib/notifications/store";

export const dynamic = "force-dynamic";

const body = z.union(
  [
    z.strictObject({ ids: z.array(z.uuid("Each ID must be a notification's ID.")).min(1, "Name at least one notification.").max(200, "At most 200 notifications at once.") }),
    z.strictObject({ all: z.literal(true, "Say all: true to mark every notification read.") }),
  ],
  "Say which notifications to mark read: { ids: [...] } or { all: true }.",
);

// POST /api/notifications/read – marks some of the person's notifications read, or all of them
export const POST = route({ auth: "advisor", query: noQuery, body }, async ({ deps, user, body: b }) => {
  const db = await deps.db();
  const marked = "all" in b ? await markAllRead(db, user.id) : await markNotificationsRead(db, user.id, b.ids);
  return ok({ marked, unread: await unreadCount(db, user.id) } satisfies ReadAnswer);
});
