import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import type { JobDefinition } from "@/lib/jobs/definitions";
import { startEngine, type JobsEngine } from "@/lib/jobs/engine";
import { jobDefinitions } from "@/lib/jobs/registry";
import { TdsError } from "@/lib/tds/contract/errors";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import * as retry from "./dead-letters/[letterId]/retry/route";
import * as list from "./route";

// The admin's page of the jobs through the BFF: admins only; what a server without jobs answers
// (as the e2e server, JOBS=off); and, with an engine running on this file's own PGlite, a job that
// failed every retry listed with its error as a sentence and sent again by an admin.

let kit: BffTestKit;
let handle: DbHandle;
let engine: JobsEngine | null = null;
let healed = false;
const global = globalThis as { __agencyDeskJobs?: Promise<JobsEngine> };

const failing: JobDefinition<never> = {
  name: "test-admin-fails",
  description: "Fails with the service's rate limit until healed.",
  policy: "standard",
  cron: "17 3 * * *",
  retryLimit: 0,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: 30,
  pollingIntervalSeconds: 0.5,
  run: async () => {
    if (!healed) throw new TdsError({ status: 429, code: "rate_limited", message: "Rate limit exceeded for GET /bookings at 2026-11-28T10:00:00Z" });
  },
};

const until = async <T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> => {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const getJobs = () => kit.call(list.GET, "/api/admin/jobs");
const postRetry = (letterId: string) => kit.call(retry.POST, `/api/admin/jobs/dead-letters/${letterId}/retry`, { method: "POST", params: { letterId } });
const SOME_ID = "5b0e3c1e-8f5d-4c47-9d2a-2f1d3b2c9a10";

beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  kit = await bffTestKit({ db: handle });
});
afterAll(async () => {
  global.__agencyDeskJobs = undefined;
  await engine?.stop();
  await kit.close();
});

describe("the jobs' routes", () => {
  it.each([
    ["GET /api/admin/jobs", () => getJobs()],
    ["POST /api/admin/jobs/dead-letters/:id/retry", () => postRetry(SOME_ID)],
  ])("%s: signed out 401, an advisor 403", async (_name, call) => {
    kit.as(null);
    expect((await call()).status).toBe(401);
    kit.as(kit.people.advisor);
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });

  it("on a server without jobs: the registry's jobs, nothing counted, said plainly; a retry is refused with jobs_not_running", async () => {
    kit.as(kit.people.admin);
    const res = await getJobs();
    expect(res.status).toBe(200);
    expect(res.body.data.here).toMatchObject({ running: false, why: "off" });
    expect(res.body.data.here.sentence).toMatch(/^This server runs no jobs/);
    expect(res.body.data.installed).toBe(false);
    expect(res.body.data.jobs.map((j: { name: string }) => j.name)).toEqual(jobDefinitions.map((d) => d.name));
    expect(res.body.data.jobs[0]).toMatchObject({ schedule: "every minute", counts: { scheduled: 0, queued: 0, running: 0, completedLastDay: 0, failedLastDay: 0 } });

    const refused = await postRetry(SOME_ID);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("jobs_not_running");
  });

  it("a job that failed every retry is listed with its error as a sentence, and an admin's retry runs it again", async () => {
    kit.as(kit.people.admin);
    engine = await startEngine({ handle, deps: async () => ({ db: handle.db, tds: null as never }), definitions: [failing], schedule: false });
    global.__agencyDeskJobs = Promise.resolve(engine);
    await engine.send(failing.name, { bookingId: "bk_42" });

    const letters = await until("the dead letter", async () => {
      const res = await getJobs();
      return res.body.data.deadLetters.length > 0 ? res.body.data : null;
    });
    expect(letters.here).toEqual({ running: true });
    expect(letters.jobs).toEqual([
      expect.objectContaining({ name: failing.name, schedule: "daily at 03:17 UTC", counts: expect.objectContaining({ failedLastDay: 1, running: 0 }) }),
    ]);
    const [letter] = letters.deadLetters;
    expect(letter).toMatchObject({ job: failing.name, kind: "dead", bookingId: "bk_42" });
    // A sentence, not the thrown message with its ISO date, nor a stack.
    expect(letter.sentence).toBe("The travel service refused the call because the agency's budget for the minute was spent.");
    expect(JSON.stringify(letters)).not.toMatch(/at \S+ \(|Rate limit exceeded/);

    expect((await postRetry("not-an-id")).status).toBe(400);
    healed = true;
    const sent = await postRetry(letter.id);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ job: failing.name, jobId: expect.any(String) });
    const after = await until("the job sent again to complete", async () => {
      const res = await getJobs();
      return res.body.data.jobs[0].counts.completedLastDay === 1 ? res.body.data : null;
    });
    expect(after.deadLetters).toEqual([]);

    const gone = await postRetry(letter.id);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("not_found");
  });
});
