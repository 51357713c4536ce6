// The desk's destination suggestions: `npx tsx --conditions=react-server bench/desk-suggest.ts`
// GET /api/suggest through the BFF's route handler (session, validation, rate shaping in memory,
// the desk's client, the envelope) against the sandbox in process, one advisor typing (one
// request at a time). Side by side in one run, per kind of query:
//   hits       names the service knows ("Paris", "Londo", "Rio de Janeiro")
//   typos      a slip the service finds nothing for ("Pariss", "Londn", "Barcelna")
//   nonsense   text that is no place at all ("xqzvw")
// Typos twice: with the corrected name's answer already cached (another keystroke or advisor
// asked for it), and with nothing cached but the names list. Each pass twice: in process (the
// desk's own cost), and with a round trip added to every call to the service (BENCH_RTT_MS,
// default 40), since a second call costs a round trip. Prints p50, p99, the service calls per
// request and the ratio to hits; never asserts timings (the machine is shared and noisy).
import { NextRequest } from "next/server";
import { GET as suggestRoute } from "../app/api/suggest/route";
import { memoryCache, type Cache } from "../lib/bff/cache";
import { createRateShaper } from "../lib/bff/rate-shaping";
import { createBffTdsClient } from "../lib/bff/tds";
import { log } from "../lib/log";
import { createSandbox } from "../lib/sandbox/app";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";
import { getCatalog } from "../lib/sandbox/catalog";
import { warmSuggest } from "../lib/sandbox/catalog/suggest";
import { benchBffDeps } from "./support/bench-deps";

const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const HITS = ["Pa", "Par", "Paris", "Londo", "London", "Barcelona", "New York", "Tokyo", "Rio de Janeiro", "Heathrow", "Amsterdam", "Lisbon"];
const TYPOS = ["Pariss", "Londn", "Barcelna", "Amsterdm", "Lisbn", "Tokio", "Madird", "Istambul", "Berln", "Edinbrugh"];
const NONSENSE = ["xqzvw", "qqqqq", "zzkrt", "jjjjjj", "pqpqpq", "wxwxw", "vvbnm", "kqxz", "zxcvbnm", "qwqwqw"];

log.level = "warn"; // a line per request would drown the figures
const sandbox = createSandbox({ dataDir: ":memory:", latencyScale: 0 });
warmSuggest(getCatalog(sandbox.services.config.seed));
const { adminToken, apiKey } = sandbox.services.config;
const at = (path: string, init: RequestInit = {}) => sandbox.fetch(new Request(`http://sandbox.bench${path}`, init));

// The sandbox allows 120 suggestions a minute per key: a pool of fresh keys, 100 calls each.
const keys: string[] = [];
async function keyFor(call: number): Promise<string> {
  const i = Math.floor(call / 100);
  while (keys.length <= i) {
    const res = await at(`/_sandbox/agencies/${DEMO_AGENCY_ID}/keys`, { method: "POST", headers: { "X-Sandbox-Admin": adminToken, "Content-Type": "application/json" }, body: "{}" });
    keys.push(((await res.json()) as { data: { key: string } }).data.key);
  }
  return keys[i]!;
}

let calls = 0;
let rtt = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const shaper = createRateShaper({ limitFor: () => 1_000_000_000 }); // measure the shaper's cost, not the budget
const tds = createBffTdsClient({
  baseUrl: "http://sandbox.bench",
  apiKey,
  shaper,
  fetch: async (input, init) => {
    const headers = new Headers(init.headers);
    headers.set("X-API-Key", await keyFor(calls++));
    if (rtt > 0) await sleep(rtt);
    return sandbox.fetch(new Request(input, { ...init, headers }));
  },
});

/** The names list stays cached; with `answers` false, no suggestion answer does (a correction's first time). */
function benchCache(answers: boolean): Cache {
  const inner = memoryCache();
  if (answers) return inner;
  const kept = (key: string) => !key.startsWith("suggest:answer:");
  return {
    store: inner.store,
    getMany: <T>(ks: string[]) => inner.getMany<T>(ks).then((values) => values.map((v, i) => (kept(ks[i]!) ? v : undefined))),
    setMany: (entries, ttl) => inner.setMany(entries.filter(([k]) => kept(k)), ttl),
  };
}

