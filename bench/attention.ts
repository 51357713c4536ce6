// Needs attention benchmark: `npx tsx --conditions=react-server bench/attention.ts`
// Two agencies side by side in one run, 100 and 10,000 bookings, each with what the desk has
// learned of them (the background check's list pages, every booking in booking_facts). Prints,
// for each: the time to answer GET /api/attention (what the page renders from), median and p90,
// interleaved; the service calls a page view makes (none: it reads the desk's database); and
// the calls one background check makes (bounded, whatever the size).
import * as attention from "../app/api/attention/route";
import { attentionView, checkAttention } from "../lib/bff/attention";
import { bffTestKit, type BffTestKit } from "../lib/testing/bff";
import { saveListFacts } from "../lib/db/ledger";
import { generateBookings } from "../lib/sandbox/bookings/generate";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";

const REPS = Number(process.env.BENCH_REPS ?? 200);

/** Everything the service lists, into booking_facts (the bench's setup, not measured). */
async function learnAll(kit: BffTestKit) {
  let cursor: string | null = null;
  let calls = 0;
  do {
    if (++calls % 100 === 0) await kit.rotateKey();
    const page = await kit.tds.listBookings({ limit: 100, ...(cursor ? { cursor } : {}) });
    await saveListFacts(kit.db, page.rows);
    cursor = page.nextCursor;
  } while (cursor);
}

type Side = { name: string; kit: BffTestKit; times: number[]; pageCalls: number; checkCalls: number; items: number };

async function side(name: string, count: number): Promise<Side> {
  const kit = await bffTestKit();
  generateBookings(kit.sb.services, DEMO_AGENCY_ID, count);
  await learnAll(kit);
  await kit.rotateKey();
  const before = kit.paths.length;
  await checkAttention({ db: kit.db, tds: kit.tds });
  const checkCalls = kit.paths.length - before;
  // A page view through the handler (the check just ran: none starts now).
  const viewBefore = kit.paths.length;
  const res = await kit.call(attention.GET, "/api/attention");
  await new Promise((r) => setTimeout(r, 50));
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text}`);
  return { name, kit, times: [], pageCalls: kit.paths.length - viewBefore, checkCalls, items: res.body.data.total };
}

const small = await side("100 bookings", 100);
const large = await side("10,000 bookings", 10_000);

for (let i = 0; i < REPS; i++) {
  for (const s of i % 2 ? [large, small] : [small, large]) {
    const t = performance.now();
    await attentionView(s.kit.db, new Date());
    s.times.push(performance.now() - t);
  }
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
console.log(`Needs attention, ${REPS} reads each, interleaved (the page's data: facts and ledger in PGlite)`);
for (const s of [small, large]) {
  console.log(
    `  ${s.name.padEnd(16)} ${q(s.times, 0.5).toFixed(2)} ms (p90 ${q(s.times, 0.9).toFixed(2)})   rows ${String(s.items).padStart(4)}   service calls per page view: ${s.pageCalls}   per background check: ${s.checkCalls}`,
  );
}
console.log(`  ratio 10,000 / 100 (median): ${(q(large.times, 0.5) / q(small.times, 0.5)).toFixed(2)}`);
await small.kit.close();
await large.kit.close();
