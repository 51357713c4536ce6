// Sandbox search benchmark: `npx tsx bench/sandbox-search.ts`
// 1. Resident memory before and with 20 live hotel searches of big cities.
// 2. A results page at depth 1 vs depth 20 of a ≥5,000-row search (limit 250), over the in-process HTTP interface.
import v8 from "node:v8";
import vm from "node:vm";
import { createSandbox } from "../lib/sandbox/app";
import { DEMO_AGENCY_ID } from "../lib/sandbox/platform/agencies";

// A forced collection before each memory reading, without needing node --expose-gc.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const CITIES = [
  "London", "Paris", "New York City", "Barcelona", "Rome", "Dubai", "Istanbul", "Bangkok", "Tokyo", "Madrid",
  "Amsterdam", "Lisbon", "Berlin", "Prague", "Singapore", "Hong Kong", "Las Vegas", "Los Angeles", "Vienna", "Miami",
];
const REPS = 300;
const LIMIT = 250;
const DEPTH = 20;

const sandbox = createSandbox({ dataDir: ":memory:", latencyScale: 0 });
const { adminToken, apiKey } = sandbox.services.config;
let key = apiKey;
let calls = 0;

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: { data: unknown; meta: Record<string, unknown> } }> {
  const res = await sandbox.fetch(
    new Request(`http://sandbox.bench${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
  return { status: res.status, json: (await res.json()) as { data: unknown; meta: Record<string, unknown> } };
}

/** The per-key limits (30 searches, 300 reads a minute) would stop a benchmark: a fresh key every 250 calls. */
async function api(method: string, path: string, body?: unknown) {
  if (++calls > 250) {
    const made = await send("POST", `/_sandbox/agencies/${DEMO_AGENCY_ID}/keys`, {}, { "X-Sandbox-Admin": adminToken });
    key = (made.json.data as { key: string }).key;
    calls = 1;
  }
  const res = await send(method, `/api/v1${path}`, body, { "X-API-Key": key });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

const day = (n: number) => new Date(Date.parse(`${sandbox.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const hotelSearch = (destination: string) => ({
  productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", residency: "US",
  destination, checkIn: day(40), checkOut: day(43),
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function main() {
  // Warm up: JIT, lazily built lookups (rooms of the first city, name indexes).
  const warm = (await api("POST", "/search", hotelSearch("Edinburgh"))).data as { searchId: string };
  await api("GET", `/search/${warm.searchId}/results?limit=500`);
  gc();
  const before = process.memoryUsage();
  // The catalog caches generated rooms per hotel (shared by every search, bounded by the catalog):
  // fill it for these cities first, so that the searches' own cost can be told apart.
  const { catalog } = sandbox.services;
  for (const name of CITIES) {
    const city = catalog.cities.find((c) => c.name === name)!;
    for (const h of catalog.hotelsByCity.get(city.cityRegionId) ?? []) catalog.rooms(h);
  }
  gc();
  const rooms = process.memoryUsage();

  const ids: string[] = [];
  let rows = 0;
  for (const city of CITIES) {
    const { searchId } = (await api("POST", "/search", hotelSearch(city))).data as { searchId: string };
    const page = await api("GET", `/search/${searchId}/results?limit=1`);
    const outcomes = (page.meta.session as { supplierOutcomes: Array<{ rateCount: number }> }).supplierOutcomes;
    rows += outcomes.reduce((s, o) => s + o.rateCount, 0);
    ids.push(searchId);
  }
  gc();
  const after = process.memoryUsage();

  // Depth: the cursor that opens page 20 of the London search.
  const london = ids[0]!;
  let cursor: string | null = null;
  let total = 0;
  for (let p = 1; p < DEPTH; p++) {
    const page = await api("GET", `/search/${london}/results?limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ""}`);
    total += (page.data as unknown[]).length;
    cursor = page.meta.nextCursor as string;
  }
  const londonRows = ((await api("GET", `/search/${london}/results?limit=1`)).meta.session as { supplierOutcomes: Array<{ rateCount: number }> }).supplierOutcomes.reduce((s, o) => s + o.rateCount, 0);
  const first = `/search/${london}/results?limit=${LIMIT}`;
  const deep = `${first}&cursor=${cursor}`;
  const deepRows = ((await api("GET", deep)).data as unknown[]).length;
  const t1: number[] = [];
  const t20: number[] = [];
  for (let i = 0; i < REPS; i++) {
    // Side by side, alternating, so that drift (GC, JIT) hits both alike.
    for (const [path, out] of i % 2 ? ([[deep, t20], [first, t1]] as const) : ([[first, t1], [deep, t20]] as const)) {
      const t = performance.now();
      await api("GET", path);
      out.push(performance.now() - t);
    }
  }

  const lines = [
    `sandbox search benchmark (Node ${process.version}, latencyScale 0, in-process HTTP)`,
    ``,
    `memory, ${ids.length} live hotel searches of big cities (${rows.toLocaleString("en")} listing rows):`,
    `  rss        before ${mb(before.rss)}   with searches ${mb(after.rss)}   (+${mb(after.rss - before.rss)})`,
    `  heap used  before ${mb(before.heapUsed)}   with searches ${mb(after.heapUsed)}   (+${mb(after.heapUsed - before.heapUsed)})`,
    `    of which the catalog's shared room cache   +${mb(rooms.heapUsed - before.heapUsed)} heap`,
    `    of which the searches themselves           +${mb(after.heapUsed - rooms.heapUsed)} heap (${((after.heapUsed - rooms.heapUsed) / rows).toFixed(0)} bytes per row)`,
    ``,
    `results page, London (${londonRows.toLocaleString("en")} rows), limit ${LIMIT}, ${REPS} reads each:`,
    `  depth 1   median ${median(t1).toFixed(2)} ms`,
    `  depth ${DEPTH}  median ${median(t20).toFixed(2)} ms   (rows ${total + 1}–${total + deepRows})`,
    `  ratio depth ${DEPTH} / depth 1: ${(median(t20) / median(t1)).toFixed(2)}`,
  ];
  console.log(lines.join("\n"));
  sandbox.close();
}

await main();
