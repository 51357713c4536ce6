import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { bookingFacts, bookingsLedger, followUpMarks, notifications, users } from "@/lib/db/schema";
import { rememberTimeZone } from "@/lib/notifications/time-zones";
import { adminQuery, postgresReachable, testDatabaseName, testDatabaseUrl } from "@/lib/testing/databases";
import type { ChosenProposal } from "@/lib/proposals/store";
import type { AttentionItem } from "@/lib/bookings/attention";
import type { JobContext } from "../definitions";
import { whenWords } from "./clock";
import { composeDigest } from "./compose";
import { digestMark, sendMorningDigests } from "./run";

// Job 5 on an in-memory database with a clock the test sets: each person gets the digest at
// their own 07:00 (Tokyo's is 22:00 UTC the day before), once a local day however many runs ask,
// only when something needs them, and it says what Needs attention says (holds, free cancellation
// within 48 h, waiting bookings), deadlines in their zone.

let h: DbHandle;
let people: { ana: string; ben: string; ada: string; gone: string };
let clock = 0;
const ctx = (): JobContext => ({ db: h.db, tds: null as never, now: () => new Date(clock), send: async () => randomUUID() });
const HOUR = 3600_000;
/** 07:00 in Tokyo on 2 Dec 2026. */
const TOKYO_SEVEN = Date.parse("2026-12-01T22:00:00Z");
const digestsOf = (userId: string) => h.db.select().from(notifications).where(eq(notifications.userId, userId));

async function booking(userId: string, orderRef: string, facts: Partial<typeof bookingFacts.$inferInsert>) {
  const bookingId = `bk_${randomUUID()}`;
  await h.db.insert(bookingsLedger).values({ bookingId, orderRef, userId, quoteId: "q", idempotencyKey: randomUUID(), productType: "hotel", outcome: "booked" });
  await h.db.insert(bookingFacts).values({ bookingId, orderRef, productType: "hotel", state: "confirmed", ...facts });
}

beforeAll(async () => {
  h = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const rows = await h.db
    .insert(users)
    .values([
      { email: "ana@desk.test", name: "Ana", role: "advisor" },
      { email: "ben@desk.test", name: "Ben", role: "advisor" },
      { email: "ada@desk.test", name: "Ada", role: "admin" },
      { email: "gone@desk.test", name: "Gone", role: "advisor", active: false },
    ])
    .returning({ id: users.id });
  people = { ana: rows[0]!.id, ben: rows[1]!.id, ada: rows[2]!.id, gone: rows[3]!.id };
  await rememberTimeZone(h.db, people.ana, "Asia/Tokyo");
  await rememberTimeZone(h.db, people.ben, "Europe/London");
  await rememberTimeZone(h.db, people.gone, "Asia/Tokyo");
  // Ada has no zone: UTC.
  const t = TOKYO_SEVEN;
  await booking(people.ana, "RV-HOLD-1", { state: "held", paymentDeadline: new Date(t + 8 * HOUR) });
  await booking(people.ana, "RV-FREE-40H", { freeCancelUntil: new Date(t + 40 * HOUR) });
  await booking(people.ana, "RV-FREE-60H", { freeCancelUntil: new Date(t + 60 * HOUR) });
  await booking(people.ana, "RV-WAIT-1", { state: "supplier_pending" });
  await booking(people.gone, "RV-GONE-1", { state: "manual_review" });
});
afterAll(() => h.close());

describe("job 5: the morning digest", () => {
  it("at 07:00 in Tokyo, the advisor in Tokyo gets hers, in her time; London and UTC are asleep", async () => {
    clock = TOKYO_SEVEN - 15 * 60_000; // 06:45 in Tokyo: not yet
    expect((await sendMorningDigests(ctx())).due).toBe(0);
    clock = TOKYO_SEVEN;
    expect(await sendMorningDigests(ctx())).toEqual({ due: 1, sent: 1, empty: 0, taken: 0 });
    expect(await digestsOf(people.ana)).toEqual([
      expect.objectContaining({
        kind: "morning_digest",
        bookingId: null,
        title: "Today: 1 hold to pay, 1 free cancellation ending, 1 booking waiting",
        sentence:
          "Holds to pay: RV-HOLD-1 by today 15:00. Free cancellation ends: RV-FREE-40H tomorrow 23:00. " +
          "Waiting for the supplier or in review: RV-WAIT-1. All of it is on Needs attention.",
      }),
    ]);
    for (const p of [people.ben, people.ada, people.gone]) expect(await digestsOf(p)).toEqual([]);
    expect(await h.db.select().from(followUpMarks).where(eq(followUpMarks.key, digestMark(people.ana, "2026-12-02")))).toHaveLength(1);
  });

  it("once a local day: the runs after it, that morning, send nothing more; the next morning sends again", async () => {
    for (const later of [15, 30, 120]) {
      clock = TOKYO_SEVEN + later * 60_000;
      expect((await sendMorningDigests(ctx())).sent).toBe(0);
    }
    expect(await digestsOf(people.ana)).toHaveLength(1);
    clock = TOKYO_SEVEN + 24 * HOUR;
    expect((await sendMorningDigests(ctx())).sent).toBe(1);
    expect(await digestsOf(people.ana)).toHaveLength(2);
  });

  it("at 07:00 UTC (London in winter): two runs at once send each person one; nothing to say is no digest; an admin hears the agency's", async () => {
    clock = Date.parse("2026-12-02T07:00:00Z");
    const reports = await Promise.all([sendMorningDigests(ctx()), sendMorningDigests(ctx())]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.empty, 0)).toBe(1);
    // Ben has nothing: no digest, and the day is marked so a later run does not think again.
    expect(await digestsOf(people.ben)).toEqual([]);
    expect(await h.db.select().from(followUpMarks).where(eq(followUpMarks.key, digestMark(people.ben, "2026-12-02")))).toHaveLength(1);
    // Ada (admin, UTC): the agency's, the deactivated advisor's review included.
    const [ada] = await digestsOf(people.ada);
    // The hold's deadline (15:00 Tokyo, 06:00 UTC) has passed; the free cancellation at 51 h is past the 48 h.
    expect(ada?.title).toBe("Today: 1 free cancellation ending, 2 bookings waiting");
    expect(ada?.sentence).toContain("Waiting for the supplier or in review: RV-WAIT-1, RV-GONE-1.");
    expect(await digestsOf(people.gone)).toEqual([]);
  });

  it("a desk that was off at seven catches up until 09:59, not after", async () => {
    await rememberTimeZone(h.db, people.ben, "America/New_York");
    clock = Date.parse("2026-12-02T15:00:00Z"); // 10:00 in New York
    expect((await sendMorningDigests(ctx())).due).toBe(0);
    clock = Date.parse("2026-12-03T14:59:00Z"); // 09:59 in New York, the next day
    expect((await sendMorningDigests(ctx())).due).toBe(1);
  });
});

