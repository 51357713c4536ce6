import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";

// The server's log (docs/bff.md#logs): one JSON line per event, with its level, time and, inside
// a BFF request, the request's ID, user and route, so that the line for a request and the lines
// of the service calls it made can be found together. Lines carry IDs, codes, statuses and
// durations only: never a request body, a header, a query string, a key, a password, a cookie or
// a traveller's document. The paths below are redacted as a second line of defence.

export const REDACTED_PATHS = [
  "password",
  "*.password",
  "apiKey",
  "*.apiKey",
  "key",
  "*.key",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
  "headers",
  "*.headers",
  "body",
  "*.body",
  "travelers",
  "*.travelers",
  "documentNumber",
  "*.documentNumber",
];

export type LogContext = { requestId: string; userId?: string | null; route?: string };

// On globalThis: Next bundles this module more than once (the start-up hook that runs the jobs and
// each route), and a job's calls go through a client another copy may have made; one store for the
// process lets every copy see the context (the job's `X-Request-Id` reaches the service).
const globalForContext = globalThis as typeof globalThis & { __agencyDeskLogContext?: AsyncLocalStorage<LogContext> };
const context = (globalForContext.__agencyDeskLogContext ??= new AsyncLocalStorage<LogContext>());

/** Runs `fn` with the request's context, which every line logged inside it carries. */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** The current request's context (its ID is sent to the service as X-Request-Id). */
export function logContext(): LogContext | undefined {
  return context.getStore();
}

export function createLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    {
      level,
      base: { app: "agency-desk" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      mixin: () => {
        const ctx = context.getStore();
        return ctx ? { requestId: ctx.requestId, userId: ctx.userId ?? null, route: ctx.route } : {};
      },
    },
    destination,
  );
}

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info";
}

const globalForLog = globalThis as typeof globalThis & { __agencyDeskLog?: Logger; __agencyDeskLogSink?: { lines: string[] } | null };

/**
 * Standard output, unless a test is capturing the lines. The lines of one turn of the event loop
 * go out in one write: a write to a pipe is a system call, and one per line (two a request) was a
 * visible share of a request's CPU under load. Nothing is dropped or reordered: what is pending is
 * written at the end of the turn, when it passes 64 KB, and on exit.
 */
const stdoutBatch = { lines: [] as string[], size: 0, scheduled: false };
function flushStdout(): void {
  stdoutBatch.scheduled = false;
  if (stdoutBatch.lines.length === 0) return;
  const text = stdoutBatch.lines.join("");
  stdoutBatch.lines = [];
  stdoutBatch.size = 0;
  process.stdout.write(text);
}
const destination: DestinationStream = {
  write(line: string) {
    const capture = globalForLog.__agencyDeskLogSink;
    if (capture) return void capture.lines.push(line);
    stdoutBatch.lines.push(line);
    stdoutBatch.size += line.length;
    if (stdoutBatch.size >= 64 * 1024) flushStdout();
    else if (!stdoutBatch.scheduled) {
      stdoutBatch.scheduled = true;
      setImmediate(flushStdout);
    }
  },
};

/** The process's logger. */
export const log: Logger = (globalForLog.__agencyDeskLog ??= processLogger());

function processLogger(): Logger {
  // Once per process (a dev reload reuses the logger, and so its batch).
  process.on("exit", flushStdout);
  return createLogger(destination);
}

/** Tests: collects every line logged until `stop()`, at level `info` (tests are silent otherwise). */
export function captureLogs(): { lines: () => Array<Record<string, unknown>>; text: () => string; stop: () => void } {
  const capture = { lines: [] as string[] };
  const level = log.level;
  globalForLog.__agencyDeskLogSink = capture;
  log.level = "info";
  return {
    lines: () => capture.lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => capture.lines.join(""),
    stop: () => {
      globalForLog.__agencyDeskLogSink = null;
      log.level = level;
    },
  };
}

/** nginx's "client closed request": the answer to a request whose client went away before it came. */
export const CLIENT_GONE = 499;

/**
 * The level of a request's line: an error for a 5xx, and for a client that went away (Reload, Back,
 * a closed tab, a timed-out caller) one debug line, as it is nobody's error; info otherwise.
 */
export function requestLevel(status: number): "error" | "info" | "debug" {
  if (status === CLIENT_GONE) return "debug";
  return status >= 500 ? "error" : "info";
}

/** An error as a log field: its name, message and code, never a stack full of request data. */
export function errorFields(err: unknown): { name: string; message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return { name: "NonError", message: String(err) };
}
