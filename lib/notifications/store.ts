import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notifications, users, type NotificationRow } from "@/lib/db/schema";

// What the desk tells a person by itself (issue 30): one row per person and event, read by the
// person it is for. Written by the jobs (lib/jobs) in the transaction that records what happened,
// so a job retried after a crash finds it done and tells nobody twice. No page reads them yet.

/** What a notification is about. The table stores the kind as text: a new kind needs no migration. */
export const NOTIFICATION_KINDS = [
  "booking_state_changed",
  "hold_deadline_near",
  "hold_lapsed",
  "hold_paid_automatically",
  "hold_auto_pay_failed",
  "free_cancellation_ending",
  "voucher_sent",
  "voucher_failed",
  "morning_digest",
  // One a person sends themselves from /settings/notifications, to see the bell (and the stream) work.
  "test",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NewNotification = {
  kind: NotificationKind;
  userId: string;
  bookingId?: string | null;
  /** One line: "RV-2026-7KQ2M9A1 is confirmed". */
  title: string;
  /** What happened and what to do, as a sentence for a person. */
  sentence: string;
};

export async function addNotifications(db: Db, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, bookingId: r.bookingId ?? null })))
    .returning();
}

/** The agency's active admins: told of what happens to a booking made outside the desk. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)))
    .orderBy(users.createdAt);
  return rows.map((r) => r.id);
}

/** A person's notifications, newest first (unread ones only with `unread`). */
export async function notificationsFor(db: Db, userId: string, opts: { unread?: boolean; limit?: number } = {}): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), opts.unread ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit ?? 50);
}

/** Marks some of a person's notifications read (never another person's); answers how many changed. */
export async function markNotificationsRead(db: Db, userId: string, ids: readonly string[], at = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
