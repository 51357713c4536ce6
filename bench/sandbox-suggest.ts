// Sandbox suggest benchmark: `npx tsx bench/sandbox-suggest.ts`
// 1. Building the catalog and the suggest index (once per process).
// 2. GET /catalog/suggest as the function the endpoint calls, over keystroke sequences of city,
//    airport and hotel names (what the search form asks while an advisor types) and every common
//    2-letter prefix; limit 6 (the desk's) and 15 (the maximum). Median, p95 and p99 per call.
// 3. What the first flight suggestions (airports) are for a few multi-airport cities.
// Prints figures, never asserts timings: the machine is shared and noisy.
import { getCatalog } from "../lib/sandbox/catalog";
import { suggest, warmSuggest } from "../lib/sandbox/catalog/suggest";

const SEED = Number(process.env.SANDBOX_SEED ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const TYPED = [
  "New York", "London", "Paris", "Tokyo", "Barcelona", "Los Angeles", "São Paulo", "Istanbul", "Heathrow", "JFK",
  "grand hotel", "the royal park", "Hotel Barcelona", "Rio de Janeiro", "Kuala Lumpur",
];
/** Every prefix of at least two characters, as the combobox asks while typing. */
const KEYSTROKES = TYPED.flatMap((t) => Array.from({ length: t.length - 1 }, (_, i) => t.slice(0, i + 2)));
const PREFIXES = [..."abcdefghijklmnopqrstuvwxyz"].flatMap((a) => [..."aehilnoru"].map((b) => a + b));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => `${n.toFixed(3)} ms`;

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

function measure(catalog: ReturnType<typeof getCatalog>, queries: string[], limit: number): string {
  for (const q of queries) suggest(catalog, q, limit); // JIT warm-up
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const q of queries) times.push(time(() => suggest(catalog, q, limit)));
  times.sort((a, b) => a - b);
  const total = times.reduce((s, t) => s + t, 0);
  return `median ${ms(pct(times, 0.5))}   p95 ${ms(pct(times, 0.95))}   p99 ${ms(pct(times, 0.99))}   max ${ms(times[times.length - 1] ?? 0)}   (${times.length.toLocaleString("en")} calls, ${Math.round((times.length / total) * 1000).toLocaleString("en")}/s)`;
}

let catalog!: ReturnType<typeof getCatalog>;
const build = time(() => (catalog = getCatalog(SEED)));
const index = time(() => warmSuggest(catalog));

const lines = [
  `sandbox suggest benchmark (Node ${process.version}, seed ${SEED}, ${catalog.cities.length} cities, ${catalog.airports.length} airports, ${catalog.hotels.length.toLocaleString("en")} hotels)`,
  ``,
  `build: catalog ${build.toFixed(0)} ms, suggest index ${index.toFixed(0)} ms`,
  ``,
  `keystrokes (${KEYSTROKES.length} queries × ${ROUNDS}), limit 6:   ${measure(catalog, KEYSTROKES, 6)}`,
  `keystrokes, limit 15:                       ${measure(catalog, KEYSTROKES, 15)}`,
  `2-letter prefixes (${PREFIXES.length} × ${ROUNDS}), limit 6:    ${measure(catalog, PREFIXES, 6)}`,
  ``,
  `first airports (limit 6, as a flight's field shows them):`,
  ...["New York", "London", "Paris", "Tokyo", "Milan", "Moscow", "Istanbul", "Washington"].map(
    (q) =>
      `  ${q.padEnd(11)} ${suggest(catalog, q, 6)
        .pois.filter((p) => p.kind === "airport")
        .map((p) => p.code)
        .join(" ")}`,
  ),
];
console.log(lines.join("\n"));
