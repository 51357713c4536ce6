import type { NextRequest } from "next/server";
import * as zc from "zod/v4/core";
import { fromTrustedProxy } from "@/lib/auth/client-address";
import { CLIENT_GONE, errorFields, log, requestLevel, withLogContext } from "@/lib/log";
import { TdsError } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import { getBffDeps, type BffDeps, type SessionUser } from "./deps";
import { dataEnvelope, errorEnvelope } from "./envelope";
import { BFF_ERRORS, BffError, bffError, toBffError, type BffErrorDetail } from "./errors";
import { SHAPED_HEADER, withShapingScope } from "./rate-shaping";

// The one wrapper every handler under app/api goes through (dub's withWorkspace), the sign-in
// and users routes included: cross-site check, session and role, input parsed with zod, the
// answer in the service's envelope, and the only catch. Handlers throw BffError (or let a
// TdsError or a UserError through) and never build an error response themselves.
// app/api/one-door.test.ts fails on a route file whose handlers were not made here.

/** Who may call: anyone, any signed-in person (an advisor, or an admin, who is an advisor too), or admins only. */
export type Auth = "advisor" | "admin" | "public";
type Lazy<T> = T | (() => T);
// Schemas of either flavour: the shared ones (lib/tds, lib/auth, …) are zod/mini, so that the
// browser can afford them; a few server-only ones are classic zod. Only zod's core is relied on.
type QuerySchema = zc.$ZodObject;

type Out<S> = S extends zc.$ZodType ? zc.output<S> : undefined;

export type RouteContext<A extends Auth, Q, B, P> = {
  req: NextRequest;
  user: A extends "public" ? SessionUser | null : SessionUser;
  query: Q;
  body: B;
  params: P;
  tds: TdsClient;
  deps: BffDeps;
  signal: AbortSignal;
  requestId: string;
};

export type RouteOptions<A extends Auth, Q, B, P> = {
  auth: A;
  /** Query parameters arrive as text: numbers and booleans are converted as this schema's fields expect. */
  query?: Q;
  /** A schema, or a function making one (for schemas that read the environment, never read at build time). */
  body?: Lazy<B>;
  params?: P;
  /** Mutations must come from the desk's own pages. Default: any method but GET and HEAD. */
  mutation?: boolean;
};

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (req: NextRequest, context: NextContext) => Promise<Response>;

const MAX_BODY_BYTES = 256 * 1024;

// The sentences zod writes itself ("Too small: expected number to be >=1") come from its English
// locale, which classic zod loads on import and zod/mini never does: the BFF's answers say them
// whichever flavour a schema is, and whatever else the server has imported.
zc.config(zc.locales.en());

export function route<
  A extends Auth,
  Q extends QuerySchema | undefined = undefined,
  B extends zc.$ZodType | undefined = undefined,
  P extends zc.$ZodType | undefined = undefined,
>(options: RouteOptions<A, Q, B, P>, handler: (ctx: RouteContext<A, Out<Q>, Out<B>, Out<P>>) => Promise<Response>): RouteHandler {
  const handle: RouteHandler = async (req, context) => {
    const requestId = crypto.randomUUID();
    const started = performance.now();
    const logged = { requestId, userId: null as string | null, route: routeOf(req) };
    const res = await withLogContext(logged, () => answer(req, context, requestId, logged));
    log[requestLevel(res.status)](
      { ...logged, method: req.method, status: res.status, durationMs: Math.round(performance.now() - started), ...(errorCodes.get(res) ? { errorCode: errorCodes.get(res) } : {}) },
      "request",
    );
    return res;
  };
  made.add(handle);
  return handle;

  async function answer(req: NextRequest, context: NextContext, requestId: string, logged: { userId: string | null }): Promise<Response> {
    let deps: BffDeps | undefined;
    try {
      deps = await getBffDeps();
      const mutation = options.mutation ?? !["GET", "HEAD"].includes(req.method);
      if (mutation) checkSameOrigin(req, deps.agency().appOrigin);

      const user = options.auth === "public" ? await deps.getUser().catch(() => null) : await deps.getUser();
      logged.userId = user?.id ?? null;
      if (options.auth !== "public" && !user) throw bffError("unauthorized");
      if (options.auth === "admin" && user?.role !== "admin") throw bffError("forbidden");

      const params = options.params ? parse(options.params, await context.params) : undefined;
      const query = options.query ? parse(options.query, queryObject(options.query, req.nextUrl.searchParams)) : undefined;
      const bodySchema = typeof options.body === "function" && !(options.body instanceof zc.$ZodType) ? options.body() : options.body;
      const body = bodySchema ? parse(bodySchema, await readJson(req)) : undefined;

      const from = deps;
      // The client only when asked for: the sign-in and users handlers never call the service.
      const ctx = { req, user, query, body, params, get tds() { return from.tds(); }, deps, signal: req.signal, requestId } as RouteContext<A, Out<Q>, Out<B>, Out<P>>;
      const res = await withShapingScope(user?.id ?? null, () => handler(ctx));
      res.headers.set("X-Request-Id", requestId);
      if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
      return res;
    } catch (err) {
      return errorResponse(err, req, requestId, deps?.agency().secrets ?? []);
    }
  }
}

/** The handlers route() made: app/api/one-door.test.ts checks every route file's exports are among them. */
const made = new WeakSet<object>();
export const madeByRoute = (handler: unknown): boolean => typeof handler === "function" && made.has(handler);

/** The route as logged: the path with the IDs in it, never the query (it can hold a client's name). */
function routeOf(req: NextRequest): string {
  return req.nextUrl.pathname;
}

/** The error code of each error answer, for the request's log line. */
const errorCodes = new WeakMap<Response, string>();