describe("the digest's words", () => {
  const now = new Date(TOKYO_SEVEN);
  const item = (orderRef: string, reason: string, deadline: string | null) => ({ orderRef, flags: [{ reason, deadline }] }) as unknown as AttentionItem;
  const chosen = (reference: string, client: string) => ({ reference, client: { name: client } }) as unknown as ChosenProposal;

  it("counts every group in the title and names at most five of each", () => {
    const holds = Array.from({ length: 7 }, (_, i) => item(`RV-H${i}`, "hold_deadline", new Date(TOKYO_SEVEN + (i + 1) * HOUR).toISOString()));
    const d = composeDigest({ holds, waiting: [], freeCancel: [], chosen: [chosen("P-2026-1", "Zoé Martin"), chosen("P-2026-2", "Li Wei")] }, now, "Asia/Tokyo");
    expect(d?.title).toBe("Today: 7 holds to pay, 2 client choices");
    expect(d?.sentence).toBe(
      "Holds to pay: RV-H0 by today 08:00, RV-H1 by today 09:00, RV-H2 by today 10:00, RV-H3 by today 11:00, RV-H4 by today 12:00 and 2 more. " +
        "Clients chose, not booked yet: P-2026-1 for Zoé Martin, P-2026-2 for Li Wei. All of it is on Needs attention.",
    );
  });

  it("nothing: no digest", () => {
    expect(composeDigest({ holds: [], waiting: [], freeCancel: [], chosen: [] }, now, "UTC")).toBeNull();
  });

  it("deadlines as a person's own clock says them", () => {
    expect(whenWords("2026-12-02T06:00:00Z", now, "Asia/Tokyo")).toBe("today 15:00");
    expect(whenWords("2026-12-02T16:00:00Z", now, "Asia/Tokyo")).toBe("tomorrow 01:00");
    expect(whenWords("2026-12-04T01:00:00Z", now, "Asia/Tokyo")).toBe("Fri 4 Dec 10:00");
    expect(whenWords("2026-12-02T06:00:00Z", now, "UTC")).toBe("tomorrow 06:00");
  });
});

const postgresUp = await postgresReachable();

describe.skipIf(!postgresUp)("on PostgreSQL, two instances (two pools on one database)", () => {
  const name = testDatabaseName("digest");
  const both: DbHandle[] = [];
  beforeAll(async () => {
    await adminQuery(`create database "${name}"`);
    both.push(await openDb({ driver: "postgres", url: testDatabaseUrl(name), maxConnections: 4 }));
    both.push(await openDb({ driver: "postgres", url: testDatabaseUrl(name), maxConnections: 4 }));
  });
  afterAll(async () => {
    for (const x of both) await x.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  });

  it("twenty advisors in Tokyo, each instance running the digest three times at once: one digest each", async () => {
    const [a, b] = both as [DbHandle, DbHandle];
    const ids = (await a.db.insert(users).values(Array.from({ length: 20 }, (_, i) => ({ email: `p${i}@desk.test`, name: `P${i}`, role: "advisor" as const }))).returning({ id: users.id })).map((r) => r.id);
    for (const id of ids) {
      await rememberTimeZone(a.db, id, "Asia/Tokyo");
      const bookingId = `bk_${randomUUID()}`;
      await a.db.insert(bookingsLedger).values({ bookingId, orderRef: `RV-${id.slice(0, 6)}`, userId: id, quoteId: "q", idempotencyKey: randomUUID(), productType: "hotel", outcome: "booked" });
      await a.db.insert(bookingFacts).values({ bookingId, orderRef: `RV-${id.slice(0, 6)}`, productType: "hotel", state: "manual_review" });
    }
    const on = (x: DbHandle): JobContext => ({ db: x.db, tds: null as never, now: () => new Date(TOKYO_SEVEN), send: async () => randomUUID() });
    const reports = await Promise.all([a, b, a, b, a, b].map((x) => sendMorningDigests(on(x))));
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(20);
    const rows = await a.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.kind, "morning_digest"));
    expect(rows.map((r) => r.userId).sort()).toEqual([...ids].sort());
  });
});
