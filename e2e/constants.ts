// Shared by playwright.config.ts (the server's environment) and the tests.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** The sandbox's documented development key; the e2e server runs the sandbox with it. */
export const E2E_TDS_API_KEY = "tdsk_DemoAgencyDevelopmentKey0000000000000000000";
export const E2E_SANDBOX_ADMIN_TOKEN = "e2e-sandbox-admin-token";
/** Where the e2e server's log goes (scripts/e2e-server.sh), relative to the repository. */
export const E2E_SERVER_LOG = "test-results/e2e-server.log";
/**
 * The agency's limits at the service, times the specification's table, on the e2e server: the
 * sandbox's demo agency has them raised (SANDBOX_RATE_LIMIT_SCALE) and the desk shapes to the
 * same (TDS_RATE_LIMIT_SCALE), as for an agency whose limits the service raised. The suite then
 * never spends a budget another test needs: whether a test passes cannot depend on the minute it
 * runs in. The tests about limits meet them through the sandbox's faults (e2e/faults.spec.ts), and
 * the real table is kept by the sandbox's and the shaper's own tests.
 */
export const E2E_RATE_LIMIT_SCALE = 50;

/**
 * The tests' own mail server (e2e/mail-sink.ts, smtp-server): the e2e server sends the desk's
 * mail through it (SMTP_URL), and the tests read what arrived from E2E_MAIL_DIR (e2e/mail.ts).
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 25);
export const E2E_MAIL_DIR = "test-results/e2e-mail";

/** The environment of the server the tests run against: production build, sandbox on, own data dirs. */
export const e2eServerEnv: Record<string, string> = {
  APP_ORIGIN: E2E_ORIGIN,
  TDS_API_KEY: E2E_TDS_API_KEY,
  SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
  SANDBOX: "on",
  SANDBOX_ADMIN_TOKEN: E2E_SANDBOX_ADMIN_TOKEN,
  SANDBOX_DATA_DIR: ".data/e2e-sandbox",
  SANDBOX_LATENCY_SCALE: "0.05",
  SANDBOX_RATE_LIMIT_SCALE: String(E2E_RATE_LIMIT_SCALE),
  TDS_RATE_LIMIT_SCALE: String(E2E_RATE_LIMIT_SCALE),
  PGLITE_DIR: ".data/e2e-pglite",
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  MAIL_FROM: "desk@agency.example",
  AGENCY_CURRENCY: "USD",
  AGENCY_MARKET: "US",
  // The demo admin and advisor (lib/auth/config.ts) exist from the start, as in development.
  SEED_DEMO_USERS: "1",
  // Sign-in throttling counts in this server's memory, fresh at every start like its data
  // dirs, even when the shell running the tests has a REDIS_URL.
  REDIS_URL: "",
  // The tests reach the server as from a proxy on this machine: each test's browser and requests
  // name an address of their own (X-Forwarded-For, e2e/fixtures.ts), so the sign-in throttle's
  // 20 failures per address are never a budget that one test spends for another.
  TRUSTED_PROXIES: "127.0.0.1, ::1",
  // The desk's jobs stay off: a journey follows its pending booking on the booking's page, and a
  // job settling it in the background between two steps would make what the page shows (its
  // history, who checked) depend on timing. lib/jobs/*.test.ts run the jobs (docs/follow-ups.md).
  JOBS: "off",
  E2E_SERVER_LOG,
};

/** Signed-in browser states written by e2e/auth.setup.ts, for `test.use({ storageState })`. */
export const STORAGE_STATE = {
  advisor: "test-results/.auth/advisor.json",
  admin: "test-results/.auth/admin.json",
} as const;

export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  narrow: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
