import { formatInstant } from "@/lib/format/dates";

// A booking's two deadlines, each with one name and one value wherever the desk shows it
// (checkout, the outcome, the booking page, the cancel dialog, Needs attention):
//
// - "Pay by": a hold's `order.held.paymentDeadline`. Unpaid by then, the service releases it.
// - "Free cancellation until": the cancellation policy's, the moment the first charge starts.
//
// The detail's `order.held.cancellationDeadline` is neither: the service's own limit on the hold
// (the sandbox sets it 24 h before free cancellation ends and never lets the payment deadline
// pass it). A hold lapses at its payment deadline, which is never later, so it is not shown.

/** The policy fields the rule reads; the same shape on a search row, a price-check and a booking. */
export type PolicyLike = {
  refundable: boolean;
  deadlines?: ReadonlyArray<{ from?: string | null; amountMinor?: number | null }> | null;
  deadlinesWithheld?: boolean | null;
  nonrefundableDateRanges?: readonly unknown[] | null;
  perStayAmountsNonRefundable?: ReadonlyArray<{ amountMinor?: unknown }> | null;
};

export const PAY_BY = "Pay by";
export const FREE_CANCELLATION_UNTIL = "Free cancellation until";

export type FreeCancellation =
  /** Cancelling is free until `until` (an ISO instant; it may have passed). */
  | { kind: "until"; until: string }
  /** Cancelling is never free: the rate is non-refundable, or some nights or amounts are kept whatever the date. */
  | { kind: "none"; reason: "non_refundable" | "nights" | "amounts" }
  /** Refundable, and no deadline asks for money: free whatever the date. */
  | { kind: "always" }
  /** The policy does not say when charges start. */
  | { kind: "unknown"; reason: "no_policy" | "withheld" | "no_deadlines" | "undated" };

const at = (iso: string | null | undefined) => (typeof iso === "string" ? Date.parse(iso) : Number.NaN);

/**
 * When free cancellation ends under `policy`: at the first deadline asking for a non-zero amount
 * (a deadline that names no amount counts as a charge). There is none at all when the policy is
 * non-refundable, or when nights (`nonrefundableDateRanges`) or per-stay amounts are kept
 * whatever the date. The one rule every place uses.
 */
export function freeCancellation(policy: PolicyLike | null | undefined): FreeCancellation {
  if (!policy) return { kind: "unknown", reason: "no_policy" };
  if (!policy.refundable) return { kind: "none", reason: "non_refundable" };
  if ((policy.nonrefundableDateRanges?.length ?? 0) > 0) return { kind: "none", reason: "nights" };
  if ((policy.perStayAmountsNonRefundable ?? []).some((m) => m.amountMinor !== 0)) return { kind: "none", reason: "amounts" };
  if (policy.deadlinesWithheld) return { kind: "unknown", reason: "withheld" };
  const deadlines = policy.deadlines ?? [];
  const charges = deadlines.filter((d) => d.amountMinor !== 0);
  const dated = charges.filter((d) => !Number.isNaN(at(d.from))).sort((a, b) => at(a.from) - at(b.from));
  if (dated[0]) return { kind: "until", until: dated[0].from! };
  if (charges.length > 0) return { kind: "unknown", reason: "undated" };
  return deadlines.length > 0 ? { kind: "always" } : { kind: "unknown", reason: "no_deadlines" };
}

/** The free-cancellation end as an instant, or null when there is no such moment. */
export function freeCancellationEnd(policy: PolicyLike | null | undefined): string | null {
  const f = freeCancellation(policy);
  return f.kind === "until" ? f.until : null;
}

/**
 * The free-cancellation deadline as a label and a value, in the advisor's zone, for a list of
 * facts: "Free cancellation until" · "Fri, 11 Dec 2026, 23:59 GMT+1" ("… ended" once passed),
 * "Free cancellation" · "None: …" or "Whatever the date"; null when the policy does not say.
 */
export function freeCancellationFact(f: FreeCancellation, now: Date, timeZone: string): { label: string; value: string } | null {
  switch (f.kind) {
    case "until":
      return { label: at(f.until) > now.getTime() ? FREE_CANCELLATION_UNTIL : "Free cancellation ended", value: formatInstant(f.until, timeZone) };
    case "none":
      return {
        label: "Free cancellation",
        value:
          f.reason === "non_refundable"
            ? "None: the rate is non-refundable"
            : f.reason === "nights"
              ? "None: some nights are non-refundable whatever the date"
              : "None: part of the price is never refunded",
      };
    case "always":
      return { label: "Free cancellation", value: "Whatever the date" };
    case "unknown":
      return null;
  }
}

/**
 * The same as one line: "Free cancellation until Fri, 11 Dec 2026, 23:59 GMT+1", "Free
 * cancellation ended …", "No free cancellation: some nights are non-refundable whatever the
 * date", "Free cancellation, whatever the date"; null when the policy does not say.
 */
export function freeCancellationLine(f: FreeCancellation, now: Date, timeZone: string): string | null {
  const fact = freeCancellationFact(f, now, timeZone);
  if (!fact) return null;
  if (f.kind === "until") return `${fact.label} ${fact.value}`;
  if (f.kind === "always") return "Free cancellation, whatever the date";
  return `No free cancellation: ${fact.value.slice("None: ".length)}`;
}
