import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDb, openDb, type DbHandle, type DbOptions } from "./index";
import { readAgencyLogo, readAgencyProfile, saveAgencyLogo, saveAgencyProfile } from "../agency/store";
import { agencyProfile, bookingActions, bookingFacts, bookingsLedger, loginAttempts, users } from "./schema";

// The same data-layer suite on embedded PGlite and on the machine's PostgreSQL. The
// PostgreSQL run gets a fresh database of its own (dropped afterwards), so reruns and
// parallel runs never see each other's rows.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Target = { name: string; setup: () => Promise<DbOptions>; teardown: () => Promise<void> };

function postgresTarget(): Target {
  const dbName = `agency_desk_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = () => new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  return {
    name: "PostgreSQL",
    setup: async () => {
      const client = admin();
      await client.connect();
      try {
        await client.query(`create database "${dbName}"`);
      } finally {
        await client.end();
      }
      const url = new URL(ADMIN_URL);
      url.pathname = `/${dbName}`;
      return { driver: "postgres", url: url.toString(), maxConnections: 4 };
    },
    teardown: async () => {
      const client = admin();
      await client.connect();
      try {
        await client.query(`drop database if exists "${dbName}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const targets: Target[] = [
  { name: "PGlite (in memory)", setup: async () => ({ driver: "pglite", dataDir: ":memory:" }), teardown: async () => {} },
  postgresTarget(),
];

/** The driver's error, or the one it wraps (drizzle wraps driver errors in `cause`). */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

