import type { z } from "zod";
import type { cancellationPolicySchema } from "@/lib/tds/base";
import { freeCancellationEnd } from "./deadlines";

// What cancelling a booking now would cost, read from its cancellation policy at this moment,
// for the confirmation the advisor sees before cancelling. The service decides the refund when
// it cancels (`refund.status`); this is the expectation the policy gives, and says so.

type Policy = z.output<typeof cancellationPolicySchema>;

export type CancellationEstimate =
  /** Nothing is charged now: the whole amount is expected back. */
  | { kind: "free"; feeMinor: 0; refundMinor: number; freeUntil: string | null }
  /** A fee applies now; the rest is expected back. */
  | { kind: "fee"; feeMinor: number; refundMinor: number; feeSince: string | null }
  /** The whole amount is charged: nothing comes back. */
  | { kind: "none"; feeMinor: number; refundMinor: 0; reason: "non_refundable" | "deadline_passed" }
  /** The policy does not say (deadlines withheld, or no terms): the service decides on cancelling. */
  | { kind: "unknown"; reason: "withheld" | "no_policy" | "no_deadlines" };

const ms = (iso: string) => Date.parse(iso);

/**
 * The expected fee and refund of cancelling `totalMinor` now. `share` (0 to 1) prices one leg of
 * a round trip as its part of the whole.
 */
export function cancellationEstimate(policy: Policy | null | undefined, totalMinor: number, now: Date, share = 1): CancellationEstimate {
  if (!policy) return { kind: "unknown", reason: "no_policy" };
  const scale = (minor: number) => Math.round(minor * share);
  if (!policy.refundable || policy.currentRefundability === "non_refundable") {
    return { kind: "none", feeMinor: totalMinor, refundMinor: 0, reason: policy.refundable ? "deadline_passed" : "non_refundable" };
  }
  if (policy.deadlinesWithheld) return { kind: "unknown", reason: "withheld" };
  const dated = policy.deadlines
    .filter((d): d is typeof d & { from: string } => typeof d.from === "string" && !Number.isNaN(ms(d.from)))
    .sort((a, b) => ms(a.from) - ms(b.from));
  if (dated.length === 0) return { kind: "unknown", reason: "no_deadlines" };
  const nowMs = now.getTime();
  const passed = dated.filter((d) => ms(d.from) <= nowMs);
  const current = passed[passed.length - 1];
  const nextCharge = dated.find((d) => ms(d.from) > nowMs && d.amountMinor !== 0);
  // Amounts never refunded whatever the date (per-stay amounts) are charged on top of any deadline's.
  const fixed = (policy.perStayAmountsNonRefundable ?? []).reduce((sum, m) => sum + (typeof m.amountMinor === "number" ? m.amountMinor : 0), 0);
  const deadlineFee = current ? (typeof current.amountMinor === "number" ? current.amountMinor : totalMinor) : 0;
  const feeMinor = Math.min(totalMinor, scale(deadlineFee) + scale(fixed));
  // When free cancellation ends is the policy's one moment (lib/bookings/deadlines.ts), as everywhere else.
  if (feeMinor <= 0) return { kind: "free", feeMinor: 0, refundMinor: totalMinor, freeUntil: nextCharge ? freeCancellationEnd(policy) : null };
  if (feeMinor >= totalMinor) return { kind: "none", feeMinor: totalMinor, refundMinor: 0, reason: "deadline_passed" };
  return { kind: "fee", feeMinor, refundMinor: totalMinor - feeMinor, feeSince: current?.from ?? null };
}
