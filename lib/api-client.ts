import type { z } from "zod";
import { errorEnvelopeSchema } from "@/lib/tds/schemas";

// Browser-side calls to our own /api routes. They answer in the service's envelope
// `{ data, meta, error }`; a failure becomes an ApiError the UI can show as a sentence.

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
  /** A JSON body (POST). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * One call to our /api: the envelope read, `data` parsed with `schema`, `meta` returned as is.
 * Failures are ApiErrors carrying the envelope's code and sentence.
 */
export async function apiRequest<S extends z.ZodType>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<{ data: z.output<S>; meta: Record<string, unknown>; status: number }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const url = params.size > 0 ? `${path}?${params}` : path;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
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

  const failure = errorEnvelopeSchema.safeParse(body);
  if (!response.ok || failure.success) {
    const error = failure.success ? failure.data.error : null;
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
  const data = schema.safeParse(envelope.data);
  if (!data.success) {
    throw new ApiError({ status: response.status, code: "invalid_response", message: "The server sent a response we couldn't read." });
  }
  const meta = envelope.meta && typeof envelope.meta === "object" ? (envelope.meta as Record<string, unknown>) : {};
  return { data: data.data, meta, status: response.status };
}

export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { query?: Query; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return (await apiRequest("GET", path, schema, options)).data;
}

export async function apiPost<S extends z.ZodType>(
  path: string,
  schema: S,
  body?: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return (await apiRequest("POST", path, schema, { ...options, body })).data;
}
