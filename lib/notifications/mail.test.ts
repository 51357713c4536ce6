import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { mailOutbox, users } from "@/lib/db/schema";
import { mailNotification } from "./mail";
import { addNotifications } from "./store";

// A notification by email links to where the person acts on it: a booking's news to the booking,
// the morning digest (no booking) to Needs attention, as the bell's panel does.

const ORIGIN = "https://desk.example";
const mail = { config: { transport: "outbox", fromAddress: "desk@agency.test" } as const };

let handle: DbHandle;
let ana: string;
beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const [row] = await handle.db.insert(users).values({ email: "ana@mail.test", name: "Ana", passwordHash: "x" }).returning();
  ana = row!.id;
});
afterAll(() => handle.close());

async function mailed(notificationId: string, sentence: string) {
  expect(await mailNotification(handle.db, notificationId, { origin: ORIGIN, mail: { db: handle.db, ...mail } })).toBe("sent");
  const rows = (await handle.db.select().from(mailOutbox)).filter((r) => r.textBody.startsWith(sentence));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("a notification's mail", () => {
  it("links a booking's news to the booking", async () => {
    const [n] = await addNotifications(handle.db, [{ kind: "booking_state_changed", userId: ana, bookingId: "bk_1", title: "RV-1 is confirmed", sentence: "The hotel confirmed RV-1." }]);
    const row = await mailed(n!.id, "The hotel confirmed RV-1.");
    expect(row.textBody).toContain(`Open the booking: ${ORIGIN}/bookings/bk_1`);
  });

  it("links the morning digest to Needs attention", async () => {
    const [n] = await addNotifications(handle.db, [{ kind: "morning_digest", userId: ana, bookingId: null, title: "Today: 2 holds to pay", sentence: "Two holds need paying today." }]);
    const row = await mailed(n!.id, "Two holds need paying today.");
    expect(row.kind).toBe("digest");
    expect(row.textBody).toContain(`Open Needs attention: ${ORIGIN}/attention`);
    expect(await mailNotification(handle.db, n!.id, { origin: ORIGIN, mail: { db: handle.db, ...mail } })).toBe("already sent");
  });
});
