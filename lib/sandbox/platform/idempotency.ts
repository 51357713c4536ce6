import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { SandboxEnv, SandboxServices } from "./context";
import { SandboxError } from "./errors";

type StoredResponse = { status: number; body: string; contentType: string };

/** A finished request's answer, journaled so replays survive restarts. */
export type IdempotencyRecord = {
  /** `<api key id>:<Idempotency-Key>`: keys are scoped to the API key. */
  id: string;
  fingerprint: string;
  response: StoredResponse;
  createdAt: number;
  expiresAt: number;
};

const KEEP_MS = 24 * 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * For endpoints marked idempotent. The first request with a key runs and its answer is stored
 * for 24 hours; the same key with the same request replays it (`Idempotent-Replayed: true`);
 * a key still running, or reused for another request, is 409 `idempotency_in_progress`.
 * Validation failures, 429s and 5xx are not stored, so a corrected retry can use the same key.
 */
export function idempotent(services: SandboxServices): MiddlewareHandler<SandboxEnv> {
  const records = services.store.collection<IdempotencyRecord>("idempotency");
  // Requests still running live in memory only: a crash mid-request must not block the key.
  const running = new Map<string, string>();
  return async (c, next) => {
    const header = c.req.header("Idempotency-Key")?.trim();
    if (!header) {
      throw new SandboxError(400, "idempotency_key_required", "This call needs an Idempotency-Key header holding a fresh UUID.");
    }
    if (!UUID.test(header)) {
      throw new SandboxError(400, "validation_error", "The Idempotency-Key header must be a UUID.", {
        details: [{ path: "Idempotency-Key", message: "Expected a UUID." }],
      });
    }
    const now = services.clock.now();
    const id = `${c.var.auth.key.id}:${header}`;
    const body = await c.req.raw.clone().text();
    const fingerprint = createHash("sha256")
      .update(`${c.req.method} ${new URL(c.req.url).pathname}\n${canonicalBody(body)}`)
      .digest("hex");

    const inFlight = running.get(id);
    if (inFlight !== undefined) {
      throw new SandboxError(
        409,
        "idempotency_in_progress",
        inFlight === fingerprint
          ? "A request with this Idempotency-Key is still running; retry shortly."
          : "This Idempotency-Key is in use by a different request; use a fresh key.",
      );
    }
    const existing = records.get(id);
    if (existing && existing.expiresAt > now) {
      if (existing.fingerprint !== fingerprint) {
        throw new SandboxError(409, "idempotency_in_progress", "This Idempotency-Key was already used for a different request; use a fresh key.");
      }
      const r = existing.response;
      return new Response(r.body, { status: r.status, headers: { "Content-Type": r.contentType, "Idempotent-Replayed": "true" } });
    }

    // Claimed synchronously before any await: concurrent duplicates see it running.
    running.set(id, fingerprint);
    try {
      await next();
      const res = c.res;
      const text = await res.clone().text();
      if (storable(res.status, text)) {
        records.put({
          id,
          fingerprint,
          response: { status: res.status, body: text, contentType: res.headers.get("content-type") ?? "application/json" },
          createdAt: now,
          expiresAt: now + KEEP_MS,
        });
      }
    } finally {
      running.delete(id);
    }
  };
}

/** Sandbox errors thrown inside the handler are rendered by app.onError after this middleware; store those too. */
export function storable(status: number, body: string): boolean {
  if (status === 429 || status >= 500) return false;
  if (status === 400 && body.includes('"code":"validation_error"')) return false;
  return true;
}

function canonicalBody(text: string): string {
  if (!text.trim()) return "";
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** Drops records past their 24 hours; called from time to time by the bookings module. */
export function purgeExpiredIdempotency(services: SandboxServices): void {
  const records = services.store.collection<IdempotencyRecord>("idempotency");
  const now = services.clock.now();
  for (const r of records.all()) if (r.expiresAt <= now) records.delete(r.id);
}
