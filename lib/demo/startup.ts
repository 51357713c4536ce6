import { getDb } from "@/lib/db";
import type { Env } from "@/lib/env";
import { TdsConnectionError, TdsTimeoutError } from "@/lib/tds/contract";
import { createTdsClient } from "@/lib/tds/client";
import { seedDemoLedger, type DemoSeedResult } from "./seed";

// Called from lib/startup.ts after the demo users exist. The service is the sandbox mounted in
// this very server, which is not listening yet while start-up runs: the first call waits for it
// (and, in `next dev`, for the mount to compile), then the demo ledger is written once.

const WAIT_MS = 120_000;

/** Whether the desk talks to the sandbox it mounts itself (demo data never touches a real service). */
export function usesOwnSandbox(env: Env): boolean {
  return env.sandboxEnabled && env.TDS_BASE_URL.replace(/\/+$/, "") === `${env.APP_ORIGIN}/sandbox`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export async function makeDemoData(env: Env): Promise<DemoSeedResult> {
  if (!usesOwnSandbox(env)) return { done: false, reason: "TDS_BASE_URL is not this server's own sandbox" };
  const tds = createTdsClient({ baseUrl: env.TDS_BASE_URL, apiKey: env.TDS_API_KEY, timeoutMs: 30_000, maxRetries: 0 });
  const db = await getDb();
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await seedDemoLedger(db, tds);
    } catch (err) {
      const notUpYet = err instanceof TdsConnectionError || err instanceof TdsTimeoutError;
      if (!notUpYet || Date.now() > until) throw err;
      await sleep(1_000);
    }
  }
}

export function describe(result: DemoSeedResult): string {
  if (!result.done) return `[demo] no demo bookings recorded: ${result.reason}.`;
  const who = Object.entries(result.byUser).map(([name, n]) => `${n} by ${name}`).join(", ");
  return `[demo] ${result.attributed} demo bookings of the last four weeks recorded (${who}); SEED_DEMO_DATA=0 skips this.`;
}
