import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { deadLetterQueue, type JobDefinition } from "./definitions";
import { failureSentence, type JobFailureOutput } from "./failure-words";
import { scheduleWords } from "./schedule-words";

// What the admin's page of the jobs shows (docs/follow-ups.md#the-admins-page), read from
// pg-boss's tables in the app's own database (schema pgboss) on either driver, as the dead letters
// are: each job of the registry with its counts, its recent failures and its dead letters, each
// error as a sentence (lib/jobs/failure-words.ts). Read whether or not this server runs the jobs:
// another instance may, and what they left is in the same tables.

export type JobCounts = {
  /** Waiting for a later time (startAfter, a retry's delay). */
  scheduled: number;
  /** Due now, waiting for a worker. */
  queued: number;
  running: number;
  completedLastDay: number;
  failedLastDay: number;
};

export type JobProblem = {
  id: string;
  job: string;
  /** "retrying": failed, and pg-boss tries it again later; "dead": failed every retry, waiting for an admin. */
  kind: "retrying" | "dead";
  sentence: string;
  at: string;
  /** The booking it was about, when its data names one. */
  bookingId: string | null;
};

export type JobOverview = {
  name: string;
  description: string;
  schedule: string;
  counts: JobCounts;
  lastCompletedAt: string | null;
};

export type JobsOverview = {
  /** False until an engine has run once on this database (pg-boss makes its tables at its first start). */
  installed: boolean;
  jobs: JobOverview[];
  /** Failing now and waiting for their next try, newest first. */
  retrying: JobProblem[];
  deadLetters: JobProblem[];
};

type ProblemRow = { id: string; name: string; data: Record<string, unknown> | null; output: JobFailureOutput; at: Date | string };

type Def = Pick<JobDefinition<never>, "name" | "description" | "cron">;

const zero = (): JobCounts => ({ scheduled: 0, queued: 0, running: 0, completedLastDay: 0, failedLastDay: 0 });
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const bookingOf = (data: Record<string, unknown> | null | undefined) => (typeof data?.bookingId === "string" ? data.bookingId : null);

export async function installed(db: Db, schema = "pgboss"): Promise<boolean> {
  const res = await db.execute<{ t: string | null }>(sql`select to_regclass(${`${schema}.job`})::text as t`);
  return Boolean(res.rows[0]?.t);
}

export async function jobsOverview(db: Db, definitions: readonly Def[], opts: { schema?: string; now?: Date } = {}): Promise<JobsOverview> {
  const schema = opts.schema ?? "pgboss";
  const base = definitions.map((d) => ({ name: d.name, description: d.description, schedule: scheduleWords(d.cron), counts: zero(), lastCompletedAt: null as string | null }));
  if (definitions.length === 0 || !(await installed(db, schema))) return { installed: false, jobs: base, retrying: [], deadLetters: [] };

  const now = opts.now ?? new Date();
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const names = definitions.map((d) => d.name);
  const s = sql.identifier(schema);
  // Completed and failed jobs move to the archive after a while (pg-boss's maintenance): both tables count.
  const deadQueues = definitions.map((d) => deadLetterQueue(d.name));
  const [live, done, retrying, dead] = await Promise.all([
    db.execute<{ name: string; state: string; later: boolean; n: number }>(
      sql`select name, state::text as state, (start_after > ${now}) as later, count(*)::int as n from ${s}.job
          where name in ${names} and state in ('created', 'retry', 'active') group by 1, 2, 3`,
    ),
    db.execute<{ name: string; state: string; n: number; last: Date | string | null }>(
      sql`select name, state::text as state, count(*)::int as n, max(completed_on) as last from (
            select name, state, completed_on from ${s}.job where name in ${names} and state in ('completed', 'failed') and completed_on > ${dayAgo}
            union all
            select name, state, completed_on from ${s}.archive where name in ${names} and state in ('completed', 'failed') and completed_on > ${dayAgo}
          ) r group by 1, 2`,
    ),
    db.execute<ProblemRow>(
      sql`select id, name, data, output, coalesce(completed_on, created_on) as at from ${s}.job
          where name in ${names} and state = 'retry' order by at desc limit 50`,
    ),
    db.execute<ProblemRow>(
      sql`select id, name, data, output, created_on as at from ${s}.job
          where name in ${deadQueues} and state = 'created' order by created_on desc limit 100`,
    ),
  ]);

  const byName = new Map(base.map((j) => [j.name, j]));
  for (const r of live.rows) {
    const c = byName.get(r.name)?.counts;
    if (!c) continue;
    if (r.state === "active") c.running += Number(r.n);
    else if (r.later) c.scheduled += Number(r.n);
    else c.queued += Number(r.n);
  }
  for (const r of done.rows) {
    const j = byName.get(r.name);
    if (!j) continue;
    if (r.state === "completed") {
      j.counts.completedLastDay += Number(r.n);
      j.lastCompletedAt = iso(r.last);
    } else j.counts.failedLastDay += Number(r.n);
  }

  const ofDead = new Map(definitions.map((d) => [deadLetterQueue(d.name), d.name]));
  const problem = (kind: JobProblem["kind"]) => (r: ProblemRow): JobProblem => ({
    id: r.id,
    job: ofDead.get(r.name) ?? r.name,
    kind,
    sentence: failureSentence(r.output),
    at: iso(r.at)!,
    bookingId: bookingOf(r.data),
  });

  return {
    installed: true,
    jobs: base,
    retrying: retrying.rows.map(problem("retrying")),
    deadLetters: dead.rows.map(problem("dead")),
  };
}
