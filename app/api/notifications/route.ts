import { z } from "zod";
import { ok, route } from "@/lib/bff/handler";
import { TIME_ZONE_COOKIE } from "@/lib/format/dates";
import { errorFields, log } from "@/lib/log";
import { unreadCount } from "@/lib/notifications/read";
import { NOTIFICATIONS_PAGE, toItem, type NotificationsAnswer } from "@/lib/notifications/shapes";
import { notificationsFor } from "@/lib/notifications/store";
import { rememberTimeZone } from "@/lib/notifications/time-zones";

export const dynamic = "force-dynamic";

const query = z.strictObject({
  limit: z.coerce.number().int("The limit must be a whole number.").min(1, "The limit must be at least 1.").max(NOTIFICATIONS_PAGE, `The limit is at most ${NOTIFICATIONS_PAGE}.`).optional(),
});

// GET /api/notifications – the signed-in person's newest notifications and how many are unread;
// keeps the time zone their desk reports (for what the desk writes to them by itself)
export const GET = route({ auth: "advisor", query }, async ({ deps, user, req, query: q }) => {
  const db = await deps.db();
  await rememberTimeZone(db, user.id, req.cookies.get(TIME_ZONE_COOKIE)?.value).catch((err: unknown) => log.warn({ err: errorFields(err) }, "time zone not remembered"));
  const [rows, unread] = await Promise.all([notificationsFor(db, user.id, { limit: q.limit ?? NOTIFICATIONS_PAGE }), unreadCount(db, user.id)]);
  return ok({ items: rows.map(toItem), unread } satisfies NotificationsAnswer);
});
