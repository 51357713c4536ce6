import { randomBytes } from "node:crypto";
import type { Catalog } from "../catalog";
import { assertSameAgency, type AuthContext, type SandboxServices } from "../platform/context";
import { SandboxError, notFound } from "../platform/errors";
import { hash32 } from "../platform/random";
import { parseTriggers, SEARCH_QUERY_PLACES } from "../platform/triggers";
import { parseWith } from "../platform/validate";
import { activityDestination, activityOptions } from "./activities";
import { decodeCursor, encodeCursor } from "./cursor";
import { flightOptions } from "./flights";
import { HotelSession, hotelScenario, selectHotels, type HotelRow } from "./hotels";
import { Places } from "./places";
import { hotelPricing, hotelSummary, rateRefundable } from "./pricing";
import { positionOf, type Position, type Ranked, type RankedListing } from "./ranking";
import { createSearchSchema, type SearchRequest } from "./schemas";
import { SimpleSession, type GenContext, type Option, type Party, type SavedRow } from "./simple";
import { ACTIVITY_SOURCES, FLIGHT_SOURCES, TRANSFER_SOURCES, sourceAliases } from "./sources";
import { transferOptions } from "./transfers";
import type { ProductType, ResultRow, SessionMeta } from "./types";

export const SEARCH_LIFE_MS = 20 * 60_000;
export const QUOTE_LIFE_MS = 20 * 60_000;
/** An expired search answers 410 for a day (its rows are dropped at once), then 404. */
const TOMBSTONE_MS = 24 * 3_600_000;
/** Searches held at once; beyond it the oldest is purged (404), which keeps memory bounded. */
export const MAX_HELD_SEARCHES = 200;

export type SearchEngineServices = SandboxServices & { catalog: Catalog };

type Session = { kind: "hotel"; hotel: HotelSession } | { kind: "simple"; simple: SimpleSession };
type SheetQuote = { pos: number; src: number; code: number; amount: number; rank: number; createdAt: number };

type SearchState = {
  id: string;
  token: string;
  agencyId: string;
  keyId: string;
  productType: ProductType;
  request: SearchRequest;
  party: Party;
  createdAt: number;
  expiresAt: number;
  /** Dropped when the search expires. */
  session: Session | null;
  /** Quotes of live rate sheets, by sequence, oldest first. */
  sheetQuotes: Map<number, SheetQuote>;
  nextSheetSeq: number;
};

/** What later parts (price-check, bookings) read about a search. Times are virtual-clock ms. */
export type SearchRecord = {
  searchId: string;
  agencyId: string;
  keyId: string;
  productType: ProductType;
  request: SearchRequest;
  party: Party;
  createdAt: number;
  expiresAt: number;
};

export type QuoteRecord = {
  quoteId: string;
  searchId: string;
  agencyId: string;
  productType: ProductType;
  row: ResultRow;
  createdAt: number;
  expiresAt: number;
  search: SearchRecord;
};

export type QuoteLookup =
  | { status: "ok"; quote: QuoteRecord }
  | { status: "search_expired"; searchId: string; agencyId: string }
  | { status: "unknown" };

export type ResultsQuery = { limit: number; cursor: string | undefined; grouped: boolean };
export type ResultsPage = { data: ResultRow[]; meta: { nextCursor: string | null; session: SessionMeta } };

const QUOTE_ID = /^qt_([0-9a-f]{16})([rs])([0-9a-z]{1,10})$/;

/** One page after `at`: rows, or (grouped) whole products counted by `limit`. */
function pageOf<R extends Ranked>(
  listing: RankedListing<R>,
  q: ResultsQuery,
  at: Position | null,
  render: (row: R, rank: number) => ResultRow,
): { data: ResultRow[]; last: Position | null; more: boolean } {
  if (q.grouped) {
    const groups = listing.groups();
    const start = listing.seekGroupAfter(at);
    const page = groups.slice(start, start + q.limit);
    const top = page[page.length - 1]?.top;
    return {
      data: page.flatMap((g) => g.rows.map((r) => render(r, listing.rankOf(r)))),
      last: top ? positionOf(top) : null,
      more: start + page.length < groups.length,
    };
  }
  const start = listing.seekAfter(at);
  const page = listing.order.slice(start, start + q.limit);
  const lastRow = page[page.length - 1];
  return {
    data: page.map((r, i) => render(r, start + i + 1)),
    last: lastRow ? positionOf(lastRow) : null,
    more: start + page.length < listing.size,
  };
}

/**
 * Search sessions and their quotes, in memory only (cleared on reset). Hotel searches fill
 * lazily from elapsed real time (see HotelSession); everything else is complete on creation.
 */
