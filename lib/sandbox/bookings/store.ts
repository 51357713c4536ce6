import type { Collection, Store } from "../platform/store";
import type { Booking } from "./model";

/**
 * The agency's bookings: the journaled collection plus a per-agency index in creation
 * order (for cursor paging) and the settle hook that applies time-driven moves before reads.
 */
export class BookingStore {
  readonly rows: Collection<Booking>;
  private byAgency = new Map<string, Booking[]>();
  private nextSeq = 1;
  private settleHook: (b: Booking) => Booking = (b) => b;

  constructor(store: Store) {
    this.rows = store.collection<Booking>("bookings");
    this.reindex();
  }

  reindex(): void {
    this.byAgency = new Map();
    this.nextSeq = 1;
    const all = this.rows.all().sort((a, b) => a.seq - b.seq);
    for (const b of all) {
      this.indexOf(b.agencyId).push(b);
      this.nextSeq = Math.max(this.nextSeq, b.seq + 1);
    }
  }

  /** lifecycle.ts registers the function that applies due scheduled moves (and persists them). */
  onSettle(hook: (b: Booking) => Booking): void {
    this.settleHook = hook;
  }

  allocateSeq(): number {
    return this.nextSeq++;
  }

  /** The booking with every due time-driven move applied. */
  get(id: string): Booking | undefined {
    const b = this.rows.get(id);
    return b ? this.settleHook(b) : undefined;
  }

  /** Stores a new or changed booking (the index keeps creation order by `seq`). */
  put(b: Booking): Booking {
    const isNew = !this.rows.has(b.id);
    this.rows.put(b);
    const list = this.indexOf(b.agencyId);
    if (isNew) {
      list.push(b);
      if (list.length > 1 && (list[list.length - 2]?.seq ?? 0) > b.seq) list.sort((x, y) => x.seq - y.seq);
    } else {
      const i = list.findIndex((x) => x.id === b.id);
      if (i >= 0) list[i] = b;
    }
    return b;
  }

  /** The agency's bookings in creation order (oldest first), not yet settled: settle what you return. */
  forAgency(agencyId: string): readonly Booking[] {
    return this.byAgency.get(agencyId) ?? [];
  }

  settle(b: Booking): Booking {
    return this.settleHook(b);
  }

  private indexOf(agencyId: string): Booking[] {
    let list = this.byAgency.get(agencyId);
    if (!list) {
      list = [];
      this.byAgency.set(agencyId, list);
    }
    return list;
  }
}
