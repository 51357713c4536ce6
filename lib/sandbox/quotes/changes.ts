import { holdDeadlines, type Stay } from "../bookings/policy";
import { hash32 } from "../platform/random";
import { daysBetween } from "../search/draw";
import type { TriggerName } from "../platform/triggers";
import type { QuoteRecord } from "../search/engine";
import type { ActivitySummary, CancellationPolicy, HotelSummary, ProductType, ResultRow } from "../search/types";
import type { PriceChange, PriceCheckResult, Requirements } from "./model";

/**
 * What a price-check finds compared with the search row: a live price, a cancellation policy,
 * and the changes between them. Pure functions of (seed, row, triggers, now), so the same rate
 * always answers the same way and tests can predict it.
 */

const DAY_MS = 86_400_000;
export const FRESH_MS = 10 * 60_000;

export type NaturalChange = "none" | "price" | "policy";

const draw = (seed: number, what: string, row: ResultRow) => {
  const s = row.productType === "hotel" ? (row.summary as HotelSummary) : null;
  // The rate's identity within its stay (not the quote ID, which is random per search).
  const id = [row.canonicalProductId, row.supplier, s?.roomName, s?.boardBasis, row.refundable, row.sellAmountMinor].join("|");
  return hash32(`price-check|${what}|${id}`, seed) / 4294967296;
};

/** Without triggers, about 6% of hotel rates come back dearer and 4% with a stricter policy; other products hold their price. */
export function naturalChange(seed: number, row: ResultRow): NaturalChange {
  if (row.productType !== "hotel") return "none";
  const u = draw(seed, "kind", row);
  return u < 0.06 ? "price" : u < 0.1 ? "policy" : "none";
}

/** The live price when it went up: 2% to 7% more, at least one minor unit. */
export function raisedPrice(seed: number, row: ResultRow): number {
  const pct = 2 + Math.floor(draw(seed, "pct", row) * 6);
  return Math.max(row.sellAmountMinor + 1, Math.round((row.sellAmountMinor * (100 + pct)) / 100));
}

/** Deadline fees follow the price (the full-price deadline stays the full price). */
function scaledPolicy(p: CancellationPolicy, from: number, to: number): CancellationPolicy {
  if (from === to || from <= 0) return p;
  return { ...p, deadlines: p.deadlines.map((d) => ({ ...d, amountMinor: d.amountMinor === from ? to : Math.round((d.amountMinor * to) / from) })) };
}

/**
 * A stricter version of a policy: free cancellation ends two days sooner when that is still
 * ahead; otherwise it is withdrawn (non-refundable from now); a rate that was already
 * non-refundable states the whole stay as non-refundable.
 */
export function stricterPolicy(p: CancellationPolicy, amountMinor: number, currency: string, now: number): CancellationPolicy {
  const first = p.deadlines.find((d) => d.amountMinor > 0);
  if (p.refundable && first && Date.parse(first.from) - 2 * DAY_MS > now) {
    const earlier = new Date(Date.parse(first.from) - 2 * DAY_MS).toISOString();
    return { ...p, deadlines: p.deadlines.map((d) => (d === first ? { ...d, from: earlier } : d)) };
  }
  if (p.refundable) {
    return { refundable: false, deadlines: [{ from: new Date(now).toISOString(), amountMinor, currency }], currentRefundability: "non_refundable" };
  }
  return { ...p, perStayAmountsNonRefundable: [{ amountMinor, currency }] };
}

/**
 * Holds need a fully refundable hotel rate whose free cancellation is still ahead (spec:
 * `hold_not_eligible`): the rule booking applies (bookings/policy.ts `holdDeadlines`), so a rate
 * price-checked `holdable` is one POST /bookings holds.
 */
export function isHoldable(productType: ProductType, p: CancellationPolicy, stay: Stay, now: number): boolean {
  return productType === "hotel" && holdDeadlines(p, stay, now) !== null;
}

/** The stay a quote's policy is read against: the searched dates (hotels have nights). */
function stayOfQuote(quote: QuoteRecord): Stay {
  const { checkIn = "", checkOut = checkIn } = quote.search.request;
  return { start: checkIn, nights: quote.productType === "hotel" ? Math.max(1, daysBetween(checkIn, checkOut)) : 0 };
}

/** The terms of a policy without its amounts: whether it got stricter, whatever the price did. */
const terms = (p: CancellationPolicy) =>
  JSON.stringify([p.refundable, p.deadlines.map((d) => d.from), p.currentRefundability, p.nonrefundableDateRanges, p.perStayAmountsNonRefundable?.length, p.deadlinesWithheld]);

export function formatMoney(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** An activity option as people read it: modality and start time. */
export function optionLabel(row: ResultRow): string {
  const s = row.summary as ActivitySummary;
  return s.sessionStartTime ? `${s.modality} at ${s.sessionStartTime}` : s.modality;
}

export type Assessment = {
  seed: number;
  now: number;
  quote: QuoteRecord;
  /** The row being priced: the quote's own, or the activity option picked with supplierRateRef. */
  booked: ResultRow;
  triggers: ReadonlySet<TriggerName>;
  requirements: Requirements;
};

/** The price-check answer (contract-decisions §1) for a check that reached the source and succeeded. */
export function assess({ seed, now, quote, booked, triggers, requirements }: Assessment): PriceCheckResult {
  const shown = quote.row;
  const currency = shown.sellCurrency;
  const natural = naturalChange(seed, booked);
  const amount = triggers.has("price-change") || natural === "price" ? raisedPrice(seed, booked) : booked.sellAmountMinor;
  const scaled = scaledPolicy(booked.summary.cancellationPolicy, booked.sellAmountMinor, amount);
  const policy = triggers.has("policy-change") || natural === "policy" ? stricterPolicy(scaled, amount, currency, now) : scaled;

  const changes: PriceChange[] = [];
  if (booked.rateQuoteId !== shown.rateQuoteId) {
    changes.push({ kind: "other", message: `Option changed from ${optionLabel(shown)} to ${optionLabel(booked)}.`, before: optionLabel(shown), after: optionLabel(booked) });
  }
  if (amount !== shown.sellAmountMinor) {
    const direction = amount > shown.sellAmountMinor ? "went up" : "went down";
    changes.push({
      kind: "price",
      message: `The price ${direction} from ${formatMoney(shown.sellAmountMinor, currency)} to ${formatMoney(amount, currency)}.`,
      before: { amountMinor: shown.sellAmountMinor, currency },
      after: { amountMinor: amount, currency },
    });
  }
  const before = shown.summary.cancellationPolicy;
  if (terms(policy) !== terms(before)) {
    changes.push({ kind: "cancellation_policy", message: "The cancellation policy changed; read the new deadlines before booking.", before, after: policy });
  }
  // What the row says (`sandbox:package-rate` makes every hotel row say so); other products have no package rates.
  const packageRate = booked.productType === "hotel" && (booked.summary as HotelSummary).isPackage;
  return {
    quoteId: quote.quoteId,
    status: changes.length ? "changed" : "unchanged",
    sellAmountMinor: amount,
    sellCurrency: currency,
    previousSellAmountMinor: shown.sellAmountMinor,
    changes,
    changesAcknowledgementRequired: changes.length > 0,
    packageRate,
    refundable: policy.refundable,
    cancellationPolicy: policy,
    holdable: isHoldable(quote.productType, policy, stayOfQuote(quote), now),
    checkedAt: new Date(now).toISOString(),
    bookableUntil: new Date(now + FRESH_MS).toISOString(),
    quoteExpiresAt: new Date(quote.expiresAt).toISOString(),
    requirements,
  };
}
