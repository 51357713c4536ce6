import type { Catalog, City, Hotel } from "./model";

/** Letters that NFKD does not decompose into a base letter plus a mark. */
const SPECIAL: Record<string, string> = { ı: "i", ß: "ss", ø: "o", æ: "ae", œ: "oe", đ: "d", ð: "d", ł: "l", þ: "th", ħ: "h" };

/** Lower-case, accents removed: "Málaga" and "malaga" fold to the same text. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ıßøæœđðłþħ]/g, (ch) => SPECIAL[ch] ?? ch);
}

/** Folded words; apostrophes join ("Xi’an" is one word, "xian"), any other non-letter separates. */
export function words(text: string): string[] {
  return fold(text)
    .replace(/['’‘`ʼ]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export type CitySuggestion = Pick<City, "name" | "countryCode" | "stateName" | "hotelCount" | "cityRegionId" | "cityRegionIds">;
export type HotelSuggestion = Pick<Hotel, "canonicalId" | "name" | "cityName" | "starRating" | "countryCode">;
export type PoiSuggestion = { kind: "airport" | "destination"; name: string; code: string; countryCode: string };
export type Suggestions = { cities: CitySuggestion[]; hotels: HotelSuggestion[]; pois: PoiSuggestion[] };

type Entry<T> = {
  item: T;
  /** " w1 w2 w3": the name's words, each after a space, so a word prefix is one `includes(" " + token)`. */
  name: string;
  /** Other words that may match but do not count as a name match (state, country, airport city). */
  extra: string;
  /**
   * An airport's served city, then the town it is filed under (" new york city", " newark"): the
   * city's name finds its airports as their own name does (tier 0 for the served city, 1 for the town).
   */
  places: readonly string[];
  /** name + extra + places: a query's first token not in it rules the entry out with one `includes`. */
  all: string;
  /** Matches an exact code ("bcn") or a code prefix, for points of interest. */
  code: string | null;
  weight: number;
};

function entry<T>(item: T, name: string, extra: string, places: readonly string[], code: string | null, weight: number): Entry<T> {
  return { item, name, extra, places, all: name + extra + places.join(""), code, weight };
}

type Index = {
  cities: Entry<CitySuggestion>[];
  pois: Entry<PoiSuggestion>[];
  hotels: Entry<HotelSuggestion>[];
  /** Distinct hotel-name words, sorted, for a binary-searched prefix range. */
  hotelWords: string[];
  /** Per word of `hotelWords`: hotels whose name starts with it, heaviest first. */
  hotelsFirst: Int32Array[];
  /** Per word of `hotelWords`: hotels whose name has it anywhere, heaviest first. */
  hotelsAny: Int32Array[];
  /** Hotel i's name as positions in `hotelWords`: `wordIds[wordStart[i] .. wordStart[i + 1])`. */
  wordIds: Int32Array;
  wordStart: Int32Array;
  /** Dedupes candidates within one query without allocating a Set. */
  stamp: Uint32Array;
  generation: number;
};

const indexes = new WeakMap<Catalog, Index>();

const spaced = (w: string[]) => (w.length ? ` ${w.join(" ")}` : "");
const NO_PLACES: readonly string[] = [];

function buildIndex(catalog: Catalog): Index {
  const cityWeight = (id: number | null) => (id === null ? 0 : (catalog.cityById.get(id)?.hotelCount ?? 0));
  const cities = catalog.cities.map((c) =>
    entry<CitySuggestion>(
      {
        name: c.name,
        countryCode: c.countryCode,
        stateName: c.stateName,
        hotelCount: c.hotelCount,
        cityRegionId: c.cityRegionId,
        cityRegionIds: c.cityRegionIds,
      },
      spaced(words(c.name)),
      spaced(words(`${c.stateName ?? ""} ${c.countryName} ${c.countryCode}`)),
      NO_PLACES,
      null,
      c.hotelCount * 1e8 + c.population,
    ),
  );
  const destinations = catalog.cities.map((c) =>
    entry<PoiSuggestion>(
      { kind: "destination", name: c.name, code: c.destinationCode, countryCode: c.countryCode },
      spaced(words(c.name)),
      "",
      NO_PLACES,
      words(c.destinationCode).join(" "),
      c.hotelCount * 10 + 1,
    ),
  );
  // A main airport (rank 1 or more: a known size or "International") weighs as much as the city it
  // serves, just after the city itself; an airfield much less. The fraction orders a city's airports
  // by rank, biggest first: "London" lists London, LHR, LGW, STN, LTN, LCY.
  const airports = catalog.airports.map((a) => {
    const served = spaced(words(a.cityName));
    const town = spaced(words(a.municipality));
    return entry<PoiSuggestion>(
      { kind: "airport", name: a.name, code: a.code, countryCode: a.countryCode },
      spaced(words(a.name)),
      served === town ? served : served + town,
      town === served ? [served] : [served, town],
      a.code.toLowerCase(),
      cityWeight(a.cityRegionId) * (a.rank >= 1 ? 10 : 2) + a.rank / (a.rank + 1),
    );
  });

  // Hotel names reuse a small vocabulary: folding each distinct piece once makes the build ~4x faster.
  const pieces = new Map<string, string[]>();
  const nameWords = (name: string) =>
    name.split(" ").flatMap((piece) => {
      let w = pieces.get(piece);
      if (!w) pieces.set(piece, (w = words(piece)));
      return w;
    });
  const hotelWordLists: string[][] = [];
  const hotels = catalog.hotels.map<Entry<HotelSuggestion>>((h) => {
    const w = nameWords(h.name);
    hotelWordLists.push(w);
    return entry<HotelSuggestion>(
      { canonicalId: h.canonicalId, name: h.name, cityName: h.cityName, starRating: h.starRating, countryCode: h.countryCode },
      spaced(w),
      "",
      NO_PLACES,
      null,
      // Popularity ranks a hotel within its city; weigh in the city's size so famous destinations lead.
      h.popularity + 150 * Math.log10(1 + cityWeight(h.cityRegionId)),
    );
  });
  // Pushing hotels heaviest first leaves every per-word list sorted, without sorting 2,000 lists.
  const order = hotels.map((_, i) => i).sort((a, b) => hotels[b]!.weight - hotels[a]!.weight || a - b);
  const first = new Map<string, number[]>();
  const any = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, w: string, i: number) => {
    const list = map.get(w);
    if (list) list.push(i);
    else map.set(w, [i]);
  };
  for (const i of order) {
    const w = hotelWordLists[i]!;
    if (w[0]) push(first, w[0], i);
    for (const word of new Set(w)) push(any, word, i);
  }
  const hotelWords = [...any.keys()].sort();
  const position = new Map(hotelWords.map((w, i) => [w, i]));
  const wordStart = new Int32Array(hotels.length + 1);
  hotelWordLists.forEach((w, i) => (wordStart[i + 1] = wordStart[i]! + w.length));
  const wordIds = Int32Array.from(hotelWordLists.flat(), (w) => position.get(w) ?? -1);
  return {
    cities,
    pois: [...destinations, ...airports],
    hotels,
    hotelWords,
    hotelsFirst: hotelWords.map((w) => Int32Array.from(first.get(w) ?? [])),
    hotelsAny: hotelWords.map((w) => Int32Array.from(any.get(w) ?? [])),
    wordIds,
    wordStart,
    stamp: new Uint32Array(hotels.length),
    generation: 0,
  };
}

function indexOf(catalog: Catalog): Index {
  let index = indexes.get(catalog);
  if (!index) {
    index = buildIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}

/** Builds the suggest index now instead of on the first query (about half a second, once per catalog). */
export function warmSuggest(catalog: Catalog): void {
  indexOf(catalog);
}

type Query = { tokens: string[]; /** "t1 t2" */ plain: string; /** " t1 t2" */ joined: string; /** [" t1", " t2"] */ spacedTokens: string[] };

/**
 * Lower is better. -1: exact code; 0: the whole name (or an airport's served city) starts with the
 * query; 1: every token starts a word of the name (or of a place of the airport's); 2: every token
 * starts a word of the name or extra words, or the code starts with the query; null: no match.
 */
function tier<T>(e: Entry<T>, q: Query): number | null {
  if (e.code === q.plain) return -1;
  // Most entries have no word starting with the first token: one search rules them out.
  if (!e.all.includes(q.spacedTokens[0]!)) return e.code?.startsWith(q.plain) ? 2 : null;
  if (e.name.startsWith(q.joined)) return 0;
  let inPlace = false;
  for (let p = 0; p < e.places.length; p++) {
    const place = e.places[p]!;
    if (place.startsWith(q.joined)) {
      if (p === 0) return 0;
      inPlace = true;
    } else if (!inPlace) {
      let all = true;
      for (let i = 0; all && i < q.spacedTokens.length; i++) all = place.includes(q.spacedTokens[i]!);
      inPlace = all;
    }
  }
  if (inPlace) return 1;
  let inName = 0;
  let matched = true;
  for (let i = 0; i < q.spacedTokens.length; i++) {
    const t = q.spacedTokens[i]!;
    if (e.name.includes(t)) inName++;
    else if (!e.extra.includes(t)) matched = false;
  }
  if (matched && inName === q.tokens.length) return 1;
  if (matched && inName > 0) return 2;
  return e.code?.startsWith(q.plain) ? 2 : null;
}

type Ranked<T> = { entry: Entry<T>; tier: number; order: number };

function better<T>(a: Ranked<T>, b: Ranked<T>): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.entry.weight !== b.entry.weight) return a.entry.weight > b.entry.weight;
  return a.order < b.order;
}

/** Keeps the best `k` in order; k is at most 15, so insertion beats sorting thousands of candidates. */
class TopK<T> {
  readonly items: Ranked<T>[] = [];
  constructor(private readonly k: number) {}
  get full(): boolean {
    return this.items.length >= this.k;
  }
  offer(candidate: Ranked<T>): void {
    const items = this.items;
    if (this.full && !better(candidate, items[items.length - 1]!)) return;
    let i = items.length;
    while (i > 0 && better(candidate, items[i - 1]!)) i--;
    items.splice(i, 0, candidate);
    if (items.length > this.k) items.pop();
  }
}

function scan<T>(entries: Entry<T>[], q: Query, k: number): T[] {
  const top = new TopK<T>(k);
  entries.forEach((entry, order) => {
    const t = tier(entry, q);
    if (t !== null) top.offer({ entry, tier: t, order });
  });
  return top.items.map((r) => r.entry.item);
}

function wordRange(words: string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  let to = lo;
  while (to < words.length && words[to]!.startsWith(prefix)) to++;
  return [lo, to];
}

/** Visits the union of several heaviest-first lists, heaviest first, until `visit` returns false. */
function mergeByWeight(lists: Int32Array[], weight: (i: number) => number, visit: (i: number) => boolean): void {
  const heads = lists.map(() => 0);
  for (;;) {
    let bestList = -1;
    let bestItem = 0;
    lists.forEach((list, l) => {
      const item = list[heads[l]!];
      if (item === undefined) return;
      if (bestList < 0 || weight(item) > weight(bestItem) || (weight(item) === weight(bestItem) && item < bestItem)) {
        bestList = l;
        bestItem = item;
      }
    });
    if (bestList < 0) return;
    heads[bestList]!++;
    if (!visit(bestItem)) return;
  }
}

function suggestHotels(index: Index, q: Query, k: number): HotelSuggestion[] {
  const generation = (index.generation = (index.generation + 1) >>> 0 || 1);
  if (generation === 1) index.stamp.fill(0);
  const seen = (i: number) => {
    if (index.stamp[i] === generation) return true;
    index.stamp[i] = generation;
    return false;
  };
  const weight = (i: number) => index.hotels[i]!.weight;
  const out: HotelSuggestion[] = [];
  const [token] = q.tokens;
  if (q.tokens.length === 1 && token !== undefined) {
    // One word (most keystrokes): names starting with it, then names with a word starting with it, each
    // heaviest first. The lists are presorted, so only about k entries are read.
    const [from, to] = wordRange(index.hotelWords, token);
    const take = (i: number) => {
      if (!seen(i)) out.push(index.hotels[i]!.item);
      return out.length < k;
    };
    mergeByWeight(index.hotelsFirst.slice(from, to), weight, take);
    if (out.length < k) mergeByWeight(index.hotelsAny.slice(from, to), weight, take);
    return out;
  }
  // Several words. A token matches the word ids of its prefix range, so checks are integer compares
  // (strings cost ~200 ns a hotel). Tier 0 needs the leading words equal to the leading tokens.
  const ranges = q.tokens.map((t) => wordRange(index.hotelWords, t));
  const exact = q.tokens.map((t, j) => (index.hotelWords[ranges[j]![0]] === t ? ranges[j]![0] : -2));
  const last = ranges.length - 1;
  const hotelTier = (i: number): number | null => {
    const start = index.wordStart[i]!;
    const end = index.wordStart[i + 1]!;
    for (const [from, to] of ranges) {
      let hit = false;
      for (let p = start; p < end && !hit; p++) hit = index.wordIds[p]! >= from && index.wordIds[p]! < to;
      if (!hit) return null;
    }
    if (end - start <= last) return 1;
    for (let j = 0; j < last; j++) if (index.wordIds[start + j] !== exact[j]) return 1;
    const w = index.wordIds[start + last]!;
    return w >= ranges[last]![0] && w < ranges[last]![1] ? 0 : 1;
  };
  // Candidates come from the token whose prefix covers the fewest hotels.
  let best: Int32Array[] = [];
  let bestSize = Infinity;
  for (const [from, to] of ranges) {
    const lists = index.hotelsAny.slice(from, to);
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (size < bestSize) [best, bestSize] = [lists, size];
  }
  const top = new TopK<HotelSuggestion>(k);
  for (const list of best) {
    for (let j = 0; j < list.length; j++) {
      const i = list[j]!;
      if (seen(i)) continue;
      const t = hotelTier(i);
      if (t !== null) top.offer({ entry: index.hotels[i]!, tier: t, order: i });
    }
  }
  return top.items.map((r) => r.entry.item);
}

const SUGGEST_MAX_QUERY = 100;

/** GET /catalog/suggest: up to `limit` cities, hotels and points of interest whose names start with the query's words. */
export function suggest(catalog: Catalog, rawQuery: string, limit: number): Suggestions {
  const q = rawQuery.trim().slice(0, SUGGEST_MAX_QUERY);
  const tokens = words(q);
  if (q.length < 2 || tokens.length === 0) return { cities: [], hotels: [], pois: [] };
  const query: Query = { tokens, plain: tokens.join(" "), joined: spaced(tokens), spacedTokens: tokens.map((t) => ` ${t}`) };
  const index = indexOf(catalog);
  // Copies, so a caller that mutates a response cannot change the index.
  return {
    cities: scan(index.cities, query, limit).map((c) => ({ ...c, cityRegionIds: [...c.cityRegionIds] })),
    hotels: suggestHotels(index, query, limit).map((h) => ({ ...h })),
    pois: scan(index.pois, query, limit).map((p) => ({ ...p })),
  };
}
