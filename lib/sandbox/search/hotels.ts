import type { Catalog, Hotel } from "../catalog";
import { haversineKm } from "../platform/random";
import { parseTriggers, withoutTriggers, SEARCH_QUERY_PLACES } from "../platform/triggers";
import { frac } from "./draw";
import type { Places } from "./places";
import { cheapestRate, forEachRate, hotelHash, rateRefundable, sourceCovers, type HotelPricing } from "./pricing";
import { RankedListing, compareRanked, rankKey, type Ranked } from "./ranking";
import type { SearchRequest } from "./schemas";
import { HOTEL_SOURCES, HOTEL_SOURCE_SLOTS, type HotelSourceDef } from "./sources";
import type { SessionMeta, SessionStatus, SupplierOutcome } from "./types";

export const BATCH_SIZE = 300;
/** Spec: a hotel search returns after its first priced batch "or after about 4 seconds". */
export const INITIAL_WAIT_CAP_MS = 4000;
/** The most popular hotels a single search prices; wider searches are cut. */
export const MAX_SEARCH_HOTELS = 10_000;

/**
 * A hotel `query` may carry scenario triggers (platform/triggers.ts), removed before the
 * query is matched. Two act on the session: `sandbox:fail-search` (every source fails; the
 * session ends `failed` with no rows) and `sandbox:slow-search` (every source answers 10 s
 * later, so POST /search returns after about 4 s × latencyScale while still `pending`).
 * `sandbox:package-rate` makes every rate a package rate (`summary.isPackage`). The others act
 * on price-checks and bookings of the search's quotes.
 */
export type HotelScenario = { fail: boolean; slow: boolean; packageRates: boolean; query: string };

export function hotelScenario(query: string | undefined): HotelScenario {
  const triggers = parseTriggers(query, SEARCH_QUERY_PLACES, "query");
  return {
    fail: triggers.has("fail-search"),
    slow: triggers.has("slow-search"),
    packageRates: triggers.has("package-rate"),
    query: withoutTriggers(query ?? ""),
  };
}

const byPopularity = (a: Hotel, b: Hotel) => b.popularity - a.popularity || a.canonicalId.localeCompare(b.canonicalId);

