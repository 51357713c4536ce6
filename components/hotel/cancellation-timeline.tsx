"use client";

import { useTimeZone } from "@/components/layout/time-zone";
import type { HotelRow } from "@/components/results/types";
import { cn } from "@/components/ui/cn";
import { freeCancellation, freeCancellationLine } from "@/lib/bookings/deadlines";
import { DAY_MONTH, formatDay, formatInstant } from "@/lib/format/dates";
import { shareOfShown as shownShare } from "@/lib/pricing/markup";
import { formatMoney, sentenceCase } from "./format";

type Policy = NonNullable<HotelRow["summary"]["cancellationPolicy"]>;

export type Tone = "free" | "charge" | "full" | "unknown";

export type TimelineStep = {
  key: string;
  tone: Tone;
  label: string;
  /** When this step starts (ISO); null for "from now". */
  from: string | null;
  /** Entirely before `now`. */
  past: boolean;
  /** Share of the bar, in percent (steps sum to 100). */
  widthPct: number;
};

export type CancellationTimeline = {
  kind: "timeline" | "non_refundable" | "withheld" | "no_deadlines" | "no_policy";
  /** One line saying where things stand now ("Free cancellation until 28 Nov, 14:00"). */
  headline: string;
  /** The tone of `headline`: what cancelling today would cost. */
  tone: Tone;
  steps: TimelineStep[];
  /** Where today falls on the bar, in percent; null when there is no bar. */
  todayPct: number | null;
  checkInPct: number | null;
  /** Further facts of the policy, each a sentence. */
  notes: string[];
};

export type TimelineInput = {
  policy: Policy | null;
  /** The row's own `refundable`. */
  refundable: boolean;
  totalMinor: number;
  currency: string;
  /**
   * The price the screen shows for the stay when it is not the cost (Client prices on): the
   * service's charges are then shown as the same share of it, so a full charge reads as the
   * client's full price and no amount gives the cost away.
   */
  shownTotalMinor?: number;
  /** YYYY-MM-DD, from the search criteria; may be empty. */
  checkIn: string;
  now: Date;
  /** The advisor's zone (the component reads it from components/layout/time-zone.tsx when not given). */
  timeZone?: string;
};

const MIN_SHARE = 0.16;
const TAIL_SHARE = 0.22;

const ms = (iso: string) => Date.parse(iso);

/** "2 Dec" or "2 – 3 Dec" for a range of nights the source sends as `{ start, end }`. */
export function rangeText(range: Record<string, unknown>): string | null {
  const start = typeof range.start === "string" ? range.start.slice(0, 10) : null;
  const end = typeof range.end === "string" ? range.end.slice(0, 10) : null;
  if (!start) return null;
  if (!end || end === start) return `the night of ${formatDay(start, DAY_MONTH)}`;
  return `the nights of ${formatDay(start, DAY_MONTH)} to ${formatDay(end, DAY_MONTH)}`;
}

function policyNotes(policy: Policy, currency: string, formatMoney: (minor: number, cur?: string) => string): string[] {
  const notes: string[] = [];
  if (policy.nonrefundableDateRanges?.length) {
    const ranges = policy.nonrefundableDateRanges.map((r) => rangeText(r));
    notes.push(
      ranges.every((r): r is string => r !== null)
        ? `Whatever the date, ${ranges.join(" and ")} ${ranges.length === 1 && !ranges[0]!.startsWith("the nights") ? "is" : "are"} non-refundable.`
        : "Some nights of this stay are non-refundable, whatever the date.",
    );
  }
  for (const m of policy.perStayAmountsNonRefundable ?? []) {
    const amount = typeof m.amountMinor === "number" ? m.amountMinor : null;
    const cur = typeof m.currency === "string" ? m.currency : undefined;
    notes.push(amount !== null ? `${formatMoney(amount, cur)} of the stay is never refunded.` : "Part of the stay is never refunded.");
  }
  return notes;
}

