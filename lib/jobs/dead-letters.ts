import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { deadLetterQueue, type JobDefinition } from "./definitions";
import type { JobsEngine } from "./engine";

// The jobs that failed every retry (docs/follow-ups.md#dead-letters): pg-boss copies each into its
// job's dead-letter queue (`<name>-dead`), with its data and its last error, where it waits for an
// admin. No page shows them yet; these are the reads and the action such a page needs.

export type DeadLetter = {
  id: string;
  /** The job it was (its queue). */
  job: string;
  data: Record<string, unknown>;
  /** The last failure's message, as the job threw it. */
  error: string | null;
  failedAt: Date;
};

/** Dead letters of `definitions`, newest first. Reads pg-boss's table in the app's own database. */
export async function listDeadLetters(db: Db, definitions: readonly Pick<JobDefinition<never>, "name">[], opts: { schema?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  const byQueue = new Map(definitions.map((d) => [deadLetterQueue(d.name), d.name]));
  if (byQueue.size === 0) return [];
  const queues = [...byQueue.keys()];
  const rows = await db.execute<{ id: string; name: string; data: Record<string, unknown> | null; output: { message?: string; value?: { message?: string } } | null; created_on: Date | string }>(
    sql`select id, name, data, output, created_on from ${sql.identifier(opts.schema ?? "pgboss")}.job
        where name in ${queues} and state = 'created' order by created_on desc limit ${opts.limit ?? 100}`,
  );
  return rows.rows.map((r) => ({
    id: r.id,
    job: byQueue.get(r.name) ?? r.name,
    data: r.data ?? {},
    error: r.output?.message ?? r.output?.value?.message ?? null,
    failedAt: new Date(r.created_on),
  }));
}

/** Sends a dead letter's job again (fresh retries), then removes the letter. Answers the new job's ID. */
export async function retryDeadLetter(engine: JobsEngine, letter: Pick<DeadLetter, "id" | "job" | "data">): Promise<string | null> {
  const id = await engine.boss.send(letter.job, letter.data);
  await engine.boss.deleteJob(deadLetterQueue(letter.job), letter.id);
  return id;
}

/** One dead letter of `definitions` by its ID, or null when it is gone (retried, or past its 30 days). */
export async function findDeadLetter(db: Db, definitions: readonly Pick<JobDefinition<never>, "name">[], id: string, opts: { schema?: string } = {}): Promise<DeadLetter | null> {
  const byQueue = new Map(definitions.map((d) => [deadLetterQueue(d.name), d.name]));
  if (byQueue.size === 0) return null;
  const rows = await db.execute<{ id: string; name: string; data: Record<string, unknown> | null; output: { message?: string; value?: { message?: string } } | null; created_on: Date | string }>(
    sql`select id, name, data, output, created_on from ${sql.identifier(opts.schema ?? "pgboss")}.job
        where name in ${[...byQueue.keys()]} and state = 'created' and id = ${id}::uuid`,
  );
  const r = rows.rows[0];
  return r ? { id: r.id, job: byQueue.get(r.name) ?? r.name, data: r.data ?? {}, error: r.output?.message ?? r.output?.value?.message ?? null, failedAt: new Date(r.created_on) } : null;
}
