import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { historyFor } from "@/lib/db/ledger";
import { notificationsFor } from "@/lib/notifications/store";
import { bffTestKit, hotelTravelers, type BffTestKit } from "@/lib/testing/bff";
import { adminQuery, postgresReachable, TEST_ADMIN_URL, testDatabaseName, testDatabaseUrl } from "@/lib/testing/databases";
import { bookHotelThroughDesk } from "@/lib/testing/book-hotel";
import { listDeadLetters, retryDeadLetter } from "./dead-letters";
import type { JobDefinition } from "./definitions";
import { startEngine, type JobsEngine } from "./engine";
import { followUp } from "./pending/follow-ups";
import { REFRESH_JOB, SCAN_JOB } from "./pending/scan";
import { jobDefinitions } from "./registry";

// The job engine itself: pg-boss on the machine's PostgreSQL (a database of this file's own) with
// two engines working the same queues, as two app instances would; and on the embedded PGlite,
// running job 1 end to end against the in-process sandbox.

const until = async <T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> => {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const postgresUp = await postgresReachable();
const where = new URL(TEST_ADMIN_URL).host;

describe.skipIf(!postgresUp)(`on PostgreSQL (${where}${postgresUp ? "" : ": unreachable, skipped"})`, () => {
  const dbName = testDatabaseName("jobs");
  const handles: DbHandle[] = [];
  const engines: JobsEngine[] = [];
  const ran: Array<{ n: number; by: string }> = [];
  let healed = false;
  /** test-pair: how many run at this moment, and the most at once, per instance. */
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  let pairsDone = 0;

  /** A test job: standard, no retry, polled every half second, unless said. */
  const testJob = <T extends object>(job: Pick<JobDefinition<T>, "name" | "description" | "run"> & Partial<JobDefinition<T>>) =>
    ({ policy: "standard", retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60, pollingIntervalSeconds: 0.5, ...job }) as JobDefinition<T> as JobDefinition<never>;

  /** The same jobs as each instance registers them, each noting which instance ran it. */
  const definitions = (by: string): JobDefinition<never>[] => [
    testJob<{ n: number }>({
      name: "test-once",
      description: "notes who ran it",
      run: async (data) => {
        ran.push({ n: data.n, by });
        await new Promise((r) => setTimeout(r, 15));
      },
    }),
    testJob({
      name: "test-fails",
      description: "fails until healed",
      retryLimit: 1,
      retryBackoff: true,
      run: async () => {
        if (!healed) throw new Error("The service answered 503 twice.");
      },
    }),
    testJob({
      name: "test-pair",
      description: "takes a second, noting how many run beside it on this instance",
      workers: 2,
      run: async () => {
        running.set(by, (running.get(by) ?? 0) + 1);
        peak.set(by, Math.max(peak.get(by) ?? 0, running.get(by)!));
        await new Promise((r) => setTimeout(r, 1_000));
        running.set(by, running.get(by)! - 1);
        pairsDone++;
      },
    }),
  ];

  beforeAll(async () => {
    await adminQuery(`create database "${dbName}"`);
    for (const by of ["a", "b"]) {
      const handle = await openDb({ driver: "postgres", url: testDatabaseUrl(dbName), maxConnections: 2 });
      handles.push(handle);
      engines.push(await startEngine({ handle, deps: async () => ({ db: handle.db, tds: null as never }), definitions: definitions(by), schedule: false }));
    }
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.stop()));
    await Promise.all(handles.map((h) => h.close()));
    await adminQuery(`drop database if exists "${dbName}" with (force)`);
  });

  it("two instances working the same queue run each job once", async () => {
    const [a, b] = engines as [JobsEngine, JobsEngine];
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).send("test-once", { n });
    await until("40 jobs", async () => ran.length >= 40);
    await new Promise((r) => setTimeout(r, 1_500)); // time for a second run, were there one
    expect(ran).toHaveLength(40);
    expect(new Set(ran.map((r) => r.n)).size).toBe(40);
    // Both took part: the claim, not a lone worker, is what kept each job to one run.
    expect(new Set(ran.map((r) => r.by))).toEqual(new Set(["a", "b"]));
    expect(await a.boss.getQueueSize("test-once")).toBe(0);
  });

  it("a job with two workers runs two at once on one instance, never more", async () => {
    const [a] = engines as [JobsEngine];
    for (let n = 0; n < 6; n++) await a.send("test-pair", { n });
    await until("6 pairs", async () => pairsDone >= 6);
    // Four workers (two an instance) took six jobs of a second each: an instance ran two at once.
    expect(Math.max(...peak.values())).toBe(2);
    for (const p of peak.values()) expect(p).toBeLessThanOrEqual(2);
  });

  it("a job that fails every retry ends in its dead-letter queue, where an admin sees it and sends it again", async () => {
    const [a] = engines as [JobsEngine];
    const id = (await a.send("test-fails", { bookingId: "bk_1" }))!;
    const [letter] = await until("the dead letter", async () => {
      const letters = await listDeadLetters(handles[0]!.db, definitions("a"));
      return letters.length > 0 ? letters : null;
    });
    expect(letter).toMatchObject({ job: "test-fails", data: { bookingId: "bk_1" }, error: "The service answered 503 twice." });
    expect(await a.boss.getJobById("test-fails", id)).toMatchObject({ state: "failed", retryCount: 1 });

    healed = true;
    const again = (await retryDeadLetter(a, letter!))!;
    await until("the job sent again to complete", async () => (await a.boss.getJobById("test-fails", again))?.state === "completed");
    expect(await listDeadLetters(handles[0]!.db, definitions("a"))).toEqual([]);
  });

  it("installs the registry's schedules (pg-boss sends each tick once, whichever instance sees it)", async () => {
    const engine = await startEngine({ handle: handles[0]!, deps: async () => ({ db: handles[0]!.db, tds: null as never }), work: false });
    try {
      const schedules = await engine.boss.getSchedules();
      const byName = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
      expect(schedules.map((s) => [s.name, s.cron]).sort(byName)).toEqual(jobDefinitions.filter((d) => d.cron).map((d) => [d.name, d.cron!]).sort(byName));
      const queues = (await engine.boss.getQueues()).map((q) => q.name);
      for (const d of jobDefinitions) expect(queues).toEqual(expect.arrayContaining([d.name, `${d.name}-dead`]));
    } finally {
      await engine.stop();
    }
  });

  it("JOBS_OFF: a job turned off is not worked, and its schedule is removed for every instance", async () => {
    const off = ["holds-scan", "free-cancellation-scan"];
    const engine = await startEngine({ handle: handles[0]!, deps: async () => ({ db: handles[0]!.db, tds: null as never }), work: false, off });
    try {
      expect(engine.definitions.map((d) => d.name)).toEqual(jobDefinitions.map((d) => d.name).filter((n) => !off.includes(n)));
      const scheduled = jobDefinitions.filter((d) => d.cron && !off.includes(d.name)).map((d) => d.name);
      expect(scheduled).toContain("pending-scan");
      expect((await engine.boss.getSchedules()).map((s) => s.name).sort()).toEqual(scheduled.sort());
    } finally {
      await engine.stop();
    }
  });
});

