// BFF overhead against the right floor: `npx tsx bench/bff-floor.ts`
// A production server (bench/support/prod-server.ts, port 3350, BENCH_PASSTHROUGH=1), a London
// hotel search made through the BFF and left to complete, then the same results page (limit 50)
// over real HTTP, 32 requests at once, three ways, interleaved round by round (the order rotates)
// so that whatever else the machine does hits all three alike:
//   direct   GET /sandbox/api/v1/search/:id/results?limit=50 with an API key (the service itself)
//   floor    GET /api/bench/passthrough/search/:id/results?limit=50: the same server forwarding
//            to the service with the agency's key, no session, validation, shaping or envelope
//   BFF      GET /api/search/:id/results?limit=50 with a session cookie
// Prints p50 and p99 of each, and the ratios BFF / floor and BFF / direct.
//
// Rate limits, so that a budget is never what is measured:
// - the service allows 300 results a minute per key, counted in minutes of its virtual clock.
//   The floor and the BFF share the agency's key (64 a round), so the sandbox's clock is moved
//   on a minute every 4 rounds (a fresh window); direct calls use a key of their own.
// - the BFF keeps to 90% of that (270 a clock minute) and one person to half of it (135). The
//   BFF's requests alternate between two signed-in people (the demo advisor and admin, same
//   code path) and at most 8 rounds run per clock minute (4 each, 128 < 135), never one within
//   3 s of a minute's end; the bench waits for the next minute when the budget is used.
// BENCH_ROUNDS (default 24, at most 40: a search lives 20 minutes of the sandbox's clock);
// BENCH_CPU_PROF=<dir> profiles the server (node --cpu-prof).
import { Agent, fetch as undiciFetch, type RequestInit } from "undici";
import { DEMO_USERS } from "../lib/auth/config";
import { E2E_SANDBOX_ADMIN_TOKEN } from "../e2e/constants";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";

const PORT = 3350;
const CONCURRENCY = 32;
const LIMIT = 50;
const ROUNDS = Math.min(40, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 24)));
const WARMUP_ROUNDS = 2;
const ROUNDS_PER_SANDBOX_WINDOW = 4;
const BFF_PER_MINUTE = 270;
const BFF_PER_PERSON = 135;

type Path = "direct" | "floor" | "BFF";
const PATHS: Path[] = ["direct", "floor", "BFF"];

// 32 connections, kept alive between rounds; the client lets an idle one go (2 s) before the
// server would (5 s), so a socket the server already closed is never reused after a pause.
const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 2_000, keepAliveMaxTimeout: 2_000 });
const fetch = (url: string, init: RequestInit = {}) => undiciFetch(url, { ...init, dispatcher: agent });

let server: BenchServer | undefined;
const stop = async () => {
  await server?.stop();
  server = undefined;
};
process.on("SIGINT", () => void stop().then(() => process.exit(130)));
process.on("SIGTERM", () => void stop().then(() => process.exit(143)));

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err, err instanceof Error && err.cause ? err.cause : "");
  process.exitCode = 1;
} finally {
  await stop();
  await agent.close();
}

