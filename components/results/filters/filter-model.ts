import { boardLabel } from "@/lib/format/words";
import { isFlightRow, isHotelRow } from "@/lib/tds/contract/narrow";
import type { ResultGroup, ResultRow } from "../types";
import { sourceLabel } from "@/lib/search/source-label";

// Sorting, filtering and facets over the rows already loaded in the browser. Pure and
// allocation-light: it runs on every filter change with up to 500 products loaded.

export type ResultSort = "recommended" | "price_asc" | "price_desc" | "stars_desc" | "duration_asc";

export type ResultFilters = {
  /** Minor units, inclusive. `null`: any price. */
  price: { min: number; max: number } | null;
  /** Star buckets 1–5 (a 4.5-star hotel is in 4) and 0 for unrated. */
  stars: number[];
  refundableOnly: boolean;
  /** `boardBasis` values; "" stands for rates whose board is not stated. */
  boards: string[];
  /** Opaque `src-<hex>` aliases. */
  sources: string[];
  /** Flights: most stops on any one way, 0, 1 and 2 (2 or more). Optional for callers built before it. */
  stops?: number[];
};

export const EMPTY_FILTERS: ResultFilters = Object.freeze({
  price: null,
  stars: [],
  refundableOnly: false,
  boards: [],
  sources: [],
  stops: [],
}) as ResultFilters;

export type FacetOption<V> = { value: V; label: string; count: number };
export type PriceBin = { /** Inclusive, minor units. */ from: number; /** Inclusive, minor units. */ to: number; count: number };
export type PriceFacet = {
  /** Cheapest and dearest row price loaded (minor units): the slider's stable domain. */
  min: number;
  max: number;
  binWidth: number;
  bins: PriceBin[];
  /** Products counted in the bins (those matching the other filters). */
  counted: number;
};
export type Facets = {
  productType: string;
  /** Products loaded. */
  total: number;
  /** Products matching every filter. */
  matching: number;
  currency: string | null;
  price: PriceFacet | null;
  stars: FacetOption<number>[];
  boards: FacetOption<string>[];
  sources: FacetOption<string>[];
  stops: FacetOption<number>[];
  /** Products with at least one refundable rate (matching the other filters). */
  refundable: number;
  /** Whether the loaded rates are a mix of refundable and non-refundable ones. */
  refundableChoice: boolean;
};

export const HISTOGRAM_BINS = 24;

/* ------------------------------------------------------------------------- row fields */

export function starBucket(rating: number | null | undefined): number {
  if (rating === null || rating === undefined || !(rating >= 1)) return 0;
  return Math.min(5, Math.floor(rating));
}

export function starRatingOf(row: ResultRow): number | null {
  return isHotelRow(row) ? row.summary.starRating : null;
}

/** The board of a hotel rate ("" when not stated); `null` for other products. */
export function boardOf(row: ResultRow): string | null {
  return isHotelRow(row) ? (row.summary.boardBasis ?? "") : null;
}

/** Most stops on any one way of a flight (a return with one stop each way is "1 stop"); capped at 2. */
export function stopsOf(row: ResultRow): number | null {
  if (!isFlightRow(row)) return null;
  const slices = row.summary.slices;
  let most = -1;
  if (slices) {
    for (const slice of slices) {
      const s = (slice as { stops?: unknown }).stops;
      if (typeof s === "number" && s > most) most = s;
    }
  }
  if (most < 0) most = row.summary.stops ?? -1;
  return most < 0 ? null : Math.min(2, most);
}

export function durationOf(row: ResultRow): number | null {
  const d = (row.summary as { durationMinutes?: unknown }).durationMinutes;
  return typeof d === "number" && Number.isFinite(d) ? d : null;
}

/** The group's cheapest loaded price (minor units). */
export function bestPrice(group: ResultGroup): number {
  let best = Infinity;
  for (const row of group.rows) if (row.sellAmountMinor < best) best = row.sellAmountMinor;
  return best;
}

