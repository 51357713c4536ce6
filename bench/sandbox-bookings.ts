// Sandbox bookings list benchmark: `npx tsx bench/sandbox-bookings.ts`
// 10,000 generated bookings of one agency; GET /bookings (limit 50) at page 1 vs page ~180 of the
// cursor chain, with and without filters, over the in-process HTTP interface.
import { createSandbox } from "../lib/sandbox/app";
import { generateBookings } from "../lib/sandbox/bookings/generate";

const COUNT = 10_000;
const LIMIT = 50;
const DEEP = 180;
const REPS = 400;

const sandbox = createSandbox({ dataDir: ":memory:", latencyScale: 0 });
const { services } = sandbox;
const agency = services.agencies.createAgency({ name: "Bench Travel" });
let key = services.agencies.createKey(agency.id).key;
let calls = 0;

type Page = { data: { rows: unknown[]; nextCursor: string | null } };

/** Reads a page; a fresh key every 100 calls keeps inside the 120-a-minute budget of the list. */
async function list(query: string): Promise<Page["data"]> {
  if (++calls > 100) {
    key = services.agencies.createKey(agency.id).key;
    calls = 1;
  }
  const res = await sandbox.fetch(new Request(`http://sandbox.bench/api/v1/bookings?${query}`, { headers: { "X-API-Key": key } }));
  if (res.status !== 200) throw new Error(`GET /bookings?${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Page).data;
}

/** The query that opens page `n` (1-based) of a cursor chain, and how many pages the chain has. */
async function pageQuery(base: string, n: number): Promise<{ query: string; pages: number }> {
  let cursor: string | null = null;
  let query = base;
  let pages = 0;
  do {
    pages += 1;
    const q: string = `${base}${cursor ? `&cursor=${cursor}` : ""}`;
    if (pages === n) query = q;
    cursor = (await list(q)).nextCursor;
  } while (cursor);
  return { query, pages };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function compare(label: string, base: string): Promise<string[]> {
  const chain = await pageQuery(base, 1);
  // Never the last page: it may be short.
  const depth = Math.min(DEEP, chain.pages - 1);
  const deep = await pageQuery(base, depth);
  const first: number[] = [];
  const later: number[] = [];
  for (let i = 0; i < REPS; i++) {
    // Alternating, so that drift (GC, JIT) hits both alike.
    for (const [q, out] of i % 2 ? ([[deep.query, later], [base, first]] as const) : ([[base, first], [deep.query, later]] as const)) {
      const t = performance.now();
      await list(q);
      out.push(performance.now() - t);
    }
  }
  return [
    `${label} (${chain.pages} pages of ${LIMIT}):`,
    `  page 1     median ${ms(quantile(first, 0.5))}   p95 ${ms(quantile(first, 0.95))}`,
    `  page ${String(depth).padEnd(4)}  median ${ms(quantile(later, 0.5))}   p95 ${ms(quantile(later, 0.95))}`,
    `  ratio page ${depth} / page 1: median ${(quantile(later, 0.5) / quantile(first, 0.5)).toFixed(2)}, p95 ${(quantile(later, 0.95) / quantile(first, 0.95)).toFixed(2)}`,
  ];
}

async function main() {
  const t = performance.now();
  generateBookings(services, agency.id, COUNT);
  const generated = performance.now() - t;
  // Warm up: JIT and the per-booking search text cache, on the first and last pages alike.
  for (const q of ["", "&sort=asc", "&q=an"]) for (let i = 0; i < 200; i++) await list(`limit=${LIMIT}${q}`);

  const lines = [
    `sandbox bookings list benchmark (Node ${process.version}, in-process HTTP, ${REPS} reads of each page)`,
    `generated ${COUNT.toLocaleString("en")} bookings in ${(generated / 1000).toFixed(1)} s`,
    ``,
    ...(await compare("all bookings, newest first", `limit=${LIMIT}`)),
    ``,
    ...(await compare("oldest first", `limit=${LIMIT}&sort=asc`)),
    ``,
    ...(await compare('q="an" (lead guest, hotel, reference, confirmation)', `limit=${LIMIT}&q=an`)),
    ``,
    ...(await compare("status=active&trip=past", `limit=${LIMIT}&status=active&trip=past`)),
  ];
  console.log(lines.join("\n"));
  sandbox.close();
}

await main();