/* ------------------------------------------------------------------ answers */

type Meta = Record<string, unknown>;

/** A success in the service's envelope. */
export function ok<T>(data: T, init: { status?: number; meta?: Meta; headers?: Record<string, string> } = {}): Response {
  return Response.json(dataEnvelope(data, init.meta), { status: init.status ?? 200, headers: init.headers });
}

/**
 * A success whose body is already the envelope's JSON: the service's own bytes, when the client
 * checked they say exactly what `ok(data, { meta })` would (lib/tds `jsonVerbatim`).
 */
export function okBytes(body: Uint8Array<ArrayBuffer>): Response {
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
}

function errorResponse(err: unknown, req: NextRequest, requestId: string, secrets: string[]): Response {
  // A BffError or UserError is answered as it says, a TdsError through the table.
  let e = toBffError(err);
  if (!e && req.signal.aborted) {
    // The browser went away; nobody reads this answer.
    return new Response(null, { status: CLIENT_GONE, headers: { "X-Request-Id": requestId } });
  }
  if (!e) {
    log.error({ err: { ...errorFields(err), stack: err instanceof Error ? err.stack : undefined } }, "unexpected error");
    e = new BffError({ ...BFF_ERRORS.internal_error, code: "internal_error", message: `${BFF_ERRORS.internal_error.message} (Reference ${requestId}.)` });
  } else if (err instanceof TdsError) {
    if (err.headers.get(SHAPED_HEADER)) e = new BffError({ ...BFF_ERRORS.rate_limited, code: "rate_limited", headers: e.headers });
    if (e.status >= 500) log.warn({ serviceErrorCode: err.code, errorCode: e.code }, "service error");
  }
  const body = JSON.stringify(errorEnvelope(e.code, e.message, e.details));
  const res = new Response(scrub(body, secrets), {
    status: e.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Request-Id": requestId, ...e.headers },
  });
  errorCodes.set(res, e.code);
  return res;
}

/** Belt and braces: the service key must never reach a browser, even inside a message the service echoed. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s && out.includes(s)) out = out.split(s).join("[redacted]");
  return out;
}

/* ------------------------------------------------------------------ checks */

/**
 * The one same-origin rule (docs/bff.md#security): mutations only from the desk's own pages.
 * `Sec-Fetch-Site: cross-site` is refused whatever else the request says; the Origin (or,
 * without one, the Referer) must be APP_ORIGIN or the request's own host; a mutation with
 * neither is refused too (every browser sends Origin with one). The host is the Host header,
 * or X-Forwarded-Host when the request came from a proxy in TRUSTED_PROXIES: anyone else can
 * write that header. The session cookie is SameSite=Lax too; this holds even for a browser
 * that ignores that.
 */
function checkSameOrigin(req: NextRequest, appOrigin: string): void {
  if (req.headers.get("sec-fetch-site") === "cross-site") throw bffError("cross_site");
  const origin = req.headers.get("origin") ?? originOf(req.headers.get("referer"));
  if (!origin || origin === "null") throw bffError("cross_site");
  if (origin === appOrigin) return;
  // The proxy's own entry is the last: one before it may be a client's.
  const forwarded = fromTrustedProxy(req.headers) ? req.headers.get("x-forwarded-host")?.split(",").at(-1)?.trim() : undefined;
  const host = forwarded || req.headers.get("host");
  const given = originOf(origin);
  if (!host || !given || new URL(given).host !== host) throw bffError("cross_site");
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------------ parsing */

function parse<S extends zc.$ZodType>(schema: S, input: unknown): zc.output<S> {
  // The details reach the person who filled the form: a rule without its own sentence gets one.
  const result = zc.safeParse(schema, input, FOR_PEOPLE);
  if (result.success) return result.data;
  throw bffError("validation_error", { details: issuesToDetails(result.error.issues) });
}

/** One detail per problem, unknown fields each on their own path, as the service reports them. */
export function issuesToDetails(issues: zc.$ZodIssue[]): BffErrorDetail[] {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code === "unrecognized_keys") return issue.keys.map((k) => ({ path: [...at, k].join("."), message: "Unknown field." }));
    return [{ path: at.join("."), message: issue.message }];
  });
}

/** `application/json`, with or without parameters, or a `+json` type. */
const isJsonType = (contentType: string | null) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? "");

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw bffError("body_too_large");
  if (text.trim() === "") return {};
  // A form or text/plain body is what another site can make a browser send without asking.
  if (!isJsonType(req.headers.get("content-type"))) throw bffError("unsupported_media_type");
  try {
    return JSON.parse(text);
  } catch {
    throw bffError("invalid_json");
  }
}

/** The field's type under optional/default/nullable wrappers: "number", "boolean", "string", … */
function baseType(schema: zc.$ZodType): string {
  let def = schema._zod.def as { type: string; innerType?: zc.$ZodType };
  while (def.innerType && ["optional", "nullable", "default", "prefault", "catch", "readonly"].includes(def.type)) {
    def = def.innerType._zod.def as { type: string; innerType?: zc.$ZodType };
  }
  return def.type;
}

function queryObject(schema: QuerySchema, params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const value = values[values.length - 1] ?? "";
    // Own fields only: `?constructor=1` or `?__proto__=x` are unknown parameters, not the object's.
    const shape = schema._zod.def.shape;
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    const type = field ? baseType(field) : "string";
    const parsed = type === "number" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : type === "boolean" && (value === "true" || value === "false") ? value === "true" : value;
    // defineProperty: even `__proto__` becomes a plain own key, which the strict schema then refuses.
    Object.defineProperty(out, key, { value: parsed, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
