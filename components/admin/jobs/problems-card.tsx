"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, RotateCcw, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useNow } from "@/components/bookings/actions/use-now";
import { useTimeZone } from "@/components/layout/time-zone";
import { apiPost, ApiError } from "@/lib/api-client";
import { ago, formatInstant } from "@/lib/format/dates";
import { humanize, plural } from "@/lib/format/words";
import { retryAnswerSchema, type JobProblemData, type JobsAnswerData } from "@/lib/jobs/shapes";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { cn } from "../../ui/cn";
import { StatusBadge } from "../../ui/status-badge";

// The jobs that failed: those whose retries are spent (dead letters, with Retry) and those failing
// now that the engine tries again by itself. Each error is a sentence (lib/jobs/failure-words.ts).

export function ProblemsCard({ data }: { data: JobsAnswerData }) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const retry = useMutation({
    mutationFn: (letter: JobProblemData) => apiPost(`/api/admin/jobs/dead-letters/${letter.id}/retry`, retryAnswerSchema),
    onSuccess: (_answer, letter) => {
      setAnnouncement(`${humanize(letter.job)} was sent again with fresh retries.`);
      setErrors(({ [letter.id]: _gone, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: ["admin-jobs"] });
    },
    onError: (err, letter) => {
      setErrors((e) => ({ ...e, [letter.id]: err instanceof ApiError ? err.message : "The job could not be sent again. Try again in a moment." }));
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: ["admin-jobs"] });
    },
  });
  const total = data.deadLetters.length + data.retrying.length;

  return (
    <Card aria-labelledby="failed-title">
      <CardHeader
        icon={<TriangleAlert className="size-5" />}
        title="Failed jobs"
        titleId="failed-title"
        description={
          total === 0
            ? "Nothing has failed."
            : [
                data.deadLetters.length ? `${plural(data.deadLetters.length, "job")} gave up and ${data.deadLetters.length === 1 ? "waits" : "wait"} for you` : null,
                data.retrying.length ? `${plural(data.retrying.length, "job")} failing, tried again by the desk` : null,
              ]
                .filter(Boolean)
                .join("; ")
        }
      />
      <p role="status" className={cn(announcement ? "border-b border-slate-100 px-5 py-2.5 text-sm text-emerald-800 sm:px-6" : "sr-only")}>
        {announcement}
      </p>
      {total === 0 ? (
        <div className="flex items-start gap-3 px-5 py-6 text-sm text-slate-600 sm:px-6">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          <p>
            No job is failing and none is waiting for an admin. A job that fails is tried again a few times by itself; only one that fails every try
            lands here, with a Retry button.
          </p>
        </div>
      ) : (
        <ul role="list" aria-labelledby="failed-title" className="divide-y divide-slate-100">
          {[...data.deadLetters, ...data.retrying].map((p) => (
            <Problem key={p.id} problem={p} error={errors[p.id]} pending={retry.isPending && retry.variables?.id === p.id} onRetry={() => retry.mutate(p)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function Problem({ problem: p, error, pending, onRetry }: { problem: JobProblemData; error?: string; pending: boolean; onRetry: () => void }) {
  const timeZone = useTimeZone();
  const now = useNow(30_000);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:px-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {p.kind === "dead" ? <StatusBadge tone="error">Gave up</StatusBadge> : <StatusBadge tone="warning">Retrying</StatusBadge>}
          <span className="text-[0.9375rem] font-medium text-ink">{humanize(p.job)}</span>
          <span className="text-xs text-slate-500" title={formatInstant(p.at, timeZone)}>
            {p.kind === "dead" ? "failed" : "last failed"} {ago(Date.parse(p.at), now.getTime(), timeZone)}
          </span>
        </div>
        <p className="mt-1.5 text-sm text-slate-700">{p.sentence}</p>
        {p.bookingId ? (
          <Link href={`/bookings/${encodeURIComponent(p.bookingId)}`} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
            Open the booking
          </Link>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1.5 text-sm text-rose-700">
            {error}
          </p>
        ) : null}
      </div>
      {p.kind === "dead" ? (
        <Button variant="secondary" size="sm" className="self-start" pending={pending} onClick={onRetry} aria-label={`Retry ${humanize(p.job)}`}>
          <RotateCcw className="size-4" aria-hidden />
          Retry
        </Button>
      ) : null}
    </li>
  );
}
