import * as z from "zod/mini";
import { shareBp } from "@/lib/pricing/markup";

// The agency at a glance (admins): bookings, sales and earnings over a range, by advisor and by
// product, cancellations and refunds, and credit used against the limit. Computed from what the
// desk has learned of the agency's bookings (booking_facts, the ledger); the service has no
// wallet or reporting endpoint (contract-decisions §8). Also the margin on bookings made from
// proposals, per advisor (client price − agency cost, as proposal_bookings recorded them when
// booked). Shared by the BFF and the page.

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

/** Bookings made from proposals, at the prices they were sold at: client price, agency cost, margin (client − cost). */
const margin = {
  bookings: z.number(),
  clientMinor: z.number(),
  costMinor: z.number(),
  marginMinor: z.number(),
  /** The margin as a share of the client price, in basis points (1250 = 12.5 %); null when the client price is 0. */
  marginBp: z.nullable(z.number()),
};
const NO_MARGIN = { bookings: 0, clientMinor: 0, costMinor: 0, marginMinor: 0, marginBp: null };
const proposalMarginsSchema = z.looseObject({
  /** In the agency's currency only. */
  totals: z.looseObject(margin),
  byAdvisor: z.array(z.looseObject({ id: z.nullable(z.string()), name: z.string(), ...margin })),
  /** Bookings from proposals in another currency than the agency's: counted here, not summed. */
  otherCurrency: z.number(),
  /** Bookings from proposals that are not sold now (held, failed, cancelled, refunded): counted here, not summed. */
  notSold: z._default(z.number(), 0),
});
export type ProposalMargins = z.output<typeof proposalMarginsSchema>;

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
  /** The margin on bookings made from proposals (issue 29), per advisor who booked them; older answers lack it. */
  proposals: z._default(proposalMarginsSchema, { totals: NO_MARGIN, byAdvisor: [], otherCurrency: 0, notSold: 0 }),
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

/** A booking made from a proposal (proposal_bookings), with who booked it. */
export type ProposalSale = {
  currency: string;
  costMinor: number;
  clientMinor: number;
  /** When the booking was recorded against the proposal (proposal_bookings.created_at). */
  createdAt: string;
  bookedBy: { id: string; name: string } | null;
  /** The booking's state as the desk last saw it (null: not seen yet, counted as sold). */
  state?: string | null;
};

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/** The overview of `facts` (bookings made in the range) in the agency's `currency`. */
export function buildOverview(
  facts: readonly OverviewFact[],
  opts: {
    range: OverviewRange;
    now: Date;
    currency: string;
    creditUsedMinor: number;
    creditLimitMinor: number | null;
    checkedAt: string | null;
    /** Bookings made from proposals (any time: those outside the range are left out here). */
    proposalSales?: readonly ProposalSale[];
  },
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
    proposals: proposalMargins((opts.proposalSales ?? []).filter((s) => byDay.has(dayOf(s.createdAt))), currency),
  };
}

/**
 * The margin on bookings made from proposals, per advisor who booked them, in `currency` only
 * (the others are counted in `otherCurrency`, never summed across currencies), and sold only, as
 * the overview's sales are (a held, failed or cancelled one earns nothing: counted in `notSold`).
 * Integer minor units throughout: each advisor's figures add up to the totals, and margin =
 * client − cost.
 */
export function proposalMargins(sales: readonly ProposalSale[], currency: string): ProposalMargins {
  const totals = { bookings: 0, clientMinor: 0, costMinor: 0 };
  const byAdvisor = new Map<string, { id: string | null; name: string; bookings: number; clientMinor: number; costMinor: number }>();
  let otherCurrency = 0;
  let notSold = 0;
  for (const s of sales) {
    if (s.state != null && !(SOLD_STATES as readonly string[]).includes(s.state)) {
      notSold++;
      continue;
    }
    if (s.currency !== currency) {
      otherCurrency++;
      continue;
    }
    const key = s.bookedBy?.id ?? "";
    const row = byAdvisor.get(key) ?? (byAdvisor.set(key, { id: s.bookedBy?.id ?? null, name: s.bookedBy?.name ?? "A former user", bookings: 0, clientMinor: 0, costMinor: 0 }), byAdvisor.get(key)!);
    for (const sum of [row, totals]) {
      sum.bookings++;
      sum.clientMinor += s.clientMinor;
      sum.costMinor += s.costMinor;
    }
  }
  const withMargin = <T extends { clientMinor: number; costMinor: number }>(r: T) => {
    const marginMinor = r.clientMinor - r.costMinor;
    return { ...r, marginMinor, marginBp: shareBp(marginMinor, r.clientMinor) };
  };
  return {
    totals: withMargin(totals),
    byAdvisor: [...byAdvisor.values()]
      .map(withMargin)
      .sort((a, b) => b.marginMinor - a.marginMinor || b.bookings - a.bookings || a.name.localeCompare(b.name)),
    otherCurrency,
    notSold,
  };
}
