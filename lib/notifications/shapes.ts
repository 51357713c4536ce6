import type { NotificationRow } from "@/lib/db/schema";
import type { NotificationKind } from "./store";

// A notification as the desk's pages get it (GET /api/notifications, the stream's events), and
// the answers of the notification routes. Browser-safe: types, and one mapping.

export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  bookingId: string | null;
  title: string;
  sentence: string;
  /** ISO instant; the panel says it in words, in the person's zone. */
  createdAt: string;
  read: boolean;
};

export type NotificationsAnswer = { items: NotificationItem[]; unread: number };
export type ReadAnswer = { marked: number; unread: number };
export type PreferencesAnswer = { emailKinds: NotificationKind[] };

/** The newest a person gets at once (the panel's list). */
export const NOTIFICATIONS_PAGE = 50;
/** The stream's event carrying a new notification. */
export const NOTIFICATION_EVENT = "notification";

export const toItem = (r: NotificationRow): NotificationItem => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  bookingId: r.bookingId,
  title: r.title,
  sentence: r.sentence,
  createdAt: new Date(r.createdAt).toISOString(),
  read: r.readAt !== null,
});
