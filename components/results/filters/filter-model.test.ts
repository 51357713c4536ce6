import { describe, expect, it } from "vitest";
import type { ResultGroup, ResultRow } from "../types";
import { flightGroups, londonHotelGroups, londonHotelRows } from "./__fixtures__";
import {
  EMPTY_FILTERS,
  HISTOGRAM_BINS,
  activeFilterCount,
  applyFilters,
  bestPrice,
  boardFilterLabel,
  facetsOf,
  sortOptions,
  sourceLabels,
  starBucket,
  stopsOf,
  type ResultFilters,
} from "./filter-model";

const hotels = londonHotelGroups();
const flights = flightGroups();
const f = (patch: Partial<ResultFilters>): ResultFilters => ({ ...EMPTY_FILTERS, ...patch });
const ids = (groups: ResultGroup[]) => groups.map((g) => g.productId);
const prices = (groups: ResultGroup[]) => groups.map((g) => bestPrice(g));
const hotelSummary = (row: ResultRow) => row.summary as { starRating: number | null; boardBasis: string | null };

/** A copy of a real hotel row with some fields changed. */
function hotelRow(patch: Partial<ResultRow> & { star?: number | null; board?: string | null }, base = londonHotelRows()[0]!): ResultRow {
  const { star, board, ...rest } = patch;
  const summary = { ...base.summary } as Record<string, unknown>;
  if (star !== undefined) summary.starRating = star;
  if (board !== undefined) summary.boardBasis = board;
  return { ...base, ...rest, summary } as ResultRow;
}
const group = (productId: string, position: number, rows: ResultRow[]): ResultGroup => ({
  productId,
  productType: "hotel",
  position,
  rows: rows.map((r) => ({ ...r, canonicalProductId: productId })),
});

