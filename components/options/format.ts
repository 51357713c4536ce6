import type { ActivityRow } from "@/components/results/types";
import type { OccupancyEntry } from "@/lib/search/criteria";
import { freeCancellation } from "@/lib/bookings/deadlines";
import { formatInstant } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import { formatMoney } from "@/lib/money";
import { shareOfShown } from "@/lib/pricing/markup";
import { lazily } from "@/lib/lazily";

// Formatting for the option sheets. Fixed to en-US so a sheet reads the same on every
// advisor's machine and in tests; times stay 24-hour, as the service sends them.

/** The service's cancellation policy (the same shape on every product's summary). */
export type CancellationPolicy = NonNullable<ActivityRow["summary"]["cancellationPolicy"]>;

const LOCALE = "en-US";
export { formatMoney };

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/**
 * A local date or date-time without offset ("2026-12-06", "2026-12-06T14:30:00") as a Date whose
 * UTC fields are the wall clock, so formatting with timeZone UTC shows it unshifted.
 */
function wallClock(local: string): Date | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0"] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
}

const dateFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
const shortDateFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }));
const timeFormat = lazily(() => new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }));

/** "2026-12-06" → "Sun, Dec 6, 2026" (the text itself when it is not a date). */
export function formatLocalDate(local: string, { year = true }: { year?: boolean } = {}): string {
  const d = wallClock(local);
  return d ? (year ? dateFormat : shortDateFormat)().format(d) : local;
}

/** "2026-12-06T14:30:00" (local, no offset) → "Sun, Dec 6, 14:30". */
export function formatLocalDateTime(local: string): string {
  const d = wallClock(local);
  if (!d || !/T\d{2}:\d{2}/.test(local)) return formatLocalDate(local);
  return `${shortDateFormat().format(d)}, ${timeFormat().format(d)}`;
}

/** "2026-12-06T14:30:00" → "14:30". */
export function formatLocalTime(local: string): string {
  const d = wallClock(local);
  return d && /T\d{2}:\d{2}/.test(local) ? timeFormat().format(d) : "";
}

/** "2 adults, 1 child". */
export function formatParty(adults: number, children: number): string {
  const parts = [plural(adults, "adult")];
  if (children > 0) parts.push(plural(children, "child", "children"));
  return parts.join(", ");
}

export function partyOfOccupancy(occupancy: readonly OccupancyEntry[]): string {
  const adults = occupancy.reduce((n, e) => n + e.adults, 0);
  const children = occupancy.reduce((n, e) => n + e.childrenAges.length, 0);
  return formatParty(adults, children);
}

export function formatPassengers(n: number): string {
  return plural(n, "passenger");
}

export type CancellationSummary = {
  /** Free to cancel now (a badge's tone). */
  refundable: boolean;
  /** Short, for a badge: "Free cancellation", "Non-refundable". */
  badge: string;
  /** What the badge leaves out, shown beside it: "until Sat, 5 Dec 2026, 18:30 UTC" ("" when nothing). */
  detail: string;
  /** The whole of it as a sentence: "Free cancellation until Sat, 5 Dec 2026, 18:30 UTC; after that it costs $125.63." */
  sentence: string;
};

/**
 * What cancelling costs, from the row's `refundable` and its policy. Free cancellation ends where
 * the desk's one rule says (lib/bookings/deadlines.ts), stated in the advisor's `timeZone`.
 */
export function cancellationSummary(
  refundable: boolean,
  policy: CancellationPolicy | null | undefined,
  options: {
    now?: number;
    timeZone: string;
    priceMinor?: number;
    /**
     * The price the screen shows when it is not the cost (Client prices on): fees are then said as
     * the same share of it; null while that price is not known, when no fee amount is said at all.
     */
    shownPriceMinor?: number | null;
  },
): CancellationSummary {
  if (!refundable || policy?.refundable === false) {
    return { refundable: false, badge: "Non-refundable", detail: "", sentence: "Non-refundable: cancelling costs the full price." };
  }
  if (!policy) {
    return { refundable: true, badge: "Refundable", detail: "terms confirmed at checkout", sentence: "Refundable; the exact terms are confirmed at checkout." };
  }
  if (policy.deadlinesWithheld) {
    return { refundable: true, badge: "Refundable", detail: "deadlines given at checkout", sentence: "Refundable; the supplier gives the deadlines at checkout." };
  }
  const free = freeCancellation({ ...policy, refundable });
  if (free.kind === "none") {
    return { refundable: false, badge: "Part non-refundable", detail: "no free cancellation", sentence: "No free cancellation: part of the price is never refunded." };
  }
  const charges = policy.deadlines
    .filter((d): d is typeof d & { from: string } => d.amountMinor !== 0 && !!d.from && !Number.isNaN(Date.parse(d.from)))
    .sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const charged = charges[0];
  if (!charged || free.kind !== "until") return { refundable: true, badge: "Free cancellation", detail: "", sentence: "Free cancellation." };
  const now = options.now ?? Date.now();
  const when = formatInstant(free.until, options.timeZone);
  const shown = options.shownPriceMinor;
  const feeOf = (d: typeof charged) => {
    if (!d.currency || typeof d.amountMinor !== "number" || shown === null) return null;
    // A fee can be said as a share of the shown price only against the price it was stated for.
    if (shown !== undefined && options.priceMinor === undefined) return null;
    return formatMoney(shown === undefined ? d.amountMinor : shareOfShown(d.amountMinor, options.priceMinor!, shown), d.currency);
  };
  const partialOf = (d: typeof charged) => {
    const f = feeOf(d);
    return options.priceMinor !== undefined && (d.amountMinor ?? 0) < options.priceMinor && f ? f : null;
  };
  const fee = feeOf(charged);
  const partial = partialOf(charged);
  // What cancelling costs now is the latest deadline already reached, not the first one.
  const applying = charges.filter((d) => Date.parse(d.from) <= now).at(-1);
  if (policy.currentRefundability === "non_refundable" || applying) {
    const partialNow = partialOf(applying ?? charged);
    return partialNow
      ? { refundable: false, badge: "Cancellation fee", detail: `${partialNow} if cancelled now`, sentence: `Cancelling now costs ${partialNow}.` }
      : { refundable: false, badge: "Non-refundable now", detail: `free cancellation ended ${when}`, sentence: `The free cancellation period ended ${when}.` };
  }
  return {
    refundable: true,
    badge: "Free cancellation",
    detail: partial ? `until ${when}, then ${partial}` : `until ${when}`,
    sentence: `Free cancellation until ${when}${fee ? `; after that it costs ${fee}` : ""}.`,
  };
}
