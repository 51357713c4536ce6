import type { z } from "zod";
import type { cancellationPolicySchema } from "@/lib/tds/contract/base";
import type { bookingDetailSchema } from "@/lib/tds/contract/schemas";

// What cancelling a booking now would cost, read from its detail at this moment, for the Cancel
// dialog and for the deadlines the desk keeps (lib/bff/bookings.ts). The rule is the one written
// in docs/contract-decisions.md §9: the charge is the highest deadline already passed, never less
// than what the policy keeps whatever the date (per-stay amounts and the non-refundable nights'
// share of the price), never more than the amount. Where part of the policy cannot be priced
// from the detail (deadlines withheld, a stay without dates, an amount not stated), the estimate
// is a floor ("at least $X is kept"), never a promise. The service decides the refund when it
// cancels; lib/bookings/cancellation.property.test.ts checks this against the sandbox's own rule.

type Policy = z.output<typeof cancellationPolicySchema>;
type Detail = z.output<typeof bookingDetailSchema>;

/** What the estimate reads of a booking: the service's detail, as the BFF and the booking page have it. */
export type EstimateInput = Pick<Detail, "order" | "lineItems" | "cancellationPolicy">;
export type CancelScope = "whole" | "departure" | "return";

/** What the policy keeps whatever the date, in the estimate's words. */
export type Kept = {
  /** Nights of the stay kept: runs of consecutive nights (YYYY-MM-DD, both ends included), how many of how many, their share. */
  nights: { runs: Array<{ start: string; end: string }>; count: number; of: number; amountMinor: number } | null;
  /** Per-stay amounts kept (a round-trip leg's share of them). */
  fixedMinor: number;
};

export type CancellationEstimate =
  /** A hold: nothing was paid, so releasing it charges nothing and gives nothing back. `freeUntil` is the rate's own. */
  | { kind: "release"; amountMinor: number; feeMinor: 0; refundMinor: 0; freeUntil: string | null }
  /** Nothing is charged now: the whole amount is expected back. */
  | { kind: "free"; amountMinor: number; feeMinor: 0; refundMinor: number; freeUntil: string | null; kept: Kept }
  /** A fee applies now, from a passed deadline or from what is kept whatever the date; the rest is expected back. */
  | { kind: "fee"; amountMinor: number; feeMinor: number; refundMinor: number; feeSince: string | null; because: "deadline" | "kept"; kept: Kept }
  /** The whole amount is kept: nothing comes back. */
  | { kind: "none"; amountMinor: number; feeMinor: number; refundMinor: 0; reason: "non_refundable" | "deadline_passed" | "kept" | "service"; kept: Kept }
  /** Part of the policy cannot be priced: at least `keptMinor` is kept, at most `refundMaxMinor` comes back. */
  | { kind: "at_least"; amountMinor: number; keptMinor: number; refundMaxMinor: number; reason: "withheld" | "no_stay" | "unpriced" | "no_policy"; kept: Kept };

export type TransferLeg = { leg: "departure" | "return"; state: string; sellMinor: number | null; pickupAt: string | null };

