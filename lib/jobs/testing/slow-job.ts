import pg from "pg";
import type { DbHandle } from "@/lib/db";
import type { JobDefinition } from "../definitions";

// A slow job for the restart tests (lib/jobs/kill.test.ts, lib/jobs/testing/kill-worker.ts): it
// notes in `kill_runs` when it starts and when it reaches its end, with the process that ran it,
// so a test can kill a process mid-run and count how often the job got to its end.

export const SLOW_JOB = "test-slow";
/** How long one run takes; the queue's expiry is a little longer, so a run cut off is retried soon. */
export const SLOW_RUN_MS = 2_500;
export const SLOW_EXPIRE_SECONDS = 4;

export const killRunsTable = `create table if not exists kill_runs (job_id text not null, phase text not null, pid int not null, at timestamptz not null default now())`;

export function slowJob(url: string): JobDefinition<never> {
  const def: JobDefinition<{ n: number }> = {
    name: SLOW_JOB,
    description: "notes its start and its end, with a wait between",
    policy: "standard",
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: false,
    expireInSeconds: SLOW_EXPIRE_SECONDS,
    pollingIntervalSeconds: 0.5,
    run: async () => {
      // Not the app's pool: a separate connection per run, closed before the run ends.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const id = (await client.query<{ id: string }>("select gen_random_uuid()::text as id")).rows[0]!.id;
        await client.query("insert into kill_runs (job_id, phase, pid) values ($1, 'started', $2)", [id, process.pid]);
        await new Promise((r) => setTimeout(r, SLOW_RUN_MS));
        await client.query("insert into kill_runs (job_id, phase, pid) values ($1, 'finished', $2)", [id, process.pid]);
      } finally {
        await client.end();
      }
    },
  };
  return def as JobDefinition<never>;
}

/** The engine's handle on PostgreSQL without the app's tables: the slow job needs pg-boss only. */
export const bareHandle = (url: string): DbHandle => ({
  db: null as never,
  driver: "postgres",
  location: "test",
  close: async () => {},
  engine: { driver: "postgres", url },
});
