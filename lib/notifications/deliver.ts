import "server-only";
import type { Db } from "@/lib/db";
import type { NotificationRow } from "@/lib/db/schema";
import type { JobContext } from "@/lib/jobs/definitions";
import { runningJobSender } from "@/lib/jobs/running";
import { errorFields, log } from "@/lib/log";
import { publishNotifications } from "./bus";
import { mailNotification, NOTIFICATION_MAIL_JOB, type NotificationMailData } from "./mail";
import { wantedByEmail } from "./preferences";

// What happens to notifications once the transaction that wrote them has committed (issue 30):
// every writer (a job, a route) calls this one function, so a new way of telling people reaches
// every kind at once. The open desks hear them (the bus); the kinds a person chose by email are
// queued as `notification-mail` jobs (retried, sent once). Where this process runs no engine
// (JOBS=off, or not started yet) the mails are sent here, at once, so that mail still goes.

export type DeliverVia = {
  /** The database the rows are in (the BFF's by default). */
  db?: Db;
  /** How to queue the mails: the process's running engine by default; null sends them at once. */
  send?: JobContext["send"] | null;
};

/** Tells the people of `rows` by every way they chose. Call it after the rows are committed; it never throws. */
export async function deliverNotifications(rows: readonly NotificationRow[], via: DeliverVia = {}): Promise<void> {
  if (rows.length === 0) return;
  await publishNotifications(rows).catch((err: unknown) => log.warn({ err: errorFields(err) }, "notifications not published to the open desks"));
  try {
    const db = via.db ?? (await (await import("@/lib/bff/deps")).getBffDeps()).db();
    const byMail = await wantedByEmail(await db, rows);
    const send = via.send === undefined ? runningJobSender() : via.send;
    for (const row of byMail) {
      const data: NotificationMailData = { notificationId: row.id };
      const queued = send ? await send(NOTIFICATION_MAIL_JOB, data).catch((err: unknown) => (log.warn({ err: errorFields(err) }, "notification mail not queued; sending it now"), null)) : null;
      if (queued) continue;
      await mailNotification(await db, row.id).catch((err: unknown) => log.warn({ notificationId: row.id, err: errorFields(err) }, "notification mail not sent"));
    }
  } catch (err) {
    // The notification is in the desk whatever happens to its mail.
    log.warn({ err: errorFields(err) }, "notifications not mailed");
  }
}