const BOARD_ORDER = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"];
/** A board in the filter, named as the cards name it; rates that state none are a choice of their own. */
export function boardFilterLabel(code: string): string {
  return boardLabel(code) ?? "Board not stated";
}

export const STOP_LABELS = ["Direct", "1 stop", "2+ stops"] as const;

export function starLabel(bucket: number): string {
  return bucket === 0 ? "Unrated" : `${bucket} ${bucket === 1 ? "star" : "stars"}`;
}

/** Sources are opaque aliases, labelled by sourceLabel, in order of first appearance among the groups. */
export function sourceLabels(groups: readonly ResultGroup[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const g of groups) {
    for (const row of g.rows) {
      if (!labels.has(row.supplier)) labels.set(row.supplier, sourceLabel(row.supplier));
    }
  }
  return labels;
}

/* --------------------------------------------------------------------- compiled filters */

const F_PRICE = 1;
const F_STARS = 2;
const F_REFUND = 4;
const F_BOARD = 8;
const F_SOURCE = 16;
const F_STOPS = 32;

type Compiled = {
  active: number;
  min: number;
  max: number;
  stars: boolean[];
  boards: Set<string>;
  sources: Set<string>;
  stops: boolean[];
};

function compile(filters: ResultFilters): Compiled {
  const stars = [false, false, false, false, false, false];
  for (const s of filters.stars) if (s >= 0 && s <= 5) stars[s] = true;
  const stops = [false, false, false];
  for (const s of filters.stops ?? []) if (s >= 0 && s <= 2) stops[s] = true;
  let active = 0;
  if (filters.price) active |= F_PRICE;
  if (filters.stars.length > 0) active |= F_STARS;
  if (filters.refundableOnly) active |= F_REFUND;
  if (filters.boards.length > 0) active |= F_BOARD;
  if (filters.sources.length > 0) active |= F_SOURCE;
  if ((filters.stops?.length ?? 0) > 0) active |= F_STOPS;
  return {
    active,
    min: filters.price?.min ?? -Infinity,
    max: filters.price?.max ?? Infinity,
    stars,
    boards: new Set(filters.boards),
    sources: new Set(filters.sources),
    stops,
  };
}

/** Bits of the active filters the row fails (0: it passes every filter). */
function failMask(row: ResultRow, c: Compiled): number {
  const a = c.active;
  if (a === 0) return 0;
  let m = 0;
  if (a & F_PRICE && (row.sellAmountMinor < c.min || row.sellAmountMinor > c.max)) m |= F_PRICE;
  if (a & F_STARS && !c.stars[starBucket(starRatingOf(row))]) m |= F_STARS;
  if (a & F_REFUND && !row.refundable) m |= F_REFUND;
  if (a & F_BOARD) {
    const b = boardOf(row);
    if (b === null || !c.boards.has(b)) m |= F_BOARD;
  }
  if (a & F_SOURCE && !c.sources.has(row.supplier)) m |= F_SOURCE;
  if (a & F_STOPS) {
    const s = stopsOf(row);
    if (s === null || !c.stops[s]) m |= F_STOPS;
  }
  return m;
}

/* ------------------------------------------------------------------------------ facets */

function bump<K>(counts: Map<K, number>, key: K, add: number) {
  counts.set(key, (counts.get(key) ?? 0) + add);
}

/**
 * What the loaded products offer to filter on. Values (and the price domain) come from every
 * loaded product, so the panel does not reshuffle as filters change; with `filters`, each
 * facet's counts are of the products matching the *other* filters (the histogram counts them
 * by their cheapest rate matching the other filters).
 */
