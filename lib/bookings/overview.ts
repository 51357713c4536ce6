import * as z from "zod/mini";

// The agency at a glance (admins): bookings, sales and earnings over a range, by advisor and by
// product, cancellations and refunds, and credit used against the limit. Computed from what the
// desk has learned of the agency's bookings (booking_facts, the ledger); the service has no
// wallet or reporting endpoint (contract-decisions §8). Shared by the BFF and the page.

export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export function parseRange(v: unknown): OverviewRange {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return (OVERVIEW_RANGES as readonly number[]).includes(n) ? (n as OverviewRange) : 30;
}

/** Booked and kept: what counts as a sale (a hold is not paid yet; failed and cancelled ones are not sales). */
export const SOLD_STATES = ["confirmed", "supplier_pending", "manual_review"] as const;
export const CANCELLED_STATES = ["cancelled", "cancellation_pending", "refunded"] as const;

const figures = { bookings: z.number(), salesMinor: z.number(), earningsMinor: z.number() };

export const overviewSchema = z.looseObject({
  range: z.number(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: z.looseObject({
    ...figures,
    held: z.number(),
    failed: z.number(),
    cancelled: z.number(),
    refunded: z.number(),
    /** Bookings whose earnings the desk has read (the rest are not counted in earningsMinor). */
    earningsKnown: z.number(),
    /** Bookings in another currency than the agency's: counted, not summed. */
    otherCurrency: z.number(),
  }),
  byDay: z.array(z.looseObject({ day: z.string(), ...figures })),
  byAdvisor: z.array(z.looseObject({ id: z.nullable(z.string()), name: z.string(), ...figures })),
  byProduct: z.array(z.looseObject({ productType: z.string(), ...figures })),
  credit: z.looseObject({ usedMinor: z.number(), limitMinor: z.nullable(z.number()) }),
  checkedAt: z.nullable(z.string()),
});
export type Overview = z.output<typeof overviewSchema>;

export type OverviewFact = {
  bookingId: string;
  productType: string;
  state: string;
  totalSellMinor: number | null;
  currency: string | null;
  commissionMinor: number | null;
  bookedAt: string;
  advisor: { id: string; name: string } | null;
};

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/** The overview of `facts` (bookings made in the range) in the agency's `currency`. */
export function buildOverview(
  facts: readonly OverviewFact[],
  opts: { range: OverviewRange; now: Date; currency: string; creditUsedMinor: number; creditLimitMinor: number | null; checkedAt: string | null },
): Overview {
  const { range, now, currency } = opts;
  const from = new Date(now.getTime() - (range - 1) * DAY_MS);
  const days = Array.from({ length: range }, (_, i) => dayOf(new Date(from.getTime() + i * DAY_MS).toISOString()));
  const byDay = new Map(days.map((d) => [d, { day: d, bookings: 0, salesMinor: 0, earningsMinor: 0 }]));
  const byAdvisor = new Map<string, { id: string | null; name: string; bookings: number; salesMinor: number; earningsMinor: number }>();
  const byProduct = new Map<string, { productType: string; bookings: number; salesMinor: number; earningsMinor: number }>();
  const totals = { bookings: 0, salesMinor: 0, earningsMinor: 0, held: 0, failed: 0, cancelled: 0, refunded: 0, earningsKnown: 0, otherCurrency: 0 };

  for (const f of facts) {
    const day = byDay.get(dayOf(f.bookedAt));
    if (!day) continue;
    const ours = f.currency === currency;
    const sold = (SOLD_STATES as readonly string[]).includes(f.state);
    const sale = sold && ours ? (f.totalSellMinor ?? 0) : 0;
    const earned = sold && ours && f.commissionMinor !== null ? f.commissionMinor : 0;
    totals.bookings++;
    totals.salesMinor += sale;
    totals.earningsMinor += earned;
    if (sold && f.commissionMinor !== null) totals.earningsKnown++;
    if (!ours) totals.otherCurrency++;
    if (f.state === "held") totals.held++;
    if (f.state === "failed") totals.failed++;
    if ((CANCELLED_STATES as readonly string[]).includes(f.state)) totals.cancelled++;
    if (f.state === "refunded") totals.refunded++;
    for (const [map, key, seed] of [
      [byDay, day.day, day],
      [byAdvisor, f.advisor?.id ?? "", { id: f.advisor?.id ?? null, name: f.advisor?.name ?? "Outside the desk", bookings: 0, salesMinor: 0, earningsMinor: 0 }],
      [byProduct, f.productType, { productType: f.productType, bookings: 0, salesMinor: 0, earningsMinor: 0 }],
    ] as const) {
      const m = map as Map<string, { bookings: number; salesMinor: number; earningsMinor: number }>;
      const row = m.get(key) ?? (m.set(key, { ...seed }), m.get(key)!);
      row.bookings++;
      row.salesMinor += sale;
      row.earningsMinor += earned;
    }
  }
  const bySales = <T extends { salesMinor: number; bookings: number }>(a: T, b: T) => b.salesMinor - a.salesMinor || b.bookings - a.bookings;
  return {
    range,
    from: days[0]!,
    to: days[days.length - 1]!,
    currency,
    totals,
    byDay: [...byDay.values()],
    byAdvisor: [...byAdvisor.values()].sort(bySales),
    byProduct: [...byProduct.values()].sort(bySales),
    credit: { usedMinor: opts.creditUsedMinor, limitMinor: opts.creditLimitMinor },
    checkedAt: opts.checkedAt,
  };
}
