import "server-only";
import { LRUCache } from "lru-cache";
import * as zc from "zod/v4/core";
import {
  TdsConnectionError,
  TdsError,
  TdsResponseError,
  TdsTimeoutError,
  tdsErrorFromResponse,
} from "../contract/errors";

// The one sender of requests to the service, in the manner of stripe-node's RequestSender:
// key and JSON headers, a timeout per attempt, retries with exponential backoff and full
// jitter only where repeating is safe, one idempotency key reused on every retry, and every
// failure turned into a TdsError by one factory.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type RequestEvent = { method: string; url: string; attempt: number; idempotencyKey: string | null };
export type ResponseEvent = RequestEvent & {
  status: number | null;
  durationMs: number;
  requestId: string | null;
  error: TdsError | null;
  /** Set when the sender will try again after this many milliseconds. */
  retryInMs: number | null;
};
export type TdsHooks = {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
};

export type SenderConfig = {
  /** The service's base address (`TDS_BASE_URL`); `/api/v1` is appended. */
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  /**
   * Runs before each attempt, before its timeout starts: the desk's rate shaper waits here for the
   * attempt's place in the agency's budget (time spent waiting for it is not the service being
   * slow). An answer it gives is the attempt's, and nothing is sent (the shaper's own 429).
   */
  turn?: (target: string, init: RequestInit, signal: AbortSignal | undefined) => Promise<Response | null>;
  /** Default per-attempt timeout, counted from when the attempt is sent. */
  timeoutMs?: number;
  /** Default retries of a retryable call. */
  maxRetries?: number;
  /** Longest Retry-After the sender waits out; a longer one is returned to the caller as the 429. */
  maxRetryAfterMs?: number;
  hooks?: TdsHooks;
  /** Injected in tests so that backoff never waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

/** Options every client method accepts. */
export type CallOptions = {
  /** Aborting it stops the call (and its retries) with the signal's reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
};

export type SendOptions = CallOptions & {
  method: "GET" | "POST";
  /** After `/api/v1`, path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Makes a POST retryable: the same key is sent on every attempt. */
  idempotencyKey?: string;
  /** Codes retried even on a call that is otherwise not retried (price-check's conflict). */
  retryCodes?: readonly string[];
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 5_000;
export const MAX_RETRY_AFTER_MS = 10_000;
/** A keyed request still running elsewhere needs time to finish before asking again. */
export const IN_PROGRESS_MIN_DELAY_MS = 1_000;

export type Sender = ReturnType<typeof createSender>;

export function createSender(config: SenderConfig) {
  const root = `${config.baseUrl.replace(/\/+$/, "")}/api/v1`;
  const doFetch: FetchLike = config.fetch ?? ((input, init) => fetch(input, init));
  const sleep = config.sleep ?? defaultSleep;
  const random = config.random ?? Math.random;
  const maxRetryAfterMs = config.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;

  const url = (opts: SendOptions) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    return `${root}${opts.path}${qs ? `?${qs}` : ""}`;
  };

  /** Full jitter: anywhere between 0 and the exponential cap. */
  const backoff = (attempt: number) => random() * Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** attempt);

  /** Milliseconds to wait before retrying after `err`, or null when it must not be retried. */
  function retryDelay(err: TdsError, attempt: number, opts: SendOptions): number | null {
    if (opts.retryCodes?.includes(err.code)) return backoff(attempt);
    const retryable = opts.method === "GET" || opts.idempotencyKey !== undefined;
    if (!retryable || err instanceof TdsResponseError) return null;
    if (err instanceof TdsConnectionError) return backoff(attempt);
    const status = err.status ?? 0;
    const asked = err.retryAfter === null ? null : err.retryAfter * 1000;
    if (status === 429) {
      if (asked === null) return backoff(attempt);
      return asked <= maxRetryAfterMs ? asked : null;
    }
    if (status === 409 && err.code === "idempotency_in_progress") return Math.max(IN_PROGRESS_MIN_DELAY_MS, backoff(attempt));
    if (status >= 500) return asked !== null && asked <= maxRetryAfterMs ? Math.max(asked, backoff(attempt)) : backoff(attempt);
    return null;
  }

  async function attempt(opts: SendOptions, target: string, n: number, accept: string): Promise<{ res: Response; text: string; bytes: Uint8Array<ArrayBuffer> }> {
    const timeoutMs = opts.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers: Record<string, string> = { "X-API-Key": config.apiKey, Accept: accept };
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    if (opts.idempotencyKey !== undefined) headers["Idempotency-Key"] = opts.idempotencyKey;
    const init: RequestInit = {
      method: opts.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      cache: "no-store",
    };

    notify(() => config.hooks?.onRequest?.(requestEvent(opts, target, n)));
    let timeout: AbortSignal | undefined;
    try {
      const answered = config.turn ? await config.turn(target, init, opts.signal) : null;
      timeout = AbortSignal.timeout(timeoutMs);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      // Raced against the signal as well: a fetch (or body) that ignores it must not hang the call.
      const res = answered ?? (await abortable(doFetch(target, { ...init, signal }), signal));
      // The bytes are kept: an answer the BFF sends on unchanged need not be serialised again.
      const bytes = new Uint8Array(await abortable(res.arrayBuffer(), signal));
      return { res, text: utf8.decode(bytes), bytes };
    } catch (cause) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw timeout?.aborted ? new TdsTimeoutError(timeoutMs) : new TdsConnectionError("The service could not be reached.", cause);
    }
  }

  async function run<T>(opts: SendOptions, accept: string, read: (res: Response, text: string, bytes: Uint8Array<ArrayBuffer>) => T): Promise<T> {
    const target = url(opts);
    const maxRetries = opts.maxRetries ?? config.maxRetries ?? DEFAULT_MAX_RETRIES;
    for (let n = 0; ; n++) {
      const started = performance.now();
      const report = (status: number | null, requestId: string | null, error: TdsError | null, retryInMs: number | null) =>
        notify(() =>
          config.hooks?.onResponse?.({ ...requestEvent(opts, target, n), status, durationMs: performance.now() - started, requestId, error, retryInMs }),
        );
      let error: TdsError;
      try {
        const { res, text, bytes } = await attempt(opts, target, n, accept);
        if (!res.ok) throw tdsErrorFromResponse(res.status, res.headers, text);
        const value = read(res, text, bytes);
        report(res.status, res.headers.get("x-request-id") ?? res.headers.get("request-id"), null, null);
        return value;
      } catch (err) {
        if (!(err instanceof TdsError)) throw err;
        error = err;
      }
      const delay = n < maxRetries ? retryDelay(error, n, opts) : null;
      report(error.status, error.requestId, error, delay);
      if (delay === null) throw error;
      await sleep(delay, opts.signal);
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
  }

  /** The body parsed as JSON and then with `schema`; both kinds of failure are a TdsResponseError. */
  function parseAnswer<S extends zc.$ZodType>(opts: SendOptions, schema: S, res: Response, text: string): { body: unknown; value: zc.output<S> } {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new TdsResponseError({
        status: res.status,
        headers: res.headers,
        message: `The service answered HTTP ${res.status} with a body that is not JSON.`,
        cause,
      });
    }
    const parsed = zc.safeParse(compiled(schema), body);
    if (!parsed.success) {
      throw new TdsResponseError({
        status: res.status,
        headers: res.headers,
        message: `The service's answer to ${opts.method} ${opts.path.split("?")[0]} does not have the expected shape.`,
        issues: parsed.error.issues,
      });
    }
    return { body, value: parsed.data };
  }

  return {
    /** A JSON call: the whole envelope, parsed with `schema` (which decides what `data` and `meta` are). */
    json<S extends zc.$ZodType>(opts: SendOptions, schema: S): Promise<zc.output<S>> {
      return run(opts, "application/json", (res, text) => parseAnswer(opts, schema, res, text).value);
    },
    /** `json`, and the answer's headers (an idempotent call's `Idempotent-Replayed`). */
    jsonWithHeaders<S extends zc.$ZodType>(opts: SendOptions, schema: S): Promise<{ value: zc.output<S>; headers: Headers }> {
      return run(opts, "application/json", (res, text) => ({ value: parseAnswer(opts, schema, res, text).value, headers: res.headers }));
    },
    /**
     * `json`, plus the service's bytes when the parsed value is exactly what they say (the schema
     * added, dropped and changed nothing, which is checked, not assumed), else null: an answer
     * passed on unchanged is then sent as it came instead of being serialised again.
     */
    jsonVerbatim<S extends zc.$ZodType>(opts: SendOptions, schema: S): Promise<{ value: zc.output<S>; verbatim: Uint8Array<ArrayBuffer> | null }> {
      return run(opts, "application/json", (res, text, bytes) => {
        const known = answersOf(schema);
        const seen = known.get(text);
        if (seen) return { value: seen.value as zc.output<S>, verbatim: seen.verbatim ? bytes : null };
        const { body, value } = parseAnswer(opts, schema, res, text);
        const verbatim = sameJson(body, value);
        known.set(text, { value: deepFreeze(value), verbatim });
        return { value, verbatim: verbatim ? bytes : null };
      });
    },
    /** A non-JSON success body (the printable voucher); errors are still envelopes. */
    text(opts: SendOptions, accept = "text/html"): Promise<string> {
      return run(opts, accept, (_res, text) => text);
    },
  };
}