export function facetsOf(groups: readonly ResultGroup[], productType: string, filters: ResultFilters = EMPTY_FILTERS): Facets {
  const c = compile(filters);
  const labels = sourceLabels(groups);
  const stars = new Map<number, number>();
  const boards = new Map<string, number>();
  const sources = new Map<string, number>();
  const stops = new Map<number, number>();
  let refundable = 0;
  let matching = 0;
  let someRefundable = false;
  let someNot = false;
  let min = Infinity;
  let max = -Infinity;
  let currency: string | null = null;
  // Per-group "seen" lists, reused: a product counts once per value.
  const seenStars: number[] = [];
  const seenBoards: string[] = [];
  const seenSources: string[] = [];
  const seenStops: number[] = [];
  const best = new Float64Array(groups.length);

  for (let gi = 0; gi < groups.length; gi++) {
    const g = groups[gi]!;
    seenStars.length = 0;
    seenBoards.length = 0;
    seenSources.length = 0;
    seenStops.length = 0;
    let groupRefundable = false;
    let groupMatches = false;
    let groupBest = Infinity;
    for (const row of g.rows) {
      currency ??= row.sellCurrency;
      const p = row.sellAmountMinor;
      if (p < min) min = p;
      if (p > max) max = p;
      const m = failMask(row, c);
      if (m === 0) groupMatches = true;

      const star = isHotelRow(row) ? starBucket(row.summary.starRating) : -1;
      if (star >= 0 && !seenStars.includes(star)) {
        const ok = (m & ~F_STARS) === 0;
        if (ok) seenStars.push(star);
        bump(stars, star, ok ? 1 : 0);
      }
      const board = boardOf(row);
      if (board !== null && !seenBoards.includes(board)) {
        const ok = (m & ~F_BOARD) === 0;
        if (ok) seenBoards.push(board);
        bump(boards, board, ok ? 1 : 0);
      }
      if (!seenSources.includes(row.supplier)) {
        const ok = (m & ~F_SOURCE) === 0;
        if (ok) seenSources.push(row.supplier);
        bump(sources, row.supplier, ok ? 1 : 0);
      }
      const stop = stopsOf(row);
      if (stop !== null && !seenStops.includes(stop)) {
        const ok = (m & ~F_STOPS) === 0;
        if (ok) seenStops.push(stop);
        bump(stops, stop, ok ? 1 : 0);
      }
      if (row.refundable) {
        someRefundable = true;
        if ((m & ~F_REFUND) === 0) groupRefundable = true;
      } else someNot = true;
      if ((m & ~F_PRICE) === 0 && p < groupBest) groupBest = p;
    }
    if (groupRefundable) refundable++;
    if (groupMatches) matching++;
    best[gi] = groupBest;
  }

  let price: PriceFacet | null = null;
  if (min <= max) {
    const span = max - min + 1;
    const binWidth = Math.max(1, Math.ceil(span / HISTOGRAM_BINS));
    const n = Math.ceil(span / binWidth);
    const bins: PriceBin[] = [];
    for (let i = 0; i < n; i++) bins.push({ from: min + i * binWidth, to: Math.min(max, min + (i + 1) * binWidth - 1), count: 0 });
    let counted = 0;
    for (let gi = 0; gi < best.length; gi++) {
      const p = best[gi]!;
      if (p === Infinity) continue;
      bins[Math.min(n - 1, Math.floor((p - min) / binWidth))]!.count++;
      counted++;
    }
    price = { min, max, binWidth, bins, counted };
  }

  const boardRank = (b: string) => {
    const i = BOARD_ORDER.indexOf(b);
    return i >= 0 ? i : b === "" ? 1000 : 100;
  };
  return {
    productType,
    total: groups.length,
    matching,
    currency,
    price,
    stars: [...stars]
      .sort((a, b) => (b[0] === 0 ? -1 : a[0] === 0 ? 1 : b[0] - a[0]))
      .map(([value, count]) => ({ value, count, label: starLabel(value) })),
    boards: [...boards]
      .sort((a, b) => boardRank(a[0]) - boardRank(b[0]) || a[0].localeCompare(b[0]))
      .map(([value, count]) => ({ value, count, label: boardFilterLabel(value) })),
    // Map order is first appearance, the order of the labels.
    sources: [...sources].map(([value, count]) => ({ value, count, label: labels.get(value) ?? value })),
    stops: [...stops].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count, label: STOP_LABELS[value] ?? `${value} stops` })),
    refundable,
    refundableChoice: someRefundable && someNot,
  };
}

