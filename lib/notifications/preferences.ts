import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notificationPreferences, type NotificationRow } from "@/lib/db/schema";
import { DEFAULT_EMAIL_KINDS, isNotificationKind, NOTIFICATION_KIND_LIST } from "./kinds";
import type { NotificationKind } from "./store";

// Which kinds of notification also come to a person by email (issue 30). A person without a row
// (or whose row was made only to keep their time zone, which writes the defaults) gets
// DEFAULT_EMAIL_KINDS; once they save, their own choice, even an empty one.

export { DEFAULT_EMAIL_KINDS };

/** In the settings page's order, unknown kinds (a kind since removed) left out. */
const known = (kinds: readonly unknown[]): NotificationKind[] => NOTIFICATION_KIND_LIST.filter((k) => kinds.includes(k));

export async function emailKindsOf(db: Db, userId: string): Promise<NotificationKind[]> {
  const [row] = await db.select({ emailKinds: notificationPreferences.emailKinds }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ? known(row.emailKinds) : [...DEFAULT_EMAIL_KINDS];
}

/** Saves a person's choice (the time zone they have stays); answers it as kept. */
export async function saveEmailKinds(db: Db, userId: string, kinds: readonly string[]): Promise<NotificationKind[]> {
  const chosen = known(kinds.filter(isNotificationKind));
  await db
    .insert(notificationPreferences)
    .values({ userId, emailKinds: chosen })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { emailKinds: chosen, updatedAt: new Date() } });
  return chosen;
}

/** The rows whose person wants their kind by email. */
export async function wantedByEmail(db: Db, rows: readonly NotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const people = [...new Set(rows.map((r) => r.userId))];
  const saved = await db
    .select({ userId: notificationPreferences.userId, emailKinds: notificationPreferences.emailKinds })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, people));
  const choice = new Map(saved.map((s) => [s.userId, new Set(s.emailKinds)]));
  const defaults = new Set<string>(DEFAULT_EMAIL_KINDS);
  return rows.filter((r) => (choice.get(r.userId) ?? defaults).has(r.kind));
}