describe("applyFilters", () => {
  it("keeps every group in the service's order with no filters", () => {
    const out = applyFilters(hotels, EMPTY_FILTERS, "recommended");
    expect(ids(out)).toEqual(ids(hotels));
    // Same objects, so memoised cards are not re-rendered.
    out.forEach((g, i) => expect(g).toBe(hotels[i]));
    expect(out).not.toBe(hotels);
  });

  it("filters by star bucket, unrated included, a 4.5-star hotel counting as 4", () => {
    expect(starBucket(4.5)).toBe(4);
    expect(starBucket(null)).toBe(0);
    expect(starBucket(0)).toBe(0);
    const four = applyFilters(hotels, f({ stars: [4] }), "recommended");
    expect(four.length).toBeGreaterThan(0);
    for (const g of four) expect(Math.floor(hotelSummary(g.rows[0]!).starRating!)).toBe(4);
    expect(four.some((g) => hotelSummary(g.rows[0]!).starRating === 4.5)).toBe(true);

    const unrated = group("htl_unrated", 999, [hotelRow({ star: null })]);
    const out = applyFilters([...hotels, unrated], f({ stars: [0] }), "recommended");
    expect(ids(out)).toEqual(["htl_unrated"]);
  });

  it("keeps only a group's passing rows, in their order, so rows[0] is its best matching rate", () => {
    const mixed = hotels.find((g) => g.rows.some((r) => r.refundable) && !g.rows[0]!.refundable)!;
    expect(mixed).toBeDefined();
    const out = applyFilters(hotels, f({ refundableOnly: true }), "recommended");
    const kept = out.find((g) => g.productId === mixed.productId)!;
    expect(kept.rows).toEqual(mixed.rows.filter((r) => r.refundable));
    expect(kept.position).toBe(mixed.position);
    for (const g of out) for (const r of g.rows) expect(r.refundable).toBe(true);
    // Groups with no refundable rate are gone.
    expect(out.length).toBe(hotels.filter((g) => g.rows.some((r) => r.refundable)).length);
    // The input is not modified.
    expect(mixed.rows[0]!.refundable).toBe(false);
  });

  it("requires one row to pass every filter together, not each filter on a different row", () => {
    const g = group("htl_split", 0, [
      hotelRow({ refundable: true, board: "room_only", sellAmountMinor: 30_000 }),
      hotelRow({ refundable: false, board: "breakfast", sellAmountMinor: 20_000 }),
    ]);
    expect(applyFilters([g], f({ refundableOnly: true, boards: ["breakfast"] }), "recommended")).toEqual([]);
    expect(applyFilters([g], f({ refundableOnly: true, boards: ["room_only"] }), "recommended")[0]!.rows).toHaveLength(1);
  });

  it("filters by board, including rates whose board is not stated", () => {
    const out = applyFilters(hotels, f({ boards: ["breakfast", "half_board"] }), "recommended");
    expect(out.length).toBe(hotels.filter((g) => g.rows.some((r) => ["breakfast", "half_board"].includes(hotelSummary(r).boardBasis!))).length);
    for (const g of out) for (const r of g.rows) expect(["breakfast", "half_board"]).toContain(hotelSummary(r).boardBasis);

    const unstated = group("htl_noboard", 5, [hotelRow({ board: null })]);
    expect(ids(applyFilters([...hotels, unstated], f({ boards: [""] }), "recommended"))).toEqual(["htl_noboard"]);
    expect(boardFilterLabel("")).toBe("Board not stated");
    expect(boardFilterLabel("all_inclusive")).toBe("All inclusive");
    expect(boardFilterLabel("self_catering")).toBe("Self catering");
  });

  it("filters by source", () => {
    const [first] = [...sourceLabels(hotels).keys()];
    const out = applyFilters(hotels, f({ sources: [first!] }), "recommended");
    expect(out.length).toBe(hotels.filter((g) => g.rows.some((r) => r.supplier === first)).length);
    for (const g of out) expect(g.rows.every((r) => r.supplier === first)).toBe(true);
  });

  it("filters by an inclusive price range on any row of the group", () => {
    const all = hotels.flatMap((g) => g.rows.map((r) => r.sellAmountMinor));
    const exact = all[17]!;
    const out = applyFilters(hotels, f({ price: { min: exact, max: exact } }), "recommended");
    expect(out.length).toBeGreaterThanOrEqual(1);
    for (const g of out) expect(g.rows.every((r) => r.sellAmountMinor === exact)).toBe(true);

    const range = { min: 50_000, max: 100_000 };
    const inRange = applyFilters(hotels, f({ price: range }), "price_asc");
    expect(inRange.length).toBe(hotels.filter((g) => g.rows.some((r) => r.sellAmountMinor >= 50_000 && r.sellAmountMinor <= 100_000)).length);
    for (const p of prices(inRange)) expect(p >= 50_000 && p <= 100_000).toBe(true);
  });

  it("filters flights by stops, counting the most stops on one way", () => {
    const direct = applyFilters(flights, f({ stops: [0] }), "recommended");
    expect(direct.length).toBeGreaterThan(0);
    for (const g of direct) for (const r of g.rows) expect((r.summary as { stops: number }).stops).toBe(0);
    // The sandbox's return flights with one stop each way have summary.stops = 2.
    const oneEachWay = flights.flatMap((g) => g.rows).find((r) => (r.summary as { stops: number }).stops === 2)!;
    expect(stopsOf(oneEachWay)).toBe(1);
    const some = applyFilters(flights, f({ stops: [1] }), "recommended");
    expect(some.map((g) => g.productId)).toContain(oneEachWay.canonicalProductId);
    expect(applyFilters(hotels, f({ stops: [0] }), "recommended")).toEqual([]);
  });
});

