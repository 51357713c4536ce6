// BFF overhead benchmark: `npx tsx --conditions=react-server bench/bff-latency.ts`
// The same results page (limit 50 of a London hotel search) requested at 32 concurrent
// connections, side by side in one run: straight to the sandbox's HTTP interface, and through
// the BFF's route handler (session, query validation, rate shaping in memory, the desk's
// client, the envelope). Both are called in process, not over sockets, so the figures are the
// BFF's own cost plus the sandbox's, without a network. Prints p50, p99 and their ratios.
import { NextRequest } from "next/server";
import { GET as resultsRoute } from "../app/api/search/[searchId]/results/route";
import { memoryCache } from "../lib/bff/cache";
import { createRateShaper } from "../lib/bff/rate-shaping";
import { createBffTdsClient } from "../lib/bff/tds";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";
import { sandboxWithLondonSearch } from "./support/sandbox-london";
import { benchBffDeps } from "./support/bench-deps";

const CONCURRENCY = 32;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const WARMUP = 300;
const LIMIT = 50;

const { sandbox, adminToken, apiKey, at, searchId } = await sandboxWithLondonSearch();

// The sandbox allows 300 results a minute per key: a pool of fresh keys, 250 calls each, for both paths alike.
const keys: string[] = [];
for (let i = 0; i < Math.ceil((2 * (REQUESTS + WARMUP)) / 250) + 2; i++) {
  const res = await at(`/_sandbox/agencies/${DEMO_AGENCY_ID}/keys`, { method: "POST", headers: { "X-Sandbox-Admin": adminToken, "Content-Type": "application/json" }, body: "{}" });
  keys.push(((await res.json()) as { data: { key: string } }).data.key);
}
let calls = 0;
const nextKey = () => keys[Math.floor(calls++ / 250)] ?? apiKey;

const shaper = createRateShaper({ limitFor: () => 1_000_000_000 }); // measure the shaper's cost, not the budget
const tds = createBffTdsClient({
  baseUrl: "http://sandbox.bench",
  apiKey,
  shaper,
  fetch: (input, init) => {
    const headers = new Headers(init.headers);
    headers.set("X-API-Key", nextKey());
    return sandbox.fetch(new Request(input.replace("http://sandbox.bench", "http://sandbox.bench"), { ...init, headers }));
  },
});
const cache = memoryCache();
benchBffDeps({ tds, cache: () => cache, shaper, apiKey });

async function direct(): Promise<number> {
  const res = await at(`/api/v1/search/${searchId}/results?limit=${LIMIT}`, { headers: { "X-API-Key": nextKey() } });
  await res.text();
  return res.status;
}

async function viaBff(): Promise<number> {
  const req = new NextRequest(`http://desk.bench/api/search/${searchId}/results?limit=${LIMIT}`);
  const res = await resultsRoute(req, { params: Promise.resolve({ searchId }) });
  await res.text();
  return res.status;
}

async function run(name: string, once: () => Promise<number>, total: number) {
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        if ((await once()) !== 200) failed++;
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  if (failed > 0) throw new Error(`${name}: ${failed} requests did not answer 200`);
  return { name, p50: pct(50), p99: pct(99), rps: total / seconds };
}

await run("warm-up direct", direct, WARMUP);
await run("warm-up BFF", viaBff, WARMUP);
// Interleaved halves so that neither path always runs on a warmer or a more tired process.
const halves = [await run("direct", direct, REQUESTS / 2), await run("BFF", viaBff, REQUESTS / 2), await run("BFF", viaBff, REQUESTS / 2), await run("direct", direct, REQUESTS / 2)];
const merge = (name: string) => {
  const rs = halves.filter((h) => h.name === name);
  return { name, p50: (rs[0]!.p50 + rs[1]!.p50) / 2, p99: Math.max(rs[0]!.p99, rs[1]!.p99), rps: (rs[0]!.rps + rs[1]!.rps) / 2 };
};
const d = merge("direct");
const b = merge("BFF");

const f = (n: number) => n.toFixed(2).padStart(9);
console.log(`\nResults page (limit ${LIMIT}), ${REQUESTS} requests per path, ${CONCURRENCY} concurrent, in process (no sockets)`);
console.log(`${"path".padEnd(22)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"req/s".padStart(9)}`);
for (const r of [d, b]) console.log(`${(r.name === "direct" ? "sandbox directly" : "through the BFF").padEnd(22)}${f(r.p50)}${f(r.p99)}${r.rps.toFixed(0).padStart(9)}`);
console.log(`${"ratio BFF / direct".padEnd(22)}${f(b.p50 / d.p50)}${f(b.p99 / d.p99)}${(b.rps / d.rps).toFixed(2).padStart(9)}`);
sandbox.close();
process.exit(0);
