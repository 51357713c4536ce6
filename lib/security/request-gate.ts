import http from "node:http";
import https from "node:https";
import { BFF_ERRORS, SERVICE_ERRORS } from "@/lib/bff/errors";
import { log } from "@/lib/log";

// What the server refuses before Next sees a request (docs/bff.md#security), because Next cannot
// answer it in the envelope, or cannot see it at all:
//  - a method Next does not serve: TRACE makes Next's own Request constructor throw, a bare 500
//    and a stack trace in the log, before proxy.ts or any route runs; PROPFIND and the like
//    render a page as if they were GET. Answered 405 with `Allow`;
//  - an /api path with a `.` or `..` segment (`/api/a/../b`, `/api/%2e%2e/x`): Next resolves it
//    first and answers for wherever it lands, a page's HTML 404 or a 308. The BFF has no such
//    path: 404 `not_found`;
//  - an /api query key named like a built-in property (`?__proto__=x`): Next drops `__proto__`
//    while it reads the query, so the route's strict schema never sees it and answers 200.
//    Answered 400 `validation_error`, as route() answers `?constructor=x`.
// Each refusal is in the envelope with an `X-Request-Id`, and logged as one `request` line of
// the shape route() writes. Installed by instrumentation.ts, on the servers' prototypes like
// lib/auth/peer-stamp.ts, so it covers `next start` and `next dev`.

/** The methods Next serves (`HTTP_METHODS` of next/dist/server/web/http): an `Allow` header's value. */
export const SERVED_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
/** Query keys that name an object's own machinery; route()'s schemas refuse the others they do not know. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export type Refusal = { status: number; code: string; message: string; details: Array<{ path: string; message: string }>; headers: Record<string, string> };

/** The path and query of a request target as the client sent it (origin-form, or absolute-form from a proxy). */
function split(target: string): { path: string; query: string } {
  // Absolute-form loses only its scheme and host: a URL parser would resolve the dots this looks for.
  let raw = target.startsWith("/") ? target : target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "");
  if (!raw.startsWith("/")) raw = `/${raw}`;
  raw = raw.split("#")[0]!;
  const q = raw.indexOf("?");
  return q === -1 ? { path: raw, query: "" } : { path: raw.slice(0, q), query: raw.slice(q + 1) };
}

/** Whether a raw path has a `.` or `..` segment, written out or percent-encoded (a backslash is a slash to the URL parser). */
function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** What the gate answers for a request with this method and target, or null to let Next have it. */
export function refusalFor(method: string, target: string): Refusal | null {
  if (!SERVED.has(method)) {
    return { ...BFF_ERRORS.method_not_allowed, code: "method_not_allowed", details: [], headers: { Allow: SERVED_METHODS.join(", ") } };
  }
  const { path, query } = split(target);
  if (path !== "/api" && !path.startsWith("/api/")) return null;
  if (hasDotSegment(path)) return { ...SERVICE_ERRORS.not_found, code: "not_found", details: [], headers: {} };
  if (query === "") return null;
  const keys = [...new Set(new URLSearchParams(query).keys())].filter((k) => PROTOTYPE_KEYS.has(k));
  if (keys.length === 0) return null;
  return { ...BFF_ERRORS.validation_error, code: "validation_error", details: keys.map((k) => ({ path: k, message: "Unknown field." })), headers: {} };
}

/** Answers a refused request and logs its one line; Next never sees it. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal): void {
  const requestId = crypto.randomUUID();
  // Whatever body it carries is read and dropped, so the connection can serve the next request.
  req.resume();
  const body = JSON.stringify({ data: null, meta: {}, error: { code: refusal.code, message: refusal.message, details: refusal.details } });
  res.writeHead(refusal.status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Request-Id": requestId,
    ...refusal.headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  // The route as route() logs it: the path, never the query (it can hold a client's name).
  const route = split(req.url ?? "/").path.slice(0, 200);
  log.info({ requestId, userId: null, route, method: req.method, status: refusal.status, durationMs: 0, errorCode: refusal.code }, "request");
}

const GATED = Symbol.for("agency-desk.request-gate");
/** The events that hand the application a new request (the last two only with `Expect:`). */
const REQUEST_EVENTS = new Set<string | symbol>(["request", "checkContinue", "checkExpectation"]);
type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;

/** Wraps `emit` of the HTTP and HTTPS servers' prototypes (once each) so that refused requests never reach Next. */
export function installRequestGate(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as Array<{ emit: Emit; [GATED]?: true }>) {
    if (Object.hasOwn(proto, GATED)) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      if (REQUEST_EVENTS.has(event)) {
        const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
        const refusal = refusalFor(req.method ?? "", req.url ?? "/");
        if (refusal) {
          refuse(req, res, refusal);
          return true;
        }
      }
      return emit.call(this, event, ...args);
    };
    proto[GATED] = true;
  }
}
