import * as zc from "zod/v4/core";
import { UserError, type UserErrorCode } from "./users";
import { clientAddress, throttleKey, UNKNOWN_PEER } from "./client-address";
import { CLIENT_GONE, log, requestLevel } from "@/lib/log";
import { FOR_PEOPLE } from "@/lib/zod-sentences";

// The JSON envelope of the auth and users handlers (the service's own shape:
// `{ data, meta, error: { code, message, details } }`), the one error table, and the
// checks every mutating request passes. No Next imports, so vitest can test it.

export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorDetail = { path: string; message: string };
export type Envelope<T> =
  | { data: T; meta: Record<string, unknown>; error: null }
  | { data: null; meta: Record<string, unknown>; error: { code: ErrorCode; message: string; details: ErrorDetail[] } };

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function dataResponse<T>(data: T, init: { status?: number; meta?: Record<string, unknown> } = {}): Response {
  const body: Envelope<T> = { data, meta: init.meta ?? {}, error: null };
  return Response.json(body, { status: init.status ?? 200, headers: { "Cache-Control": "no-store" } });
}

export function errorResponse(err: ApiError): Response {
  const body: Envelope<never> = { data: null, meta: {}, error: { code: err.code, message: err.message, details: err.details } };
  return Response.json(body, { status: ERROR_STATUS[err.code], headers: { "Cache-Control": "no-store", ...err.headers } });
}

const USER_ERRORS: Record<UserErrorCode, { code: ErrorCode; path?: string }> = {
  email_taken: { code: "conflict", path: "email" },
  not_found: { code: "not_found" },
  self_change: { code: "forbidden" },
  last_admin: { code: "conflict" },
  password_already_set: { code: "conflict" },
  invite_invalid: { code: "not_found" },
  invite_expired: { code: "gone" },
  invite_used: { code: "conflict" },
};

/** Any thrown value as an ApiError; unexpected ones become a 500 that hides internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof UserError) {
    const { code, path } = USER_ERRORS[err.code];
    return new ApiError(code, err.message, path ? [{ path, message: err.message }] : []);
  }
  console.error("[auth] unexpected error:", err);
  return new ApiError("internal_error", "Something went wrong on our side. Try again in a moment.");
}

/** Runs a handler and answers every failure in the envelope. */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    const started = performance.now();
    const request = args[0] instanceof Request ? args[0] : null;
    let res: Response;
    let errorCode: string | undefined;
    try {
      res = await fn(...args);
    } catch (err) {
      if (request?.signal.aborted) {
        // The client went away (its body, if any, was cut short): nobody reads an answer.
        res = new Response(null, { status: CLIENT_GONE });
      } else {
        const apiError = toApiError(err);
        errorCode = apiError.code;
        res = errorResponse(apiError);
      }
    }
    // The same line as the BFF's requests (docs/bff.md#logs); never the body (it holds passwords).
    log[requestLevel(res.status)](
      {
        requestId: crypto.randomUUID(),
        route: request ? new URL(request.url).pathname : null,
        method: request?.method ?? null,
        status: res.status,
        durationMs: Math.round(performance.now() - started),
        ...(errorCode ? { errorCode } : {}),
      },
      "request",
    );
    return res;
  };
}

export const validationDetails = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ErrorDetail[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));

/** The request's JSON body parsed with `schema`; a 400 `validation_error` naming each field otherwise. */
export async function parseBody<S extends zc.$ZodType>(request: Request, schema: S): Promise<zc.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError("validation_error", "The request body must be JSON.");
  }
  const parsed = zc.safeParse(schema, body, FOR_PEOPLE);
  if (!parsed.success) {
    throw new ApiError("validation_error", "Some fields need attention.", validationDetails(parsed.error));
  }
  return parsed.data;
}

/**
 * Refuses a state-changing request another site made the browser send. Browsers send
 * `Origin` with every POST, PATCH and DELETE; it must be the app's origin or match the
 * Host the request came to. Without `Origin`, `Sec-Fetch-Site` decides; a request with
 * neither is not from a browser, so it carries no victim's cookie.
 */
export function assertSameOrigin(headers: Headers, appOrigin: string): void {
  const origin = headers.get("origin");
  if (origin !== null) {
    const host = headers.get("host");
    let ok = origin === appOrigin;
    try {
      ok ||= origin !== "null" && host !== null && new URL(origin).host === host;
    } catch {
      ok = false;
    }
    if (!ok) throw new ApiError("forbidden", "This request came from another site, so it was refused.");
    return;
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw new ApiError("forbidden", "This request came from another site, so it was refused.");
  }
}

let warnedUnknown = false;

/**
 * The key of the client's address for per-address throttling (lib/auth/client-address.ts:
 * the socket's address, or behind TRUSTED_PROXIES the one they forwarded; IPv6 by its /64).
 */
export function clientIp(headers: Headers): string {
  const address = clientAddress(headers);
  if (address === UNKNOWN_PEER && !warnedUnknown) {
    warnedUnknown = true;
    log.warn(
      { reason: "no socket address stamped" },
      "a sign-in came without its socket address (sent before instrumentation.ts ran, or its connection had closed); such sign-ins share one throttle count",
    );
  }
  return throttleKey(address);
}