/** The hotels a search prices, most popular first (the order batches are cut in). */
export function selectHotels(catalog: Catalog, places: Places, req: SearchRequest, query: string): Hotel[] {
  let hotels: Hotel[];
  if (req.hotelId !== undefined) {
    const h = catalog.hotelById.get(req.hotelId);
    return h ? [h] : [];
  }
  if (req.near) {
    const { lat, lng, radiusKm } = req.near;
    // A cheap box first: most of the 69,000 hotels are far away.
    const dLat = radiusKm / 111;
    const dLng = radiusKm / (111 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
    const near = catalog.hotels.filter(
      (h) => Math.abs(h.lat - lat) <= dLat && Math.abs(h.lng - lng) <= dLng && haversineKm(lat, lng, h.lat, h.lng) <= radiusKm,
    );
    hotels = query ? places.matchHotels(query, near) : near;
    hotels.sort(byPopularity);
  } else if (query) {
    hotels = places.matchHotels(query, null).sort(byPopularity);
  } else {
    const ids = [...(req.destinationCityRegionIds ?? []), ...(req.destinationCityRegionId !== undefined ? [req.destinationCityRegionId] : [])];
    if (ids.length === 0 && req.destination !== undefined) {
      const city = places.city(req.destination, req.destinationCountryCode);
      if (city) ids.push(city.cityRegionId);
    }
    const unique = [...new Set(ids)];
    hotels = unique.flatMap((id) => catalog.hotelsByCity.get(id) ?? []);
    if (unique.length > 1) hotels.sort(byPopularity);
  }
  if (req.propertyTypes) {
    const wanted = new Set<string>(req.propertyTypes);
    hotels = hotels.filter((h) => wanted.has(h.propertyType));
  }
  return hotels.length > MAX_SEARCH_HOTELS ? hotels.slice(0, MAX_SEARCH_HOTELS) : hotels;
}

export type HotelRow = Ranked & { src: number; code: number; amount: number };
export type SheetRate = Ranked & { src: number; code: number; amount: number };

type Timing = { first: number; per: number; failAt: number };

/**
 * A hotel search's pricing, computed lazily: each source answers batch b at
 * first + b × per simulated ms (real ms / latencyScale since the start). Whatever has arrived
 * by the time someone reads is materialised then; no timers run in the background.
 */
export class HotelSession {
  readonly listing = new RankedListing<HotelRow>();
  readonly batches: number;
  private readonly hashes: Uint32Array;
  private readonly delivered: number[];
  private readonly fails: boolean[];
  private readonly rowCount: number[];
  private readonly timing: Timing[];
  private readonly bySeq: Array<HotelRow | undefined>;
  private readonly startedReal = performance.now();

  constructor(
    private readonly catalog: Catalog,
    readonly hotels: Hotel[],
    readonly pricing: HotelPricing,
    private readonly scale: number,
    scenario: HotelScenario,
    /** Decides which sources fail on this search: a hash of its criteria, so the same search fails the same way. */
    failSeed: number,
  ) {
    this.batches = Math.ceil(hotels.length / BATCH_SIZE);
    this.hashes = Uint32Array.from(hotels, (h) => hotelHash(pricing.seed, h));
    this.delivered = HOTEL_SOURCES.map(() => 0);
    this.rowCount = HOTEL_SOURCES.map(() => 0);
    this.fails = HOTEL_SOURCES.map((def, s) => scenario.fail || (def.failRate > 0 && frac(failSeed, s, 31) < def.failRate));
    const shift = scenario.slow ? 10_000 : 0;
    this.timing = HOTEL_SOURCES.map((def) => ({
      first: def.firstMs + shift,
      per: def.perBatchMs,
      failAt: (def.failAtMs || 2500) + shift,
    }));
    this.bySeq = new Array<HotelRow | undefined>(hotels.length * HOTEL_SOURCE_SLOTS);
  }

  /** Simulated ms since the start; everything has arrived at latencyScale 0. */
  elapsed(): number {
    return this.scale === 0 ? Infinity : (performance.now() - this.startedReal) / this.scale;
  }

  /** Simulated ms until POST /search may return: the first batch priced by the on-time sources, at most ~4 s. */
  initialWaitMs(): number {
    const settle = HOTEL_SOURCES.map((def, s) => (def.late ? 0 : this.fails[s] ? this.timing[s]!.failAt : this.batches ? this.timing[s]!.first : 0));
    return Math.min(INITIAL_WAIT_CAP_MS, Math.max(0, ...settle));
  }

  /** Materialises every (source, batch) that has arrived by now; ranks follow from the new order. */
  advance(): void {
    const e = this.elapsed();
    let changed = false;
    HOTEL_SOURCES.forEach((def, s) => {
      if (this.fails[s]) return;
      const t = this.timing[s]!;
      const arrived = e < t.first ? 0 : Math.min(this.batches, Math.floor((e - t.first) / t.per) + 1);
      while ((this.delivered[s] ?? 0) < arrived) {
        this.deliver(def, s, this.delivered[s] ?? 0);
        this.delivered[s] = (this.delivered[s] ?? 0) + 1;
        changed = true;
      }
    });
    if (changed) this.listing.commit();
  }

  private deliver(def: HotelSourceDef, s: number, batch: number): void {
    const end = Math.min(this.hotels.length, (batch + 1) * BATCH_SIZE);
    for (let pos = batch * BATCH_SIZE; pos < end; pos++) {
      const rate = cheapestRate(this.catalog, this.pricing, this.hotels[pos]!, this.hashes[pos]!, s);
      if (!rate) continue;
      const refundable = rateRefundable(rate.code);
      const row: HotelRow = {
        batch,
        tier: def.late ? 1 : 0,
        key: rankKey(rate.amount, refundable),
        refundable,
        tb: pos * HOTEL_SOURCE_SLOTS + s,
        product: pos,
        src: s,
        code: rate.code,
        amount: rate.amount,
      };
      this.listing.add(row);
      this.bySeq[row.tb] = row;
      this.rowCount[s] = (this.rowCount[s] ?? 0) + 1;
    }
  }

  /** A listing row by its sequence number (its tiebreak), once it has arrived. */
  row(seq: number): HotelRow | undefined {
    this.advance();
    return this.bySeq[seq];
  }

  /** Simulated ms at which a source's batch arrived (quotes date from it). */
  arrivalMs(src: number, batch: number): number {
    const t = this.timing[src];
    return t ? t.first + batch * t.per : 0;
  }

  hash(pos: number): number {
    return this.hashes[pos] ?? 0;
  }

  meta(aliases: readonly string[]): SessionMeta {
    this.advance();
    const e = this.elapsed();
    let done = this.batches;
    let settledAll = true;
    let answeredAny = false;
    let lateArrivals = 0;
    const supplierOutcomes: SupplierOutcome[] = HOTEL_SOURCES.map((def, s) => {
      const t = this.timing[s]!;
      const delivered = this.delivered[s] ?? 0;
      const failed = this.fails[s] === true && e >= t.failAt;
      const settled = this.fails[s] ? failed : delivered === this.batches;
      done = Math.min(done, failed ? this.batches : this.fails[s] ? 0 : delivered);
      settledAll &&= settled;
      answeredAny ||= failed || delivered > 0;
      if (def.late) lateArrivals += this.rowCount[s] ?? 0;
      const lastAt = this.batches === 0 ? 0 : t.first + (this.batches - 1) * t.per;
      return {
        supplier: aliases[s] ?? `src-${s}`,
        status: failed ? "failed" : settled ? "completed" : "pending",
        latencyMs: failed ? t.failAt : settled ? lastAt : Math.round(e),
        rateCount: this.rowCount[s] ?? 0,
      };
    });
    const status: SessionStatus = settledAll
      ? this.fails.every(Boolean)
        ? "failed"
        : "completed"
      : answeredAny
        ? "partial"
        : "pending";
    return {
      status,
      batchProgress: { done, total: this.batches },
      ...(lateArrivals > 0 ? { lateArrivals } : {}),
      supplierOutcomes,
    };
  }

  /** Simulated ms a live rate sheet of the hotel at `pos` takes. */
  sheetLatencyMs(pos: number): number {
    const hh = this.hash(pos);
    let ms = 1800;
    HOTEL_SOURCES.forEach((def, s) => {
      if (this.fails[s] || !sourceCovers(hh, s)) return;
      ms += def.late ? 2500 : 500;
    });
    return ms;
  }

  /** Every rate of every source that has the hotel (a failing source fails this call too), ranked. */
  rateSheet(pos: number): SheetRate[] {
    const hotel = this.hotels[pos];
    if (!hotel) return [];
    const hh = this.hash(pos);
    const rates: SheetRate[] = [];
    HOTEL_SOURCES.forEach((_, s) => {
      if (this.fails[s]) return;
      forEachRate(this.catalog, this.pricing, hotel, hh, s, (code, amount) => {
        const refundable = rateRefundable(code);
        rates.push({ batch: 0, tier: 0, key: rankKey(amount, refundable), refundable, tb: s * 4096 + code, product: pos, src: s, code, amount });
      });
    });
    return rates.sort(compareRanked);
  }
}
