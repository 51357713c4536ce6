import type { Db } from "@/lib/db";
import type { TdsClient } from "@/lib/tds/client";

// What a job of the desk is (docs/follow-ups.md#jobs): a name (its pg-boss queue), how failures
// are retried and where they end, an optional schedule, and what it does. The engine
// (lib/jobs/engine.ts) creates the queues and workers from these; a job's `run` gets a context and
// never sees pg-boss, so tests call it directly.

export type SendOptions = {
  /** Not before this time (pg-boss `startAfter`). */
  startAfter?: Date;
  /** At most one waiting and one running job per key in a `stately` queue (one booking, one job). */
  singletonKey?: string;
};

export type JobContext = {
  db: Db;
  /** The desk's client of the service: every call shaped with advisors' requests. Jobs call it inside withBackgroundScope. */
  tds: TdsClient;
  /** The desk's clock (injected in tests). */
  now: () => Date;
  /** Queues a job of the registry (another, or this one again later). Answers its ID, or null when its key already waits. */
  send: (name: string, data: object, options?: SendOptions) => Promise<string | null>;
};

export type JobDefinition<T extends object = object> = {
  /** The queue's name: letters, digits and dashes. */
  name: string;
  /** One line for the logs and the docs. */
  description: string;
  /**
   * pg-boss's queue policy: `standard` (any number), `singleton` (one running at a time), `stately`
   * (per `singletonKey`, at most one waiting, one retrying and one running).
   */
  policy: "standard" | "singleton" | "stately";
  /** A cron expression (UTC) when it runs by itself; pg-boss sends it once per tick across instances. */
  cron?: string;
  /** Retries after a failure, `retryDelay` seconds apart, doubling with jitter when `retryBackoff`. */
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** A run that takes longer is failed (and retried): it is presumed stuck. */
  expireInSeconds: number;
  /** How often an idle worker asks for work. */
  pollingIntervalSeconds?: number;
  /** How many of these jobs one instance runs at once (that many pg-boss workers on the queue); 1 unless said. */
  workers?: number;
  run: (data: T, ctx: JobContext) => Promise<void>;
};

/** Where a job that failed every retry ends up, for an admin to see and send again (lib/jobs/dead-letters.ts). */
export const deadLetterQueue = (name: string) => `${name}-dead`;
/** How long a dead letter is kept: an admin has a month to look. */
export const DEAD_LETTER_RETENTION_MINUTES = 30 * 24 * 60;