export class SearchEngine {
  readonly aliases: Record<ProductType, string[]>;
  readonly places: Places;
  private readonly schema: ReturnType<typeof createSearchSchema>;
  private readonly searches = new Map<string, SearchState>();
  private readonly byToken = new Map<string, SearchState>();
  private readonly waits = new Set<() => void>();
  private closed = false;

  constructor(private readonly services: SearchEngineServices) {
    this.aliases = sourceAliases(services.config.seed);
    this.places = new Places(services.catalog);
    this.schema = createSearchSchema({ clock: services.clock, catalog: services.catalog, places: this.places });
    services.onReset.push(() => {
      this.searches.clear();
      this.byToken.clear();
    });
  }

  /** Ends pending waits (initial returns, rate sheets) at once; nothing else runs in the background. */
  close(): void {
    this.closed = true;
    for (const done of [...this.waits]) done();
  }

  // POST /search
  async create(auth: AuthContext, body: unknown): Promise<string> {
    const req = parseWith(this.schema, body, "body");
    if (req.hotelId !== undefined && req.productType !== "hotel") {
      throw new SandboxError(400, "invalid_hotel_selection", "hotelId prices one hotel and is only accepted on hotel searches.");
    }
    const { catalog, clock, config } = this.services;
    if (req.hotelId !== undefined && !catalog.hotelById.has(req.hotelId)) {
      throw new SandboxError(404, "not_found", `No hotel has canonicalId ${req.hotelId}.`);
    }
    // Every search's query may carry search-wide triggers (price-checks and bookings of its quotes read them): refuse typos now.
    parseTriggers(req.query, SEARCH_QUERY_PLACES, "query");
    this.sweep();
    const now = clock.now();
    const token = randomBytes(8).toString("hex");
    const id = `srch_${token}`;
    const party: Party = {
      adults: req.occupancy.reduce((s, o) => s + o.adults, 0),
      childrenAges: req.occupancy.flatMap((o) => o.childrenAges),
    };
    const ctx: GenContext = { catalog, places: this.places, seed: config.seed, req, currency: req.currency, party, createdAt: now };
    let session: Session;
    let waitMs: number;
    switch (req.productType) {
      case "hotel": {
        const scenario = hotelScenario(req.query);
        const hotels = selectHotels(catalog, this.places, req, scenario.query);
        const pricing = hotelPricing({
          seed: config.seed,
          searchId: id,
          checkIn: req.checkIn ?? "",
          checkOut: req.checkOut ?? "",
          occupancy: req.occupancy,
          currency: req.currency,
          commissionable: req.rateMode === "commissionable",
          packageRates: scenario.packageRates,
          createdAt: now,
        });
        const { currency: _c, market: _m, ...criteria } = req;
        const failSeed = hash32(JSON.stringify(criteria), config.seed);
        const hotel = new HotelSession(catalog, hotels, pricing, config.latencyScale, scenario, failSeed);
        session = { kind: "hotel", hotel };
        waitMs = hotel.initialWaitMs();
        break;
      }
      case "flight":
        session = { kind: "simple", simple: new SimpleSession(flightOptions(ctx), FLIGHT_SOURCES) };
        waitMs = session.simple.latencyMs();
        break;
      case "activity": {
        const code = activityDestination(catalog, this.places, req);
        session = { kind: "simple", simple: new SimpleSession(activityOptions(ctx, code), ACTIVITY_SOURCES) };
        waitMs = session.simple.latencyMs();
        break;
      }
      case "transfer":
        session = { kind: "simple", simple: new SimpleSession(transferOptions(ctx), TRANSFER_SOURCES) };
        waitMs = session.simple.latencyMs();
        break;
    }
    const state: SearchState = {
      id,
      token,
      agencyId: auth.agency.id,
      keyId: auth.key.id,
      productType: req.productType,
      request: req,
      party,
      createdAt: now,
      expiresAt: now + SEARCH_LIFE_MS,
      session,
      sheetQuotes: new Map(),
      nextSheetSeq: 0,
    };
    this.searches.set(id, state);
    this.byToken.set(token, state);
    await this.sleep(waitMs);
    return id;
  }

  // GET /search/:searchId/results
  results(auth: AuthContext, searchId: string, q: ResultsQuery): ResultsPage {
    const s = this.live(auth, searchId);
    const session = s.session as Session;
    const meta = this.meta(s, session);
    const filling = meta.status === "pending" || meta.status === "partial";
    const at: Position | null = q.cursor ? decodeCursor(q.cursor, s.id, q.grouped) : null;
    const { data, last, more } =
      session.kind === "hotel"
        ? pageOf(session.hotel.listing, q, at, (r, rank) => this.renderListed(s, session, r, rank))
        : pageOf(session.simple.listing, q, at, (r, rank) => this.renderSaved(s, r, rank));
    // While the search fills, the last page still gets a cursor: rows may arrive after it.
    const nextCursor = last && (more || filling) ? encodeCursor(s.id, q.grouped, last) : filling && q.cursor ? q.cursor : null;
    return { data, meta: { nextCursor, session: meta } };
  }

