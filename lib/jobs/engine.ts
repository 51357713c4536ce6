import "server-only";
import PgBoss from "pg-boss";
import type { DbDriver, DbHandle } from "@/lib/db";
import { errorFields, log, withLogContext } from "@/lib/log";
import { DEAD_LETTER_RETENTION_MINUTES, deadLetterQueue, type JobContext, type JobDefinition, type SendOptions } from "./definitions";
import { pgliteBossDb } from "./pglite-db";
import { jobDefinitions } from "./registry";
import { runningJobSender, setRunningJobSender } from "./running";

// The desk's job engine (docs/follow-ups.md): pg-boss, in the database the app uses. On PostgreSQL
// it keeps a small pool of its own (DATABASE_URL); on the embedded PGlite it runs its SQL on the
// app's own instance (lib/jobs/pglite-db.ts), as PGlite cannot be opened twice. Either way jobs
// are rows: they survive a restart, one instance claims each (`FOR UPDATE SKIP LOCKED`), a
// failure is retried with backoff and ends in the job's dead-letter queue.

/** The PostgreSQL schema pg-boss keeps its tables in (created and migrated by pg-boss itself). */
export const JOBS_SCHEMA = "pgboss";

/** How long a graceful stop waits for running jobs before it lets go of them (docs/follow-ups.md#stopping-and-restarting). */
export const STOP_GRACE_MS = 10_000;

export type JobDeps = Pick<JobContext, "db" | "tds">;

export type EngineOptions = {
  handle: DbHandle;
  /** The database and the service client a job runs with, resolved when it runs. */
  deps: () => Promise<JobDeps>;
  definitions?: readonly JobDefinition<never>[];
  /** Jobs turned off (JOBS_OFF): not worked here, and their schedules removed so no tick queues them. */
  off?: readonly string[];
  schema?: string;
  /** Run workers here (false: an instance that only sends and schedules). */
  work?: boolean;
  /** Install the definitions' schedules (cron). */
  schedule?: boolean;
  /** How often an idle worker asks for work, unless its definition says (2 s). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss's maintenance fails expired runs (for a retry) and archives (its default: 120 s). Tests shorten it. */
  maintenanceIntervalSeconds?: number;
  /** pg-boss's own pool on PostgreSQL. */
  maxConnections?: number;
  now?: () => Date;
};

export type JobsEngine = {
  boss: PgBoss;
  driver: DbDriver;
  schema: string;
  definitions: readonly JobDefinition<never>[];
  send: JobContext["send"];
  stop: () => Promise<void>;
};

export async function startEngine(options: EngineOptions): Promise<JobsEngine> {
  const { handle } = options;
  const schema = options.schema ?? JOBS_SCHEMA;
  const off = new Set(options.off ?? []);
  const turnedOff = (options.definitions ?? jobDefinitions).filter((d) => off.has(d.name));
  const definitions = (options.definitions ?? jobDefinitions).filter((d) => !off.has(d.name));
  const now = options.now ?? (() => new Date());
  const common = {
    schema,
    application_name: "agency-desk-jobs",
    schedule: options.schedule !== false,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  };
  const boss =
    handle.engine.driver === "pglite"
      ? new PgBoss({ ...common, db: pgliteBossDb(handle.engine.pglite) })
      : new PgBoss({ ...common, connectionString: handle.engine.url, max: options.maxConnections ?? 3 });
  boss.on("error", (err) => log.warn({ err: errorFields(err) }, "job engine error"));
  await boss.start();

  try {
    for (const def of definitions) {
      const dead = deadLetterQueue(def.name);
      await ensureQueue(boss, { name: dead, policy: "standard", retentionMinutes: DEAD_LETTER_RETENTION_MINUTES });
      await ensureQueue(boss, {
        name: def.name,
        policy: def.policy,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        deadLetter: dead,
      });
    }

    const send: JobContext["send"] = (name, data, opts: SendOptions = {}) =>
      boss.send(name, data, {
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      });

    if (options.work !== false) {
      for (const def of definitions) {
        const pollingIntervalSeconds = def.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2;
        // Each worker polls and runs one job at a time; a job with `workers` runs that many at once.
        for (let w = 0; w < Math.max(1, def.workers ?? 1); w++) {
          await boss.work<object>(def.name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
            if (!job) return;
            try {
              // The job's ID goes with its calls to the service (X-Request-Id) and its log lines.
              const deps = await options.deps();
              await withLogContext({ requestId: `job-${job.id}`, route: def.name }, () => def.run(job.data as never, { ...deps, now, send }));
            } catch (err) {
              log.warn({ job: def.name, jobId: job.id, err: errorFields(err) }, "job failed; the engine retries it");
              throw err;
            }
          });
        }
      }
    }
    if (options.schedule !== false) {
      for (const def of definitions) if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: "UTC" });
      // A schedule is a row shared by every instance: a job turned off must not be queued by it.
      for (const def of turnedOff) if (def.cron) await boss.unschedule(def.name).catch(() => {});
    }
    // What is not a job queues through the engine too (lib/notifications/deliver.ts), when it runs
    // the registry's jobs and the mail's queue is not turned off (JOBS_OFF): else mail goes at once.
    if (!options.definitions && definitions.some((d) => d.name === "notification-mail")) setRunningJobSender(send);
    return {
      boss,
      driver: handle.engine.driver,
      schema,
      definitions,
      send,
      // A running job gets STOP_GRACE_MS to finish; one cut off (or killed with the process) is
      // failed by a later maintenance once it expires, and retried like any failure.
      stop: () => {
        if (runningJobSender() === send) setRunningJobSender(null);
        return boss.stop({ graceful: true, timeout: STOP_GRACE_MS, wait: true });
      },
    };
  } catch (err) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw err;
  }
}

type QueueSettings = PgBoss.Queue & { name: string; policy: NonNullable<PgBoss.Queue["policy"]> };

/** Creates the queue, or brings an existing one to the registry's settings (its policy cannot change). */
async function ensureQueue(boss: PgBoss, settings: QueueSettings): Promise<void> {
  const existing = await boss.getQueue(settings.name);
  if (!existing) {
    await boss.createQueue(settings.name, settings);
    return;
  }
  if (existing.policy && existing.policy !== settings.policy) {
    log.warn({ queue: settings.name, policy: existing.policy, wanted: settings.policy }, "job queue keeps its policy: delete the queue to change it");
  }
  await boss.updateQueue(settings.name, { ...settings, policy: existing.policy ?? settings.policy });
}
