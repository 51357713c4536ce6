import { z } from "zod";

// GET /api/admin/jobs as the admin's page reads it (lib/bff/jobs.ts answers it; lib/jobs/overview.ts
// reads it from pg-boss's tables). Safe in the browser.

const counts = z.object({ scheduled: z.number(), queued: z.number(), running: z.number(), completedLastDay: z.number(), failedLastDay: z.number() });

export const jobProblemSchema = z.object({
  id: z.string(),
  job: z.string(),
  kind: z.enum(["retrying", "dead"]),
  sentence: z.string(),
  at: z.string(),
  bookingId: z.string().nullable(),
});

export const jobsAnswerSchema = z.object({
  here: z.union([z.object({ running: z.literal(true) }), z.object({ running: z.literal(false), why: z.enum(["off", "starting"]), sentence: z.string() })]),
  installed: z.boolean(),
  jobs: z.array(z.object({ name: z.string(), description: z.string(), schedule: z.string(), counts, lastCompletedAt: z.string().nullable() })),
  retrying: z.array(jobProblemSchema),
  deadLetters: z.array(jobProblemSchema),
});

export const retryAnswerSchema = z.object({ jobId: z.string().nullable(), job: z.string() });

export type JobsAnswerData = z.infer<typeof jobsAnswerSchema>;
export type JobProblemData = z.infer<typeof jobProblemSchema>;
export type JobRow = JobsAnswerData["jobs"][number];