describe("on the embedded PGlite, job 1 end to end", () => {
  let kit: BffTestKit;
  let engine: JobsEngine;
  beforeAll(async () => {
    kit = await bffTestKit();
    engine = await startEngine({ handle: kit.handle, deps: async () => ({ db: kit.db, tds: kit.tds }), schedule: false, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await engine?.stop();
    await kit.close();
  });

  it("the scan finds a booking waiting for the supplier, its check runs as a job, and the advisor is told it is confirmed", async () => {
    expect(engine.driver).toBe("pglite");
    const booking = await bookHotelThroughDesk(kit, { query: "sandbox:supplier-pending", travelers: hotelTravelers("Waits") });
    expect(booking?.state).toBe("supplier_pending");
    const { bookingId, orderRef } = booking!;
    await kit.advance(150); // the supplier has decided by the desk's first check

    await engine.send(SCAN_JOB, {});
    const [told] = await until("the advisor's notification", async () => {
      const rows = await notificationsFor(kit.db, kit.people.advisor.id);
      return rows.length > 0 ? rows : null;
    });
    expect(told).toMatchObject({ bookingId, title: `${orderRef} is confirmed` });
    expect(await followUp(kit.db, bookingId)).toMatchObject({ state: "confirmed", checks: 1 });
    const history = await historyFor(kit.db, bookingId);
    expect(history.map((h) => [h.action, h.actor, h.state])).toEqual([
      ["booked", "person", "supplier_pending"],
      ["refresh", "desk", "confirmed"],
    ]);
    expect(kit.paths.filter((p) => p === `POST /api/v1/bookings/${bookingId}/refresh-status`)).toHaveLength(1);
    expect(await engine.boss.getQueueSize(REFRESH_JOB)).toBe(0);
  });
});
