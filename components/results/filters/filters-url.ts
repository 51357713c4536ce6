import { EMPTY_FILTERS, type ResultFilters, type ResultSort } from "./filter-model";

// Results' filters and sort in the address, beside the search's criteria, so a link or a reload
// shows the same list: `sort`, `stars`, `board`, `src`, `stops` (comma lists), `refundable=1`,
// `price=min-max` (minor units). Unknown or malformed values are ignored, never an error.

const SORTS: readonly ResultSort[] = ["recommended", "price_asc", "price_desc", "stars_desc", "duration_asc"];
const KEYS = ["sort", "stars", "board", "src", "stops", "refundable", "price"] as const;

const list = (v: string | null) => (v ? v.split(",").map((s) => s.trim()) : []);
const ints = (v: string | null, min: number, max: number) =>
  [...new Set(list(v).map(Number).filter((n) => Number.isInteger(n) && n >= min && n <= max))].sort((a, b) => a - b);

export function filtersFromParams(params: URLSearchParams): { filters: ResultFilters; sort: ResultSort } {
  const sort = SORTS.find((s) => s === params.get("sort")) ?? "recommended";
  const price = /^(\d{1,12})-(\d{1,12})$/.exec(params.get("price") ?? "");
  return {
    sort,
    filters: {
      ...EMPTY_FILTERS,
      price: price && Number(price[1]) <= Number(price[2]) ? { min: Number(price[1]), max: Number(price[2]) } : null,
      stars: ints(params.get("stars"), 0, 5),
      refundableOnly: params.get("refundable") === "1",
      // "" (a board not stated) travels as "-".
      boards: [...new Set(list(params.get("board")).map((b) => (b === "-" ? "" : b)).filter((b) => b === "" || /^[a-z_]{1,40}$/.test(b)))],
      sources: [...new Set(list(params.get("src")).filter((s) => /^[\w-]{1,60}$/.test(s)))],
      stops: ints(params.get("stops"), 0, 2),
    },
  };
}

/** `base` (the search's own parameters) with the filters and sort set, and cleared when at their defaults. */
export function withFilterParams(base: URLSearchParams, filters: ResultFilters, sort: ResultSort): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const k of KEYS) out.delete(k);
  if (sort !== "recommended") out.set("sort", sort);
  if (filters.stars.length) out.set("stars", filters.stars.join(","));
  if (filters.boards.length) out.set("board", filters.boards.map((b) => (b === "" ? "-" : b)).join(","));
  if (filters.sources.length) out.set("src", filters.sources.join(","));
  if (filters.stops?.length) out.set("stops", filters.stops.join(","));
  if (filters.refundableOnly) out.set("refundable", "1");
  if (filters.price) out.set("price", `${filters.price.min}-${filters.price.max}`);
  return out;
}
