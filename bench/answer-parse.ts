// What reading a results page costs the desk's client: `npx tsx --conditions=react-server bench/answer-parse.ts`
// A London hotel search in an in-process sandbox, its first page of 50 rows (about 51 KB) taken
// once, then `searchResults` of the desk's client over a fetch that answers that text, three ways,
// in interleaved blocks so that whatever else the machine does hits all three alike:
//   bytes only   the same answer read as bytes and text, not parsed (the floor: what any call costs)
//   first time   a page the client has not seen (its cursor differs each call): parsed, validated
//                by the compiled schema, compared with what was read (`sameJson`), kept
//   known        the same page again: found by its text, its parsed value handed out again
// Prints the median and mean per call. BENCH_CALLS (default 3000 a way).
import { createTdsClient } from "../lib/tds/client";
import { sandboxWithLondonSearch } from "./support/sandbox-london";

const CALLS = Math.max(300, Number(process.env.BENCH_CALLS ?? 3000));
const BLOCK = 100;
const LIMIT = 50;

const { apiKey, at, searchId } = await sandboxWithLondonSearch();
let text = "";
for (let i = 0; i < 100; i++) {
  const page = await at(`/api/v1/search/${searchId}/results?limit=${LIMIT}`, { headers: { "X-API-Key": apiKey } });
  text = await page.text();
  const { data, meta } = JSON.parse(text) as { data: unknown[]; meta: { session: { status: string }; nextCursor: string | null } };
  if (data.length === LIMIT && meta.session.status === "completed" && meta.nextCursor) break;
  await new Promise((r) => setTimeout(r, 50));
}
const cursor = (JSON.parse(text) as { meta: { nextCursor: string } }).meta.nextCursor;
if (!text.includes(`"nextCursor":"${cursor}"`)) throw new Error("the page's cursor is not where this bench replaces it");

let answer = text;
const client = createTdsClient({
  baseUrl: "http://sandbox.bench",
  apiKey,
  fetch: async () => new Response(answer, { headers: { "Content-Type": "application/json" } }),
});

type Way = "bytes only" | "first time" | "known";
const WAYS: Way[] = ["bytes only", "first time", "known"];
const times: Record<Way, number[]> = { "bytes only": [], "first time": [], known: [] };
let n = 0;
const call = async (way: Way) => {
  if (way === "bytes only") {
    const res = new Response(text, { headers: { "Content-Type": "application/json" } });
    new TextDecoder().decode(await res.arrayBuffer());
    return;
  }
  answer = way === "known" ? text : text.replace(`"nextCursor":"${cursor}"`, `"nextCursor":"${cursor}-${n++}"`);
  const page = await client.searchResults(searchId, { limit: LIMIT });
  if (page.rows.length !== LIMIT || !page.wire) throw new Error("the page was not read as it came");
};

for (const way of WAYS) for (let i = 0; i < 200; i++) await call(way); // warm up (and compile the schema)
for (let done = 0; done < CALLS; done += BLOCK) {
  for (const way of done / BLOCK % 2 ? [...WAYS].reverse() : WAYS) {
    for (let i = 0; i < BLOCK; i++) {
      const t0 = performance.now();
      await call(way);
      times[way].push(performance.now() - t0);
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`A results page of ${LIMIT} rows (${(text.length / 1024).toFixed(0)} KB), ${CALLS} calls a way, interleaved blocks of ${BLOCK}`);
console.log("way            median ms   mean ms");
for (const way of WAYS) console.log(`${way.padEnd(14)} ${median(times[way]).toFixed(3).padStart(9)} ${mean(times[way]).toFixed(3).padStart(9)}`);
console.log(`first time / known, median: ${(median(times["first time"]) / median(times.known)).toFixed(2)}`);
