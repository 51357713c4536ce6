import type * as zc from "zod/v4/core";

// Browser-side calls to our own /api routes, the sign-in and users pages' included: the one
// fetch helper of the browser. They answer in the service's envelope `{ data, meta, error }`;
// a failure becomes an ApiError the UI can show as a sentence.
// Loaded by every page: it takes any zod schema (classic or mini) and reads the error
// envelope by hand, so that it brings no schema library of its own into the browser.

/** A zod schema of either flavour (`zod` or `zod/mini`): both parse with `safeParse`. */
export type Schema = zc.$ZodType & { safeParse(input: unknown): { success: true; data: unknown } | { success: false } };
type Output<S extends Schema> = zc.output<S>;

export type ApiErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  /** From a `Retry-After` header (429, 503): seconds to wait before asking again. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { status: number; code: string; message: string; details?: ApiErrorDetail[]; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** No response at all (offline, DNS, reset) — worth retrying, like a 5xx. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException ? e.name === "AbortError" : (e as { name?: unknown } | null)?.name === "AbortError";
}

type Query = Record<string, string | number | boolean | null | undefined>;

type RequestOptions = {
  query?: Query;
  /** A JSON body (POST, PUT, PATCH), or a file sent as it is (a Blob, with its own type). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * One call to our /api: the envelope read, `data` parsed with `schema`, `meta` returned as is.
 * Failures are ApiErrors carrying the envelope's code and sentence.
 */
export async function apiRequest<S extends Schema | null>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  /** null when the caller does not read `data` (the sign-in page, which loads no schema library). */
  schema: S,
  options: RequestOptions = {},
): Promise<{ data: S extends Schema ? Output<S> : unknown; meta: Record<string, unknown>; status: number }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const url = params.size > 0 ? `${path}?${params}` : path;

  const file = typeof Blob !== "undefined" && options.body instanceof Blob ? options.body : null;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...(file ? { "content-type": file.type || "application/octet-stream" } : options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: file ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (e) {
    // A cancelled request is not a failure; let the caller (TanStack Query) see the abort.
    if (isAbortError(e) || options.signal?.aborted) throw e;
    throw new ApiError({ status: 0, code: "network_error", message: "We couldn't reach the server. Check your connection and try again." });
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (e) {
    if (isAbortError(e) || options.signal?.aborted) throw e;
    throw new ApiError({
      status: response.status,
      code: "invalid_response",
      message: "The server sent a response we couldn't read.",
    });
  }

  const error = envelopeError(body);
  if (!response.ok || error) {
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new ApiError({
      status: response.ok ? 500 : response.status,
      code: error?.code ?? "http_error",
      message: error?.message || `The request failed (HTTP ${response.status}).`,
      details: error?.details ?? [],
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    });
  }

  const envelope = (body ?? {}) as { data?: unknown; meta?: unknown };
  const data = schema ? schema.safeParse(envelope.data) : { success: true as const, data: envelope.data };
  if (!data.success) {
    throw new ApiError({ status: response.status, code: "invalid_response", message: "The server sent a response we couldn't read." });
  }
  const meta = envelope.meta && typeof envelope.meta === "object" ? (envelope.meta as Record<string, unknown>) : {};
  return { data: data.data as S extends Schema ? Output<S> : unknown, meta, status: response.status };
}

/**
 * A call whose answer is checked by hand rather than by a schema: for what every page shows (the
 * header's counts) and for the search and results pages, which must not bring the schema library
 * with them (lib/tds/contract/answers.ts). `read` returns the answer's data, or null when it is not
 * what it should be; a type guard does too.
 */
type Guard<T> = (data: unknown) => data is T;
type Reader<T> = (data: unknown) => T | null;

function readOrThrow<T>(read: Guard<T> | Reader<T>, data: unknown, status: number): T {
  const out: unknown = read(data);
  if (out === false || out === null) throw new ApiError({ status, code: "invalid_response", message: "The server sent a response we couldn't read." });
  return (out === true ? data : out) as T;
}

export function apiGetChecked<T>(path: string, read: Guard<T>, options?: { query?: Query; signal?: AbortSignal }): Promise<T>;
export function apiGetChecked<T>(path: string, read: Reader<T>, options?: { query?: Query; signal?: AbortSignal }): Promise<T>;
export async function apiGetChecked<T>(path: string, read: Guard<T> | Reader<T>, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const { data, status } = await apiRequest("GET", path, null, options);
  return readOrThrow(read, data, status);
}

export async function apiPostChecked<T>(
  path: string,
  read: Guard<T>,
  body?: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const { data, status } = await apiRequest("POST", path, null, { ...options, body });
  return readOrThrow(read, data, status);
}

export async function apiGet<S extends Schema>(
  path: string,
  schema: S,
  options: { query?: Query; signal?: AbortSignal } = {},
): Promise<Output<S>> {
  return (await apiRequest("GET", path, schema, options)).data as Output<S>;
}

export async function apiPost<S extends Schema>(
  path: string,
  schema: S,
  body?: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Output<S>> {
  return (await apiRequest("POST", path, schema, { ...options, body })).data as Output<S>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The `error` of an envelope, read as `errorEnvelopeSchema` (lib/tds/schemas) reads it: a
 * non-empty `code` makes it an error; a missing sentence is "", a malformed details list is [].
 */
export function envelopeError(body: unknown): { code: string; message: string; details: ApiErrorDetail[] } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  if (typeof code !== "string" || code.length === 0) return null;
  const list = Array.isArray(details) && details.every((d) => isRecord(d) && typeof d.path === "string" && typeof d.message === "string");
  return {
    code,
    message: typeof message === "string" ? message : "",
    details: list ? (details as Array<Record<string, unknown>>).map((d) => ({ ...d, path: d.path as string, message: d.message as string })) : [],
  };
}

/**
 * The handler's sentences by form field (the first for each field), in the order the handler gave
 * them; details that belong to no field are left out. `first` is the field to focus.
 */
export function fieldErrors<F extends string>(details: readonly ApiErrorDetail[], fields: readonly F[]): { errors: Partial<Record<F, string>>; first: F | null } {
  const errors: Partial<Record<F, string>> = {};
  let first: F | null = null;
  for (const d of details) {
    const field = fields.find((f) => f === d.path);
    if (!field || errors[field] !== undefined) continue;
    errors[field] = d.message;
    first ??= field;
  }
  return { errors, first };
}

/** Puts each detail on its react-hook-form field, focusing the first; returns false when none of them belongs to one. */
export function applyFieldErrors<F extends string>(
  details: readonly ApiErrorDetail[],
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
): boolean {
  const { errors, first } = fieldErrors(details, fields);
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) setError(field, { type: "server", message }, { shouldFocus: field === first });
  }
  return first !== null;
}