const KNOWN_CURRENT = new Set(["refundable", "partially_refundable", "non_refundable"]);

/**
 * The cancellation policy of a rate as steps on a line from today to check-in and beyond:
 * "Free cancellation until Sat, 28 Nov 2026, 14:00 GMT+1" → "From Sat, 28 Nov 2026, 14:00 GMT+1:
 * $120.00 charge" → "From 1 Dec (check-in): full price". When free cancellation ends is
 * lib/bookings/deadlines.ts's rule, as everywhere. Pure, so the words can be tested.
 */
export function buildCancellationTimeline(input: TimelineInput): CancellationTimeline {
  const { policy, totalMinor, currency, checkIn, now } = input;
  const timeZone = input.timeZone ?? "UTC";
  const nowMs = now.getTime();
  const fmt = (iso: string) => formatInstant(iso, timeZone);
  const money = (minor: number, cur?: string) =>
    formatMoney(!cur || cur === currency ? shownShare(minor, totalMinor, input.shownTotalMinor) : minor, cur ?? currency);

  if (!policy) {
    return {
      kind: "no_policy",
      headline: input.refundable ? "Refundable" : "Non-refundable",
      tone: input.refundable ? "unknown" : "full",
      steps: [],
      todayPct: null,
      checkInPct: null,
      notes: ["The source sent no cancellation terms; the price-check at checkout shows them."],
    };
  }

  const notes = policyNotes(policy, currency, money);
  const current = policy.currentRefundability;
  if (current && !KNOWN_CURRENT.has(current)) notes.push(`The source describes the rate now as: ${sentenceCase(current).toLowerCase()}.`);

  if (!input.refundable || !policy.refundable) {
    return {
      kind: "non_refundable",
      headline: "Non-refundable",
      tone: "full",
      steps: [
        { key: "nr", tone: "full", label: `No refund if cancelled: the full ${money(totalMinor)} is charged`, from: null, past: false, widthPct: 100 },
      ],
      todayPct: 0,
      checkInPct: null,
      notes,
    };
  }

  if (policy.deadlinesWithheld) {
    return {
      kind: "withheld",
      headline: "Refundable, deadlines at price-check",
      tone: "unknown",
      steps: [],
      todayPct: null,
      checkInPct: null,
      notes: ["The source gives its deadlines at price-check: checkout shows them before anything is booked.", ...notes],
    };
  }

  const dated = policy.deadlines.filter((d): d is typeof d & { from: string } => typeof d.from === "string" && !Number.isNaN(ms(d.from)));
  // A deadline charging nothing is still free time (the results card reads it so too): charges
  // start at the first deadline with an amount above zero, or with no amount given.
  const deadlines = dated.filter((d) => d.amountMinor !== 0).sort((a, b) => ms(a.from) - ms(b.from));
  for (const d of policy.deadlines) {
    if (typeof d.from !== "string" && typeof d.amountMinor === "number" && d.amountMinor > 0) {
      notes.push(`Cancelling may cost ${money(d.amountMinor, d.currency)}; the source gives no date for it.`);
    }
  }

  // Nights or amounts kept whatever the date: no moment of the line is free of charge.
  const free = freeCancellation(policy);
  const kept = free.kind === "none" ? free.reason : null;
  const keptLine = kept ? freeCancellationLine(free, now, timeZone) : null;

  if (deadlines.length === 0) {
    return {
      kind: "no_deadlines",
      headline: keptLine ?? (current === "non_refundable" ? "No longer refundable" : "Refundable"),
      tone: current === "non_refundable" ? "full" : kept || current === "partially_refundable" ? "charge" : "free",
      steps: [],
      todayPct: null,
      checkInPct: null,
      notes: [
        dated.length > 0
          ? "The source's deadlines charge nothing; the price-check at checkout confirms the terms."
          : "The source gave no cancellation deadlines; the price-check at checkout confirms the terms.",
        ...notes,
      ],
    };
  }

  const checkInIso = /^\d{4}-\d{2}-\d{2}$/.test(checkIn) ? `${checkIn}T00:00:00.000Z` : null;
  const isCheckInStart = (iso: string) => checkInIso !== null && iso.slice(0, 10) === checkIn && /T00:00(:00(\.0+)?)?Z$/.test(iso);

  type Draft = Omit<TimelineStep, "widthPct"> & { start: number; end: number | null };
  const drafts: Draft[] = [];
  const first = deadlines[0]!;
  const freePast = ms(first.from) <= nowMs;
  const keptPart = kept === "nights" ? "the non-refundable nights are charged" : "the non-refundable part is charged";
  drafts.push({
    key: "free",
    tone: kept ? "charge" : "free",
    label: kept ? `Until ${fmt(first.from)}: ${keptPart}` : (freeCancellationLine(free, now, timeZone) ?? ""),
    from: null,
    past: freePast,
    start: Math.min(nowMs, ms(first.from)),
    end: ms(first.from),
  });
  deadlines.forEach((d, i) => {
    const next = deadlines[i + 1];
    const full = typeof d.amountMinor === "number" && d.amountMinor >= totalMinor;
    const when = isCheckInStart(d.from) ? `${formatDay(checkIn, DAY_MONTH)} (check-in)` : fmt(d.from);
    const cost =
      typeof d.amountMinor !== "number"
        ? "a cancellation charge applies"
        : full
          ? `full price (${money(d.amountMinor, d.currency)})`
          : `${money(d.amountMinor, d.currency)} charge`;
    drafts.push({
      key: `d${i}`,
      tone: full ? "full" : "charge",
      label: `From ${when}: ${cost}`,
      from: d.from,
      past: next ? ms(next.from) <= nowMs : false,
      start: ms(d.from),
      end: next ? ms(next.from) : null,
    });
  });

  // Widths: time-proportional between today and the last deadline, with a floor so a one-day
  // window stays readable beside a three-week one; the open-ended last step gets a fixed tail.
  const closed = drafts.filter((d) => d.end !== null);
  const span = Math.max(1, ...closed.map((d) => d.end! - drafts[0]!.start));
  const raw = drafts.map((d) => (d.end === null ? TAIL_SHARE : Math.max(MIN_SHARE, (d.end - d.start) / span)));
  const sum = raw.reduce((a, b) => a + b, 0);
  const steps: TimelineStep[] = drafts.map((d, i) => ({
    key: d.key,
    tone: d.tone,
    label: d.label,
    from: d.from,
    past: d.past,
    widthPct: (raw[i]! / sum) * 100,
  }));

  const position = (t: number): number | null => {
    let left = 0;
    for (let i = 0; i < drafts.length; i++) {
      const d = drafts[i]!;
      const w = steps[i]!.widthPct;
      if (d.end === null || t < d.end) {
        if (t < d.start) return left;
        const frac = d.end === null ? Math.min(1, (t - d.start) / 86_400_000 / 10) : (t - d.start) / Math.max(1, d.end - d.start);
        return left + w * Math.min(1, Math.max(0, frac));
      }
      left += w;
    }
    return 100;
  };

  const nowIndex = drafts.findLastIndex((d) => d.start <= nowMs && (d.key !== "free" || !d.past));
  const currentStep = steps[Math.max(0, nowIndex)]!;
  const currentDeadline = nowIndex > 0 ? deadlines[nowIndex - 1] : undefined;
  const costNow = typeof currentDeadline?.amountMinor === "number" ? money(currentDeadline.amountMinor, currentDeadline.currency) : "a charge";
  const headline =
    currentStep.key === "free" && keptLine
      ? keptLine
      : currentStep.tone === "free"
        ? (freeCancellationLine(free, now, timeZone) ?? "Free cancellation")
        : currentStep.tone === "full"
          ? "No refund if cancelled now"
          : `Partly refundable now: cancelling costs ${costNow}`;

  return {
    kind: "timeline",
    headline,
    tone: currentStep.tone,
    steps,
    todayPct: position(nowMs),
    checkInPct: checkInIso ? position(ms(checkInIso)) : null,
    notes,
  };
}

