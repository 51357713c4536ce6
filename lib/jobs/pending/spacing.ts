import { isOneOf } from "@/lib/tds/contract/base";

// When the desk checks a pending booking again (docs/follow-ups.md#spacing). The contract allows
// refresh-status at most every 15 seconds per booking; the desk keeps to that for every check it
// makes of one booking (refresh-status or a read of its detail), and checks less often as the
// booking ages: a booking pending for a minute is likely to settle soon, one pending for a day is
// not.

/** The contract's refresh-status spacing: no two checks of one booking closer than this. */
export const MIN_CHECK_SPACING_MS = 15_000;
/** The longest the desk leaves a pending booking unchecked. */
export const MAX_CHECK_INTERVAL_MS = 30 * 60_000;
/** An advisor who checked a booking within this is following it on its page: the desk leaves it to them meanwhile. */
export const PERSON_FOLLOWING_MS = 60_000;

/**
 * The wait after a check of a booking pending for `ageMs`: 15 s for its first 150 s, then a tenth
 * of its age (1 min at 10 min, 6 min at an hour), at most 30 min.
 */
export function checkInterval(ageMs: number): number {
  return Math.min(MAX_CHECK_INTERVAL_MS, Math.max(MIN_CHECK_SPACING_MS, Math.round(Math.max(0, ageMs) / 10)));
}

export type CheckTimes = {
  /** Since when the booking is pending (when it was made, or when the desk first saw it pending). */
  pendingSince: Date;
  /** The desk's last check of it. */
  lastCheckedAt: Date | null;
  /** An advisor's last refresh of it (the booking page's "Check now" and its polling). */
  lastPersonCheckAt: Date | null;
};

/** When the desk may check the booking next: never within 15 s of any check, later as it ages, and after a person following it stops. */
export function nextCheckAt(times: CheckTimes, now: Date): Date {
  const t = now.getTime();
  let at = t;
  if (times.lastCheckedAt) at = Math.max(at, times.lastCheckedAt.getTime() + checkInterval(t - times.pendingSince.getTime()));
  if (times.lastPersonCheckAt) at = Math.max(at, times.lastPersonCheckAt.getTime() + PERSON_FOLLOWING_MS);
  return new Date(at);
}

/** States a booking settles in; `held` is not one a pending booking moves to, but it needs no following either. */
const SETTLED = ["confirmed", "held", "failed", "cancelled", "refunded"] as const;

/**
 * Whether the desk follows a booking in this state: pending with the supplier, in manual review,
 * or any state the contract does not name (the in-progress cancellation has no given name).
 */
export function isPendingState(state: string): boolean {
  return !isOneOf(SETTLED, state);
}

/** How the desk checks a booking in this state: refresh-status is for supplier_pending only (the contract); the rest are read. */
export function checkVia(state: string): "refresh-status" | "detail" {
  return state === "supplier_pending" ? "refresh-status" : "detail";
}
