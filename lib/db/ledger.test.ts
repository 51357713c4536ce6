import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "./index";
import { beginAction, beginBooking, bookedBy, bookingKnown, completeAction, completeBooking, factsFor, hasBookings, KeyReusedError, saveBookingFacts } from "./ledger";
import { bookingActions, bookingsLedger, users } from "./schema";
import { dbTargets } from "../testing/databases";

// The ledger on embedded PGlite and on the machine's PostgreSQL (a database of its own per
// run, dropped afterwards): one row per idempotency key even when submits race.
const targets = dbTargets("ledger", 8);

describe.each(targets)("ledger on $name", (target) => {
  let handle: DbHandle;
  let ana: string;
  let ben: string;

  beforeAll(async () => {
    handle = await openDb(await target.setup());
    const rows = await handle.db
      .insert(users)
      .values([
        { email: `ana-${randomUUID()}@desk.test`, name: "Ana", role: "advisor", passwordHash: "x" },
        { email: `ben-${randomUUID()}@desk.test`, name: "Ben", role: "advisor", passwordHash: "x" },
      ])
      .returning();
    ana = rows[0]!.id;
    ben = rows[1]!.id;
  });
  afterAll(async () => {
    await handle?.close();
    await target.teardown();
  });

  const attempt = (key: string, userId = ana) => ({ userId, idempotencyKey: key, quoteId: "qt_1", searchId: "sr_1", productType: "hotel" });

  it("ten submits at once with one key make one row", async () => {
    const key = randomUUID();
    const rows = await Promise.all(Array.from({ length: 10 }, () => beginBooking(handle.db, attempt(key))));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await handle.db.select().from(bookingsLedger).where(eq(bookingsLedger.idempotencyKey, key))).toHaveLength(1);
  });

  it("pending → unknown → reopened → booked; a late 'unknown' never overwrites the booking", async () => {
    const key = randomUUID();
    const row = await beginBooking(handle.db, attempt(key));
    expect(row).toMatchObject({ outcome: "pending", completedAt: null });
    await completeBooking(handle.db, row.id, { outcome: "unknown", errorCode: "timeout" });
    // Another person's or another quote's submit with the key leaves it as it is; the retry reopens it.
    expect(await beginBooking(handle.db, attempt(key, ben))).toMatchObject({ id: row.id, userId: ana, outcome: "unknown", errorCode: "timeout" });
    expect(await beginBooking(handle.db, { ...attempt(key), quoteId: "qt_2" })).toMatchObject({ id: row.id, quoteId: "qt_1", outcome: "unknown" });
    expect(await beginBooking(handle.db, attempt(key))).toMatchObject({ id: row.id, outcome: "pending", errorCode: null, state: null });
    await completeBooking(handle.db, row.id, { outcome: "booked", bookingId: `bk_${key}`, orderRef: "RV-2026-ABCDEFGH", state: "confirmed" });
    await completeBooking(handle.db, row.id, { outcome: "unknown", errorCode: "idempotency_in_progress" });
    expect(await beginBooking(handle.db, attempt(key))).toMatchObject({ outcome: "booked", bookingId: `bk_${key}`, errorCode: null, bookedState: "confirmed", state: "confirmed" });
    // Booked with its facts, in one transaction: the booking's one state is there.
    expect((await factsFor(handle.db, [`bk_${key}`])).get(`bk_${key}`)).toMatchObject({ orderRef: "RV-2026-ABCDEFGH", productType: "hotel", state: "confirmed" });
    expect(await hasBookings(handle.db, ana)).toBe(true);
    expect(await hasBookings(handle.db, ben)).toBe(false);
    expect(await bookedBy(handle.db, [`bk_${key}`, "bk_elsewhere"])).toEqual(new Map([[`bk_${key}`, { id: ana, name: "Ana" }]]));
  });

  it("knows a booking it booked or read, and only those", async () => {
    const key = randomUUID();
    const row = await beginBooking(handle.db, attempt(key));
    await completeBooking(handle.db, row.id, { outcome: "booked", bookingId: `bk_made_${key}`, orderRef: "RV-2026-MADE0001", state: "confirmed" });
    await saveBookingFacts(handle.db, {
      bookingId: `bk_read_${key}`,
      orderRef: "RV-2026-READ0001",
      productType: "hotel",
      state: "held",
      leadGuest: null,
      travelers: null,
      item: null,
      travelStart: null,
      travelEnd: null,
      travelAt: null,
      totalSellMinor: null,
      currency: null,
    });
    expect(await bookingKnown(handle.db, `bk_made_${key}`)).toBe(true);
    expect(await bookingKnown(handle.db, `bk_read_${key}`)).toBe(true);
    expect(await bookingKnown(handle.db, `bk_never_${key}`)).toBe(false);
  });

  it("actions: one row per key, reopened on retry; a key is never taken over by another booking or person", async () => {
    const key = randomUUID();
    await saveBookingFacts(handle.db, {
      bookingId: "bk_a",
      orderRef: "RV-2026-ACTION01",
      productType: "hotel",
      state: "confirmed",
      leadGuest: null,
      travelers: null,
      item: null,
      travelStart: null,
      travelEnd: null,
      travelAt: null,
      totalSellMinor: null,
      currency: null,
    });
    const first = await beginAction(handle.db, { bookingId: "bk_a", userId: ana, action: "cancel", idempotencyKey: key });
    await completeAction(handle.db, first.id, { outcome: "unknown", errorCode: "timeout" });
    expect((await factsFor(handle.db, ["bk_a"])).get("bk_a")?.state).toBe("confirmed");
    const retry = await beginAction(handle.db, { bookingId: "bk_a", userId: ana, action: "cancel", idempotencyKey: key });
    expect(retry).toMatchObject({ id: first.id, outcome: "pending", errorCode: null });
    await completeAction(handle.db, retry.id, { outcome: "succeeded", state: "refunded" });
    // The state the step answered is the booking's, recorded with the step.
    expect((await factsFor(handle.db, ["bk_a"])).get("bk_a")?.state).toBe("refunded");
    await expect(beginAction(handle.db, { bookingId: "bk_b", userId: ana, action: "cancel", idempotencyKey: key })).rejects.toBeInstanceOf(KeyReusedError);
    await expect(beginAction(handle.db, { bookingId: "bk_a", userId: ben, action: "cancel", idempotencyKey: key })).rejects.toBeInstanceOf(KeyReusedError);
    // Keyless actions (email, refresh) each get a row.
    await beginAction(handle.db, { bookingId: "bk_a", userId: ben, action: "email", idempotencyKey: null });
    await beginAction(handle.db, { bookingId: "bk_a", userId: ben, action: "email", idempotencyKey: null });
    const rows = await handle.db.select().from(bookingActions).where(eq(bookingActions.bookingId, "bk_a")).orderBy(bookingActions.createdAt);
    expect(rows.map((r) => [r.action, r.outcome, r.state])).toEqual([
      ["cancel", "succeeded", "refunded"],
      ["email", "pending", null],
      ["email", "pending", null],
    ]);
  });
});
