import { mailNotification, NOTIFICATION_MAIL_JOB, type NotificationMailData } from "@/lib/notifications/mail";
import type { JobDefinition } from "./definitions";
import { refreshPending, type RefreshData } from "./pending/refresh";
import { REFRESH_JOB, scanPending, SCAN_JOB } from "./pending/scan";

// Every job of the desk (docs/follow-ups.md#jobs). The engine makes a queue, a dead-letter queue
// and a worker of each, and the schedules; a new job is one entry here.

export const pendingScanJob: JobDefinition = {
  name: SCAN_JOB,
  description: "Finds the agency's pending bookings (the desk's facts and the service's list) and queues the checks that are due.",
  policy: "singleton",
  cron: "* * * * *",
  retryLimit: 2,
  retryDelay: 20,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  run: async (_data, ctx) => {
    await scanPending(ctx);
  },
};

export const pendingRefreshJob: JobDefinition<RefreshData> = {
  name: REFRESH_JOB,
  description: "Checks one pending booking with the service (at most every 15 s, less often as it ages) and records what changed.",
  policy: "stately",
  retryLimit: 3,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
  // A worker takes one job a poll: once a second is 60 checks a minute an instance, about the
  // background's share of the detail and refresh-status budgets (120 a minute each).
  pollingIntervalSeconds: 1,
  run: async (data, ctx) => {
    await refreshPending(data, ctx);
  },
};

export const notificationMailJob: JobDefinition<NotificationMailData> = {
  name: NOTIFICATION_MAIL_JOB,
  description: "Emails one notification to its person, who chose its kind by email (sent once: a retry finds it sent).",
  policy: "standard",
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
  run: async (data, ctx) => {
    await mailNotification(ctx.db, data.notificationId);
  },
};

export const jobDefinitions: readonly JobDefinition<never>[] = [pendingScanJob, pendingRefreshJob, notificationMailJob];
