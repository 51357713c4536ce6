import { addDays } from "../search/draw";
import type { CancellationPolicy } from "../search/types";

/*
 * The cancellation rule the sandbox publishes (docs/sandbox.md "Cancellation and refunds",
 * docs/contract-decisions.md §9), in one place: what cancelling costs at a moment, and which
 * rates can be held. Cancelling, the booking detail's `currentRefundability`, price-check's
 * `holdable` and booking's `hold_not_eligible` all read it. The desk prices the same rule in
 * lib/bookings/cancellation.ts; lib/bookings/cancellation.property.test.ts binds the two.
 */

const HOLD_MARGIN_MS = 60_000;

/** Service dates a policy is read against: the first day, and the nights (hotels) for per-night ranges. */
export type Stay = { start: string; nights: number };

/** `amountMinor × part / whole`, rounded half up to a whole minor unit (0 when `whole` is 0). */
export function shareOf(amountMinor: number, part: number, whole: number): number {
  return whole > 0 ? Math.round((amountMinor * part) / whole) : 0;
}

/** The nights of the stay (YYYY-MM-DD, each once) that a `nonrefundableDateRanges` entry covers, both ends included. */
export function nonRefundableNights(policy: CancellationPolicy, stay: Stay): string[] {
  const ranges = policy.nonrefundableDateRanges ?? [];
  const nights: string[] = [];
  if (ranges.length === 0) return nights;
  for (let i = 0; i < stay.nights; i++) {
    const night = addDays(stay.start, i);
    if (ranges.some((r) => r.start <= night && night <= r.end)) nights.push(night);
  }
  return nights;
}

/** What a refundable policy keeps whatever the date: its per-stay amounts and the non-refundable nights' share of the total. */
export function keptInAnyCase(policy: CancellationPolicy, totalMinor: number, stay: Stay): number {
  const fixed = (policy.perStayAmountsNonRefundable ?? []).reduce((s, m) => s + m.amountMinor, 0);
  return fixed + shareOf(totalMinor, nonRefundableNights(policy, stay).length, stay.nights);
}

/**
 * What cancelling at `now` costs, in minor units of the booking: the highest deadline already
 * passed, never less than what is kept whatever the date, never more than the total.
 * Withheld deadlines are free until the service starts (00:00 UTC of its first day), then the total.
 */
export function cancellationCharge(policy: CancellationPolicy, now: number, totalMinor: number, stay: Stay): number {
  if (!policy.refundable) return totalMinor;
  let penalty = 0;
  if (policy.deadlinesWithheld && policy.deadlines.length === 0) {
    penalty = now >= Date.parse(`${stay.start}T00:00:00Z`) ? totalMinor : 0;
  }
  for (const d of policy.deadlines) if (Date.parse(d.from) <= now) penalty = Math.max(penalty, d.amountMinor);
  return Math.min(totalMinor, Math.max(penalty, keptInAnyCase(policy, totalMinor, stay)));
}

/**
 * A round trip's policy for one leg: its share (`legMinor` of `totalMinor`) of every amount,
 * each rounded half up, and its deadlines moved by `shiftMs` (the return's, with its date).
 */
export function legPolicy(policy: CancellationPolicy, legMinor: number, totalMinor: number, shiftMs: number): CancellationPolicy {
  const scale = (m: number) => shareOf(m, legMinor, totalMinor);
  return {
    ...policy,
    deadlines: policy.deadlines.map((d) => ({ ...d, from: new Date(Date.parse(d.from) + shiftMs).toISOString(), amountMinor: scale(d.amountMinor) })),
    perStayAmountsNonRefundable: policy.perStayAmountsNonRefundable?.map((m) => ({ ...m, amountMinor: scale(m.amountMinor) })),
  };
}

/**
 * When free cancellation of a fully refundable rate ends: the first deadline that costs
 * something. Null when the rate is not fully refundable (spec: holds are for "fully refundable
 * rates only"): non-refundable, deadlines withheld or none given, or anything kept whatever the
 * date (a non-refundable night of the stay, a per-stay amount).
 */
export function freeCancellationEnds(policy: CancellationPolicy, stay: Stay): number | null {
  if (!policy.refundable || policy.deadlinesWithheld) return null;
  if ((policy.perStayAmountsNonRefundable ?? []).some((m) => m.amountMinor > 0) || nonRefundableNights(policy, stay).length > 0) return null;
  const paid = policy.deadlines.filter((d) => d.amountMinor > 0).map((d) => Date.parse(d.from));
  return paid.length ? Math.min(...paid) : null;
}

/**
 * A hold's deadlines, or null when the rate cannot be held (not fully refundable, or free
 * cancellation ends within a minute): it can be cancelled free until a margin before the rate's
 * free cancellation ends, and must be paid within 3 days and by then.
 */
export function holdDeadlines(policy: CancellationPolicy, stay: Stay, now: number): { paymentDeadline: string; cancellationDeadline: string } | null {
  const free = freeCancellationEnds(policy, stay);
  if (free === null || free <= now + HOLD_MARGIN_MS) return null;
  const hour = 3_600_000;
  const cancellation = free - Math.min(24 * hour, Math.floor((free - now) / 2));
  const payment = Math.min(now + 72 * hour, cancellation);
  return { paymentDeadline: new Date(payment).toISOString(), cancellationDeadline: new Date(cancellation).toISOString() };
}
