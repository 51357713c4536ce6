import MiniSearch from "minisearch";
import { foldText } from "@/lib/fold";
import { errorFields, log } from "@/lib/log";
import type { Suggestions } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { cached, TTL, type Cache } from "./cache";

// Destination suggestions that forgive a typo (docs/search.md#typos). The service's suggest
// matches names by prefix, so "Pariss" finds nothing. When the service has nothing at all for
// what was typed, the desk looks for a place name within one or two letters of it in the
// service's own destination names (GET /destinations, cached daily) and asks suggest again
// with that name: the answer says `didYouMean`, and the field shows it as a correction.

/** /api/suggest's answer: the service's groups, and the name they answer when the desk corrected a typo. */
export type PlaceSuggestions = Suggestions & { didYouMean?: string };

type Deps = { tds: TdsClient; cache: Cache };
type PlaceNames = { loadedAt: string; names: string[] };

export const NAMES_KEY = "suggest:names";
/** Corrected answers, shared by every advisor: "Pariss", "Parris" and "Paaris" cost one call between them. */
const answerKey = (name: string, limit: number) => `suggest:answer:${limit}:${foldText(name)}`;

const NAMES_PAGE_SIZE = 100;
/** Pages read per product type: 5,000 destinations each, ample for a catalogue of cities and airports. */
const NAMES_MAX_PAGES = 50;
/** How long the first typo of the day waits for the names; the load goes on and serves the next keystroke. */
const NAMES_WAIT_MS = 1_000;
/** After a failed load (the service down or its budget spent), typos go uncorrected this long rather than ask again. */
const NAMES_RETRY_MS = 5 * 60_000;
/** Words shorter than this are taken as typed: too short to tell a slip from another word. */
const MIN_FUZZY_LENGTH = 4;
const DEFAULT_LIMIT = 6;

const isEmpty = (s: Suggestions) => s.cities.length === 0 && s.hotels.length === 0 && s.pois.length === 0;

/** GET /api/suggest: the service's suggestions for `q`, or, when it has none, those of the place name `q` misspells. */
export async function suggestPlaces(deps: Deps, q: string, limit = DEFAULT_LIMIT, signal?: AbortSignal): Promise<PlaceSuggestions> {
  const typed = await deps.tds.suggest(q, limit, { signal });
  if (!isEmpty(typed) || !hasFuzzyWord(q)) return typed;
  const names = await placeNamesSoon(deps);
  const name = names ? correctTypo(names.names, q) : null;
  if (!name) return typed;
  try {
    const fixed = await cached(deps.cache, answerKey(name, limit), TTL.destinations, () => deps.tds.suggest(name, limit, { signal }));
    return isEmpty(fixed) ? typed : { ...fixed, didYouMean: name };
  } catch (err) {
    if (signal?.aborted) throw err;
    // A correction is a courtesy: its failure (a spent budget, a slow service) leaves the answer as typed.
    log.warn({ err: errorFields(err) }, "suggest correction not fetched");
    return typed;
  }
}

/* ------------------------------------------------------------ the names */

/** Per cache (one per process): the names last read from it, and when a load last failed. */
type Local = { list: PlaceNames | null; readAt: number; failedAt: number };
const locals = new WeakMap<Cache, Local>();
/** The names are re-read from the shared cache this often, not at every typo (30 kB of JSON). */
const LOCAL_MS = 10 * 60_000;

