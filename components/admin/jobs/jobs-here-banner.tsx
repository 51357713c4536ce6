import { CircleCheck, CirclePause } from "lucide-react";
import type { JobsAnswerData } from "@/lib/jobs/shapes";

/** Whether this server runs the jobs, said first and plainly. */
export function JobsHereBanner({ here }: { here: JobsAnswerData["here"] }) {
  if (here.running)
    return (
      <p className="flex items-center gap-2.5 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden />
        This server runs the jobs. Other instances of the desk may run them too; each job runs on one of them.
      </p>
    );
  return (
    <p className="flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <CirclePause className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      <span>{here.sentence}</span>
    </p>
  );
}