let cache: Cache = benchCache(true);
benchBffDeps({ tds, cache: () => cache, shaper, apiKey });

type Answer = { data: { cities: { name: string }[]; pois: { name: string }[]; hotels: unknown[] } & Record<string, unknown>; meta?: Record<string, unknown> };

async function ask(q: string): Promise<Answer> {
  const res = await suggestRoute(new NextRequest(`http://desk.bench/api/suggest?q=${encodeURIComponent(q)}&limit=6`), { params: Promise.resolve({}) });
  const body = (await res.json()) as Answer;
  if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

type Row = { name: string; p50: number; p99: number; callsPer: number; n: number };

async function measure(name: string, queries: string[], rounds: number): Promise<Row> {
  const times: number[] = [];
  const before = calls;
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t = performance.now();
      await ask(q);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { name, p50: pct(0.5), p99: pct(0.99), callsPer: (calls - before) / times.length, n: times.length };
}

/** One pass: every kind of query, the names list loaded first (as after the first typo of the day). */
async function pass(roundTrip: number, rounds: number): Promise<{ rows: Row[]; firstTypo: number }> {
  rtt = roundTrip;
  cache = benchCache(true);
  const t = performance.now();
  await ask("Pariss"); // the first typo of the day: the names list is not there yet
  const firstTypo = performance.now() - t;
  await measure("warm-up", [...HITS, ...TYPOS, ...NONSENSE], 1);
  const rows = [await measure("hits", HITS, rounds), await measure("typos, answer cached", TYPOS, rounds), await measure("nonsense", NONSENSE, rounds)];
  const names = cache;
  cache = benchCache(false);
  // The names list carried over (it is cached for a day); corrected answers are not.
  const [list] = await names.getMany<unknown>(["suggest:names"]);
  if (list !== undefined) await cache.setMany([["suggest:names", list]], 86_400);
  rows.splice(2, 0, await measure("typos, nothing cached", TYPOS, rounds));
  return { rows, firstTypo };
}

const show = (label: string, r: { rows: Row[]; firstTypo: number }) => {
  const hits = r.rows[0]!;
  const f = (n: number) => n.toFixed(2).padStart(9);
  const lines = [
    label,
    `${"queries".padEnd(30)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"calls/req".padStart(11)}${"p50 ÷ hits".padStart(12)}`,
    ...r.rows.map((x) => `${`${x.name} (${x.n})`.padEnd(30)}${f(x.p50)}${f(x.p99)}${x.callsPer.toFixed(2).padStart(11)}${(x.p50 / hits.p50).toFixed(2).padStart(12)}`),
    `first typo of the day (names list not yet cached): ${r.firstTypo.toFixed(1)} ms`,
  ];
  console.log(lines.join("\n"));
};

// What the desk answers, so a run shows what was measured.
cache = benchCache(true);
console.log(`desk suggest benchmark (Node ${process.version}, ${ROUNDS} rounds in process, ${Math.max(2, Math.round(ROUNDS / 5))} with ${RTT_MS} ms round trips)\n`);
for (const q of ["Pariss", "Londn", "Barcelna", "Edinbrugh", "xqzvw"]) {
  const a = await ask(q);
  const first = a.data.cities[0]?.name ?? a.data.pois[0]?.name ?? "nothing";
  const extra = Object.keys(a.data).filter((k) => !["cities", "hotels", "pois"].includes(k));
  console.log(`  ${q.padEnd(10)} → ${first}${extra.length ? `  (${extra.map((k) => `${k}: ${JSON.stringify(a.data[k])}`).join(", ")})` : ""}`);
}
console.log();
show("in process, no round trip", await pass(0, ROUNDS));
console.log();
show(`${RTT_MS} ms round trip to the service`, await pass(RTT_MS, Math.max(2, Math.round(ROUNDS / 5))));
sandbox.close();
process.exit(0);