/** The service's destination names (cached a day), or null when they are not at hand within NAMES_WAIT_MS. */
async function placeNamesSoon(deps: Deps): Promise<PlaceNames | null> {
  let local = locals.get(deps.cache);
  if (!local) locals.set(deps.cache, (local = { list: null, readAt: -Infinity, failedAt: -Infinity }));
  const now = Date.now();
  if (local.list && now - local.readAt < LOCAL_MS) return local.list;
  if (now - local.failedAt < NAMES_RETRY_MS) return null;
  const mine = local;
  const loading = cached(deps.cache, NAMES_KEY, TTL.content, () => loadPlaceNames(deps.tds)).then(
    (list) => {
      // The same day's list keeps its index.
      if (mine.list?.loadedAt !== list.loadedAt) mine.list = list;
      mine.readAt = Date.now();
      return mine.list;
    },
    (err: unknown) => {
      mine.failedAt = Date.now();
      log.warn({ err: errorFields(err) }, "destination names not loaded; typos go uncorrected for now");
      return null;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, NAMES_WAIT_MS, null)));
  try {
    return await Promise.race([loading, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Activity and transfer destinations (cities, areas, airports) and their cities' names, each once. */
export async function loadPlaceNames(tds: TdsClient): Promise<PlaceNames> {
  const read = async (productType: "activity" | "transfer") => {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < NAMES_MAX_PAGES; page++) {
      // No abort signal: the load is shared, and fills the cache for the keystrokes after this one.
      const answer = await tds.destinations({ productType, limit: NAMES_PAGE_SIZE, cursor });
      for (const d of answer.items) names.push(d.name, d.cityName ?? "");
      cursor = answer.nextCursor ?? undefined;
      if (!cursor) break;
    }
    return names;
  };
  const [activity, transfer] = await Promise.all([read("activity"), read("transfer")]);
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of [...activity, ...transfer]) {
    const name = raw.trim();
    const key = foldText(name);
    if (key.length < 2 || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return { loadedAt: new Date().toISOString(), names };
}

/* ------------------------------------------------------------ the correction */

type Doc = { id: number; name: string };

const processTerm = (term: string) => foldText(term) || null;
const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
/** Folded words, as the index keeps them. */
const termsOf = (text: string) => tokenize(text).map(foldText).filter(Boolean);
/**
 * A place name is a few words; a longer `q` is not a typo of one. MiniSearch's fuzzy match builds a
 * matrix of the word's length squared: a 120,000-letter word asked for 14 GB and answered 500 (the
 * fuzz suite found it).
 */
const MAX_FUZZY_QUERY = 60;
const hasFuzzyWord = (q: string) => q.length <= MAX_FUZZY_QUERY && termsOf(q).some((t) => t.length >= MIN_FUZZY_LENGTH);
/** Edits forgiven in a word: one in 4 or 5 letters ("Londn"), two from 6 ("Madird", "Edinbrugh"). */
const editsFor = (term: string) => (term.length < MIN_FUZZY_LENGTH ? 0 : term.length < 6 ? 1 : 2);

const indexes = new WeakMap<readonly string[], MiniSearch<Doc>>();

/** One index per names list (a day's), built at its first typo: about 100 ms for 1,400 names. */
function indexOf(names: readonly string[]): MiniSearch<Doc> {
  let index = indexes.get(names);
  if (!index) {
    index = new MiniSearch<Doc>({ fields: ["name"], storeFields: ["name"], processTerm });
    index.addAll(names.map((name, id) => ({ id, name })));
    indexes.set(names, index);
  }
  return index;
}

/**
 * The place name `q` misspells, or null. Every word of `q` must match a word of the name: words of
 * 4 letters or more within `editsFor` edits and with the same first letter (a slip seldom hits the
 * first letter, and "test" is no typo of "West"), shorter words exactly. The best-scoring name wins
 * (shorter names first: "Paris" before "Paris-Orly Airport"). A name equal to `q` is no correction.
 */
export function correctTypo(names: readonly string[], q: string): string | null {
  if (q.length > MAX_FUZZY_QUERY) return null;
  const terms = termsOf(q);
  if (!terms.some((t) => t.length >= MIN_FUZZY_LENGTH)) return null;
  const results = indexOf(names).search(q, { combineWith: "AND", fuzzy: editsFor, prefix: false });
  for (const result of results.slice(0, 10)) {
    const matched = Object.keys(result.match);
    const fits = terms.every((t) => matched.some((m) => (t.length < MIN_FUZZY_LENGTH ? m === t : m[0] === t[0])));
    if (!fits) continue;
    const name = String(result.name);
    return termsOf(name).join(" ") === terms.join(" ") ? null : name;
  }
  return null;
}