async function expectPgError(promise: Promise<unknown>, code: string): Promise<void> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected PostgreSQL error ${code}`).toBeDefined();
  expect(pgCode(err)).toBe(code);
}

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
const FK_VIOLATION = "23503";

describe.each(targets)("data layer on $name", (target) => {
  let handle: DbHandle;
  let options: DbOptions;

  beforeAll(async () => {
    options = await target.setup();
    handle = await openDb(options);
  });

  afterAll(async () => {
    await handle?.close();
    await target.teardown();
  });

  const newUser = (over: Partial<typeof users.$inferInsert> = {}) => ({
    email: `advisor-${randomUUID()}@example.com`,
    name: "Ada Advisor",
    passwordHash: "scrypt$not-a-real-hash",
    ...over,
  });

  it("migrates, answers select 1, and re-running migrations is a no-op", async () => {
    const health = await checkDb(Promise.resolve(handle));
    expect(health).toMatchObject({ ok: true, driver: options.driver });
    if (options.driver === "postgres") {
      // A second instance opening the same database must find nothing to do.
      const again = await openDb(options);
      await again.close();
    }
    const tables = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["booking_actions", "bookings_ledger", "login_attempts", "users"]),
    );
  });

  it("inserts and reads users, with defaults filled in", async () => {
    const [created] = await handle.db.insert(users).values(newUser({ email: "ada@example.com" })).returning();
    expect(created).toMatchObject({ email: "ada@example.com", role: "advisor", active: true });
    expect(created!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created!.createdAt).toBeInstanceOf(Date);

    const found = await handle.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(found).toHaveLength(1);
    expect(found[0]!.name).toBe("Ada Advisor");
  });

  it("refuses a second user with the same email, a mixed-case email and an unknown role", async () => {
    await handle.db.insert(users).values(newUser({ email: "dup@example.com" }));
    await expectPgError(handle.db.insert(users).values(newUser({ email: "dup@example.com" })), UNIQUE_VIOLATION);
    await expectPgError(handle.db.insert(users).values(newUser({ email: "Dup@Example.com" })), CHECK_VIOLATION);
    await expectPgError(
      handle.db.insert(users).values(newUser({ role: "owner" as "admin" })),
      CHECK_VIOLATION,
    );
  });

  it("updates updatedAt on update", async () => {
    const [u] = await handle.db.insert(users).values(newUser()).returning();
    await new Promise((r) => setTimeout(r, 5));
    const [after] = await handle.db.update(users).set({ active: false }).where(eq(users.id, u!.id)).returning();
    expect(after!.active).toBe(false);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(u!.updatedAt.getTime());
  });

  it("records a booking attempt in the ledger and completes it", async () => {
    const [u] = await handle.db.insert(users).values(newUser()).returning();
    const key = randomUUID();
    const [entry] = await handle.db
      .insert(bookingsLedger)
      .values({ userId: u!.id, searchId: "srch_1", quoteId: "qt_1", idempotencyKey: key, productType: "hotel" })
      .returning();
    expect(entry).toMatchObject({ outcome: "pending", bookingId: null, completedAt: null });

    const completedAt = new Date();
    await handle.db
      .update(bookingsLedger)
      .set({
        outcome: "booked",
        bookingId: `bk_${key}`,
        orderRef: "RV-2026-ABCD1234",
        bookedState: "confirmed",
        completedAt,
      })
      .where(eq(bookingsLedger.idempotencyKey, key));
    await handle.db.insert(bookingFacts).values({
      bookingId: `bk_${key}`,
      orderRef: "RV-2026-ABCD1234",
      productType: "hotel",
      state: "confirmed",
      totalSellMinor: 12_345_678_901, // beyond 32-bit: stored as bigint
      currency: "USD",
    });

    const [row] = await handle.db.select().from(bookingsLedger).where(eq(bookingsLedger.id, entry!.id));
    expect(row).toMatchObject({ outcome: "booked", bookingId: `bk_${key}`, bookedState: "confirmed" });
    expect(row!.completedAt?.getTime()).toBe(completedAt.getTime());
    const [facts] = await handle.db.select().from(bookingFacts).where(eq(bookingFacts.bookingId, `bk_${key}`));
    expect(facts).toMatchObject({ state: "confirmed", totalSellMinor: 12_345_678_901, currency: "USD" });
  });

  it("keeps one ledger row per idempotency key and per booking, and only for known users", async () => {
    const [u] = await handle.db.insert(users).values(newUser()).returning();
    const base = { userId: u!.id, quoteId: "qt_2", productType: "flight" };
    const key = randomUUID();
    await handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: key });
    await expectPgError(handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: key }), UNIQUE_VIOLATION);

    // Retrying with the same key is how the desk finds the attempt it already made.
    const inserted = await handle.db
      .insert(bookingsLedger)
      .values({ ...base, idempotencyKey: key })
      .onConflictDoNothing({ target: bookingsLedger.idempotencyKey })
      .returning();
    expect(inserted).toHaveLength(0);

    // Many attempts may not know their booking yet (null), but a known booking id is unique.
    await handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: randomUUID() });
    await handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: randomUUID(), bookingId: "bk_same" });
    await expectPgError(
      handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: randomUUID(), bookingId: "bk_same" }),
      UNIQUE_VIOLATION,
    );
    await expectPgError(
      handle.db.insert(bookingsLedger).values({ ...base, idempotencyKey: randomUUID(), userId: randomUUID() }),
      FK_VIOLATION,
    );
  });

  it("records booking actions and login attempts", async () => {
    const [u] = await handle.db.insert(users).values(newUser({ role: "admin" })).returning();
    const key = randomUUID();
    await handle.db.insert(bookingActions).values({ bookingId: "bk_1", userId: u!.id, action: "pay", idempotencyKey: key });
    await handle.db.insert(bookingActions).values({ bookingId: "bk_1", userId: u!.id, action: "refresh" });
    await handle.db.insert(bookingActions).values({ bookingId: "bk_1", userId: u!.id, action: "email" });
    await expectPgError(
      handle.db.insert(bookingActions).values({ bookingId: "bk_1", userId: u!.id, action: "cancel", idempotencyKey: key }),
      UNIQUE_VIOLATION,
    );
    const actions = await handle.db.select().from(bookingActions).where(eq(bookingActions.bookingId, "bk_1"));
    expect(actions.map((a) => a.action).sort()).toEqual(["email", "pay", "refresh"]);

    await handle.db.insert(loginAttempts).values([{ key: "email:ada@example.com" }, { key: "email:ada@example.com" }]);
    const [count] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, "email:ada@example.com"));
    expect(count!.n).toBe(2);
  });

  it("keeps the agency profile in one row, its logo's bytes exactly, and only known logo types", async () => {
    const [admin] = await handle.db.insert(users).values(newUser({ role: "admin" })).returning();
    expect(await readAgencyProfile(handle.db)).toMatchObject({ name: "", logo: null });
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) % 256);
    await saveAgencyLogo(handle.db, { bytes, type: "image/png" }, admin!.id);
    await saveAgencyProfile(handle.db, { name: "Sunny Days", replyTo: "", phone: "", address: "" }, admin!.id);
    const logo = await readAgencyLogo(handle.db);
    expect(logo?.type).toBe("image/png");
    expect(logo?.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(logo!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(await readAgencyProfile(handle.db)).toMatchObject({ name: "Sunny Days", logo: { type: "image/png", sha256: logo!.sha256 } });
    await expectPgError(handle.db.insert(agencyProfile).values({ id: 2, name: "Another" }), CHECK_VIOLATION);
    await expectPgError(handle.db.update(agencyProfile).set({ logoType: "image/svg+xml" }), CHECK_VIOLATION);
  });
});

describe("checkDb", () => {
  it("reports an unreachable PostgreSQL as a sentence instead of throwing", async () => {
    const failing = openDb({ driver: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
    const health = await checkDb(failing);
    expect(health.ok).toBe(false);
    if (!health.ok) expect(health.message).toBe("The database refused the connection. Is PostgreSQL running?");
  });
});
