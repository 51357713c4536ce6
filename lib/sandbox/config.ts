import { z } from "zod";

/** The documented development defaults (docs/sandbox.md). Never valid outside the sandbox. */
export const DEV_API_KEY = "tdsk_DemoAgencyDevelopmentKey0000000000000000000";
export const DEV_ADMIN_TOKEN = "sandbox-admin-dev";
export const KEY_PREFIX = "tdsk_";

const schema = z.object({
  SANDBOX_DATA_DIR: z.string().min(1).default(".data/sandbox"),
  SANDBOX_ADMIN_TOKEN: z.string().min(8, "SANDBOX_ADMIN_TOKEN must be at least 8 characters.").optional(),
  TDS_API_KEY: z
    .string()
    .regex(/^tdsk_[A-Za-z0-9_-]{43}$/, "TDS_API_KEY for the sandbox must be 'tdsk_' followed by 43 characters.")
    .optional(),
  SANDBOX_LATENCY_SCALE: z.coerce
    .number({ error: "SANDBOX_LATENCY_SCALE must be a number (1 = realistic, 0 = instant)." })
    .min(0, "SANDBOX_LATENCY_SCALE cannot be negative.")
    .max(20, "SANDBOX_LATENCY_SCALE above 20 would make searches take minutes.")
    .default(1),
  SANDBOX_SEED: z.coerce.number().int().min(0).default(20261121),
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  SANDBOX_DEMO_BOOKINGS: z.coerce
    .number({ error: "SANDBOX_DEMO_BOOKINGS must be a whole number of bookings." })
    .int("SANDBOX_DEMO_BOOKINGS must be a whole number of bookings.")
    .min(0, "SANDBOX_DEMO_BOOKINGS cannot be negative.")
    .max(5_000, "SANDBOX_DEMO_BOOKINGS above 5000 is benchmark data: use the control plane's generate instead.")
    .default(0),
  SANDBOX_RATE_LIMIT_SCALE: z.coerce
    .number({ error: "SANDBOX_RATE_LIMIT_SCALE must be a whole number (1 = the specification's limits)." })
    .int("SANDBOX_RATE_LIMIT_SCALE must be a whole number (1 = the specification's limits).")
    .min(1, "SANDBOX_RATE_LIMIT_SCALE must be at least 1: the specification's limits are the lowest an agency has.")
    .max(1_000, "SANDBOX_RATE_LIMIT_SCALE above 1000 would be no limit at all.")
    .default(1),
  NODE_ENV: z.string().optional(),
});

export type SandboxConfig = {
  dataDir: string;
  adminToken: string;
  apiKey: string;
  latencyScale: number;
  seed: number;
  port: number;
  /** Bookings the demo agency starts with when it has none (demo data; 0 = none). */
  demoBookings: number;
  /**
   * The demo agency's per-key limits as a multiple of the specification's table: an agency whose
   * limits the service raised (the e2e server, so that no test waits on what others spent).
   */
  rateLimitScale: number;
};

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`The sandbox's environment is invalid:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.SANDBOX_ADMIN_TOKEN) {
    throw new Error("SANDBOX_ADMIN_TOKEN is required when the sandbox runs in production.");
  }
  return {
    dataDir: e.SANDBOX_DATA_DIR,
    adminToken: e.SANDBOX_ADMIN_TOKEN ?? DEV_ADMIN_TOKEN,
    apiKey: e.TDS_API_KEY ?? DEV_API_KEY,
    latencyScale: e.SANDBOX_LATENCY_SCALE,
    seed: e.SANDBOX_SEED,
    port: e.SANDBOX_PORT,
    demoBookings: e.SANDBOX_DEMO_BOOKINGS,
    rateLimitScale: e.SANDBOX_RATE_LIMIT_SCALE,
  };
}
