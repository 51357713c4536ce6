import type { JobContext } from "./definitions";

// The engine this process runs, if any, as a way to queue a job from outside a job (a route, the
// notifications' delivery). Kept on globalThis: dev hot reloads load modules again, not the engine.

type Send = JobContext["send"];
const globalForRunning = globalThis as typeof globalThis & { __agencyDeskJobSender?: Send };

export function setRunningJobSender(send: Send | null): void {
  if (send) globalForRunning.__agencyDeskJobSender = send;
  else delete globalForRunning.__agencyDeskJobSender;
}

/** Queues into the running engine; null when this process runs none (JOBS=off, tests, not started yet). */
export function runningJobSender(): Send | null {
  return globalForRunning.__agencyDeskJobSender ?? null;
}
