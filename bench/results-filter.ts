// Results filter benchmark: `npx tsx bench/results-filter.ts`
// Median time of facetsOf and applyFilters over 500 hotel products (about 2.5 rates each, built
// from a real London search), next to sorting 500 numbers as a baseline of "trivially cheap".
import { londonHotelRows } from "../components/results/filters/__fixtures__";
import { EMPTY_FILTERS, applyFilters, facetsOf, sourceLabels, type ResultFilters, type ResultSort } from "../components/results/filters/filter-model";
import { groupRows, type ResultRow } from "../components/results/types";

const PRODUCTS = 500;
const REPS = 400;

// A seeded generator, so every run measures the same data.
let seed = 0x5eed;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

/** 500 products: the fixture's hotels copied with new IDs, prices ±30 % and nearby positions. */
function buildRows(): ResultRow[] {
  const base = groupRows(londonHotelRows());
  const rows: ResultRow[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const g = base[i % base.length]!;
    const id = `${g.productId}_${i}`;
    const factor = 0.7 + rand() * 0.6;
    for (const r of g.rows) {
      const s = r.summary as Record<string, unknown> & { coordinates?: { lat: number; lng: number } | null };
      rows.push({
        ...r,
        _id: `${r._id}_${i}`,
        canonicalProductId: id,
        sellAmountMinor: Math.round(r.sellAmountMinor * factor),
        summary: { ...s, coordinates: s.coordinates ? { lat: s.coordinates.lat + (rand() - 0.5) * 0.02, lng: s.coordinates.lng + (rand() - 0.5) * 0.03 } : null },
      } as ResultRow);
    }
  }
  return rows;
}

function median(fn: () => unknown): number {
  for (let i = 0; i < 30; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

const groups = groupRows(buildRows());
const rowCount = groups.reduce((n, g) => n + g.rows.length, 0);
const [src1, src2] = [...sourceLabels(groups).keys()];
const numbers = groups.map(() => rand());
const baseline = median(() => numbers.slice().sort((a, b) => a - b));

const f = (patch: Partial<ResultFilters>): ResultFilters => ({ ...EMPTY_FILTERS, ...patch });
const cases: Array<[string, () => unknown]> = [
  ["facetsOf, no filters", () => facetsOf(groups, "hotel")],
  ["facetsOf, 4★ + breakfast + price", () => facetsOf(groups, "hotel", f({ stars: [4], boards: ["breakfast"], price: { min: 50_000, max: 150_000 } }))],
  ...(
    [
      ["no filters", EMPTY_FILTERS, "recommended"],
      ["no filters", EMPTY_FILTERS, "price_asc"],
      ["4★ and 5★", f({ stars: [4, 5] }), "recommended"],
      ["refundable only", f({ refundableOnly: true }), "price_asc"],
      ["breakfast, 2 sources", f({ boards: ["breakfast"], sources: [src1!, src2!] }), "price_desc"],
      ["price $500–$1,500", f({ price: { min: 50_000, max: 150_000 } }), "stars_desc"],
      ["all of them", f({ stars: [3, 4], refundableOnly: true, boards: ["room_only"], sources: [src1!], price: { min: 20_000, max: 200_000 } }), "price_asc"],
    ] as Array<[string, ResultFilters, ResultSort]>
  ).map(([name, filters, sort]): [string, () => unknown] => [`applyFilters, ${name}, ${sort}`, () => applyFilters(groups, filters, sort)]),
];

console.log(`${groups.length} products, ${rowCount} rates; ${REPS} runs each (median)`);
console.log(`baseline: sort 500 numbers  ${(baseline * 1000).toFixed(1)} µs`);
const width = Math.max(...cases.map(([name]) => name.length));
for (const [name, fn] of cases) {
  const t = median(fn);
  console.log(`${name.padEnd(width)}  ${(t * 1000).toFixed(1).padStart(7)} µs  ×${(t / baseline).toFixed(1)} baseline`);
}
