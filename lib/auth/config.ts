import { z } from "zod";
import { EnvError } from "../env";

// Sign-in settings read from the environment beside lib/env.ts (validated at start-up by
// lib/startup.ts): whether to create the demo accounts, and the documented demo logins.

export const DEMO_USERS = [
  { email: "admin@agency-desk.test", name: "Avery Admin", role: "admin", password: "desk-admin-demo" },
  { email: "advisor@agency-desk.test", name: "Alex Advisor", role: "advisor", password: "desk-advisor-demo" },
] as const;

const flag = z
  .enum(["1", "0", "true", "false", "on", "off"], { error: "SEED_DEMO_USERS must be 1 or 0." })
  .transform((v) => v === "1" || v === "true" || v === "on");

export type AuthConfig = {
  /** Create DEMO_USERS at start-up when the database has no users. */
  seedDemoUsers: boolean;
};

export function parseAuthConfig(source: Record<string, string | undefined> = process.env): AuthConfig {
  const raw = source.SEED_DEMO_USERS?.trim();
  const isProduction = source.NODE_ENV === "production";
  if (!raw) return { seedDemoUsers: !isProduction };
  const parsed = flag.safeParse(raw.toLowerCase());
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((i) => i.message));
  return { seedDemoUsers: parsed.data };
}
