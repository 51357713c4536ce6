"use client";

import { useQuery } from "@tanstack/react-query";
import { Workflow } from "lucide-react";
import { apiGet, ApiError } from "@/lib/api-client";
import { jobsAnswerSchema } from "@/lib/jobs/shapes";
import { Button } from "../../ui/button";
import { Callout } from "../../ui/callout";
import { Card, CardHeader } from "../../ui/card";
import { AdminPageHeader } from "../admin-page-header";
import { JobsHereBanner } from "./jobs-here-banner";
import { JobList, JobListSkeleton } from "./job-list";
import { ProblemsCard } from "./problems-card";

// /admin/jobs: the desk's own work (docs/follow-ups.md#the-admins-page). Whether this server runs
// it, each job of the registry with what waits, runs, completed and failed, and the jobs that
// failed, each with its error as a sentence and, once its retries are spent, a Retry button.

export const jobsQueryKey = ["admin-jobs"] as const;

export function JobsAdmin() {
  const q = useQuery({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => apiGet("/api/admin/jobs", jobsAnswerSchema, { signal }),
    // The counts move by themselves: kept fresh while the page is open.
    refetchInterval: 15_000,
  });
  const data = q.data;

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Jobs">
        The work the desk does by itself: following pending bookings, reminders and housekeeping. What waits, what runs, what failed and why, and a
        way to send a failed job again.
      </AdminPageHeader>

      {data ? <JobsHereBanner here={data.here} /> : null}

      {q.isError && !data ? (
        <Callout title="The jobs could not be loaded">
          <p>{q.error instanceof ApiError ? q.error.message : "Try again in a moment."}</p>
          <Button size="sm" className="mt-3" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Callout>
      ) : null}

      {data ? <ProblemsCard data={data} /> : null}

      <Card aria-labelledby="jobs-title">
        <CardHeader
          icon={<Workflow className="size-5" />}
          title="Jobs"
          titleId="jobs-title"
          description={
            data
              ? data.installed
                ? "Counts from the database, shared by every instance of the desk; completed and failed are the last 24 hours."
                : "No instance has run the jobs on this database yet, so nothing is counted."
              : q.isPending
                ? "Reading the jobs…"
                : undefined
          }
        />
        {q.isPending ? <JobListSkeleton /> : data ? <JobList jobs={data.jobs} /> : null}
      </Card>
    </div>
  );
}
