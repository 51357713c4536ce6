// Follow-ups benchmark: `npx tsx --conditions=react-server bench/follow-ups.ts`
// An agency with about 1,000 pending bookings (the sandbox's own generation: waiting for the
// supplier, in review, cancellations in progress), followed all at once by the desk's jobs
// (pg-boss on the embedded PGlite, the registry's jobs, the desk's shaper with the specification's
// limits), while an advisor searches and reads results through the BFF. Side by side: the same
// advisor with no jobs running. Printed: the calls per minute each endpoint family got against its
// limit, 429s (the service's, and the shaper's to the advisor), and p50/p95 of the advisor's search
// and results pages with and without the jobs. No assertion on time.
import "./support/quiet-logs";
import { sql } from "drizzle-orm";
import { createRateShaper, bucketFor } from "../lib/bff/rate-shaping";
import { startEngine } from "../lib/jobs/engine";
import { SCAN_JOB } from "../lib/jobs/pending/scan";
import { generateBookings } from "../lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";
import { bffTestKit, hotelSearchBody } from "../lib/testing/bff";
import { sandboxFetch } from "../lib/testing/tds";
import * as search from "../app/api/search/route";
import * as results from "../app/api/search/[searchId]/results/route";

const PENDING_WANTED = 1_000;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 75_000);
/** An advisor's pace: a search and two pages of its results every 5 s (12 searches a minute, within one person's share of POST /search: half of the desk's 27). */
const PACE_MS = 5_000;
const PENDING = new Set(["supplier_pending", "manual_review", "cancellation_pending"]);

// The desk's shaper with the specification's limits (the kit's default raises them).
const kit = await bffTestKit({ shaper: createRateShaper({ keyPrefix: `bench-follow-ups-${process.pid}` }) });
const agency = kit.sb.services.bookings;
let made = 0;
while ([...agency.forAgency(DEMO_AGENCY_ID)].filter((b) => PENDING.has(b.state)).length < PENDING_WANTED) made += generateBookings(kit.sb.services, DEMO_AGENCY_ID, 2_000);
const pending = [...agency.forAgency(DEMO_AGENCY_ID)].filter((b) => PENDING.has(b.state)).length;
console.log(`agency: ${made.toLocaleString("en-US")} bookings generated, ${pending.toLocaleString("en-US")} pending (waiting, in review, cancelling)`);

// Every call to the service, with its family, minute and answer.
type Call = { bucket: string; limit: number; minute: number; status: number; phase: string };
const calls: Call[] = [];
let phase = "no jobs";
const base = sandboxFetch(kit.sb);
kit.setTransport(async (input, init) => {
  const url = new URL(String(input));
  const res = await base(input, init);
  const b = bucketFor(init.method ?? "GET", url.pathname.replace(/^.*\/api\/v1/, ""));
  calls.push({ bucket: b.name, limit: b.limit, minute: Math.floor(Date.now() / 60_000), status: res.status, phase });
  return res;
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const destinations = ["Barcelona", "Paris", "London", "Rome", "Lisbon", "Berlin"];

async function advisor(ms: number) {
  const out = { search: [] as number[], results: [] as number[], refused: 0 };
  kit.as(kit.people.advisor);
  const until = Date.now() + ms;
  for (let n = 0; Date.now() < until; n++) {
    const started = Date.now();
    let t = performance.now();
    const s = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(day, { destination: destinations[n % destinations.length], checkIn: day(30 + (n % 20)), checkOut: day(33 + (n % 20)) }) });
    out.search.push(performance.now() - t);
    if (s.status !== 201) {
      out.refused++;
    } else {
      for (const cursorless of [true, false]) {
        t = performance.now();
        const r = await kit.call(results.GET, `/api/search/${s.body.data.searchId}/results`, { query: { limit: cursorless ? "20" : "50" }, params: { searchId: s.body.data.searchId } });
        out.results.push(performance.now() - t);
        if (r.status !== 200) out.refused++;
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - (Date.now() - started))));
  }
  return out;
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${q(xs, 0.5).toFixed(1)} ms, p95 ${q(xs, 0.95).toFixed(1)} ms (${xs.length})`;

// 1. The advisor alone.
const alone = await advisor(PHASE_MS / 2);

// 2. The same advisor while the jobs follow every pending booking.
phase = "jobs";
const engine = await startEngine({ handle: kit.handle, deps: async () => ({ db: kit.db, tds: kit.tds }) });
await engine.send(SCAN_JOB, {}); // the first scan now, not at the next minute's tick
const started = Date.now();
const withJobs = await advisor(PHASE_MS);
await engine.stop();
const jobSeconds = (Date.now() - started) / 1000;

const followed = await kit.db.execute<{ n: number; checked: number; checks: number }>(
  sql`select count(*)::int as n, count(last_checked_at)::int as checked, coalesce(sum(checks), 0)::int as checks from booking_follow_ups`,
);
const f = followed.rows[0]!;

console.log(`\nadvisor's search (POST /api/search), one every ${PACE_MS / 1000} s:`);
console.log(`  no jobs     ${fmt(alone.search)}`);
console.log(`  with jobs   ${fmt(withJobs.search)}   ratio p50 ${(q(withJobs.search, 0.5) / q(alone.search, 0.5)).toFixed(2)}x`);
console.log(`advisor's results pages (GET /api/search/:id/results):`);
console.log(`  no jobs     ${fmt(alone.results)}`);
console.log(`  with jobs   ${fmt(withJobs.results)}   ratio p50 ${(q(withJobs.results, 0.5) / q(alone.results, 0.5)).toFixed(2)}x`);
console.log(`  advisor refused (shaped 429 or other): ${alone.refused} without jobs, ${withJobs.refused} with`);

console.log(`\njobs over ${jobSeconds.toFixed(0)} s: ${f.n.toLocaleString("en-US")} bookings followed, ${f.checked.toLocaleString("en-US")} checked at least once, ${f.checks.toLocaleString("en-US")} checks`);
console.log(`calls to the service per endpoint family and clock minute (with jobs), against the limit:`);
const families = new Map<string, { limit: number; perMinute: Map<number, number>; r429: number }>();
for (const c of calls.filter((c) => c.phase === "jobs")) {
  const fam = families.get(c.bucket) ?? { limit: c.limit, perMinute: new Map(), r429: 0 };
  fam.perMinute.set(c.minute, (fam.perMinute.get(c.minute) ?? 0) + 1);
  if (c.status === 429) fam.r429++;
  families.set(c.bucket, fam);
}
for (const [name, fam] of [...families].sort()) {
  const per = [...fam.perMinute.values()];
  const max = Math.max(...per);
  console.log(`  ${name.padEnd(32)} max ${String(max).padStart(4)}/min of ${String(fam.limit).padStart(3)} (${((100 * max) / fam.limit).toFixed(0)}%), minutes: ${per.join(", ")}; 429 from the service: ${fam.r429}`);
}
console.log(`429s from the service: ${calls.filter((c) => c.status === 429).length} in all`);

await kit.close();
process.exit(0);
