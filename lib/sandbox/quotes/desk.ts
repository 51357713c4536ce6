import { z } from "zod";
import type { Catalog } from "../catalog";
import type { AuthContext, SandboxServices } from "../platform/context";
import { SandboxError, notFound } from "../platform/errors";
import { parseTriggers, SEARCH_QUERY_PLACES, TRIGGERS, type TriggerName } from "../platform/triggers";
import { parseWith } from "../platform/validate";
import type { QuoteRecord, SearchEngine } from "../search/engine";
import { activityOffers, assertPaxMix } from "../search/activities";
import type { GenContext } from "../search/simple";
import { HOTEL_SOURCES } from "../search/sources";
import type { ActivitySummary, ProductType, ResultRow } from "../search/types";
import { FRESH_MS, assess } from "./changes";
import type { BookableQuote, PriceCheckResult, QuoteLedger } from "./model";
import { optionRef, optionsBody, optionsForMix, rowOption, type ActivityOption } from "./options";
import { requirementsFor } from "./requirements";

export type QuoteDeskServices = SandboxServices & { catalog: Catalog; search: SearchEngine };

/** Simulated ms a source takes to re-price (× latencyScale); the slow hotel source takes longer. */
const CHECK_MS: Record<ProductType, number> = { hotel: 1200, flight: 1800, activity: 800, transfer: 600 };
const SLOW_SOURCE_EXTRA_MS = 1800;

const priceCheckBody = z.strictObject({ supplierRateRef: z.string().min(1).max(200).optional() });

type QuoteState = {
  searchId: string;
  agencyId: string;
  expiresAt: number;
  /** The last successful price-check; a re-check replaces it. */
  check: PriceCheckResult | null;
  checkedAt: number;
  supplierRateRef: string | null;
  booked: ResultRow | null;
  claimedBy: string | null;
  /** `…-once` triggers already spent on this quote. */
  fired: Set<TriggerName>;
  /** Desk sequence number of the last successful check: a check that started before it lost the race. */
  completedSeq: number;
};

const notChecked = (message: string) => new SandboxError(409, "quote_not_price_checked", message);
const iso = (ms: number) => new Date(ms).toISOString();

export const triggersOf = (quote: QuoteRecord) => parseTriggers(quote.search.request.query, SEARCH_QUERY_PLACES, "query");

/**
 * Price-checks, activity options and the one-booking-per-quote ledger. In memory, like the
 * searches whose quotes it tracks: a quote's state goes when the engine forgets its search.
 */
export class QuoteDesk implements QuoteLedger {
  private readonly quotes = new Map<string, QuoteState>();
  private readonly bySearch = new Map<string, Set<string>>();
  private seq = 0;

  constructor(private readonly services: QuoteDeskServices) {
    services.onReset.push(() => {
      this.quotes.clear();
      this.bySearch.clear();
    });
  }

  // POST /quotes/:quoteId/price-check
  async priceCheck(auth: AuthContext, quoteId: string, body: unknown): Promise<PriceCheckResult> {
    const { supplierRateRef = null } = parseWith(priceCheckBody, body ?? {}, "body");
    const started = ++this.seq;
    await this.sleep(this.checkMs(this.preflight(auth.agency.id, quoteId, supplierRateRef).quote));
    // The quote may have expired or been claimed while the source answered: look again.
    const { quote, booked } = this.preflight(auth.agency.id, quoteId, supplierRateRef);
    const { search, clock, config } = this.services;
    // The spec ties the restart to price-checking, not to its outcome: any check that reached the source extends.
    search.extend(quote.searchId);
    const state = this.stateOf(quote);
    const triggers = triggersOf(quote);
    this.failOnTriggers(state, triggers);
    if (state.completedSeq > started) {
      throw new SandboxError(409, "price_check_conflict", "Another price-check of this quote finished first; retry once.");
    }
    const now = clock.now();
    const result = assess({ seed: config.seed, now, quote, booked, triggers, requirements: requirementsFor(booked, triggers, this.isSlowSource(booked)) });
    Object.assign<QuoteState, Partial<QuoteState>>(state, { check: result, checkedAt: now, supplierRateRef, booked, completedSeq: ++this.seq });
    return result;
  }

  // POST /quotes/:quoteId/options
  options(auth: AuthContext, quoteId: string, body: unknown): ActivityOption[] {
    const { occupancy } = parseWith(optionsBody, body ?? {}, "body");
    const quote = this.locate(auth.agency.id, quoteId);
    const saved = this.siblings(quote);
    if (saved.length < 2) {
      throw new SandboxError(
        400,
        "activity_recheck_unsupported",
        quote.productType === "activity"
          ? "This activity has no separate options to list: price-check the quote as it is."
          : `Options are listed for activities only; this is a ${quote.productType} quote.`,
      );
    }
    if (!occupancy) return saved.map(rowOption);
    return optionsForMix(this.genContext(quote), quote.row, this.activitySource(quote), occupancy);
  }

