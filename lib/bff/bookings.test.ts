import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db, type DbHandle } from "@/lib/db";
import { actionsFor, factsFor } from "@/lib/db/ledger";
import { bookingsLedger } from "@/lib/db/schema";
import type { ResultRow } from "@/lib/tds/contract";
import { bookingAction, createBooking, type BookingRequest } from "./bookings";
import { searchRequestSchema } from "./schemas";
import { dbTargets } from "../testing/databases";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "../testing/bff";

// Each step's writes to the ledger as one: the database dies at every write of a booking and of
// a payment in turn, and what is left must read one way (on PGlite and on the machine's
// PostgreSQL, a database of its own per run).
const targets = dbTargets("steps", 4);

const LEDGER_TABLES = ["bookings_ledger", "booking_actions", "booking_facts"];

/**
 * From the `n`th write to the ledger's tables on (counted per statement), the database refuses
 * every write, as if the process had died there: nothing after it reaches the tables, not even
 * the step's own record of its failure. A sequence counts, as it does not roll back.
 */
async function dieAtWrite(db: Db, n: number): Promise<void> {
  await db.execute(sql`create sequence if not exists ledger_writes`);
  await db.execute(sql`select setval('ledger_writes', 1, false)`);
  await db.execute(
    sql.raw(`create or replace function ledger_dies() returns trigger language plpgsql as $$
      begin
        if nextval('ledger_writes') >= ${n} then raise exception 'the desk died at write ${n}'; end if;
        return null;
      end $$`),
  );
  for (const table of LEDGER_TABLES) {
    await db.execute(sql.raw(`drop trigger if exists ledger_dies on ${table}`));
    await db.execute(sql.raw(`create trigger ledger_dies before insert or update or delete on ${table} for each statement execute function ledger_dies()`));
  }
}

async function revive(db: Db): Promise<void> {
  for (const table of LEDGER_TABLES) await db.execute(sql.raw(`drop trigger if exists ledger_dies on ${table}`));
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe.each(targets)("a step's writes to the ledger on $name", (target) => {
  let kit: BffTestKit;
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await openDb(await target.setup());
    kit = await bffTestKit({ db: handle });
  });
  afterAll(async () => {
    await kit?.close();
    await handle?.close();
    await target.teardown();
  });

  const deps = () => ({ tds: kit.tds, db: kit.db });

  async function bookingRequest(extra: Partial<BookingRequest> = {}): Promise<BookingRequest> {
    const search = searchRequestSchema({ currency: "USD", market: "US" }).parse(hotelSearchBody(kit.day));
    const { searchId } = await kit.tds.createSearch(search);
    const { rows } = await kit.tds.searchResults(searchId, { limit: 100 });
    for (const row of (rows as ResultRow[]).filter(isBookableHotelRow)) {
      const check = await settled(kit.tds.priceCheck(row.rateQuoteId));
      // A hold needs a rate the service says can be held (fully refundable, free cancellation
      // still ahead): which rate is first depends on the day the tests run.
      if (!check.ok || (extra.hold && !check.value.holdable)) continue;
      return {
        quoteId: row.rateQuoteId,
        searchId,
        productType: "hotel",
        travelers: hotelTravelers(),
        paymentMethod: "credit",
        ...(check.value.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
        ...(check.value.packageRate ? { packageRateAcknowledged: true } : {}),
        ...extra,
      } as BookingRequest;
    }
    throw new Error("no bookable quote");
  }

  /**
   * The ledger reads one way: a booking the ledger holds as made has its facts, and the booking's
   * one state is the one its last recorded step answered (its booking, or a later step that succeeded).
   */
  async function expectConsistent(key: string): Promise<void> {
    const [attempt] = await kit.db.select().from(bookingsLedger).where(eq(bookingsLedger.idempotencyKey, key));
    if (attempt?.outcome !== "booked") {
      expect(attempt?.bookingId ?? null).toBeNull();
      return;
    }
    const bookingId = attempt.bookingId!;
    const facts = (await factsFor(kit.db, [bookingId])).get(bookingId);
    const steps = (await actionsFor(kit.db, bookingId)).filter((a) => a.outcome === "succeeded" && a.state !== null);
    const answered = steps.at(-1)?.state ?? attempt.bookedState;
    expect({ bookingId, state: facts?.state ?? null }).toEqual({ bookingId, state: answered });
  }

  it("booking: dying at any write leaves the attempt or the booking with its state, never half of it; the retry settles it", async () => {
    let survived = false;
    let deaths = 0;
    for (let n = 1; !survived && n <= 12; n++) {
      const request = await bookingRequest();
      const key = randomUUID();
      await dieAtWrite(kit.db, n);
      const made = await settled(createBooking(deps(), kit.people.advisor, request, key));
      await revive(kit.db);
      survived = made.ok;
      if (!made.ok) deaths++;
      await expectConsistent(key);

      const retried = await createBooking(deps(), kit.people.advisor, request, key);
      if (made.ok) expect(retried.bookingId).toBe(made.value.bookingId);
      await expectConsistent(key);
      expect((await kit.tds.listBookings({ q: retried.orderRef })).rows).toHaveLength(1);
    }
    expect(survived).toBe(true);
    // At least the attempt's write and the two of its outcome (the booking and its state).
    expect(deaths).toBeGreaterThanOrEqual(3);
  });

  it("paying a hold: dying at any write leaves the step unfinished or finished with its state, never half of it", async () => {
    let survived = false;
    let deaths = 0;
    for (let n = 1; !survived && n <= 12; n++) {
      const bookingKey = randomUUID();
      const { bookingId, state } = await createBooking(deps(), kit.people.advisor, await bookingRequest({ hold: true }), bookingKey);
      expect(state).toBe("held");
      const payKey = randomUUID();
      const pay = () => bookingAction(kit.db, { bookingId, user: kit.people.advisor, action: "pay", idempotencyKey: payKey }, () => kit.tds.payBooking(bookingId, { idempotencyKey: payKey }));
      await dieAtWrite(kit.db, n);
      const paid = await settled(pay());
      await revive(kit.db);
      survived = paid.ok;
      if (!paid.ok) deaths++;
      await expectConsistent(bookingKey);

      expect((await pay()).state).toBe("confirmed");
      await expectConsistent(bookingKey);
      expect((await factsFor(kit.db, [bookingId])).get(bookingId)?.state).toBe("confirmed");
    }
    expect(survived).toBe(true);
    // At least the step's write and the two of its outcome (the step and the booking's state).
    expect(deaths).toBeGreaterThanOrEqual(3);
  });
});