  // POST /search/:searchId/hotels/:productId/rates
  async hotelRates(auth: AuthContext, searchId: string, productId: string): Promise<ResultRow[]> {
    const s = this.live(auth, searchId);
    if (s.session?.kind !== "hotel") {
      throw new SandboxError(400, "invalid_product_type", `Search ${searchId} is a ${s.productType} search; rate sheets are for hotel searches.`);
    }
    const pos = s.session.hotel.hotels.findIndex((h) => h.canonicalId === productId);
    if (pos < 0) throw new SandboxError(404, "not_found", `Hotel ${productId} is not part of search ${searchId}.`);
    return this.liveRateSheet(auth, s, pos);
  }

  // POST /search/:searchId/products/:productId/rates
  async productRates(auth: AuthContext, searchId: string, productId: string): Promise<ResultRow[]> {
    const s = this.live(auth, searchId);
    const session = s.session as Session;
    if (session.kind === "hotel") {
      const pos = session.hotel.hotels.findIndex((h) => h.canonicalId === productId);
      return pos < 0 ? [] : this.liveRateSheet(auth, s, pos);
    }
    return session.simple.optionsOf(productId).map((row, i) => this.renderSaved(s, row, i + 1));
  }

  /** Every option saved for one product of a live flight, activity or transfer search, with their quote IDs ([] otherwise). */
  savedOptions(searchId: string, productId: string): ResultRow[] {
    const s = this.searches.get(searchId);
    if (!s || this.expireIfDue(s) || s.session?.kind !== "simple") return [];
    const simple = s.session.simple;
    return simple.optionsOf(productId).map((row, i) => this.renderSaved(s, row, i + 1));
  }

  /** A search by ID, expired or not (undefined once purged). */
  search(searchId: string): SearchRecord | undefined {
    const s = this.searches.get(searchId);
    return s ? this.record(s) : undefined;
  }

  /** Restarts a live search's 20-minute life (price-checks do). Returns false when it is gone or expired. */
  extend(searchId: string): boolean {
    const s = this.searches.get(searchId);
    if (!s || this.expireIfDue(s)) return false;
    s.expiresAt = Math.max(s.expiresAt, this.services.clock.now() + SEARCH_LIFE_MS);
    return true;
  }

  /** A quote by its `rateQuoteId`: the row as it was quoted, its life, and its search. */
  quote(quoteId: string): QuoteLookup {
    const m = QUOTE_ID.exec(quoteId);
    const s = m ? this.byToken.get(m[1] ?? "") : undefined;
    if (!m || !s) return { status: "unknown" };
    if (this.expireIfDue(s)) return { status: "search_expired", searchId: s.id, agencyId: s.agencyId };
    const session = s.session as Session;
    const seq = Number.parseInt(m[3] ?? "", 36);
    let row: ResultRow | undefined;
    let createdAt = s.createdAt;
    if (m[2] === "s") {
      const q = s.sheetQuotes.get(seq);
      if (q && session.kind === "hotel") {
        row = this.renderHotel(s, session.hotel, q.pos, q.src, q.code, q.amount, q.rank, "s", seq, false);
        createdAt = q.createdAt;
      }
    } else if (session.kind === "hotel") {
      const r = session.hotel.row(seq);
      if (r) {
        row = this.renderListed(s, session, r, session.hotel.listing.rankOf(r));
        // Virtual time runs with real time, so the row was quoted when its batch arrived.
        createdAt += Math.round(session.hotel.arrivalMs(r.src, r.batch) * this.services.config.latencyScale);
      }
    } else {
      const r = session.simple.saved[seq];
      if (r) row = this.renderSaved(s, r, session.simple.optionsOf(r.option.productId).indexOf(r) + 1);
    }
    if (!row) return { status: "unknown" };
    return {
      status: "ok",
      quote: { quoteId, searchId: s.id, agencyId: s.agencyId, productType: s.productType, row, createdAt, expiresAt: createdAt + QUOTE_LIFE_MS, search: this.record(s) },
    };
  }

