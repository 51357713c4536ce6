import { minorDigits } from "./money";
import { countries } from "countries-list";
import { z } from "zod";
import { parseTrustedProxies } from "./auth/client-address";

// The app's server environment, validated once at start-up (instrumentation.ts) and
// read through `env` everywhere else. No `server-only` here so that vitest can import
// it; app code imports `@/lib/server-env`, which adds that guard.

/** The sandbox's documented development key (docs/sandbox.md); worthless outside the sandbox. */
export const DEV_TDS_API_KEY = "tdsk_DemoAgencyDevelopmentKey0000000000000000000";
/** Development-only session secret: documented in README.md, refused in production. */
export const DEV_SESSION_SECRET = "agency-desk-development-session-secret-do-not-use-in-production";
export const DEFAULT_APP_ORIGIN = "http://localhost:3000";

/** http://localhost:<PORT> when PORT is a port number, else the default (port 3000, as Next.js uses). */
export function defaultOrigin(port: string | undefined): string {
  const n = Number(port?.trim());
  return Number.isInteger(n) && n > 0 && n < 65536 ? `http://localhost:${n}` : DEFAULT_APP_ORIGIN;
}

const currencies = new Set(Intl.supportedValuesOf("currency"));
const isRegion = (code: string) => /^[A-Z]{2}$/.test(code) && Object.hasOwn(countries, code);

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const upper = (v: string) => v.trim().toUpperCase();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], {
    error: "NODE_ENV must be one of development, production or test.",
  }),
  APP_ORIGIN: z
    .string()
    .refine((v) => isUrl(v, ["http:", "https:"]), "APP_ORIGIN must be an http(s) URL such as http://localhost:3000.")
    .transform((v) => new URL(v).origin),
  TDS_BASE_URL: z
    .string()
    .refine((v) => isUrl(v, ["http:", "https:"]), "TDS_BASE_URL must be an http(s) URL such as https://tds.example.com.")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  TDS_API_KEY: z.string().trim().min(1, "TDS_API_KEY cannot be empty.").optional(),
  TDS_RATE_LIMIT_SCALE: z
    .string()
    .refine(
      (v) => /^\s*\d{1,4}\s*$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000,
      "TDS_RATE_LIMIT_SCALE must be a whole number from 1 to 1000: how many times the specification's limits the service allows the agency (1 unless it raised them).",
    )
    .transform(Number)
    .optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters.").optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => isUrl(v, ["postgres:", "postgresql:"]),
      "DATABASE_URL must be a postgres:// URL (leave it unset to use the embedded PGlite database).",
    )
    .optional(),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  REDIS_URL: z
    .string()
    .refine((v) => isUrl(v, ["redis:", "rediss:"]), "REDIS_URL must be a redis:// or rediss:// URL.")
    .optional(),
  TRUSTED_PROXIES: z
    .string()
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, "REDIS_KEY_PREFIX must be 1 to 40 letters, digits, dots, dashes or underscores.")
    .default("agency-desk"),
  AGENCY_CURRENCY: z
    .string()
    .transform(upper)
    .refine(
      (v) => /^[A-Z]{3}$/.test(v) && currencies.has(v),
      "AGENCY_CURRENCY must be an ISO 4217 currency code such as USD or EUR.",
    )
    .default("USD"),
  AGENCY_MARKET: z
    .string()
    .transform(upper)
    .refine(isRegion, "AGENCY_MARKET must be an ISO 3166-1 alpha-2 country code such as US or GB.")
    .default("US"),
  AGENCY_CREDIT_LIMIT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "AGENCY_CREDIT_LIMIT must be an amount in the agency's currency, such as 50000 or 50000.00.")
    .optional(),
  SMTP_URL: z
    .string()
    .refine(
      (v) => isUrl(v, ["smtp:", "smtps:"]) && new URL(v).hostname !== "",
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465 (leave it unset to keep the desk's mail in its outbox).",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .pipe(z.email("MAIL_FROM must be one email address such as bookings@youragency.com (the name shown beside it is the agency's, from its profile)."))
    .optional(),
  SANDBOX: z.enum(["on", "off"], { error: "SANDBOX must be on or off." }).optional(),
  JOBS: z.enum(["on", "off"], { error: "JOBS must be on or off (the desk's follow-up jobs, docs/follow-ups.md)." }).optional(),
  BENCH_PASSTHROUGH: z.enum(["0", "1"], { error: "BENCH_PASSTHROUGH must be 1 or 0." }).optional(),
  JOBS_OFF: z
    .string()
    .trim()
    .regex(/^([a-z0-9-]+)?(\s*,\s*[a-z0-9-]+)*$/, "JOBS_OFF must be job names separated by commas, such as holds-scan,free-cancellation-scan (docs/follow-ups.md).")
    .optional(),
});

