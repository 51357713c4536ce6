import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { JobsEngine } from "@/lib/jobs/engine";
import { findDeadLetter, retryDeadLetter } from "@/lib/jobs/dead-letters";
import { jobsOverview, type JobsOverview } from "@/lib/jobs/overview";
import { jobDefinitions } from "@/lib/jobs/registry";
import { jobsStartDecision, runningEngine } from "@/lib/jobs/start";
import { BffError } from "./errors";

// The jobs through the BFF (admins): GET /api/admin/jobs and POST
// /api/admin/jobs/dead-letters/:letterId/retry. docs/follow-ups.md#the-admins-page.

export const letterParams = z.strictObject({ letterId: z.uuid("This is not the ID of a failed job.") });

/** Whether this server runs the jobs, and if not, why, in words. */
export type JobsHere = { running: true } | { running: false; why: "off" | "starting"; sentence: string };

export type JobsAnswer = JobsOverview & { here: JobsHere };

async function jobsHere(engine: JobsEngine | null): Promise<JobsHere> {
  if (engine) return { running: true };
  const decision = jobsStartDecision(getEnv());
  if (!decision.start)
    return {
      running: false,
      why: "off",
      sentence: "This server runs no jobs (JOBS=off). Another instance of the desk may run them; what they did shows here all the same.",
    };
  return { running: false, why: "starting", sentence: "This server's jobs are starting, or could not start; the server's log says which. The page shows what the database holds." };
}

export async function readJobs(db: Db): Promise<JobsAnswer> {
  const engine = await runningEngine();
  // The engine's definitions are the registry's; a test's engine brings its own.
  const [here, overview] = await Promise.all([jobsHere(engine), jobsOverview(db, engine?.definitions ?? jobDefinitions, { schema: engine?.schema })]);
  return { ...overview, here };
}

/** Sends a dead letter's job again, on this server's engine. */
export async function retryLetter(db: Db, letterId: string): Promise<{ jobId: string | null; job: string }> {
  const engine = await runningEngine();
  if (!engine)
    throw new BffError({
      status: 409,
      code: "jobs_not_running",
      message: "This server runs no jobs, so it cannot send this one again. Retry it from an instance that runs them, or turn them on (JOBS=on).",
    });
  const letter = await findDeadLetter(db, engine.definitions, letterId, { schema: engine.schema });
  if (!letter) throw new BffError({ status: 404, code: "not_found", message: "This failed job is no longer waiting: someone sent it again, or it was older than 30 days. Reload the page." });
  return { jobId: await retryDeadLetter(engine, letter), job: letter.job };
}
