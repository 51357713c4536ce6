import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "@/lib/auth/config";
import { seedDemoUsers } from "@/lib/auth/seed";
import { openDb, type DbHandle } from "@/lib/db";
import { bookedBy, factsFor } from "@/lib/db/ledger";
import { bookingsLedger, users } from "@/lib/db/schema";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import { testSandbox } from "@/lib/testing/sandbox";
import { sandboxClients } from "@/lib/testing/tds";
import { DEMO_BOOKINGS, demoDataEnabled } from "./config";
import { seedDemoLedger } from "./seed";

const DAY = 86_400_000;

describe("demo data on a first run", () => {
  const kit = sandboxClients(testSandbox({ demoBookings: DEMO_BOOKINGS }));
  const tds = kit.clientWith(kit.sb.key);
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
    await seedDemoUsers(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("is made in development only, and SEED_DEMO_DATA=0 turns it off", () => {
    expect(demoDataEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(demoDataEnabled({ NODE_ENV: "development", SEED_DEMO_DATA: "0" })).toBe(false);
    expect(demoDataEnabled({ NODE_ENV: "production", SEED_DEMO_DATA: "1" })).toBe(false);
  });

  it("starts the demo agency with a few weeks of bookings of every product and state, holds due by tomorrow", () => {
    const now = kit.sb.services.clock.now();
    const bookings = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID);
    expect(bookings).toHaveLength(DEMO_BOOKINGS);
    for (const b of bookings) {
      expect(now - Date.parse(b.createdAt)).toBeLessThanOrEqual(28 * DAY);
      expect(Date.parse(b.createdAt)).toBeLessThanOrEqual(now);
    }
    expect(new Set(bookings.map((b) => b.firstItem.productType))).toEqual(new Set(["hotel", "flight", "activity", "transfer"]));
    expect(new Set(bookings.map((b) => b.state))).toEqual(
      new Set(["confirmed", "held", "cancelled", "refunded", "cancellation_pending", "failed", "supplier_pending", "manual_review"]),
    );
    const holds = bookings.filter((b) => b.state === "held");
    expect(holds.length).toBeGreaterThan(0);
    for (const h of holds) {
      const due = Date.parse(h.held!.paymentDeadline);
      expect(due).toBeGreaterThan(now);
      expect(h.held!.paymentDeadline.slice(0, 10)).toBe(new Date(now + DAY).toISOString().slice(0, 10));
    }
  });

  it("records every booking as made by one of the two demo users, once", async () => {
    const result = await seedDemoLedger(handle.db, tds);
    expect(result).toMatchObject({ done: true, attributed: DEMO_BOOKINGS });
    const everyone = await handle.db.select().from(users);
    const names = new Map(everyone.map((u) => [u.id, u.name]));
    const rows = await handle.db.select().from(bookingsLedger);
    expect(rows).toHaveLength(DEMO_BOOKINGS);
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(names.get(r.userId)!, (counts.get(names.get(r.userId)!) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(DEMO_USERS.map((u) => u.name).sort());
    // About two in three by the advisor.
    expect(counts.get(DEMO_USERS.find((u) => u.role === "advisor")!.name)).toBeGreaterThan(DEMO_BOOKINGS / 2);

    const ids = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID).map((b) => b.id);
    const who = await bookedBy(handle.db, ids);
    expect(who.size).toBe(DEMO_BOOKINGS);
    // The booking's creation time is when it was booked.
    const first = kit.sb.services.bookings.forAgency(DEMO_AGENCY_ID)[0]!;
    const row = rows.find((r) => r.bookingId === first.id)!;
    expect(row.requestedAt.toISOString()).toBe(new Date(first.createdAt).toISOString());
    expect(row.outcome).toBe("booked");
    // Each with its state where a booking's state lives (booking_facts), as the service lists it.
    const facts = await factsFor(handle.db, ids);
    expect(facts.size).toBe(DEMO_BOOKINGS);
    expect(facts.get(first.id)).toMatchObject({ state: first.state, orderRef: first.orderRef });

    expect(await seedDemoLedger(handle.db, tds)).toEqual({ done: false, reason: "made on an earlier start" });
    expect(await handle.db.select().from(bookingsLedger)).toHaveLength(DEMO_BOOKINGS);
  });

  it("leaves a desk that has bookings of its own as it is", async () => {
    const other = await openDb({ driver: "pglite", dataDir: ":memory:" });
    try {
      await seedDemoUsers(other.db);
      const [someone] = await other.db.select().from(users);
      await other.db.insert(bookingsLedger).values({ userId: someone!.id, quoteId: "q", idempotencyKey: "k", productType: "hotel" });
      expect(await seedDemoLedger(other.db, tds)).toEqual({ done: false, reason: "the desk already has bookings of its own" });
      expect(await other.db.select().from(bookingsLedger)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
