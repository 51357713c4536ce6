import type { Catalog } from "../catalog";
import type { Places } from "./places";
import { RankedListing, compareRanked, rankKey, type Ranked } from "./ranking";
import type { SearchRequest } from "./schemas";
import type { SimpleSourceDef } from "./sources";
import type { ActivitySummary, CancellationPolicy, FlightSummary, SessionMeta, TransferSummary } from "./types";

/** The whole party of a flight, activity or transfer search (its occupancy entries added up). */
export type Party = { adults: number; childrenAges: number[] };

export type GenContext = {
  catalog: Catalog;
  places: Places;
  seed: number;
  req: SearchRequest;
  currency: string;
  party: Party;
  /** Virtual ms of the search's start. */
  createdAt: number;
};

/** One bookable option a source returned: a fare, an activity session, a vehicle. */
export type Option = {
  productId: string;
  src: number;
  amount: number;
  refundable: boolean;
  summary: FlightSummary | ActivitySummary | TransferSummary;
};

export type SavedRow = Ranked & { seq: number; option: Option };

export const iso = (ms: number) => new Date(ms).toISOString();

export function freeUntil(deadlineMs: number, amountMinor: number, currency: string, createdAt: number): CancellationPolicy {
  const policy: CancellationPolicy = { refundable: true, deadlines: [{ from: iso(deadlineMs), amountMinor, currency }] };
  if (deadlineMs <= createdAt) policy.currentRefundability = "non_refundable";
  return policy;
}

export const nonRefundable = (amountMinor: number, currency: string, createdAt: number): CancellationPolicy => ({
  refundable: false,
  deadlines: [{ from: iso(createdAt), amountMinor, currency }],
});

/**
 * A flight, activity or transfer search: every option is saved at once (they return complete),
 * and the listing holds each source's cheapest option per product.
 */
export class SimpleSession {
  readonly listing = new RankedListing<SavedRow>();
  readonly saved: SavedRow[];
  private readonly byProduct = new Map<string, SavedRow[]>();

  constructor(
    options: Option[],
    private readonly sources: readonly SimpleSourceDef[],
  ) {
    const productIndex = new Map<string, number>();
    this.saved = options.map((option, seq) => {
      let product = productIndex.get(option.productId);
      if (product === undefined) {
        product = productIndex.size;
        productIndex.set(option.productId, product);
      }
      return { batch: 0, tier: 0, key: rankKey(option.amount, option.refundable), refundable: option.refundable, tb: seq, product, seq, option };
    });
    const cheapest = new Map<string, SavedRow>();
    for (const row of this.saved) {
      const list = this.byProduct.get(row.option.productId) ?? [];
      list.push(row);
      this.byProduct.set(row.option.productId, list);
      const k = `${row.product}|${row.option.src}`;
      const best = cheapest.get(k);
      if (!best || row.option.amount < best.option.amount || (row.option.amount === best.option.amount && row.refundable && !best.refundable)) {
        cheapest.set(k, row);
      }
    }
    for (const list of this.byProduct.values()) list.sort(compareRanked);
    for (const row of cheapest.values()) this.listing.add(row);
    this.listing.commit();
  }

  /** Every option saved for a product, ranked (empty when the search has none). */
  optionsOf(productId: string): readonly SavedRow[] {
    return this.byProduct.get(productId) ?? [];
  }

  latencyMs(): number {
    return Math.max(...this.sources.map((s) => s.latencyMs));
  }

  meta(aliases: readonly string[]): SessionMeta {
    return {
      status: "completed",
      batchProgress: { done: 1, total: 1 },
      supplierOutcomes: this.sources.map((def, s) => ({
        supplier: aliases[s] ?? `src-${s}`,
        status: "completed",
        latencyMs: def.latencyMs,
        rateCount: this.saved.filter((r) => r.option.src === s).length,
      })),
    };
  }
}
