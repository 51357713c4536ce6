// Bookings desk benchmark: `npx tsx --conditions=react-server bench/bookings-desk.ts`
// An agency of 10,000 bookings, read through the BFF's handlers (session, validation, ledger,
// rate shaping) over the in-process sandbox: the list's first page vs its page 50 (limit 25, the
// desk's page), side by side in one run, with the service calls each view makes; then a page's
// summaries (lead guest, item, dates) cold (details read from the service) vs warm (the desk's
// database). Figures are per request, median and p90.
import { bffTestKit } from "../lib/testing/bff";
import { generateBookings } from "../lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";
import * as bookings from "../app/api/bookings/route";
import * as summaries from "../app/api/bookings/summaries/route";

const COUNT = 10_000;
const LIMIT = "25";
const DEPTH = 50;
const REPS = 200;

const kit = await bffTestKit();
generateBookings(kit.sb.services, DEMO_AGENCY_ID, COUNT);
let calls = 0;

/** The service allows 120 list reads a key and minute: a fresh key every 100 calls. */
async function rotate() {
  if (++calls > 100) {
    await kit.rotateKey();
    calls = 1;
  }
}

async function list(cursor: string | null) {
  await rotate();
  const res = await kit.call(bookings.GET, "/api/bookings", { query: { limit: LIMIT, ...(cursor ? { cursor } : {}) } });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.body.data as { rows: Array<{ _id: string }>; nextCursor: string | null };
}

// The cursor of page 50, as an advisor reaches it with "Show more".
let cursor: string | null = null;
for (let page = 1; page < DEPTH; page++) cursor = (await list(cursor)).nextCursor;
const deepCursor = cursor;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const fmt = (xs: number[]) => `${quantile(xs, 0.5).toFixed(2)} ms (p90 ${quantile(xs, 0.9).toFixed(2)})`;

const first: number[] = [];
const deep: number[] = [];
const serviceCalls = { first: 0, deep: 0 };
for (let i = 0; i < REPS; i++) {
  for (const which of i % 2 ? (["deep", "first"] as const) : (["first", "deep"] as const)) {
    const before = kit.paths.length;
    const t = performance.now();
    await list(which === "first" ? null : deepCursor);
    (which === "first" ? first : deep).push(performance.now() - t);
    serviceCalls[which] += kit.paths.length - before;
  }
}

// Summaries: every page cold once (its 25 details read and kept), then warm.
const cold: number[] = [];
const warm: number[] = [];
let coldCalls = 0;
let warmCalls = 0;
cursor = null;
const pages: string[] = [];
for (let p = 0; p < 40; p++) {
  const page = await list(cursor);
  pages.push(page.rows.map((r) => r._id).join(","));
  cursor = page.nextCursor;
}
// A cold page is asked again (as the list does every 5 s) until nothing is missing: at most
// SUMMARY_COLD_READS details are read per call, so 25 unknown bookings take three calls.
let coldRequests = 0;
for (const ids of pages) {
  await kit.rotateKey();
  const before = kit.paths.length;
  const t = performance.now();
  for (let n = 0; n < 10; n++) {
    coldRequests++;
    const res = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    if (((res.body.data as { missing?: string[] }).missing ?? []).length === 0) break;
  }
  cold.push(performance.now() - t);
  coldCalls += kit.paths.length - before;
}
for (let i = 0; i < 5; i++) {
  for (const ids of pages) {
    const before = kit.paths.length;
    const t = performance.now();
    await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids } });
    warm.push(performance.now() - t);
    warmCalls += kit.paths.length - before;
  }
}

console.log(`Bookings desk, ${COUNT.toLocaleString("en-US")} bookings, page of ${LIMIT}, ${REPS} reads each, interleaved`);
console.log(`  list page 1      ${fmt(first)}   service calls per view: ${(serviceCalls.first / REPS).toFixed(2)}`);
console.log(`  list page ${DEPTH}     ${fmt(deep)}   service calls per view: ${(serviceCalls.deep / REPS).toFixed(2)}`);
console.log(`  ratio page ${DEPTH} / page 1 (median): ${(quantile(deep, 0.5) / quantile(first, 0.5)).toFixed(2)}`);
console.log(`  summaries cold   ${fmt(cold)} for a whole page   service calls per page: ${(coldCalls / pages.length).toFixed(1)} in ${(coldRequests / pages.length).toFixed(1)} requests`);
console.log(`  summaries warm   ${fmt(warm)}   service calls per page: ${(warmCalls / (pages.length * 5)).toFixed(1)}`);
await kit.close();