  private async liveRateSheet(auth: AuthContext, s: SearchState, pos: number): Promise<ResultRow[]> {
    const hotel = (s.session as Extract<Session, { kind: "hotel" }>).hotel;
    await this.sleep(hotel.sheetLatencyMs(pos));
    this.live(auth, s.id); // it may have expired while the sources answered
    const now = this.services.clock.now();
    for (const [seq, q] of s.sheetQuotes) {
      if (q.createdAt + QUOTE_LIFE_MS > now) break;
      s.sheetQuotes.delete(seq);
    }
    s.expiresAt = Math.max(s.expiresAt, now + SEARCH_LIFE_MS);
    return hotel.rateSheet(pos).map((r, i) => {
      const seq = s.nextSheetSeq++;
      s.sheetQuotes.set(seq, { pos, src: r.src, code: r.code, amount: r.amount, rank: i + 1, createdAt: now });
      return this.renderHotel(s, hotel, pos, r.src, r.code, r.amount, i + 1, "s", seq, false);
    });
  }

  private meta(s: SearchState, session: Session): SessionMeta {
    return session.kind === "hotel"
      ? session.hotel.meta(this.aliases.hotel)
      : session.simple.meta(this.aliases[s.productType]);
  }

  private renderListed(s: SearchState, session: Session, row: HotelRow | SavedRow, rank: number): ResultRow {
    if (session.kind === "hotel") {
      const r = row as HotelRow;
      return this.renderHotel(s, session.hotel, r.product, r.src, r.code, r.amount, rank, "r", r.tb, true);
    }
    return this.renderSaved(s, row as SavedRow, rank);
  }

  private renderHotel(s: SearchState, h: HotelSession, pos: number, src: number, code: number, amount: number, rank: number, kind: "r" | "s", seq: number, listed: boolean): ResultRow {
    const hotel = h.hotels[pos]!;
    const ref = `${s.token}${kind}${seq.toString(36)}`;
    return {
      _id: `row_${ref}`,
      productType: "hotel",
      canonicalProductId: hotel.canonicalId,
      rateQuoteId: `qt_${ref}`,
      supplier: this.aliases.hotel[src] ?? "",
      rank,
      sellAmountMinor: amount,
      sellCurrency: s.request.currency,
      refundable: rateRefundable(code),
      summary: hotelSummary(this.services.catalog, h.pricing, hotel, h.hash(pos), src, code, amount, listed),
    };
  }

  private renderSaved(s: SearchState, row: SavedRow, rank: number): ResultRow {
    const o: Option = row.option;
    const ref = `${s.token}r${row.seq.toString(36)}`;
    return {
      _id: `row_${ref}`,
      productType: s.productType,
      canonicalProductId: o.productId,
      rateQuoteId: `qt_${ref}`,
      supplier: this.aliases[s.productType][o.src] ?? "",
      rank,
      sellAmountMinor: o.amount,
      sellCurrency: s.request.currency,
      refundable: o.refundable,
      summary: o.summary,
    };
  }

  private record(s: SearchState): SearchRecord {
    return {
      searchId: s.id,
      agencyId: s.agencyId,
      keyId: s.keyId,
      productType: s.productType,
      request: s.request,
      party: s.party,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    };
  }

  /** Whether the search has expired; its rows and sheet quotes are dropped the moment it is found so. */
  private expireIfDue(s: SearchState): boolean {
    if (this.services.clock.now() < s.expiresAt) return false;
    s.session = null;
    s.sheetQuotes.clear();
    return true;
  }

  /** The caller's live search, or 404 / 403 / 410. */
  private live(auth: AuthContext, searchId: string): SearchState {
    const s = this.searches.get(searchId);
    if (!s) throw notFound("Search");
    assertSameAgency(auth, s.agencyId, "search");
    if (this.expireIfDue(s)) {
      throw new SandboxError(410, "search_expired", `Search ${searchId} expired at ${new Date(s.expiresAt).toISOString()}; start a new search.`);
    }
    return s;
  }

  /** Drops rows of expired searches, forgets day-old ones, and purges the oldest beyond the cap. */
  private sweep(): void {
    const now = this.services.clock.now();
    for (const s of this.searches.values()) {
      if (now >= s.expiresAt + TOMBSTONE_MS) this.forget(s);
      else this.expireIfDue(s);
    }
    let held = 0;
    for (const s of this.searches.values()) if (s.session) held += 1;
    for (const s of this.searches.values()) {
      if (held < MAX_HELD_SEARCHES) break;
      if (!s.session) continue;
      this.forget(s);
      held -= 1;
    }
  }

  private forget(s: SearchState): void {
    this.searches.delete(s.id);
    this.byToken.delete(s.token);
  }

  /** Waits `simulatedMs` × latencyScale of real time. */
  private sleep(simulatedMs: number): Promise<void> {
    const ms = simulatedMs * this.services.config.latencyScale;
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref?.();
      this.waits.add(done);
    });
  }
}