const DAY_MS = 86_400_000;
const ms = (iso: string) => Date.parse(iso);
const isDay = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(ms(`${v}T00:00:00Z`));
const dayPlus = (day: string, n: number) => new Date(ms(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** `amount × part / whole`, rounded half up to a whole minor unit: the sandbox's rounding (contract decisions §9). */
const shareOf = (amountMinor: number, part: number, whole: number) => (whole > 0 ? Math.round((amountMinor * part) / whole) : 0);

/** A round-trip transfer booked as one booking: its legs as the detail gives them (`details.transferLegs`). */
export function transferLegsOf(booking: Pick<Detail, "lineItems">): TransferLeg[] {
  const line = booking.lineItems[0];
  if (!line || line.productType !== "transfer" || !Array.isArray(line.details.transferLegs)) return [];
  return line.details.transferLegs.flatMap((l): TransferLeg[] => {
    const leg = l.leg;
    if (leg !== "departure" && leg !== "return") return [];
    const sell = l.sell as { amountMinor?: unknown } | undefined;
    return [
      {
        leg,
        state: typeof l.state === "string" ? l.state : "unknown",
        sellMinor: typeof sell?.amountMinor === "number" && Number.isInteger(sell.amountMinor) ? sell.amountMinor : null,
        pickupAt: typeof l.pickupAt === "string" && !Number.isNaN(ms(l.pickupAt)) ? l.pickupAt : null,
      },
    ];
  });
}

/** A hotel's stay from its line item (`checkIn`, `checkOut`); null when the dates cannot be read. */
function stayOf(booking: EstimateInput): { start: string; nights: number } | null {
  const d = booking.lineItems[0]?.details ?? {};
  if (!isDay(d.checkIn) || !isDay(d.checkOut)) return null;
  const nights = Math.round((ms(`${d.checkOut}T00:00:00Z`) - ms(`${d.checkIn}T00:00:00Z`)) / DAY_MS);
  return nights > 0 ? { start: d.checkIn, nights } : null;
}

/** One priced part: the whole booking, or one leg of a round trip (its share of every amount, deadlines moved by `shiftMs`). */
type Part = { amountMinor: number; known: boolean; share: { of: number } | null; shiftMs: number | null; hotel: boolean };
type Priced =
  | { exact: true; chargeMinor: number; reason: "non_refundable" | "service" | "deadline" | "kept" | "free"; since: string | null; next: string | null; kept: Kept }
  | { exact: false; floorMinor: number; reason: "withheld" | "no_stay" | "unpriced"; kept: Kept };

const NOTHING_KEPT: Kept = { nights: null, fixedMinor: 0 };

function runsOf(nights: string[]): Array<{ start: string; end: string }> {
  const runs: Array<{ start: string; end: string }> = [];
  for (const n of nights) {
    const last = runs[runs.length - 1];
    if (last && dayPlus(last.end, 1) === n) last.end = n;
    else runs.push({ start: n, end: n });
  }
  return runs;
}

function pricePart(policy: Policy, booking: EstimateInput, part: Part, nowMs: number): Priced {
  const amount = part.amountMinor;
  if (!policy.refundable) return { exact: true, chargeMinor: amount, reason: "non_refundable", since: null, next: null, kept: NOTHING_KEPT };
  if (policy.currentRefundability === "non_refundable") return { exact: true, chargeMinor: amount, reason: "service", since: null, next: null, kept: NOTHING_KEPT };
  const scale = (m: number) => (part.share ? shareOf(m, amount, part.share.of) : m);
  let unpriced: "no_stay" | "unpriced" | null = null;

  // Kept whatever the date: per-stay amounts (each scaled on its own), and the nights' share.
  let fixedMinor = 0;
  for (const m of policy.perStayAmountsNonRefundable ?? []) {
    if (typeof m.amountMinor === "number" && Number.isInteger(m.amountMinor)) fixedMinor += scale(m.amountMinor);
    else unpriced = "unpriced";
  }
  let nights: Kept["nights"] = null;
  const ranges = policy.nonrefundableDateRanges ?? [];
  if (part.hotel && ranges.length > 0) {
    const stay = stayOf(booking);
    if (!stay) unpriced = "no_stay";
    else if (!ranges.every((r) => isDay(r.start) && isDay(r.end))) unpriced = "unpriced";
    else {
      const kept: string[] = [];
      for (let i = 0; i < stay.nights; i++) {
        const night = dayPlus(stay.start, i);
        if (ranges.some((r) => (r.start as string) <= night && night <= (r.end as string))) kept.push(night);
      }
      if (kept.length) nights = { runs: runsOf(kept), count: kept.length, of: stay.nights, amountMinor: shareOf(amount, kept.length, stay.nights) };
    }
  }
  const kept: Kept = { nights, fixedMinor };
  const floor = Math.min(amount, fixedMinor + (nights?.amountMinor ?? 0));

  // Deadlines: the highest already passed applies (a leg's moved with it).
  let penalty = 0;
  let since: string | null = null;
  let next: string | null = null;
  const dated = policy.deadlines.map((d) => ({ at: typeof d.from === "string" ? ms(d.from) + (part.shiftMs ?? 0) : NaN, fee: d.amountMinor }));
  if (dated.some((d) => Number.isNaN(d.at) || typeof d.fee !== "number" || !Number.isInteger(d.fee)) || (dated.length > 0 && part.shiftMs === null)) unpriced = "unpriced";
  for (const d of dated.filter((x) => !Number.isNaN(x.at) && typeof x.fee === "number").sort((a, b) => a.at - b.at)) {
    const fee = scale(d.fee!);
    if (d.at <= nowMs) {
      if (fee > penalty) [penalty, since] = [fee, new Date(d.at).toISOString()];
    } else if (fee > 0 && next === null) next = new Date(d.at).toISOString();
  }
  const charge = Math.min(amount, Math.max(penalty, floor));
  if (policy.deadlinesWithheld) return { exact: false, floorMinor: charge, reason: "withheld", kept };
  if (unpriced) return { exact: false, floorMinor: charge, reason: unpriced, kept };
  if (charge === 0) return { exact: true, chargeMinor: 0, reason: "free", since: null, next, kept };
  return penalty >= floor
    ? { exact: true, chargeMinor: charge, reason: "deadline", since, next, kept }
    : { exact: true, chargeMinor: charge, reason: "kept", since: null, next, kept };
}

/** The parts `scope` cancels: the booking whole, or the live legs of a round trip it names (all live legs when it names none). */
function partsOf(booking: EstimateInput, scope: CancelScope): Part[] {
  const total = booking.order.totalSell.amountMinor;
  const hotel = booking.lineItems[0]?.productType === "hotel";
  const legs = transferLegsOf(booking);
  if (legs.length !== 2) return [{ amountMinor: total, known: true, share: null, shiftMs: 0, hotel }];
  const live = legs.filter((l) => l.state === "confirmed");
  const named = live.filter((l) => scope === "whole" || l.leg === scope);
  const departure = legs.find((l) => l.leg === "departure")?.pickupAt;
  const back = legs.find((l) => l.leg === "return")?.pickupAt;
  const gap = departure && back ? ms(back) - ms(departure) : null;
  return (named.length ? named : live).map((l) => ({
    amountMinor: l.sellMinor ?? 0,
    known: l.sellMinor !== null,
    share: { of: total },
    shiftMs: l.leg === "departure" ? 0 : gap,
    hotel: false,
  }));
}

function mergeKept(all: Kept[]): Kept {
  return { nights: all.find((k) => k.nights)?.nights ?? null, fixedMinor: all.reduce((s, k) => s + k.fixedMinor, 0) };
}

function estimateNow(booking: EstimateInput, nowMs: number, scope: CancelScope): Exclude<CancellationEstimate, { kind: "release" }> {
  const policy = booking.cancellationPolicy;
  const parts = partsOf(booking, scope);
  const amount = parts.reduce((s, p) => s + p.amountMinor, 0);
  if (!policy) return { kind: "at_least", amountMinor: amount, keptMinor: 0, refundMaxMinor: amount, reason: "no_policy", kept: NOTHING_KEPT };
  const priced = parts.map((p): Priced => {
    const result = pricePart(policy, booking, p, nowMs);
    // A leg whose price the detail does not give: whatever it costs is unknown.
    return p.known || !result.exact ? result : { exact: false, floorMinor: 0, reason: "unpriced", kept: result.kept };
  });
  const kept = mergeKept(priced.map((p) => p.kept));
  const bounded = priced.find((p) => !p.exact);
  if (bounded && !bounded.exact) {
    const keptMinor = priced.reduce((s, p) => s + (p.exact ? p.chargeMinor : p.floorMinor), 0);
    return { kind: "at_least", amountMinor: amount, keptMinor, refundMaxMinor: amount - keptMinor, reason: bounded.reason, kept };
  }
  const exact = priced.filter((p): p is Extract<Priced, { exact: true }> => p.exact);
  const fee = exact.reduce((s, p) => s + p.chargeMinor, 0);
  if (fee === 0) {
    const next = exact.map((p) => p.next).filter((n): n is string => n !== null).sort((a, b) => ms(a) - ms(b))[0] ?? null;
    return { kind: "free", amountMinor: amount, feeMinor: 0, refundMinor: amount, freeUntil: next, kept };
  }
  const charged = exact.filter((p) => p.chargeMinor > 0);
  if (fee >= amount) {
    const first = charged[0]!.reason;
    const reason = first === "non_refundable" || first === "service" || first === "kept" ? first : "deadline_passed";
    return { kind: "none", amountMinor: amount, feeMinor: amount, refundMinor: 0, reason, kept };
  }
  const byDeadline = charged.every((p) => p.reason === "deadline");
  return {
    kind: "fee",
    amountMinor: amount,
    feeMinor: fee,
    refundMinor: amount - fee,
    feeSince: byDeadline ? (charged.map((p) => p.since).find((s) => s !== null) ?? null) : null,
    because: byDeadline ? "deadline" : "kept",
    kept,
  };
}

/**
 * The expected fee and refund of cancelling `booking` (or, for a round-trip transfer, the legs
 * `scope` names) at `now`. One function for every place that states it: the Cancel dialog and
 * the deadlines the desk keeps.
 */
export function cancellationEstimate(booking: EstimateInput, now: Date, scope: CancelScope = "whole"): CancellationEstimate {
  const estimate = estimateNow(booking, now.getTime(), scope);
  if (booking.order.state === "held") {
    return { kind: "release", amountMinor: booking.order.totalSell.amountMinor, feeMinor: 0, refundMinor: 0, freeUntil: estimate.kind === "free" ? estimate.freeUntil : null };
  }
  return estimate;
}
