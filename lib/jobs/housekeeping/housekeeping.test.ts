import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { bookingActions, bookingFollowUps, bookingsLedger, followUpMarks, loginAttempts, notifications, sessions, users } from "@/lib/db/schema";
import type { JobContext } from "../definitions";
import { houseKeep } from "./run";

// Job 6: each rule deletes what is old enough and keeps the rest (a row on each side of every
// threshold), in batches, and never touches the ledger.

let h: DbHandle;
const NOW = Date.parse("2026-12-02T03:17:00Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms);
const ctx = (): JobContext => ({ db: h.db, tds: null as never, now: () => new Date(NOW), send: async () => randomUUID() });

beforeAll(async () => {
  h = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const [u] = await h.db.insert(users).values({ email: "ana@desk.test", name: "Ana", role: "advisor" }).returning({ id: users.id });
  const userId = u!.id;
  await h.db.insert(sessions).values([
    { id: "expired-2d", userId, expiresAt: ago(2 * DAY) },
    { id: "expired-12h", userId, expiresAt: ago(12 * HOUR) },
    { id: "revoked-2d", userId, expiresAt: new Date(NOW + 10 * DAY), revokedAt: ago(2 * DAY) },
    { id: "revoked-1h", userId, expiresAt: new Date(NOW + 10 * DAY), revokedAt: ago(HOUR) },
    { id: "live", userId, expiresAt: new Date(NOW + 10 * DAY) },
  ]);
  await h.db.insert(loginAttempts).values([
    ...Array.from({ length: 5 }, (_, i) => ({ key: `email:old${i}@x.test`, at: ago(20 * 60_000 + i * 1000) })),
    { key: "email:recent@x.test", at: ago(5 * 60_000) },
  ]);
  const note = (title: string, readAt: Date | null, createdAt = ago(200 * DAY)) => ({ kind: "voucher_sent", userId, title, sentence: "s", readAt, createdAt });
  await h.db.insert(notifications).values([note("read-91d", ago(91 * DAY)), note("read-89d", ago(89 * DAY)), note("unread-200d", null)]);
  await h.db.insert(followUpMarks).values([
    { key: "digest:old", createdAt: ago(121 * DAY) },
    { key: "digest:recent", createdAt: ago(119 * DAY) },
  ]);
  const followUp = (bookingId: string, settledAt: Date | null) => ({ bookingId, orderRef: bookingId, state: "confirmed", pendingSince: ago(60 * DAY), nextCheckAt: ago(60 * DAY), settledAt });
  await h.db.insert(bookingFollowUps).values([followUp("settled-31d", ago(31 * DAY)), followUp("settled-29d", ago(29 * DAY)), followUp("open-60d", null)]);
  // The ledger, years old: never housekeeping's.
  await h.db.insert(bookingsLedger).values({ bookingId: "bk-old", orderRef: "RV-OLD", userId, quoteId: "q", idempotencyKey: randomUUID(), productType: "hotel", outcome: "booked", requestedAt: ago(900 * DAY) });
  await h.db.insert(bookingActions).values({ bookingId: "bk-old", userId, action: "pay", idempotencyKey: randomUUID(), outcome: "succeeded", createdAt: ago(900 * DAY) });
});
afterAll(() => h.close());

describe("job 6: housekeeping", () => {
  it("deletes what is past each rule's threshold, in batches, and keeps the rest and the ledger", async () => {
    const counts = await houseKeep(ctx(), 2);
    expect(counts).toEqual({ sessions: 2, login_attempts: 5, notifications: 1, follow_up_marks: 1, booking_follow_ups: 1 });
    expect((await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort()).toEqual(["expired-12h", "live", "revoked-1h"]);
    expect((await h.db.select({ key: loginAttempts.key }).from(loginAttempts)).map((r) => r.key)).toEqual(["email:recent@x.test"]);
    expect((await h.db.select({ t: notifications.title }).from(notifications)).map((r) => r.t).sort()).toEqual(["read-89d", "unread-200d"]);
    expect((await h.db.select({ key: followUpMarks.key }).from(followUpMarks)).map((r) => r.key)).toEqual(["digest:recent"]);
    expect((await h.db.select({ id: bookingFollowUps.bookingId }).from(bookingFollowUps)).map((r) => r.id).sort()).toEqual(["open-60d", "settled-29d"]);
    expect(await h.db.select().from(bookingsLedger)).toHaveLength(1);
    expect(await h.db.select().from(bookingActions)).toHaveLength(1);
  });

  it("a second run finds nothing more", async () => {
    expect(await houseKeep(ctx())).toEqual({ sessions: 0, login_attempts: 0, notifications: 0, follow_up_marks: 0, booking_follow_ups: 0 });
  });
});
