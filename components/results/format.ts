import type { HotelRow } from "./types";
import { sourceLabel } from "@/lib/search/source-label";
import { freeCancellation } from "@/lib/bookings/deadlines";
import { humanize } from "@/lib/format/words";
import { formatMoney, minorDigits } from "@/lib/money";
import { lazily } from "@/lib/lazily";

// Pure display helpers for result cards: money, dates, cancellation terms, sources. Counts,
// durations and boards have one home (lib/format/).

type CancellationPolicy = NonNullable<HotelRow["summary"]["cancellationPolicy"]>;

export { formatMoney, minorDigits };

const dayMonth = lazily(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }));
const weekdayDayMonth = lazily(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }));

/**
 * The service's local date-times ("2027-01-10T06:25", no offset) are wall-clock times at the
 * place; they are read as UTC and shown in UTC so no browser zone shifts them.
 */
function parseLocal(value: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "28 Nov" */
export function formatDayMonth(value: string): string {
  const d = parseLocal(value);
  return d ? dayMonth().format(d) : value;
}

/** "Sun 10 Jan" */
export function formatDate(value: string): string {
  const d = parseLocal(value);
  return d ? weekdayDayMonth().format(d) : value;
}

/** "06:25" from a local date-time, as written (wall-clock time at the place). */
export function formatTime(value: string): string {
  const m = /T(\d{2}:\d{2})/.exec(value);
  return m?.[1] ?? value;
}

/** Whole days between the calendar dates of two local date-times (a flight landing the next day: 1). */
export function dayDifference(from: string, to: string): number {
  const a = parseLocal(from.slice(0, 10));
  const b = parseLocal(to.slice(0, 10));
  return a && b ? Math.round((b.getTime() - a.getTime()) / 86_400_000) : 0;
}

const deadlineDays = new Map<string, Intl.DateTimeFormat>();

/** A deadline (an instant) as its day in the advisor's `timeZone`, short for a card: "5 Jan". */
function deadlineDay(d: Date, timeZone: string): string {
  const key = timeZone;
  let f = deadlineDays.get(key);
  if (!f) deadlineDays.set(key, (f = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone })));
  return f.format(d);
}

/**
 * One line on when cancelling costs money: free until the policy's free-cancellation end (the
 * desk's one rule, lib/bookings/deadlines.ts), its day in the advisor's zone. Withheld deadlines
 * are disclosed at price-check.
 */
export function cancellationSummary(
  policy: CancellationPolicy | null | undefined,
  refundable: boolean,
  now: Date,
  timeZone: string,
): { text: string; tone: "free" | "charged" | "unknown" } {
  const free = freeCancellation(policy ? { ...policy, refundable: refundable && policy.refundable } : refundable ? null : { refundable: false });
  if (free.kind === "none") return { text: free.reason === "non_refundable" ? "Non-refundable" : "No free cancellation", tone: "charged" };
  if (policy?.currentRefundability === "non_refundable") return { text: "No longer free to cancel", tone: "charged" };
  if (free.kind === "always") return { text: "Free cancellation", tone: "free" };
  if (free.kind === "unknown") return { text: "Cancellation terms at price-check", tone: "unknown" };
  const from = new Date(free.until);
  if (from.getTime() <= now.getTime()) return { text: "Cancellation charges apply now", tone: "charged" };
  return { text: `Free cancellation until ${deadlineDay(from, timeZone)}`, tone: "free" };
}

const CABIN_LABELS: Record<string, string> = {
  economy: "Economy",
  premium_economy: "Premium economy",
  business: "Business",
  first: "First",
};

export function cabinLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return CABIN_LABELS[code] ?? (humanize(code) || null);
}

/**
 * Source aliases are opaque (`src-3f9a…`): people see "Source 1…n", numbered in the order the
 * sources first appear, which stays stable while a search fills because aliases only get added.
 */
export class SourceLabels {
  private readonly order = new Map<string, number>();

  constructor(aliases: Iterable<string> = []) {
    for (const a of aliases) this.add(a);
  }

  add(alias: string): void {
    if (!this.order.has(alias)) this.order.set(alias, this.order.size + 1);
  }

  label(alias: string): string {
    this.add(alias);
    return sourceLabel(alias);
  }

  get size(): number {
    return this.order.size;
  }
}

/** A source's latency: "850 ms", "2.7 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