const utf8 = new TextDecoder();

/*
 * Answers are parsed with a compiled copy of their schema (`z.compile`): zod otherwise interprets a
 * schema node by node for every field of every row, while the compiled copy is one generated
 * function per schema, made on its first use and kept (a results page of 50 rows: about a tenth of
 * the time). An answer the compiled code does not accept is parsed again by the regular parser, so
 * what a valid answer becomes and what an invalid one is told are the same; a schema zod cannot
 * compile is used as it is.
 */
const compiledSchemas = new WeakMap<zc.$ZodType, zc.$ZodType>();
function compiled<S extends zc.$ZodType>(schema: S): S {
  let fast = compiledSchemas.get(schema) as S | undefined;
  if (!fast) compiledSchemas.set(schema, (fast = zc.compile(schema)));
  return fast;
}

/*
 * Large answers come again unchanged: a results page polled while its search fills, the same page
 * opened by two advisors or asked for by a page's parts at once. The same text under the same
 * schema always parses to the same value, so `jsonVerbatim` keeps the last answers it parsed (by
 * their text, about 8 MB of it) and hands the parsed value out again: frozen, as it is shared.
 */
const parsedAnswers = new WeakMap<zc.$ZodType, LRUCache<string, { value: unknown; verbatim: boolean }>>();
function answersOf(schema: zc.$ZodType): LRUCache<string, { value: unknown; verbatim: boolean }> {
  let known = parsedAnswers.get(schema);
  // Sized by the text's length times four, for the text and the objects it parsed to (a 50-row
  // page, 51 KB, about 200 KB): up to 32 MB, some 160 such pages.
  if (!known) parsedAnswers.set(schema, (known = new LRUCache({ max: 256, maxSize: 32 * 1024 * 1024, sizeCalculation: (_v, text) => text.length * 4 })));
  return known;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

/**
 * Whether two values are the same JSON: equal primitives, arrays of the same length with the same
 * items, objects with the same own keys (in any order) and the same values. A schema's default,
 * transform or dropped key makes the parsed value differ from what was read.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(b, k) || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

const requestEvent = (opts: SendOptions, url: string, attempt: number): RequestEvent => ({
  method: opts.method,
  url,
  attempt,
  idempotencyKey: opts.idempotencyKey ?? null,
});

/** Observability must never break a call. */
function notify(hook: () => void): void {
  try {
    hook();
  } catch {
    // ignored
  }
}

/**
 * `promise`, or the signal's reason as soon as it aborts. The abandoned promise is always observed:
 * a fetch started with an already-aborted signal rejects too, and an abandoned request (the
 * browser left) is not an error to report as an unhandled rejection.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
