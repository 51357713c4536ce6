import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { SandboxError } from "./errors";

// The control plane's door (docs/sandbox.md#control-plane). Its token (X-Sandbox-Admin) is
// compared in constant time, and wrong tokens are throttled per client address as the desk's
// sign-in throttles wrong passwords per account: 5 in 15 minutes, counted in one atomic step
// (so a burst sent at once gets no more 401s than that), then 429 with Retry-After, for the
// right token as well, so that a guess that came right does not show. The sandbox imports
// nothing from the rest of lib/ (ARCHITECTURE.md), so the limits are repeated here rather than
// shared with lib/auth/throttle.ts. The count is in real time, not on the virtual clock, and a
// reset of the sandbox keeps it.

export const ADMIN_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;

/**
 * Whether `given` is the token, in a time that does not depend on where they differ: both are
 * hashed to 32 bytes first, so timingSafeEqual (which throws on different lengths) compares
 * equal lengths and the token's length does not show either.
 */
export function sameToken(given: string | undefined | null, token: string): boolean {
  if (typeof given !== "string") return false;
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The client's address: the one the mount was given (TRUSTED_PROXIES applied), or the standalone server's socket. */
type Bindings = { clientAddress?: string; incoming?: { socket?: { remoteAddress?: string } } } | undefined;
const addressOf = (env: unknown) => {
  const e = env as Bindings;
  return e?.clientAddress ?? e?.incoming?.socket?.remoteAddress ?? "unknown";
};

export function adminGuard(token: () => string): MiddlewareHandler {
  const failures = new RateLimiterMemory({ keyPrefix: "sandbox-admin", points: ADMIN_FAILURES, duration: WINDOW_SECONDS });
  const tooMany = (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new SandboxError(
      429,
      "rate_limited",
      `Too many wrong control plane tokens from this address. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      { headers: { "Retry-After": String(seconds) } },
    );
  };

  return async (c, next) => {
    const address = addressOf(c.env);
    if (sameToken(c.req.header("X-Sandbox-Admin"), token())) {
      const seen = await failures.get(address);
      if (seen && seen.consumedPoints >= ADMIN_FAILURES) throw tooMany(seen.msBeforeNext);
      return next();
    }
    try {
      await failures.consume(address);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
      throw err;
    }
    throw new SandboxError(401, "unauthorized", "The control plane needs the X-Sandbox-Admin header.");
  };
}
