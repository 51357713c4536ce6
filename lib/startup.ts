import { parseAuthConfig } from "./auth/config";
import { EnvError, getEnv, redactUrl, type Env } from "./env";

// What the server does once at start (instrumentation.ts): refuse a bad environment
// with a sentence per problem, and in development print how to use the desk.

/**
 * One section of the development banner. Later features add theirs here (the sign-in
 * issue adds the demo logins), so `npm run dev` keeps telling a newcomer everything.
 */
export type BannerSection = { title: string; lines: (env: Env) => string[] | Promise<string[]> };

export const bannerSections: BannerSection[] = [
  {
    title: "Open",
    lines: (env) => [`${env.APP_ORIGIN}  (set APP_ORIGIN if you serve on another host or port)`],
  },
  {
    title: "Travel Distribution Service",
    lines: (env) => [
      `base URL  ${env.TDS_BASE_URL}`,
      env.tdsApiKeySource === "env"
        ? "API key   TDS_API_KEY from the environment"
        : "API key   the sandbox's documented development key (docs/sandbox.md); set TDS_API_KEY to use another",
    ],
  },
  {
    title: "Sandbox",
    lines: (env) =>
      env.sandboxEnabled
        ? [`mounted at ${env.APP_ORIGIN}/sandbox, data in ${process.env.SANDBOX_DATA_DIR || ".data/sandbox"}`]
        : ["off (SANDBOX=off)"],
  },
  {
    title: "Database",
    lines: (env) => [
      env.DATABASE_URL ? `PostgreSQL ${redactUrl(env.DATABASE_URL)}` : `embedded PGlite in ${env.PGLITE_DIR}`,
    ],
  },
  {
    title: "Mail",
    lines: (env) =>
      env.mailTransport === "smtp" && env.SMTP_URL
        ? [`sent through ${redactUrl(env.SMTP_URL)} from ${env.MAIL_FROM}`]
        : [`kept in the desk's outbox, not sent: ${env.APP_ORIGIN}/admin/outbox (set SMTP_URL to send; docs/mail.md)`],
  },
  {
    title: "Follow-ups",
    lines: (env) =>
      env.jobsEnabled
        ? [`pending bookings are checked by the desk's jobs (pg-boss in the database above); JOBS=off turns them off (docs/follow-ups.md)`]
        : ["off (JOBS=off): pending bookings are checked only when someone opens them"],
  },
  {
    title: "Agency",
    lines: (env) => [`currency ${env.AGENCY_CURRENCY}, market ${env.AGENCY_MARKET}`],
  },
  {
    title: "Demo logins",
    lines: async () => (await import("./auth/startup")).demoLoginLines(),
  },
];

export async function renderBanner(env: Env, sections: BannerSection[] = bannerSections): Promise<string> {
  const out = ["", "  Agency Desk is running (development)", ""];
  for (const section of sections) {
    const lines = await section.lines(env);
    if (lines.length === 0) continue;
    out.push(`  ${section.title}`);
    for (const line of lines) out.push(`    ${line}`);
  }
  out.push("");
  return out.join("\n");
}

/** Validates the environment; on a bad value prints why and stops the process. */
export async function startServer(): Promise<void> {
  let env: Env;
  let seedDemoUsers: boolean;
  try {
    env = getEnv();
    ({ seedDemoUsers } = parseAuthConfig());
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`\n${err.message}\n\nSee README.md#configuration.\n`);
      process.exit(1);
    }
    throw err;
  }
  if (!env.isProduction) console.log(await renderBanner(env));
  else if (env.mailTransport === "outbox") {
    console.warn("[mail] SMTP_URL is not set: the desk's mail is kept in its outbox (/admin/outbox), not sent to anyone (docs/mail.md).");
  }

  // The e2e server runs a production build with SEED_DEMO_USERS=1; it must have its
  // users before it answers, so this is awaited (a failure is reported, not fatal).
  if (seedDemoUsers) {
    if (env.isProduction) console.warn("[auth] SEED_DEMO_USERS is on: the documented demo logins can sign in.");
    const { ensureDemoUsers } = await import("./auth/startup");
    const ready = await ensureDemoUsers().then(
      () => true,
      (err: unknown) => {
        console.error(`[auth] could not create the demo users: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      },
    );
    // A first run in development gets a few weeks of bookings by the demo users; in the
    // background, as the service it asks is this server's own sandbox, not up until start-up ends.
    const { demoDataEnabled } = await import("./demo/config");
    if (ready && demoDataEnabled()) {
      const { describe, makeDemoData } = await import("./demo/startup");
      void makeDemoData(env).then(
        (result) => console.log(describe(result)),
        (err: unknown) => console.error(`[demo] could not record the demo bookings: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
  }

  // Open (and migrate) the database now rather than on the first request: a fresh
  // PGlite directory takes seconds to initialise. Failures are reported, not fatal;
  // the health check and the pages show them, and the next use retries.
  const { getDbHandle } = await import("./db");
  void getDbHandle().catch((err: unknown) => {
    console.error(`[db] could not open the database: ${err instanceof Error ? err.message : String(err)}`);
  });

  // The desk's jobs (docs/follow-ups.md): one engine per process, in the background; not while
  // `next build` loads this file, nor in tests, nor with JOBS=off.
  const { jobsStartDecision, startJobsInBackground } = await import("./jobs/start");
  if (jobsStartDecision(env).start) startJobsInBackground();
}
