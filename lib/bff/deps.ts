import type { SessionUser } from "@/lib/auth/session-core";
import type { Db } from "@/lib/db";
import type { TdsClient } from "@/lib/tds/client";
import type { Cache } from "./cache";
import type { RateShaper } from "./rate-shaping";

// What every handler needs from outside the request, resolved once per process. Tests replace
// any of it with setBffDeps() (a session user, a client routed to the in-process sandbox, an
// in-memory database) so they depend neither on lib/auth nor on a running service.

export type { SessionUser };

export type AgencySettings = {
  currency: string;
  market: string;
  /** The app's public origin: mutations must come from it (or from the request's own Host). */
  appOrigin: string;
  /** Secrets that must never appear in a response (the service key, the sandbox's dev key). */
  secrets: string[];
  /** AGENCY_CREDIT_LIMIT in minor units, when set (the overview's credit meter). */
  creditLimitMinor?: number | null;
};

export type BffDeps = {
  getUser: () => Promise<SessionUser | null>;
  tds: () => TdsClient;
  db: () => Promise<Db>;
  cache: () => Cache;
  shaper: () => RateShaper;
  agency: () => AgencySettings;
};

let overrides: Partial<BffDeps> = {};
let defaults: Promise<BffDeps> | undefined;

/** Replaces some dependencies (tests, benchmarks); `setBffDeps({})` goes back to the defaults. */
export function setBffDeps(deps: Partial<BffDeps>): void {
  overrides = deps;
}

export async function getBffDeps(): Promise<BffDeps> {
  if (Object.keys(overrides).length === 6) return overrides as BffDeps;
  // Imported lazily: the defaults read the environment and open Redis, the database and the
  // session, none of which a test that injects its own should touch.
  // runtime.ts does not import this file back; the annotation checks it still builds a BffDeps.
  defaults ??= import("./runtime").then((m): BffDeps => m.defaultDeps());
  return { ...(await defaults), ...overrides };
}
