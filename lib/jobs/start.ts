import type { Env } from "@/lib/env";
import type { JobsEngine } from "./engine";

// One job engine per server process, started from the server's start-up (lib/startup.ts, called by
// instrumentation.ts) and kept on globalThis so that dev hot reloads do not start a second.

/**
 * Whether this process runs the jobs, and if not why: never while `next build` prerenders (Next
 * loads instrumentation.ts there too, and pg-boss's timers would keep the build's workers alive),
 * never in tests (a test that wants the engine starts it), and not with JOBS=off.
 */
export function jobsStartDecision(env: Pick<Env, "jobsEnabled" | "NODE_ENV">, processEnv: Record<string, string | undefined> = process.env): { start: true } | { start: false; reason: string } {
  if (processEnv.NEXT_PHASE === "phase-production-build") return { start: false, reason: "next build" };
  if (env.NODE_ENV === "test" || processEnv.VITEST) return { start: false, reason: "tests start the engine themselves" };
  if (!env.jobsEnabled) return { start: false, reason: "JOBS=off" };
  return { start: true };
}

const globalForJobs = globalThis as typeof globalThis & { __agencyDeskJobs?: Promise<JobsEngine>; __agencyDeskJobsStop?: boolean };

/** This process's engine when it runs (started and not stopped), else null: JOBS=off, not started yet, or failed to. */
export async function runningEngine(): Promise<JobsEngine | null> {
  return (await globalForJobs.__agencyDeskJobs?.catch(() => null)) ?? null;
}

/** Starts the process's engine on the app's database and service client (once; a failed start may be tried again). */
export function startJobs(): Promise<JobsEngine> {
  globalForJobs.__agencyDeskJobs ??= (async () => {
    const [{ getDbHandle }, { getBffDeps }, { startEngine, STOP_GRACE_MS }, { getEnv }, { installGracefulStop }] = await Promise.all([
      import("@/lib/db"),
      import("@/lib/bff/deps"),
      import("./engine"),
      import("@/lib/env"),
      import("./graceful-stop"),
    ]);
    // On SIGTERM/SIGINT the engine stops gracefully before the process exits (once per process).
    if (!globalForJobs.__agencyDeskJobsStop) {
      globalForJobs.__agencyDeskJobsStop = true;
      installGracefulStop({ stop: stopJobs, limitMs: STOP_GRACE_MS + 5_000 });
    }
    const handle = await getDbHandle();
    return startEngine({
      handle,
      off: getEnv().jobsOff,
      deps: async () => {
        const deps = await getBffDeps();
        return { db: await deps.db(), tds: deps.tds() };
      },
    });
  })().catch((err: unknown) => {
    globalForJobs.__agencyDeskJobs = undefined;
    throw err;
  });
  return globalForJobs.__agencyDeskJobs;
}

/** Stops the process's engine, if it runs (running jobs get a few seconds to finish). */
export async function stopJobs(): Promise<void> {
  const running = globalForJobs.__agencyDeskJobs;
  globalForJobs.__agencyDeskJobs = undefined;
  const engine = await running?.catch(() => null);
  await engine?.stop();
}

/** The start-up's way in: starts in the background, says so in the log, and tries again a minute after a failure. */
export function startJobsInBackground(describe: (line: string) => void = console.log, warn: (line: string) => void = console.error): void {
  void startJobs().then(
    (engine) => describe(`[jobs] running on ${engine.driver === "pglite" ? "the embedded PGlite" : "PostgreSQL"} (pg-boss, schema ${engine.schema}): ${engine.definitions.map((d) => d.name).join(", ")}.`),
    (err: unknown) => {
      warn(`[jobs] could not start the job engine: ${err instanceof Error ? err.message : String(err)}. Trying again in a minute.`);
      setTimeout(() => startJobsInBackground(describe, warn), 60_000).unref();
    },
  );
}
