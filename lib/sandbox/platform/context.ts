import type { MiddlewareHandler } from "hono";
import type { SandboxConfig } from "../config";
import type { Agencies, Agency, ApiKeyRecord } from "./agencies";
import type { Faults } from "./faults";
import type { VirtualClock } from "./clock";
import { SandboxError } from "./errors";
import { DEFAULT_RATE_LIMIT, RATE_LIMITS, type RateLimits } from "./rate-limit";
import type { Store } from "./store";

export type AuthContext = { agency: Agency; key: ApiKeyRecord };
export type SandboxEnv = { Variables: { auth: AuthContext } };

/** What every route module of the sandbox is given. */
export type SandboxServices = {
  config: SandboxConfig;
  clock: VirtualClock;
  store: Store;
  agencies: Agencies;
  rateLimits: RateLimits;
  /** Faults armed through the control plane (faults.ts). */
  faults: Faults;
  /** Hooks run by the control plane's reset, after the store is cleared. */
  onReset: Array<() => void>;
};

export type RateBucket = keyof typeof RATE_LIMITS | `other.${string}`;

/** Counts the call against the key's per-minute budget for `bucket` (the table's, times the agency's scale). */
export function limit(services: SandboxServices, bucket: RateBucket): MiddlewareHandler<SandboxEnv> {
  const perMinute = bucket in RATE_LIMITS ? RATE_LIMITS[bucket as keyof typeof RATE_LIMITS] : DEFAULT_RATE_LIMIT;
  return async (c, next) => {
    const { agency, key } = c.var.auth;
    await services.rateLimits.consume(key.id, bucket, perMinute * (agency.rateLimitScale ?? 1));
    await next();
  };
}

/** Search and booking refuse keys made before keys recorded their creator. */
export const requireKeyOwner: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  if (!c.var.auth.key.createdBy) {
    throw new SandboxError(
      403,
      "api_key_owner_missing",
      "This API key was created before keys recorded their creator; an agency admin must create a replacement key.",
    );
  }
  await next();
};

/** 403 `forbidden` unless the resource belongs to the calling key's agency. */
export function assertSameAgency(auth: AuthContext, agencyId: string, what = "resource"): void {
  if (auth.agency.id !== agencyId) {
    throw new SandboxError(403, "forbidden", `This ${what} belongs to another agency.`);
  }
}
