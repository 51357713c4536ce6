/**
 * Ranking (spec: "hotels are priced in batches of 300; within a batch rows are cheapest first,
 * with refundable rates preferred when prices are within 2%; rows from later batches and
 * slower sources come after").
 *
 * Order: batch, then tier (0 = on time, 1 = late source), then `rankKey`, then refundable
 * first, then a per-search unique tiebreak — a total order, so pages never overlap.
 */

export const REFUNDABLE_PREFERENCE = 0.02;

/**
 * A refundable rate ranks before a non-refundable one unless the non-refundable is more than
 * 2% cheaper: comparing refundable prices scaled by 0.98 with plain non-refundable prices
 * says exactly that, and is a scalar, so the order is total (pairwise "within 2%" is not).
 */
export function rankKey(amountMinor: number, refundable: boolean): number {
  return refundable ? amountMinor * (1 - REFUNDABLE_PREFERENCE) : amountMinor;
}

export type Ranked = {
  batch: number;
  tier: number;
  key: number;
  refundable: boolean;
  /** Unique within the search. */
  tb: number;
  /** The product (hotel, activity, …) as a small integer of the search. */
  product: number;
};

/** A row's position in the order, as a cursor carries it. */
export type Position = [batch: number, tier: number, key: number, refundable: 0 | 1, tb: number];

export function positionOf(r: Ranked): Position {
  return [r.batch, r.tier, r.key, r.refundable ? 1 : 0, r.tb];
}

export function compareRanked(a: Ranked, b: Ranked): number {
  return (
    a.batch - b.batch ||
    a.tier - b.tier ||
    a.key - b.key ||
    (a.refundable === b.refundable ? 0 : a.refundable ? -1 : 1) ||
    a.tb - b.tb
  );
}

export type Group<R> = { top: R; rows: R[] };

/**
 * The ranked listing of one search. Rows arrive in segments (a batch × tier); only touched
 * segments are re-sorted, and the flat order is rebuilt once per arrival, never per read,
 * so a page is a binary search plus a slice whatever its depth.
 */
export class RankedListing<R extends Ranked> {
  private readonly segments = new Map<number, R[]>();
  private readonly dirty = new Set<number>();
  private flat: R[] = [];
  private groupsCache: { version: number; groups: Group<R>[] } | null = null;
  version = 0;

  add(row: R): void {
    const id = row.batch * 2 + row.tier;
    let seg = this.segments.get(id);
    if (!seg) {
      seg = [];
      this.segments.set(id, seg);
    }
    seg.push(row);
    this.dirty.add(id);
  }

  /** Sorts what arrived since the last commit into the order; returns whether anything did. */
  commit(): boolean {
    if (this.dirty.size === 0) return false;
    for (const id of this.dirty) this.segments.get(id)?.sort(compareRanked);
    this.dirty.clear();
    const ids = [...this.segments.keys()].sort((a, b) => a - b);
    const flat: R[] = [];
    for (const id of ids) for (const r of this.segments.get(id) ?? []) flat.push(r);
    this.flat = flat;
    this.version += 1;
    return true;
  }

  get order(): readonly R[] {
    return this.flat;
  }

  get size(): number {
    return this.flat.length;
  }

  /** Index of the first row strictly after `p` (0 when `p` is null). */
  seekAfter(p: Position | null): number {
    return p ? upperBound(this.flat, (r) => comparePosition(r, p)) : 0;
  }

  /** 1-based rank of a row of this listing. */
  rankOf(row: R): number {
    return upperBound(this.flat, (r) => compareRanked(r, row));
  }

  /** Products in the order of their top-ranked row, each with all its rows in rank order. */
  groups(): Group<R>[] {
    if (this.groupsCache?.version === this.version) return this.groupsCache.groups;
    const byProduct = new Map<number, Group<R>>();
    const groups: Group<R>[] = [];
    for (const r of this.flat) {
      let g = byProduct.get(r.product);
      if (!g) {
        g = { top: r, rows: [] };
        byProduct.set(r.product, g);
        groups.push(g);
      }
      g.rows.push(r);
    }
    this.groupsCache = { version: this.version, groups };
    return groups;
  }

  seekGroupAfter(p: Position | null): number {
    return p ? upperBound(this.groups(), (g) => comparePosition(g.top, p)) : 0;
  }
}

function comparePosition(r: Ranked, p: Position): number {
  const order = (refundable: boolean) => (refundable ? 0 : 1);
  return (
    r.batch - p[0] || r.tier - p[1] || r.key - p[2] || order(r.refundable) - order(p[3] === 1) || r.tb - p[4]
  );
}

/** First index whose element compares > 0 (elements are sorted ascending by `cmp`). */
function upperBound<T>(items: readonly T[], cmp: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(items[mid] as T) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
