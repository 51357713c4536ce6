"use client";

import { Clock } from "lucide-react";
import { useNow } from "@/components/bookings/actions/use-now";
import { useTimeZone } from "@/components/layout/time-zone";
import { ago, formatInstant } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import { formatCount } from "@/lib/money";
import type { JobRow } from "@/lib/jobs/shapes";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";

// Each job of the registry: what it does, when it runs, and its counts.

const COUNTS: Array<{ key: keyof JobRow["counts"]; label: string; tone?: (n: number) => string }> = [
  { key: "scheduled", label: "Scheduled" },
  { key: "queued", label: "Queued" },
  { key: "running", label: "Running", tone: (n) => (n > 0 ? "text-brand-700" : "") },
  { key: "completedLastDay", label: "Completed" },
  { key: "failedLastDay", label: "Failed", tone: (n) => (n > 0 ? "text-rose-700" : "") },
];

export function JobList({ jobs }: { jobs: JobRow[] }) {
  const timeZone = useTimeZone();
  const now = useNow(30_000);
  return (
    <ul role="list" aria-labelledby="jobs-title" className="divide-y divide-slate-100">
      {jobs.map((job) => (
        <li key={job.name} className="grid gap-3 px-5 py-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-8">
          <div className="min-w-0">
            <h3 className="text-[0.9375rem] font-medium text-ink">{humanize(job.name)}</h3>
            <p className="mt-0.5 text-sm text-slate-600">{job.description}</p>
            <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden />
                Runs {job.schedule}
              </span>
              {job.lastCompletedAt ? (
                <span title={formatInstant(job.lastCompletedAt, timeZone)}>Last completed {ago(Date.parse(job.lastCompletedAt), now.getTime(), timeZone)}</span>
              ) : null}
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-5 lg:w-[30rem]">
            {COUNTS.map((c) => {
              const n = job.counts[c.key];
              return (
                <div key={c.key} className="rounded-lg bg-slate-50 px-1.5 py-2">
                  <dt className="text-xs font-medium whitespace-nowrap text-slate-500">{c.label}</dt>
                  <dd className={cn("mt-0.5 text-base font-semibold text-ink tabular-nums", c.tone?.(n))}>{formatCount(n)}</dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function JobListSkeleton() {
  return (
    <div className="divide-y divide-slate-100" aria-hidden>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 px-5 py-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_30rem] lg:items-center lg:gap-8">
          <div className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3.5 w-full max-w-md" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="h-14 w-full rounded-lg" />
        </div>
      ))}
    </div>
  );
}
