import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { factsFor } from "@/lib/db/ledger";
import { bookingActions, notifications } from "@/lib/db/schema";
import type { OutboxEmail } from "@/lib/sandbox/bookings/email";
import { bookHotelThroughDesk } from "@/lib/testing/book-hotel";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { adminQuery, postgresReachable, testDatabaseName, testDatabaseUrl } from "@/lib/testing/databases";
import type { JobContext } from "../definitions";
import { sendDueVouchers } from "./scan";
import { saveFollowUpSettings } from "./settings";

// Job 4's "once" where it matters: two instances (two pools on one PostgreSQL database) each
// running the job at the same moment send each voucher once.

const postgresUp = await postgresReachable();

describe.skipIf(!postgresUp)("job 4 on PostgreSQL, two instances", () => {
  const name = testDatabaseName("vouchers");
  const both: DbHandle[] = [];
  let kit: BffTestKit;
  beforeAll(async () => {
    await adminQuery(`create database "${name}"`);
    both.push(await openDb({ driver: "postgres", url: testDatabaseUrl(name), maxConnections: 4 }));
    both.push(await openDb({ driver: "postgres", url: testDatabaseUrl(name), maxConnections: 4 }));
    kit = await bffTestKit({ db: both[0] });
  });
  afterAll(async () => {
    await kit?.close();
    for (const x of both) await x.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  });

  it("four bookings, each instance running the job twice at once: four vouchers, one step and one notification each", async () => {
    kit.as(kit.people.advisor);
    const booked = [];
    for (let i = 0; i < 4; i++) booked.push(await bookHotelThroughDesk(kit));
    await saveFollowUpSettings(kit.db, { voucherDaysBefore: 7 }, kit.people.admin.id);
    const travel = (await factsFor(kit.db, [booked[0]!.bookingId])).get(booked[0]!.bookingId)!.travelStart!;
    const now = Date.parse(`${travel}T08:00:00Z`) - 2 * 86_400_000;
    const on = (x: DbHandle): JobContext => ({ db: x.db, tds: kit.tds, now: () => new Date(now), send: async () => randomUUID() });
    const reports = await Promise.all([both[0]!, both[1]!, both[0]!, both[1]!].map((x) => sendDueVouchers(on(x))));
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(4);
    const outbox = (await kit.sb.control<{ items: OutboxEmail[] }>("GET", "/outbox")).body.data.items;
    for (const b of booked) {
      expect(outbox.filter((m) => m.bookingId === b.bookingId)).toHaveLength(1);
      expect(await kit.db.select().from(bookingActions).where(and(eq(bookingActions.bookingId, b.bookingId), eq(bookingActions.action, "email")))).toHaveLength(1);
      expect(await kit.db.select().from(notifications).where(eq(notifications.bookingId, b.bookingId))).toHaveLength(1);
    }
  });
});
