import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { beginBooking, completeBooking, saveBookingFacts } from "@/lib/db/ledger";
import { users } from "@/lib/db/schema";
import { landingPath } from "./landing";

// Where people land after signing in (issue 27, defect 7): their work, never the status page.

let handle: DbHandle;
let advisor: { id: string; role: "advisor" };
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const [a, b] = await handle.db
    .insert(users)
    .values([
      { email: "ana@desk.test", name: "Ana", role: "advisor", passwordHash: "x" },
      { email: "ada@desk.test", name: "Ada", role: "admin", passwordHash: "x" },
    ])
    .returning();
  advisor = { id: a!.id, role: "advisor" };
  admin = { id: b!.id, role: "admin" };
});
afterAll(() => handle.close());

const facts = (bookingId: string, state: string, travelStart: string | null) => ({
  bookingId,
  orderRef: `RV-2026-${bookingId.slice(-8).toUpperCase()}`,
  productType: "hotel",
  state,
  leadGuest: null,
  travelers: null,
  item: null,
  travelStart,
  travelEnd: null,
  travelAt: travelStart,
  totalSellMinor: 10_000,
  currency: "USD",
});

async function bookedBy(userId: string, bookingId: string) {
  const row = await beginBooking(handle.db, { userId, idempotencyKey: randomUUID(), quoteId: "qt_1", searchId: "sr_1", productType: "hotel" });
  await completeBooking(handle.db, row.id, { outcome: "booked", bookingId, orderRef: "RV-2026-AAAAAAAA", state: "confirmed" });
}

describe("landingPath", () => {
  const now = new Date("2026-03-01T09:00:00Z");

  it("an agency with no bookings: Search, for advisors and admins", async () => {
    expect(await landingPath(handle.db, advisor, now)).toBe("/search");
    expect(await landingPath(handle.db, admin, now)).toBe("/search");
  });

  it("bookings, none needing attention: the admin gets Bookings; an advisor too once they have their own", async () => {
    // Travels in six months: nothing is due.
    await saveBookingFacts(handle.db, facts("bk_far_admin", "confirmed", "2026-09-01"));
    await bookedBy(admin.id, "bk_far_admin");
    expect(await landingPath(handle.db, admin, now)).toBe("/bookings");
    expect(await landingPath(handle.db, advisor, now)).toBe("/search");
    await bookedBy(advisor.id, "bk_far_advisor");
    expect(await landingPath(handle.db, advisor, now)).toBe("/bookings");
  });

  it("something needs attention: Needs attention first, for everyone", async () => {
    await saveBookingFacts(handle.db, facts("bk_waiting", "supplier_pending", "2026-09-10"));
    expect(await landingPath(handle.db, advisor, now)).toBe("/attention");
    expect(await landingPath(handle.db, admin, now)).toBe("/attention");
  });
});