/* ---------------------------------------------------------------------- filter and sort */

/**
 * The products with at least one rate passing every filter, each keeping only its passing
 * rates in their order (so `rows[0]` is the best matching rate), sorted. Untouched groups are
 * returned as the same objects, so memoised cards do not re-render.
 */
export function applyFilters(groups: readonly ResultGroup[], filters: ResultFilters, sort: ResultSort): ResultGroup[] {
  const c = compile(filters);
  let out: ResultGroup[];
  if (c.active === 0) {
    out = groups.slice();
  } else {
    out = [];
    for (const g of groups) {
      const rows = g.rows;
      let firstFail = -1;
      for (let i = 0; i < rows.length; i++) {
        if (failMask(rows[i]!, c) !== 0) {
          firstFail = i;
          break;
        }
      }
      if (firstFail < 0) {
        out.push(g);
        continue;
      }
      const kept = rows.slice(0, firstFail);
      for (let i = firstFail + 1; i < rows.length; i++) if (failMask(rows[i]!, c) === 0) kept.push(rows[i]!);
      if (kept.length > 0) out.push({ ...g, rows: kept });
    }
  }
  return sortGroups(out, sort);
}

function sortKey(g: ResultGroup, sort: ResultSort): number {
  const first = g.rows[0];
  if (!first) return Infinity;
  switch (sort) {
    // By the price a card shows: its lowest ("from").
    case "price_asc":
      return bestPrice(g);
    case "price_desc":
      return -bestPrice(g);
    case "stars_desc":
      return -(starRatingOf(first) ?? 0);
    case "duration_asc":
      return durationOf(first) ?? Infinity;
    default:
      return g.position;
  }
}

/** Sorts in place and returns the array; ties keep the service's ranking (then the input order). */
export function sortGroups(groups: ResultGroup[], sort: ResultSort): ResultGroup[] {
  const n = groups.length;
  if (n < 2) return groups;
  const keys = new Float64Array(n);
  const pos = new Float64Array(n);
  const order = new Array<number>(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const g = groups[i]!;
    keys[i] = sortKey(g, sort);
    pos[i] = g.position;
    order[i] = i;
    if (sorted && i > 0 && (keys[i]! < keys[i - 1]! || (keys[i] === keys[i - 1] && pos[i]! < pos[i - 1]!))) sorted = false;
  }
  if (sorted) return groups;
  // Array#sort is stable, so equal keys and positions keep the input order.
  order.sort((a, b) => keys[a]! - keys[b]! || pos[a]! - pos[b]!);
  const copy = groups.slice();
  for (let i = 0; i < n; i++) groups[i] = copy[order[i]!]!;
  return groups;
}

/* ------------------------------------------------------------------------------- misc */

export function sortOptions(productType: string): Array<{ value: ResultSort; label: string }> {
  const options: Array<{ value: ResultSort; label: string }> = [
    { value: "recommended", label: "Recommended" },
    { value: "price_asc", label: "Price: low to high" },
    { value: "price_desc", label: "Price: high to low" },
  ];
  if (productType === "hotel") options.push({ value: "stars_desc", label: "Star rating: high to low" });
  if (productType === "flight" || productType === "activity" || productType === "transfer") {
    options.push({ value: "duration_asc", label: "Duration: shortest first" });
  }
  return options;
}

/** One per selected value (each star, board, source, stop), one for a price range and one for refundable only. */
export function activeFilterCount(filters: ResultFilters): number {
  return (
    (filters.price ? 1 : 0) +
    filters.stars.length +
    (filters.refundableOnly ? 1 : 0) +
    filters.boards.length +
    filters.sources.length +
    (filters.stops?.length ?? 0)
  );
}

/** Adds or removes one value of a multi-choice filter. */
export function toggleValue<V>(list: readonly V[], value: V, on: boolean): V[] {
  const has = list.includes(value);
  if (on === has) return list as V[];
  return on ? [...list, value] : list.filter((v) => v !== value);
}
