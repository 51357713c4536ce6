import "server-only";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notifications } from "@/lib/db/schema";

// The bell's count, and "Mark all read" (the store marks some by ID).

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks all of a person's notifications read; answers how many changed. */
export async function markAllRead(db: Db, userId: string, at = new Date()): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