async function main() {
  server = process.env.BENCH_BASE_URL
    ? { baseURL: process.env.BENCH_BASE_URL, latencyScale: "?", stop: async () => {} }
    : await startProdServer({
        port: PORT,
        name: "bench-floor",
        env: { BENCH_PASSTHROUGH: "1" },
        // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops.
        nodeArgs: process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [],
      });
  const base = server.baseURL;

  const control = async <T>(method: string, path: string, body: unknown = {}): Promise<T> => {
    const res = await fetch(`${base}/sandbox/_sandbox${path}`, {
      method,
      headers: { "X-Sandbox-Admin": E2E_SANDBOX_ADMIN_TOKEN, "Content-Type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} /_sandbox${path} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };

  // Two people: the BFF lets one take at most half of the agency's budget.
  const cookies: string[] = [];
  for (const email of ["advisor@agency-desk.test", "admin@agency-desk.test"]) {
    const user = DEMO_USERS.find((u) => u.email === email)!;
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    if (!res.ok) throw new Error(`Could not sign in as ${email}: ${res.status} ${await res.text()}`);
    cookies.push(res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "));
  }

  // BFF calls per clock minute, per person and in all (the shaper's windows).
  const used = new Map<string, number>();
  const minute = () => Math.floor(Date.now() / 60_000);
  const count = (who: number, n: number) => {
    const m = minute();
    used.set(`${m}`, (used.get(`${m}`) ?? 0) + n);
    used.set(`${m}|${who}`, (used.get(`${m}|${who}`) ?? 0) + n);
  };
  async function roomFor(who: number, n: number) {
    for (;;) {
      const m = minute();
      const left = (m + 1) * 60_000 - Date.now();
      if (left > 3_000 && (used.get(`${m}`) ?? 0) + n <= BFF_PER_MINUTE && (used.get(`${m}|${who}`) ?? 0) + n <= BFF_PER_PERSON) return;
      await sleep(left + 250);
    }
  }

  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const made = await fetch(`${base}/api/search`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, Cookie: cookies[0]! },
    body: JSON.stringify({ productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], residency: "US", destination: "London", checkIn: day(40), checkOut: day(43) }),
  });
  if (!made.ok) throw new Error(`POST /api/search answered ${made.status}: ${await made.text()}`);
  const { searchId } = ((await made.json()) as { data: { searchId: string } }).data;

  // Until the search has every source's answer (so every path reads the same, final page).
  const deadline = Date.now() + 120_000;
  for (;;) {
    await roomFor(0, 1);
    count(0, 1);
    const res = await fetch(`${base}/api/search/${searchId}/results?limit=1`, { headers: { Cookie: cookies[0]! } });
    if (!res.ok) throw new Error(`GET /api/search/${searchId}/results answered ${res.status}: ${await res.text()}`);
    const { meta } = (await res.json()) as { meta: { session: { status: string } } };
    if (meta.session.status === "completed") break;
    if (Date.now() > deadline) throw new Error(`The search did not complete within 120 s (status ${meta.session.status}).`);
    await sleep(1_000);
  }

  const directKey = (await control<{ key: string }>("POST", "/agencies/agy_demo/keys", { name: "bench-floor direct" })).key;
  const query = `limit=${LIMIT}`;
  const request: Record<Path, (who: number) => [string, RequestInit]> = {
    direct: () => [`${base}/sandbox/api/v1/search/${searchId}/results?${query}`, { headers: { "X-API-Key": directKey } }],
    floor: () => [`${base}/api/bench/passthrough/search/${searchId}/results?${query}`, {}],
    BFF: (who) => [`${base}/api/search/${searchId}/results?${query}`, { headers: { Cookie: cookies[who]! } }],
  };

  // The three answer the same rows (the BFF in its own envelope, the others in the service's).
  const ids: Record<Path, string> = { direct: "", floor: "", BFF: "" };
  const bytes: Record<Path, number> = { direct: 0, floor: 0, BFF: 0 };
  await control("POST", "/clock/advance", { seconds: 60 });
  await roomFor(0, 1);
  count(0, 1);
  for (const path of PATHS) {
    const [url, init] = request[path](0);
    const res = await fetch(url, init);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data: Array<{ rateQuoteId: string }> };
    ids[path] = body.data.map((r) => r.rateQuoteId).join(",");
    bytes[path] = Buffer.byteLength(text);
  }
  if (ids.direct !== ids.floor || ids.direct !== ids.BFF || ids.direct === "") throw new Error("The three paths did not answer the same rows.");

  const times: Record<Path, number[]> = { direct: [], floor: [], BFF: [] };
  async function burst(path: Path, who: number, keep: boolean) {
    const [url, init] = request[path](who);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const t = performance.now();
        const res = await fetch(url, init);
        const text = await res.text();
        return { ms: performance.now() - t, status: res.status, text };
      }),
    );
    const bad = answers.find((a) => a.status !== 200);
    if (bad) throw new Error(`${path}: ${answers.filter((a) => a.status !== 200).length} of ${CONCURRENCY} answered other than 200, e.g. ${bad.status} ${bad.text.slice(0, 300)}`);
    if (keep) times[path].push(...answers.map((a) => a.ms));
  }

  const started = Date.now();
  const total = WARMUP_ROUNDS + ROUNDS;
  for (let r = 0; r < total; r++) {
    if (r % ROUNDS_PER_SANDBOX_WINDOW === 0) await control("POST", "/clock/advance", { seconds: 60 });
    const who = r % 2;
    await roomFor(who, CONCURRENCY);
    count(who, CONCURRENCY);
    const order = PATHS.map((_, i) => PATHS[(i + r) % PATHS.length]!);
    for (const path of order) await burst(path, who, r >= WARMUP_ROUNDS);
    process.stderr.write(`\rround ${r + 1}/${total}`);
  }
  process.stderr.write("\n");

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
  };
  const stats = Object.fromEntries(PATHS.map((p) => [p, { p50: pct(times[p], 50), p99: pct(times[p], 99) }])) as Record<Path, { p50: number; p99: number }>;
  const f = (n: number) => n.toFixed(2).padStart(9);
  console.log(
    `\nResults page (limit ${LIMIT}, London hotels), ${ROUNDS} rounds × ${CONCURRENCY} concurrent per path, interleaved, over HTTP to next start (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(`${"path".padEnd(34)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"bytes".padStart(9)}`);
  const label: Record<Path, string> = { direct: "direct (sandbox, API key)", floor: "floor (bare pass-through)", BFF: "BFF (session, /api/search/…)" };
  for (const p of PATHS) console.log(`${label[p].padEnd(34)}${f(stats[p].p50)}${f(stats[p].p99)}${String(bytes[p]).padStart(9)}`);
  const ratio = (a: Path, b: Path) => console.log(`${`ratio ${a} / ${b}`.padEnd(34)}${f(stats[a].p50 / stats[b].p50)}${f(stats[a].p99 / stats[b].p99)}`);
  ratio("BFF", "floor");
  ratio("BFF", "direct");
  ratio("floor", "direct");
  const okP50 = stats.BFF.p50 / stats.floor.p50 <= 1.1;
  const okP99 = stats.BFF.p99 / stats.floor.p99 <= 1.25;
  console.log(`target BFF / floor ≤ 1.10 at p50: ${okP50 ? "met" : "missed"}; ≤ 1.25 at p99: ${okP99 ? "met" : "missed"}`);
}
