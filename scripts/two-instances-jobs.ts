// The jobs' part of scripts/two-instances.ts (docs/follow-ups.md#two-instances): both instances run
// the jobs (JOBS=on) on one PostgreSQL. Each instance reaches the service through a counting proxy
// of its own, so every call a job makes is known by instance, booking and
// time. Checked: every pending booking is checked by the desk and settles in the ledger; no booking
// is checked twice within 15 s, whichever instance asks; both instances take part; the advisor's
// notification of the change is written once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

export type UpstreamCall = { via: string; method: string; path: string; requestId: string; at: number };

/** A proxy in front of the service that notes each call; `via` names the instance behind it. */
export async function countingProxy(via: string, target: string, calls: UpstreamCall[]): Promise<{ url: string; close: () => Promise<void> }> {
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    calls.push({ via, method: req.method ?? "GET", path: req.url ?? "", requestId: String(req.headers["x-request-id"] ?? ""), at: Date.now() });
    const up = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * Whether a job made the call: a person's call carries its request's ID, a job's `job-<id>`
 * (lib/log.ts keeps one request context for the process, so the engine's calls carry it too). A call
 * with no ID at all is neither, and fails the run's check that every call was somebody's.
 */
export const byJob = (call: UpstreamCall) => call.requestId.startsWith("job-");

/** A job's check of one booking: refresh-status, or reading it. */
export function checkOf(call: UpstreamCall): string | null {
  if (!byJob(call)) return null;
  const m = /\/bookings\/([^/?]+)(\/refresh-status)?(?:\?|$)/.exec(call.path);
  if (!m) return null;
  if (m[2] ? call.method !== "POST" : call.method !== "GET") return null;
  return decodeURIComponent(m[1]!);
}

type Expect = (ok: boolean, what: string) => void;

/**
 * Waits for the bookings to settle (the desk's jobs, nobody asking), then checks how the two
 * instances shared the work. `advance` moves the service's clock past the supplier's answer.
 */
export async function jobsShareTheWork(opts: { dbUrl: string; bookingIds: string[]; calls: UpstreamCall[]; advance: () => Promise<void>; expect: Expect; waitMs?: number }): Promise<void> {
  const { bookingIds, calls, expect } = opts;
  const db = new pg.Client({ connectionString: opts.dbUrl });
  await db.connect();
  try {
    // Checks while still pending (the scan finds them at its next minute, then every 15 s at this
    // age) until each booking had two, or 100 s; then the supplier's answer is due.
    const checkedTwice = Date.now() + 100_000;
    while (Date.now() < checkedTwice && !bookingIds.every((id) => calls.filter((c) => checkOf(c) === id).length >= 2)) await new Promise((r) => setTimeout(r, 1_000));
    await opts.advance();
    const until = Date.now() + (opts.waitMs ?? 120_000);
    let settled: Array<{ booking_id: string; n: number }> = [];
    while (Date.now() < until) {
      settled = (
        await db.query<{ booking_id: string; n: number }>(
          `select booking_id, count(*)::int as n from booking_actions where actor = 'desk' and booking_id = any($1) group by 1`,
          [bookingIds],
        )
      ).rows;
      if (settled.length === bookingIds.length) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    // Time for a second instance to record the same change again, were it able to.
    await new Promise((r) => setTimeout(r, 5_000));

    const kinds = new Map<string, number>();
    for (const c of calls) {
      const key = `${c.via} ${c.method} ${c.path.replace(/\?.*$/, "").replace(/\/bk_[^/]+/, "/:id").replace(/\/srch_[^/]+/, "/:id")} ${byJob(c) ? "job" : "person"}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    console.log(`  calls through the proxies: ${[...kinds].map(([k, n]) => `${k} ×${n}`).join("; ")}`);
    const checks = calls.map((c) => ({ c, booking: checkOf(c) })).filter((x): x is { c: UpstreamCall; booking: string } => x.booking !== null && bookingIds.includes(x.booking));
    const byInstance = new Map<string, number>();
    for (const c of calls.filter(byJob)) byInstance.set(c.via, (byInstance.get(c.via) ?? 0) + 1);
    let tightest = Infinity;
    for (const id of bookingIds) {
      const at = checks.filter((x) => x.booking === id).map((x) => x.c.at).sort((a, b) => a - b);
      for (let i = 1; i < at.length; i++) tightest = Math.min(tightest, at[i]! - at[i - 1]!);
    }
    const perBooking = bookingIds.map((id) => checks.filter((x) => x.booking === id).length);
    const checkVias = new Set(checks.map((x) => x.c.via));
    console.log(
      `\njobs on both instances: ${checks.length} checks of ${bookingIds.length} pending bookings (per booking: ${perBooking.join(", ")}); by instance: ${[...byInstance].map(([v, n]) => `${v} ${n}`).join(", ")} calls made by jobs; checks made by ${[...checkVias].join(" and ")}; tightest gap between two checks of one booking ${Number.isFinite(tightest) ? `${(tightest / 1000).toFixed(1)} s` : "none (one check each)"}`,
    );
    expect(perBooking.every((n) => n > 0), `every pending booking was checked by the desk's jobs (${perBooking.join(", ")} checks)`);
    expect(settled.length === bookingIds.length && settled.every((s) => s.n === 1), `each settled once in the ledger, "checked by the desk" (${settled.length} of ${bookingIds.length}; steps ${settled.map((s) => s.n).join(", ")})`);
    expect(!(tightest < 15_000), `no booking was checked twice within 15 s, whichever instance asked (tightest ${Number.isFinite(tightest) ? `${(tightest / 1000).toFixed(1)} s` : "—"})`);
    const anonymous = calls.filter((c) => c.requestId === "");
    expect(
      anonymous.length === 0,
      `every call to the service carried its request's or its job's X-Request-Id (${anonymous.length} without: ${[...new Set(anonymous.map((c) => `${c.method} ${c.path.replace(/\?.*$/, "")}`))].slice(0, 3).join(", ") || "none"})`,
    );
    expect(byInstance.size === 2, `both instances ran jobs (${[...byInstance].map(([v, n]) => `${v}: ${n}`).join(", ") || "none"})`);

    const told = (await db.query<{ booking_id: string; n: number }>(`select booking_id, count(*)::int as n from notifications where booking_id = any($1) group by 1`, [bookingIds])).rows;
    expect(
      told.length === bookingIds.length && told.every((t) => t.n === 1),
      `the advisor was told of each change once, not once per instance (${told.map((t) => t.n).join(", ") || "no notification"})`,
    );
    const runs = (await db.query<{ name: string; state: string; n: number }>(`select name, state::text, count(*)::int as n from pgboss.job where name like 'pending-%' group by 1, 2 order by 1, 2`)).rows;
    console.log(`  pg-boss: ${runs.map((r) => `${r.name} ${r.state} ${r.n}`).join("; ")}`);
  } finally {
    await db.end();
  }
}