  bookingTriggersOf(agencyId: string, quoteId: string): Set<TriggerName> {
    try {
      return new Set([...triggersOf(this.locate(agencyId, quoteId))].filter((t) => TRIGGERS[t].place === "traveler"));
    } catch {
      return new Set();
    }
  }

  bookable(agencyId: string, quoteId: string, bookingId?: string): BookableQuote {
    const quote = this.locate(agencyId, quoteId);
    const state = this.quotes.get(quoteId);
    if (!state?.check || !state.booked) {
      throw notChecked(`Quote ${quoteId} has not been price-checked: price-check it, then book within 10 minutes.`);
    }
    if (state.claimedBy && state.claimedBy !== bookingId) throw notChecked(`Quote ${quoteId} is already claimed by another booking.`);
    if (state.checkedAt + FRESH_MS <= this.services.clock.now()) {
      throw notChecked(`Quote ${quoteId} was price-checked at ${iso(state.checkedAt)}, more than 10 minutes ago: price-check it again.`);
    }
    return {
      quote,
      row: state.booked,
      productType: quote.productType,
      check: state.check,
      checkedAt: state.checkedAt,
      supplierRateRef: state.supplierRateRef,
      triggers: triggersOf(quote),
    };
  }

  claim(quoteId: string, bookingId: string): void {
    const state = this.quotes.get(quoteId);
    if (!state?.check) throw notChecked(`Quote ${quoteId} has not been price-checked.`);
    if (state.claimedBy && state.claimedBy !== bookingId) throw notChecked(`Quote ${quoteId} is already claimed by another booking.`);
    state.claimedBy = bookingId;
  }

  release(quoteId: string, bookingId: string): void {
    const state = this.quotes.get(quoteId);
    if (state?.claimedBy === bookingId) state.claimedBy = null;
  }

  claimedBy(quoteId: string): string | null {
    return this.quotes.get(quoteId)?.claimedBy ?? null;
  }

  /**
   * The caller's quote, or 404 / 403 / 410. A gone search answers search_expired even when the
   * quote's own 20 minutes are over too: the client must then search again, not just re-read.
   */
  private locate(agencyId: string, quoteId: string): QuoteRecord {
    const { search, clock } = this.services;
    const found = search.quote(quoteId);
    const now = clock.now();
    if (found.status === "unknown") {
      // The engine drops a rate sheet's quotes once a later sheet finds them past their 20 minutes.
      const known = this.quotes.get(quoteId);
      if (!known || !search.search(known.searchId)) throw notFound("Quote");
      this.sameAgency(agencyId, known.agencyId);
      throw new SandboxError(410, "quote_expired", `Quote ${quoteId} expired at ${iso(known.expiresAt)}; open the rate sheet again for a fresh quote.`);
    }
    this.sameAgency(agencyId, found.status === "ok" ? found.quote.agencyId : found.agencyId);
    if (found.status === "search_expired") {
      throw new SandboxError(410, "search_expired", `The search behind quote ${quoteId} has expired; start a new search.`);
    }
    if (found.quote.expiresAt <= now) {
      throw new SandboxError(410, "quote_expired", `Quote ${quoteId} expired at ${iso(found.quote.expiresAt)}; read the results or open the rate sheet again for a fresh quote.`);
    }
    return found.quote;
  }

  /** The checks a price-check makes before asking the source: 404, 403, 410, 409 booked, 400 unknown option, 409 pax_mix_unavailable. */
  private preflight(agencyId: string, quoteId: string, ref: string | null): { quote: QuoteRecord; booked: ResultRow } {
    const quote = this.locate(agencyId, quoteId);
    if (this.quotes.get(quoteId)?.claimedBy) {
      throw new SandboxError(409, "quote_not_repriceable", `Quote ${quoteId} is already booked and cannot be price-checked again.`);
    }
    const booked = ref === null ? quote.row : this.option(quote, ref);
    // The traveller mix rule of the search, options and booking: the searched party must fit the option priced.
    if (booked.productType === "activity") assertPaxMix(booked.summary as ActivitySummary, quote.search.party);
    return { quote, booked };
  }

