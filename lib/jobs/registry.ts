import { mailNotification, NOTIFICATION_MAIL_JOB, type NotificationMailData } from "@/lib/notifications/mail";
import type { JobDefinition } from "./definitions";
import { refreshPending, type RefreshData } from "./pending/refresh";
import { READ_JOB, REFRESH_JOB, scanPending, SCAN_JOB } from "./pending/scan";
import { DIGEST_JOB, sendMorningDigests } from "./digest/run";
import { houseKeep, HOUSEKEEPING_JOB } from "./housekeeping/run";
import { sendDueVouchers, VOUCHER_JOB } from "./vouchers/scan";
import { FREE_CANCELLATION_JOB, scanFreeCancellation } from "./free-cancellation/scan";
import { HOLDS_JOB, scanHolds } from "./holds/scan";

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

/** One check of one pending booking; two queues, one per budget its call spends (queueCheck). */
const pendingCheck = (name: string, description: string): JobDefinition<RefreshData> => ({
  name,
  description,
  policy: "stately",
  retryLimit: 3,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
  // A worker takes one job a poll, once a second: two an instance ask for more than the
  // background's share of the budget their queue spends (54 of 120 a minute), so it is used even
  // while the service is slow to answer. Past the share, a check waits in the shaper for the next
  // minute (never over the limit) and holds up only the checks that need the same budget.
  pollingIntervalSeconds: 1,
  workers: 2,
  run: async (data, ctx) => {
    await refreshPending(data, ctx);
  },
});

export const pendingRefreshJob = pendingCheck(
  REFRESH_JOB,
  "Asks the service about one booking waiting for the supplier (refresh-status, at most every 15 s, less often as it ages) and records what changed.",
);
export const pendingReadJob = pendingCheck(
  READ_JOB,
  "Reads one booking in review or being cancelled from the service (at most every 15 s, less often as it ages) and records what changed.",
);

export const holdsScanJob: JobDefinition = {
  name: HOLDS_JOB,
  description: "Reminds advisors of holds 24 h and 2 h before the payment deadline, pays the holds an admin asked it to 2 h before, and says when a hold lapsed.",
  policy: "singleton",
  cron: "*/5 * * * *",
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  run: async (_data, ctx) => {
    await scanHolds(ctx);
  },
};

export const freeCancellationScanJob: JobDefinition = {
  name: FREE_CANCELLATION_JOB,
  description: "Reminds advisors 72 h and 24 h before a confirmed booking's free cancellation ends, for trips not yet travelled.",
  policy: "singleton",
  cron: "*/15 * * * *",
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  run: async (_data, ctx) => {
    await scanFreeCancellation(ctx);
  },
};

export const vouchersJob: JobDefinition = {
  name: VOUCHER_JOB,
  description: "Emails the voucher to the lead traveller of confirmed bookings travelling within the agency's N days, when nobody has (off unless an admin turns it on).",
  policy: "singleton",
  cron: "23 * * * *",
  retryLimit: 2,
  retryDelay: 120,
  retryBackoff: true,
  expireInSeconds: 20 * 60,
  run: async (_data, ctx) => {
    await sendDueVouchers(ctx);
  },
};

export const morningDigestJob: JobDefinition = {
  name: DIGEST_JOB,
  description: "Tells each advisor and admin, at about 07:00 their time, what needs them today (as Needs attention shows it).",
  policy: "singleton",
  cron: "*/15 * * * *",
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  run: async (_data, ctx) => {
    await sendMorningDigests(ctx);
  },
};

export const housekeepingJob: JobDefinition = {
  name: HOUSEKEEPING_JOB,
  description: "Deletes what the desk no longer needs: old sessions, sign-in attempts, read notifications, follow-up marks, settled follow-ups.",
  policy: "singleton",
  cron: "17 3 * * *",
  retryLimit: 2,
  retryDelay: 300,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  run: async (_data, ctx) => {
    await houseKeep(ctx);
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

export const jobDefinitions: readonly JobDefinition<never>[] = [
  pendingScanJob,
  pendingRefreshJob,
  pendingReadJob,
  holdsScanJob,
  freeCancellationScanJob,
  vouchersJob,
  morningDigestJob,
  housekeepingJob,
  notificationMailJob,
];