describe("sorting", () => {
  it("sorts by the price the card shows (the lowest passing rate) both ways, ties keeping the ranking", () => {
    const asc = applyFilters(hotels, EMPTY_FILTERS, "price_asc");
    expect(prices(asc)).toEqual([...prices(hotels)].sort((a, b) => a - b));
    const desc = applyFilters(hotels, EMPTY_FILTERS, "price_desc");
    expect(prices(desc)).toEqual([...prices(hotels)].sort((a, b) => b - a));

    // After filtering, the price is the one of the best matching rate, not of rows[0] before.
    const breakfast = applyFilters(hotels, f({ boards: ["breakfast"] }), "price_asc");
    const keys = breakfast.map((g) => bestPrice(g));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    for (const g of breakfast) expect(hotelSummary(g.rows[0]!).boardBasis).toBe("breakfast");
  });

  it("is stable: equal keys keep the service's position", () => {
    const same = [3, 1, 2, 0].map((position) => group(`htl_${position}`, position, [hotelRow({ sellAmountMinor: 10_000, star: 3 })]));
    expect(ids(applyFilters(same, EMPTY_FILTERS, "price_asc"))).toEqual(["htl_0", "htl_1", "htl_2", "htl_3"]);
    expect(ids(applyFilters(same, EMPTY_FILTERS, "price_desc"))).toEqual(["htl_0", "htl_1", "htl_2", "htl_3"]);
    expect(ids(applyFilters(same, EMPTY_FILTERS, "stars_desc"))).toEqual(["htl_0", "htl_1", "htl_2", "htl_3"]);
  });

  it("recommended restores the service's ranking from any order", () => {
    const shuffled = [...hotels].reverse();
    expect(ids(applyFilters(shuffled, EMPTY_FILTERS, "recommended"))).toEqual(ids(hotels));
  });

  it("sorts hotels by stars (half stars above whole), flights by duration", () => {
    const byStars = applyFilters(hotels, EMPTY_FILTERS, "stars_desc").map((g) => hotelSummary(g.rows[0]!).starRating ?? 0);
    expect(byStars).toEqual([...byStars].sort((a, b) => b - a));
    expect(byStars[0]).toBe(5);
    expect(byStars).toContain(4.5);
    const durations = applyFilters(flights, EMPTY_FILTERS, "duration_asc").map((g) => (g.rows[0]!.summary as { durationMinutes: number }).durationMinutes);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it("offers the sorts that apply to the product", () => {
    expect(sortOptions("hotel").map((o) => o.value)).toEqual(["recommended", "price_asc", "price_desc", "stars_desc"]);
    expect(sortOptions("flight").map((o) => o.value)).toContain("duration_asc");
    expect(sortOptions("flight").map((o) => o.value)).not.toContain("stars_desc");
    expect(sortOptions("cruise").map((o) => o.value)).toEqual(["recommended", "price_asc", "price_desc"]);
  });
});

describe("facetsOf", () => {
  const facets = facetsOf(hotels, "hotel");

  it("counts products (not rates) per star bucket, board and source", () => {
    expect(facets.total).toBe(63);
    expect(facets.currency).toBe("USD");
    expect(facets.stars.map((s) => s.value)).toEqual([5, 4, 3, 2, 1]);
    expect(facets.stars.reduce((n, s) => n + s.count, 0)).toBe(63);
    const four = hotels.filter((g) => starBucket(hotelSummary(g.rows[0]!).starRating) === 4).length;
    expect(facets.stars.find((s) => s.value === 4)!.count).toBe(four);
    expect(facets.boards.map((b) => b.label)).toEqual(["Room only", "Breakfast included", "Half board"]);
    expect(facets.boards[1]!.count).toBe(hotels.filter((g) => g.rows.some((r) => hotelSummary(r).boardBasis === "breakfast")).length);
    expect(facets.refundable).toBe(hotels.filter((g) => g.rows.some((r) => r.refundable)).length);
    expect(facets.stops).toEqual([]);
  });

  it("labels sources by their alias, in order of first appearance", () => {
    const labels = sourceLabels(hotels);
    const first = hotels[0]!.rows[0]!.supplier;
    expect(labels.get(first)).toBe(`Source ${first.slice(4, 8).toUpperCase()}`);
    expect([...labels.keys()][0]).toBe(first);
    expect(new Set(labels.values()).size).toBe(4);
    expect(facets.sources.map((s) => s.label)).toEqual(facets.sources.map((s) => sourceLabels(hotels).get(s.value)));
    for (const s of facets.sources) expect(s.count).toBe(hotels.filter((g) => g.rows.some((r) => r.supplier === s.value)).length);
  });

  it("bins every product once by its cheapest price, over the whole price domain", () => {
    const p = facets.price!;
    const all = hotels.flatMap((g) => g.rows.map((r) => r.sellAmountMinor));
    expect(p.min).toBe(Math.min(...all));
    expect(p.max).toBe(Math.max(...all));
    expect(p.bins.length).toBeLessThanOrEqual(HISTOGRAM_BINS);
    expect(p.bins.length).toBeGreaterThan(HISTOGRAM_BINS - 2);
    expect(p.bins[0]!.from).toBe(p.min);
    expect(p.bins.at(-1)!.to).toBe(p.max);
    for (let i = 1; i < p.bins.length; i++) expect(p.bins[i]!.from).toBe(p.bins[i - 1]!.to + 1);
    expect(p.bins.reduce((n, b) => n + b.count, 0)).toBe(63);
    const cheapest = hotels.map((g) => Math.min(...g.rows.map((r) => r.sellAmountMinor)));
    for (const b of p.bins) expect(b.count).toBe(cheapest.filter((c) => c >= b.from && c <= b.to).length);
  });

  it("puts prices on a bin edge in the upper bin and the dearest in the last", () => {
    const mk = (id: string, price: number, position: number) => group(id, position, [hotelRow({ sellAmountMinor: price })]);
    // Span 2400 → 24 bins of 100: 100..199, 200..299, …, 2400..2499.
    const gs = [mk("a", 100, 0), mk("b", 199, 1), mk("c", 200, 2), mk("d", 2499, 3)];
    const p = facetsOf(gs, "hotel").price!;
    expect(p.binWidth).toBe(100);
    expect(p.bins).toHaveLength(24);
    expect(p.bins[0]).toEqual({ from: 100, to: 199, count: 2 });
    expect(p.bins[1]).toEqual({ from: 200, to: 299, count: 1 });
    expect(p.bins[23]).toEqual({ from: 2400, to: 2499, count: 1 });
  });

  it("handles one price (min == max) with a single bin", () => {
    const gs = [0, 1, 2].map((i) => group(`h${i}`, i, [hotelRow({ sellAmountMinor: 12_345 })]));
    const p = facetsOf(gs, "hotel").price!;
    expect(p).toMatchObject({ min: 12_345, max: 12_345, binWidth: 1, counted: 3 });
    expect(p.bins).toEqual([{ from: 12_345, to: 12_345, count: 3 }]);
    expect(applyFilters(gs, f({ price: { min: 12_345, max: 12_345 } }), "price_asc")).toHaveLength(3);
  });

  it("has no price facet and no values without rows", () => {
    const empty = facetsOf([], "hotel");
    expect(empty).toMatchObject({ total: 0, price: null, stars: [], boards: [], sources: [], currency: null, refundable: 0 });
  });

  it("with filters, counts each facet over the products matching the other filters", () => {
    const filters = f({ stars: [4], boards: ["breakfast"] });
    const fc = facetsOf(hotels, "hotel", filters);
    // Values stay (with zero counts) so a chosen value can still be unchosen.
    expect(fc.stars.map((s) => s.value)).toEqual([5, 4, 3, 2, 1]);
    const breakfastHotels = hotels.filter((g) => g.rows.some((r) => hotelSummary(r).boardBasis === "breakfast"));
    for (const s of fc.stars) {
      expect(s.count).toBe(breakfastHotels.filter((g) => starBucket(hotelSummary(g.rows[0]!).starRating) === s.value).length);
    }
    const fourStar = hotels.filter((g) => starBucket(hotelSummary(g.rows[0]!).starRating) === 4);
    expect(fc.boards.find((b) => b.value === "room_only")!.count).toBe(
      fourStar.filter((g) => g.rows.some((r) => hotelSummary(r).boardBasis === "room_only")).length,
    );
    // The histogram counts what the price filter would leave, by best matching price, on the stable domain.
    expect(fc.price!.counted).toBe(applyFilters(hotels, filters, "recommended").length);
    expect(fc.price!.min).toBe(facets.price!.min);
    expect(fc.price!.max).toBe(facets.price!.max);
  });

  it("counts flight stops per product", () => {
    const fc = facetsOf(flights, "flight");
    expect(fc.stops.map((s) => s.label)).toEqual(["Direct", "1 stop"]);
    expect(fc.stops.reduce((n, s) => n + s.count, 0)).toBe(flights.length);
    expect(fc.stars).toEqual([]);
    expect(fc.boards).toEqual([]);
  });
});

describe("activeFilterCount", () => {
  it("counts one per chosen value", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(f({ price: { min: 1, max: 2 }, stars: [4, 5], refundableOnly: true, boards: ["breakfast"], sources: ["src-1"], stops: [0] }))).toBe(7);
  });
});
