// GET /api/health – is this instance ready to serve: does its database answer, and does the service? (200 or 503 with what failed)
import { sql } from "drizzle-orm";
import { BffError, fromTdsError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { TdsError } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

type Check = { ok: true; latencyMs: number } | { ok: false; latencyMs: number; code: string; message: string };

async function timed(run: () => Promise<unknown>, fail: (err: unknown) => { code: string; message: string }): Promise<Check> {
  const started = performance.now();
  try {
    await run();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), ...fail(err) };
  }
}

// Public, for load balancers: says which dependency failed, never where it lives or why in detail.
export const GET = route({ auth: "public", query: noQuery }, async ({ deps, tds }) => {
  const [database, service] = await Promise.all([
    timed(
      async () => (await deps.db()).execute(sql`select 1`),
      () => ({ code: "database_unavailable", message: "The database is not answering." }),
    ),
    timed(
      () => tds.capabilities(deps.agency().market, { maxRetries: 0, timeoutMs: 5_000 }),
      (err) => {
        const e = err instanceof TdsError ? fromTdsError(err) : null;
        return { code: e?.code ?? "internal_error", message: e?.message ?? "The service check failed." };
      },
    ),
  ]);
  const checks = { database, service };
  if (database.ok && service.ok) return ok({ status: "ok", checks });
  const failed = Object.entries(checks).flatMap(([path, c]) => (c.ok ? [] : [{ path, message: `${c.message} (${c.code})` }]));
  throw new BffError({
    status: 503,
    code: "unavailable",
    message: `Not ready: ${failed.map((f) => f.path).join(" and ")} failed.`,
    details: failed,
    headers: { "Retry-After": "5" },
  });
});
