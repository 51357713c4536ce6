import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { errorEnvelope } from "./envelope";

/**
 * Fault injection (docs/sandbox.md#faults): the control plane arms a fault for the next N
 * requests of a route, and the sandbox answers them as a failing service or network would.
 * Reachable only through `/_sandbox` with the admin token, so never from product code.
 *
 * A fault strikes either before the request is handled (the service never saw it) or after
 * (it was handled, the answer is lost or late): the second is what makes a retried booking
 * a duplicate unless the idempotency key holds.
 */
export const FAULT_KINDS = ["unavailable", "internal_error", "slow", "rate_limited", "malformed", "drop"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Where each kind strikes unless told: errors before handling, broken answers after. */
const DEFAULT_PHASE: Record<FaultKind, "before" | "after"> = {
  unavailable: "before",
  internal_error: "before",
  rate_limited: "before",
  slow: "after",
  malformed: "after",
  drop: "after",
};

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "*";

export const faultSchema = z.strictObject({
  /** `POST /bookings`, `GET /search/*\/results` (`*` is one path segment), or `*` for every route. */
  route: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\*|(GET|POST|PATCH|PUT|DELETE|\*) \/[A-Za-z0-9_\-./*]*)$/, 'A route is "METHOD /path" with * for one segment, or "*".'),
  kind: z.enum(FAULT_KINDS),
  /** Strikes only requests whose path, query or body contains this text (an ID, a unique name). */
  contains: z.string().min(1).max(200).optional(),
  /** How many matching requests it strikes, then it is spent. */
  count: z.number().int().min(1).max(1000).default(1),
  phase: z.enum(["before", "after"]).optional(),
  /** `slow`: how long the answer is held back. */
  delayMs: z.number().int().min(0).max(120_000).default(15_000),
  /** `rate_limited`: the `Retry-After` header, seconds. */
  retryAfterSeconds: z.number().int().min(0).max(3600).default(2),
});
export type FaultInput = z.input<typeof faultSchema>;

export type Fault = {
  id: string;
  method: Method;
  /** Path segments after `/api/v1`; `*` matches any one. */
  segments: string[] | null;
  route: string;
  contains: string | null;
  kind: FaultKind;
  phase: "before" | "after";
  remaining: number;
  struck: number;
  delayMs: number;
  retryAfterSeconds: number;
};

const splitPath = (path: string) => path.split("/").filter(Boolean);

export class Faults {
  #faults: Fault[] = [];
  #next = 1;

  arm(input: z.output<typeof faultSchema>): Fault {
    const [method, path] = input.route === "*" ? ["*", null] : input.route.split(" ");
    const fault: Fault = {
      id: `flt_${this.#next++}`,
      method: method as Fault["method"],
      segments: path === null || path === undefined ? null : splitPath(path),
      route: input.route,
      contains: input.contains ?? null,
      kind: input.kind,
      phase: input.phase ?? DEFAULT_PHASE[input.kind],
      remaining: input.count,
      struck: 0,
      delayMs: input.delayMs,
      retryAfterSeconds: input.retryAfterSeconds,
    };
    this.#faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }

  /** Disarms one fault; false when it was spent or never armed. */
  disarm(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  #routeMatches(f: Fault, method: string, segments: string[]): boolean {
    return (
      f.remaining > 0 &&
      (f.method === "*" || f.method === method) &&
      (f.segments === null || (f.segments.length === segments.length && f.segments.every((s, i) => s === "*" || s === segments[i])))
    );
  }

  /** Whether a fault armed for this route needs the request's text (`contains`) to decide. */
  needsText(method: string, path: string): boolean {
    const segments = splitPath(path);
    return this.#faults.some((f) => f.contains !== null && this.#routeMatches(f, method, segments));
  }

  /** The first armed fault matching the request, counted as struck; null when none. `text`: the request's URL and body. */
  take(method: string, path: string, text = path): Fault | null {
    const segments = splitPath(path);
    const fault = this.#faults.find(
      (f) => this.#routeMatches(f, method, segments) && (f.contains === null || text.includes(f.contains)),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    fault.struck += 1;
    if (fault.remaining === 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return { ...fault };
  }
}

const json = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(errorEnvelope(code, message)), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/** A body that fails as it is read: the connection is dropped mid-answer. */
function dropped(status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.error(new Error("sandbox fault: connection dropped"));
    },
  });
  return new Response(body, { status, headers: { "content-type": "application/json" } });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

function failure(fault: Fault, handled: Response | null): Response {
  switch (fault.kind) {
    case "unavailable":
      return json(503, "supplier_unavailable", "The service is unavailable (injected fault).", { "Retry-After": "1" });
    case "internal_error":
      return json(500, "internal_error", "The service failed to handle this request (injected fault).");
    case "rate_limited":
      return json(429, "rate_limited", "Too many requests (injected fault).", { "Retry-After": String(fault.retryAfterSeconds) });
    case "malformed":
      return new Response('{"data": {"id": "trunc', {
        status: handled?.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    case "drop":
      return dropped(handled?.status ?? 200);
    case "slow":
      throw new Error("slow is not a failure");
  }
}

/** Middleware for `/api/v1`: strikes the request with the fault armed for it, if any. */
export function injectFaults(faults: Faults, apiRoot = "/api/v1"): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname.startsWith(apiRoot) ? url.pathname.slice(apiRoot.length) : url.pathname;
    let text = path;
    if (faults.needsText(c.req.method, path)) {
      // A clone, so the handler still reads the body.
      const body = c.req.method === "GET" || c.req.method === "HEAD" ? "" : await c.req.raw.clone().text();
      text = `${url.pathname}${url.search}\n${body}`;
    }
    const fault = faults.take(c.req.method, path, text);
    if (!fault) return next();
    c.header("X-Sandbox-Fault", `${fault.kind}; id=${fault.id}`);
    if (fault.phase === "before") {
      if (fault.kind === "slow") {
        await sleep(fault.delayMs, c.req.raw.signal);
        return next();
      }
      return failure(fault, null);
    }
    await next();
    if (fault.kind === "slow") {
      await sleep(fault.delayMs, c.req.raw.signal);
      return;
    }
    const broken = failure(fault, c.res);
    // Cleared first, so that none of the handled answer's headers (length, replay) carry over.
    c.res = undefined;
    c.res = broken;
  };
}