  /**
   * The activity option `ref` names among those the search saved. One the source sells that
   * the searched party cannot book (a group too large for it) is 409 pax_mix_unavailable;
   * anything else 400 rate_option_not_offered.
   */
  private option(quote: QuoteRecord, ref: string): ResultRow {
    const saved = this.siblings(quote).find((r) => optionRef(r.summary as ActivitySummary) === ref);
    if (saved) return saved;
    if (quote.productType === "activity") {
      const s = quote.row.summary as ActivitySummary;
      const destination = this.services.catalog.activityByKey.get(s.activityKey)?.destinationCode ?? "";
      const src = this.activitySource(quote);
      const sold = activityOffers(this.genContext(quote), destination).find(
        (o) => o.productId === quote.row.canonicalProductId && o.src === src && optionRef(o.summary as ActivitySummary) === ref,
      );
      if (sold) assertPaxMix(sold.summary as ActivitySummary, quote.search.party);
    }
    throw new SandboxError(400, "rate_option_not_offered", `supplierRateRef "${ref}" is not one of this quote's options; list them with POST /quotes/${quote.quoteId}/options.`);
  }

  /** What the sources priced the quote's search with (its party included). */
  private genContext(quote: QuoteRecord): GenContext {
    const { catalog, search, config } = this.services;
    const req = quote.search.request;
    return { catalog, places: search.places, seed: config.seed, req, currency: req.currency, party: quote.search.party, createdAt: quote.search.createdAt };
  }

  private activitySource(quote: QuoteRecord): number {
    return this.services.search.aliases.activity.indexOf(quote.row.supplier);
  }

  /** The options the quote's source sells for its activity (the quote's own among them); [] for other products. */
  private siblings(quote: QuoteRecord): ResultRow[] {
    if (quote.productType !== "activity") return [];
    return this.services.search.savedOptions(quote.searchId, quote.row.canonicalProductId).filter((r) => r.supplier === quote.row.supplier);
  }

  /** Scenario triggers of the search, most fundamental first (`docs/sandbox.md`). */
  private failOnTriggers(state: QuoteState, t: ReadonlySet<TriggerName>): void {
    const once = (name: TriggerName) => {
      if (!t.has(name) || state.fired.has(name)) return false;
      state.fired.add(name);
      return true;
    };
    if (t.has("quote-invalid")) throw new SandboxError(409, "quote_invalid", "The quote has no usable price; choose another rate.");
    if (t.has("unknown-supplier")) throw new SandboxError(409, "unknown_supplier", "The quote's source cannot be reached for a price-check.");
    if (t.has("supplier-unavailable") || once("supplier-unavailable-once")) {
      throw new SandboxError(503, "supplier_unavailable", "The source did not answer in time; try again shortly.");
    }
    if (t.has("rate-unavailable")) throw new SandboxError(409, "rate_unavailable", "The rate is sold out or no longer offered; choose another.");
    if (t.has("currency-unavailable")) {
      throw new SandboxError(409, "price_check_currency_unavailable", "The live price cannot be converted to the quote's currency.");
    }
    if (once("price-check-conflict-once")) throw new SandboxError(409, "price_check_conflict", "Another price-check of this quote finished first; retry once.");
  }

  private stateOf(quote: QuoteRecord): QuoteState {
    let state = this.quotes.get(quote.quoteId);
    if (state) return state;
    let ids = this.bySearch.get(quote.searchId);
    if (!ids) {
      this.sweep(); // a new search: the engine may have forgotten older ones meanwhile
      ids = new Set();
      this.bySearch.set(quote.searchId, ids);
    }
    state = { searchId: quote.searchId, agencyId: quote.agencyId, expiresAt: quote.expiresAt, check: null, checkedAt: 0, supplierRateRef: null, booked: null, claimedBy: null, fired: new Set(), completedSeq: 0 };
    ids.add(quote.quoteId);
    this.quotes.set(quote.quoteId, state);
    return state;
  }

  /** Drops the state of quotes whose search the engine has forgotten (memory stays bounded by its search cap). */
  private sweep(): void {
    for (const [searchId, ids] of this.bySearch) {
      if (this.services.search.search(searchId)) continue;
      for (const id of ids) this.quotes.delete(id);
      this.bySearch.delete(searchId);
    }
  }

  private sameAgency(agencyId: string, owner: string): void {
    if (agencyId !== owner) throw new SandboxError(403, "forbidden", "This quote belongs to another agency.");
  }

  private isSlowSource(row: ResultRow): boolean {
    return row.productType === "hotel" && HOTEL_SOURCES[this.services.search.aliases.hotel.indexOf(row.supplier)]?.late === true;
  }

  private checkMs(quote: QuoteRecord): number {
    return CHECK_MS[quote.productType] + (this.isSlowSource(quote.row) ? SLOW_SOURCE_EXTRA_MS : 0);
  }

  /** Real time, scaled like every source latency (0 in tests). */
  private sleep(simulatedMs: number): Promise<void> {
    const ms = simulatedMs * this.services.config.latencyScale;
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
    });
  }
}
