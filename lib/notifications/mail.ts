import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { followUpMarks, notifications, users } from "@/lib/db/schema";
import { sendMail, type SendMailOptions } from "@/lib/mail/send";
import type { MailKind } from "@/lib/mail/shapes";
import { getEnv } from "@/lib/server-env";

// One notification by email, through the desk's own mail (lib/mail/send.ts: SMTP_URL, or the
// outbox), in the agency's name as a proposal is. Sent once: the mark `mail:<notificationId>` is
// written when the mail has gone, and a retry (or a second delivery) finding it sends nothing.

export const NOTIFICATION_MAIL_JOB = "notification-mail";
export type NotificationMailData = { notificationId: string };

export const mailMark = (notificationId: string) => `mail:${notificationId}`;

const MAIL_KIND: Partial<Record<string, MailKind>> = {
  morning_digest: "digest",
  hold_deadline_near: "reminder",
  free_cancellation_ending: "reminder",
};

export type NotificationMailOutcome = "sent" | "already sent" | "gone";

/** Sends the notification's mail unless it was sent; throws when the mail could not go, so that a job retries it. */
export async function mailNotification(db: Db, notificationId: string, options: { origin?: string; mail?: SendMailOptions } = {}): Promise<NotificationMailOutcome> {
  const [done] = await db.select({ key: followUpMarks.key }).from(followUpMarks).where(eq(followUpMarks.key, mailMark(notificationId)));
  if (done) return "already sent";
  const [row] = await db
    .select({ n: notifications, email: users.email, name: users.name, active: users.active })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, notificationId));
  // Deleted since, or a person who no longer signs in: nobody to write to.
  if (!row || !row.active) return "gone";

  const origin = (options.origin ?? getEnv().APP_ORIGIN).replace(/\/+$/, "");
  // A booking's news links to the booking; the morning digest to Needs attention, as in the bell's panel.
  const digest = row.n.kind === "morning_digest";
  const link = row.n.bookingId ? `${origin}/bookings/${encodeURIComponent(row.n.bookingId)}` : digest ? `${origin}/attention` : origin;
  const text = [row.n.sentence, "", row.n.bookingId ? `Open the booking: ${link}` : digest ? `Open Needs attention: ${link}` : `Open the desk: ${link}`, "", "You chose to have this by email; change it in the desk under Settings, Notifications."].join("\n");
  const sent = await sendMail(
    { kind: MAIL_KIND[row.n.kind] ?? "notification", to: { name: row.name, address: row.email }, subject: row.n.title.slice(0, 200), text, reference: row.n.bookingId ?? undefined, sentBy: null },
    { db, ...options.mail },
  );
  if (!sent.ok) throw new Error(sent.error ?? "The notification's mail could not be sent.");
  await db.insert(followUpMarks).values({ key: mailMark(notificationId), bookingId: row.n.bookingId }).onConflictDoNothing();
  return "sent";
}