const TONE_BAR: Record<Tone, string> = {
  free: "bg-emerald-500",
  charge: "bg-amber-400",
  full: "bg-rose-500",
  unknown: "bg-slate-300",
};
const TONE_TEXT: Record<Tone, string> = {
  free: "text-emerald-800",
  charge: "text-amber-800",
  full: "text-rose-800",
  unknown: "text-slate-700",
};

/** A rate's cancellation terms: a headline, a bar from today to check-in, and the steps as a list. */
export function CancellationTimeline({ className, ...input }: TimelineInput & { className?: string }) {
  const zone = useTimeZone();
  const t = buildCancellationTimeline({ ...input, timeZone: input.timeZone ?? zone });
  return (
    <div className={cn("min-w-0", className)}>
      {t.kind === "non_refundable" ? (
        <p className="text-[0.8125rem] text-rose-800">
          <span className="font-semibold">Cancellation:</span> {t.steps[0]?.label}.
        </p>
      ) : (
        <p className={cn("text-[0.8125rem] font-semibold", TONE_TEXT[t.tone])}>{t.headline}</p>
      )}
      {t.kind === "timeline" ? (
        <div aria-hidden className="relative mt-2 mb-5">
          <div className="flex h-2 overflow-hidden rounded-full bg-slate-100">
            {t.steps.map((s) => (
              <span
                key={s.key}
                className={cn("h-full border-r-2 border-white last:border-r-0", TONE_BAR[s.tone], s.past && "opacity-35")}
                style={{ width: `${s.widthPct}%` }}
              />
            ))}
          </div>
          {t.todayPct !== null ? <Marker pct={t.todayPct} label="Today" strong /> : null}
          {t.checkInPct !== null ? <Marker pct={t.checkInPct} label="Check-in" /> : null}
        </div>
      ) : null}
      {t.steps.length > 0 && t.kind === "timeline" ? (
        <ol className="mt-1 grid gap-x-4 gap-y-1 text-xs leading-snug text-slate-600 sm:grid-flow-col sm:auto-cols-fr">
          {t.steps.map((s) => (
            <li key={s.key} className={cn("flex items-start gap-1.5", s.past && "text-slate-400 line-through decoration-slate-300")}>
              <span aria-hidden className={cn("mt-1 size-2 shrink-0 rounded-full", TONE_BAR[s.tone], s.past && "opacity-40")} />
              <span>
                {s.label}
                {s.past ? <span className="sr-only"> (already passed)</span> : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {t.notes.length > 0 ? (
        <ul className="mt-1.5 space-y-0.5 text-xs leading-snug text-slate-600">
          {t.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Marker({ pct, label, strong }: { pct: number; label: string; strong?: boolean }) {
  // Labels near the edges are anchored inwards so they never spill out of the card.
  const anchor = pct < 12 ? "left-0" : pct > 88 ? "right-0" : "-translate-x-1/2";
  return (
    <span className="absolute top-[-3px] h-[14px]" style={{ left: `${pct}%` }}>
      <span className={cn("absolute h-full w-0.5 -translate-x-1/2 rounded-full", strong ? "bg-ink" : "bg-slate-500")} />
      <span
        className={cn(
          "absolute top-[15px] text-[0.6875rem] leading-none whitespace-nowrap",
          anchor === "right-0" ? "right-0" : anchor === "left-0" ? "left-0" : "-translate-x-1/2",
          strong ? "font-semibold text-ink" : "text-slate-500",
        )}
      >
        {label}
      </span>
    </span>
  );
}
