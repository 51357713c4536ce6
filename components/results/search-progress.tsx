"use client";

import { CircleCheck, CircleX, Info } from "lucide-react";
import { Spinner } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { plural } from "@/lib/format/words";
import { isSessionFilling } from "@/lib/tds/contract/narrow";
import { formatMs, SourceLabels } from "./format";
import { progressSentence } from "./live-results";
import type { SessionInfo } from "./types";

type Outcome = SessionInfo["supplierOutcomes"][number];

function OutcomeText({ outcome: o }: { outcome: Outcome }) {
  if (o.status === "failed") return <span className="text-rose-700">No answer</span>;
  const rates = typeof o.rateCount === "number" ? plural(o.rateCount, "rate") : null;
  const latency = o.status === "completed" && typeof o.latencyMs === "number" ? formatMs(o.latencyMs) : null;
  if (!rates && !latency) return <span className="text-slate-500">{o.status === "completed" ? "Done" : "Answering…"}</span>;
  return (
    <span className="min-w-0 truncate text-slate-500 tabular-nums">
      {rates}
      {/* Latency is detail: kept in the tooltip on narrow screens so four sources fit two lines. */}
      {latency ? <span className="hidden sm:inline">{rates ? " · " : ""}{latency}</span> : null}
    </span>
  );
}

function SourceChip({ outcome, label }: { outcome: Outcome; label: string }) {
  const failed = outcome.status === "failed";
  const done = outcome.status === "completed";
  const state = failed ? "failed" : done ? "done" : "still answering";
  return (
    <li
      title={`${outcome.supplier}${typeof outcome.latencyMs === "number" ? ` · ${formatMs(outcome.latencyMs)}` : ""}`}
      className={cn(
        "inline-flex min-w-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs whitespace-nowrap ring-1 ring-inset",
        failed ? "bg-rose-50 text-rose-800 ring-rose-600/20" : done ? "bg-white text-slate-700 ring-slate-200" : "bg-brand-50/60 text-brand-900 ring-brand-200",
      )}
    >
      {failed ? (
        <CircleX aria-hidden className="size-3.5 text-rose-600" />
      ) : done ? (
        <CircleCheck aria-hidden className="size-3.5 text-emerald-600" />
      ) : (
        <Spinner className="size-3.5 text-brand-600" />
      )}
      <span className="font-medium">{label}</span>
      <span className="sr-only">: {state},</span>
      <OutcomeText outcome={outcome} />
    </li>
  );
}

/** Progress of a filling search: bar, sentence, and each source's state. */
export function SearchProgress({
  session,
  productType,
  labels: given,
  className,
}: {
  session: SessionInfo;
  productType: string;
  /** The page's numbering of sources, when it has one. */
  labels?: SourceLabels;
  className?: string;
}) {
  const { done, total } = session.batchProgress;
  const filling = isSessionFilling(session.status);
  const failed = session.status === "failed";
  const sentence = progressSentence(session, productType);
  const labels = given ?? new SourceLabels(session.supplierOutcomes.map((o) => o.supplier));
  const failedSources = session.supplierOutcomes.filter((o) => o.status === "failed");
  const max = Math.max(total, 1);
  const now = Math.min(failed ? 0 : done, max);
  return (
    <section aria-label="Search progress" className={cn("rounded-xl border border-slate-200 bg-white px-4 py-3", className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className={cn("text-sm font-medium", failed ? "text-rose-800" : "text-ink")}>{sentence}</p>
        {total > 1 ? (
          <p className="text-xs text-slate-500 tabular-nums">
            {done} of {total} batches
          </p>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={sentence}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={now}
        aria-valuetext={failed ? "Search failed" : `${done} of ${total} batches priced`}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500 ease-out",
            failed ? "bg-rose-500" : filling ? "bg-brand-600" : "bg-emerald-500",
          )}
          style={{ width: `${failed ? 100 : Math.max(filling ? 4 : 0, (now / max) * 100)}%` }}
        />
      </div>
      {session.supplierOutcomes.length > 0 ? (
        <ul aria-label="Sources" className="mt-3 grid grid-cols-2 gap-1.5 sm:flex sm:flex-wrap">
          {session.supplierOutcomes.map((o) => (
            <SourceChip key={o.supplier} outcome={o} label={labels.label(o.supplier)} />
          ))}
        </ul>
      ) : null}
      {session.supplierOutcomes.length > 0 ? <SourcesNote>{sourcesNote(session, failedSources.map((o) => labels.label(o.supplier)))}</SourcesNote> : null}
    </section>
  );
}

/**
 * The progress panel's outline while the first page is on its way (a hotel search always shows the
 * panel): the same box, bar and a row of source chips, so the results below do not move when it comes.
 */
export function SearchProgressPlaceholder({ productType, sources = 4 }: { productType: string; sources?: number }) {
  return (
    <section aria-label="Search progress" aria-busy="true" className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <p className="text-sm font-medium text-ink">{`Asking the sources for ${productType === "hotel" ? "hotels" : "results"}…`}</p>
      <div aria-hidden className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full w-[4%] rounded-full bg-brand-600" />
      </div>
      <ul aria-hidden className="mt-3 grid grid-cols-2 gap-1.5 sm:flex sm:flex-wrap">
        {Array.from({ length: sources }, (_, i) => (
          <li key={i} className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-slate-50 px-2.5 py-1 text-xs whitespace-nowrap text-slate-400 ring-1 ring-slate-200 ring-inset">
            <Spinner className="size-3.5 text-slate-300" />
            <span className="font-medium">{`Source ${i + 1}`}</span>
          </li>
        ))}
      </ul>
      <SourcesNote>{FILLING_NOTE}</SourcesNote>
    </section>
  );
}

const FILLING_NOTE = "Results appear as each source answers.";

/** What the sources' answers mean for the list: said in one place whose size is kept (see SourcesNote). */
export function sourcesNote(session: SessionInfo, failedLabels: string[]): string {
  const filling = isSessionFilling(session.status);
  if (session.status === "failed" || (failedLabels.length > 0 && failedLabels.length === session.supplierOutcomes.length)) {
    return "No source answered this time. Search again in a moment.";
  }
  if (failedLabels.length > 0) {
    return `${failedLabels.join(" and ")} did not answer this time. ${filling ? "Results from the other sources keep arriving." : "Results from the other sources are complete."}`;
  }
  return filling ? FILLING_NOTE : session.supplierOutcomes.length === 1 ? "The source answered." : `All ${session.supplierOutcomes.length} sources answered.`;
}

/**
 * The line under the source chips. It is always there, two lines tall on narrow screens and one
 * from md, so that a source's failure, known only once it answers, changes its words and never
 * moves the results below (it was the results page's last layout shift).
 */
function SourcesNote({ children }: { children: string }) {
  return (
    <p className="mt-3 flex min-h-[3.25rem] items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-[0.8125rem] leading-[1.125rem] text-slate-700 md:min-h-[2.125rem]">
      <Info aria-hidden className="mt-px size-4 shrink-0 text-slate-500" />
      <span>{children}</span>
    </p>
  );
}
