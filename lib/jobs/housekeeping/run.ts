import { log } from "@/lib/log";
import type { JobContext } from "../definitions";
import { HOUSEKEEPING_BATCH, HOUSEKEEPING_RULES, keyIn } from "./rules";

// Job 6 (docs/follow-ups.md#job-6-housekeeping): once a day, what the desk keeps and no longer
// needs goes, table by table, in batches, and the counts are logged.

export const HOUSEKEEPING_JOB = "housekeeping";
/** Batches per table and run at most: a backlog is worked off over a few nights rather than in one long run. */
const MAX_BATCHES = 200;

export async function houseKeep(ctx: JobContext, batch = HOUSEKEEPING_BATCH): Promise<Record<string, number>> {
  const now = ctx.now();
  const counts: Record<string, number> = {};
  for (const rule of HOUSEKEEPING_RULES) {
    let deleted = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const gone = await ctx.db.delete(rule.table).where(keyIn(rule, now, batch)).returning({ key: rule.key });
      deleted += gone.length;
      if (gone.length < batch) break;
    }
    counts[rule.name] = deleted;
  }
  log.info({ job: HOUSEKEEPING_JOB, deleted: counts }, "housekeeping");
  return counts;
}
