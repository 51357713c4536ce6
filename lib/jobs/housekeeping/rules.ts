import { and, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { DEFAULT_LIMITS } from "@/lib/auth/throttle";
import { bookingFollowUps, followUpMarks, loginAttempts, notifications, sessions } from "@/lib/db/schema";

// What housekeeping deletes (job 6), one rule per table: what is old enough to serve nothing.
// Never the ledger (bookings_ledger, booking_actions: their idempotency keys are part of what was
// sold), never booking facts, users, proposals, clients or the outbox. The desk keeps no cached
// answers in the database (lib/bff/cache.ts: memory or Redis, each entry with its own expiry), and
// pg-boss trims its own tables.

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export type HousekeepingRule = {
  name: string;
  /** Why it may go, for the docs and the log. */
  why: string;
  table: PgTable;
  /** The primary key: rows are deleted by it, a batch at a time. */
  key: PgColumn;
  /** Which rows go, at `now`. */
  where: (now: Date) => SQL;
};

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

export const HOUSEKEEPING_RULES: readonly HousekeepingRule[] = [
  {
    name: "sessions",
    why: "expired or signed out more than a day ago: no cookie can use them again",
    table: sessions,
    key: sessions.id,
    where: (now) => or(lt(sessions.expiresAt, before(now, DAY_MS)), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(now, DAY_MS))))!,
  },
  {
    name: "login_attempts",
    why: `older than sign-in throttling's window (${DEFAULT_LIMITS.windowSeconds / 60} minutes)`,
    table: loginAttempts,
    key: loginAttempts.id,
    where: (now) => lt(loginAttempts.at, before(now, DEFAULT_LIMITS.windowSeconds * 1000)),
  },
  {
    name: "notifications",
    why: "read more than 90 days ago",
    table: notifications,
    key: notifications.id,
    where: (now) => and(isNotNull(notifications.readAt), lt(notifications.readAt, before(now, 90 * DAY_MS)))!,
  },
  {
    name: "follow_up_marks",
    why: "older than 120 days: the reminder, voucher or digest they kept to once is long past",
    table: followUpMarks,
    key: followUpMarks.key,
    where: (now) => lt(followUpMarks.createdAt, before(now, 120 * DAY_MS)),
  },
  {
    name: "booking_follow_ups",
    why: "settled more than 30 days ago (the booking's history keeps what the desk found)",
    table: bookingFollowUps,
    key: bookingFollowUps.bookingId,
    where: (now) => and(isNotNull(bookingFollowUps.settledAt), lt(bookingFollowUps.settledAt, before(now, 30 * DAY_MS)))!,
  },
];

/** Rows deleted per statement: short transactions that never hold an advisor's request for long. */
export const HOUSEKEEPING_BATCH = 1000;

export const keyIn = (rule: HousekeepingRule, now: Date, batch: number) =>
  sql`${rule.key} in (select ${rule.key} from ${rule.table} where ${rule.where(now)} limit ${batch})`;