export type Env = {
  NODE_ENV: "development" | "production" | "test";
  isProduction: boolean;
  APP_ORIGIN: string;
  TDS_BASE_URL: string;
  TDS_API_KEY: string;
  /**
   * The agency's per-key limits at the service as a multiple of the specification's table
   * (TDS_RATE_LIMIT_SCALE): 1 unless the service raised them for the agency. The desk shapes to it.
   */
  tdsRateLimitScale: number;
  /** Where TDS_API_KEY came from, for the dev banner (never the key itself). */
  tdsApiKeySource: "env" | "sandbox-default";
  SESSION_SECRET: string;
  DATABASE_URL: string | undefined;
  PGLITE_DIR: string;
  REDIS_URL: string | undefined;
  /** Namespaces every Redis key: instances of one deployment share it, other deployments use their own. */
  REDIS_KEY_PREFIX: string;
  AGENCY_CURRENCY: string;
  AGENCY_MARKET: string;
  /**
   * The agency's credit limit with the service, in minor units of AGENCY_CURRENCY, when set: the
   * service has no wallet endpoint, so the overview compares credit used with this (null: not set).
   */
  agencyCreditLimitMinor: number | null;
  /** The SMTP server the desk's own mail goes through (docs/mail.md); unset: mail is kept in the outbox (/admin/outbox). */
  SMTP_URL: string | undefined;
  /** The address the desk's mail is sent from: MAIL_FROM, or no-reply@ the host of APP_ORIGIN. */
  MAIL_FROM: string;
  /** Whether the desk's mail is really sent (SMTP_URL set) or kept in its outbox. */
  mailTransport: "smtp" | "outbox";
  /** Whether /sandbox serves the simulator: on by default outside production. */
  sandboxEnabled: boolean;
  /** BENCH_PASSTHROUGH=1: mounts the bare pass-through of bench/bff-floor.ts (docs/bff.md); off by default. */
  benchPassthrough: boolean;
  /** Whether this server runs the desk's jobs (JOBS, docs/follow-ups.md): on by default, never under NODE_ENV=test. */
  jobsEnabled: boolean;
  /** Jobs this server neither runs nor schedules (JOBS_OFF, comma-separated names, docs/follow-ups.md). */
  jobsOff: string[];
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Agency Desk cannot start: the environment is invalid.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

/** Parses an environment (process.env by default). Throws EnvError naming every bad value. */
export function parseEnv(source: Source = process.env): Env {
  // An empty value (`FOO=` in a .env file) means "unset", so its default applies.
  const raw: Source = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") raw[key] = value;
  }
  raw.NODE_ENV ??= "development";
  // Without APP_ORIGIN, the origin of the port the server listens on (PORT, as `next start` reads it).
  raw.APP_ORIGIN ??= defaultOrigin(source.PORT);

  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => i.message));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";

  const problems: string[] = [];
  if (isProduction && !e.TDS_API_KEY) {
    problems.push("TDS_API_KEY is required in production (the agency's key for the Travel Distribution Service).");
  }
  if (isProduction && !e.SESSION_SECRET) {
    problems.push("SESSION_SECRET is required in production (at least 32 random characters).");
  }
  if (isProduction && e.SESSION_SECRET === DEV_SESSION_SECRET) {
    problems.push("SESSION_SECRET must not be the documented development default in production.");
  }
  if (problems.length > 0) throw new EnvError(problems);

  return {
    NODE_ENV: e.NODE_ENV,
    isProduction,
    APP_ORIGIN: e.APP_ORIGIN,
    TDS_BASE_URL: e.TDS_BASE_URL ?? `${e.APP_ORIGIN}/sandbox`,
    TDS_API_KEY: e.TDS_API_KEY ?? DEV_TDS_API_KEY,
    tdsRateLimitScale: e.TDS_RATE_LIMIT_SCALE ?? 1,
    tdsApiKeySource: e.TDS_API_KEY ? "env" : "sandbox-default",
    SESSION_SECRET: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    DATABASE_URL: e.DATABASE_URL,
    PGLITE_DIR: e.PGLITE_DIR,
    REDIS_URL: e.REDIS_URL,
    REDIS_KEY_PREFIX: e.REDIS_KEY_PREFIX,
    AGENCY_CURRENCY: e.AGENCY_CURRENCY,
    AGENCY_MARKET: e.AGENCY_MARKET,
    agencyCreditLimitMinor: e.AGENCY_CREDIT_LIMIT ? Math.round(Number(e.AGENCY_CREDIT_LIMIT) * 10 ** minorDigits(e.AGENCY_CURRENCY)) : null,
    SMTP_URL: e.SMTP_URL,
    MAIL_FROM: e.MAIL_FROM ?? defaultMailFrom(e.APP_ORIGIN),
    mailTransport: e.SMTP_URL ? "smtp" : "outbox",
    sandboxEnabled: e.SANDBOX ? e.SANDBOX === "on" : !isProduction,
    benchPassthrough: e.BENCH_PASSTHROUGH === "1",
    jobsEnabled: e.NODE_ENV !== "test" && e.JOBS !== "off",
    jobsOff: (e.JOBS_OFF ?? "").split(",").map((n) => n.trim()).filter(Boolean),
  };
}

/** no-reply@ the host the desk is served from (no-reply@localhost in development). */
export function defaultMailFrom(appOrigin: string): string {
  return `no-reply@${new URL(appOrigin).hostname}`;
}

let cached: Env | undefined;

/** The process's environment, parsed on first use and then kept. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Lazy view of getEnv(): reading `env.X` parses the environment on first access. */
export const env: Env = new Proxy({} as Env, {
  get: (_target, key) => getEnv()[key as keyof Env],
  has: (_target, key) => key in getEnv(),
  ownKeys: () => Reflect.ownKeys(getEnv()),
  getOwnPropertyDescriptor: (_target, key) => ({
    value: getEnv()[key as keyof Env],
    enumerable: true,
    configurable: true,
  }),
});

/** A database URL or connection string with its password removed, for display. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    url.password = "";
    return url.toString().replace(/\/$/, "");
  } catch {
    return "(unparseable URL)";
  }
}
