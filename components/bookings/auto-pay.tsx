"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, CircleAlert, Timer } from "lucide-react";
import * as z from "zod/mini";
import { useTimeZone } from "@/components/layout/time-zone";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, ApiError, apiRequest } from "@/lib/api-client";
import { formatOnAt } from "@/lib/format/dates";

/** GET/PUT /api/bookings/:id/auto-pay (app/api/bookings/[bookingId]/auto-pay/route.ts). */
export const autoPaySchema = z.object({
  state: z.enum(["on", "paid", "failed", "off"]),
  payAt: z.nullable(z.string()),
  settledAt: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type AutoPayState = z.infer<typeof autoPaySchema>;

const autoPayKey = (bookingId: string) => ["booking", bookingId, "auto-pay"] as const;
const path = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/auto-pay`;

/**
 * For admins, on a held booking (and on one the desk paid or could not pay): "Pay automatically
 * 2 h before the deadline", the desk's job 2 (docs/follow-ups.md). Never on by default; what
 * became of it is said here ("Paid automatically", "Could not pay: …").
 */
export function AutoPayHold({ bookingId, held }: { bookingId: string; held: boolean }) {
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const auto = useQuery({ queryKey: autoPayKey(bookingId), queryFn: ({ signal }) => apiGet(path(bookingId), autoPaySchema, { signal }) });
  const change = useMutation({
    mutationFn: async (on: boolean) => (await apiRequest("PUT", path(bookingId), autoPaySchema, { body: { on } })).data,
    onSuccess: (data) => queryClient.setQueryData(autoPayKey(bookingId), data),
    // The change may have been kept though its answer was lost (a dropped connection): read again,
    // so the switch shows what the desk holds rather than what it held before the click.
    onError: () => void queryClient.invalidateQueries({ queryKey: autoPayKey(bookingId) }),
  });

  if (auto.isPending) return <Skeleton className="h-14 w-full rounded-xl" />;
  if (auto.isError) {
    return (
      <Panel tone="muted">
        <p className="text-sm text-slate-700">
          Whether the desk pays this hold by itself could not be read.{" "}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => void auto.refetch()}>
            Try again
          </button>
        </p>
      </Panel>
    );
  }
  const a = auto.data;
  if (a.state === "paid") {
    return (
      <Panel tone="ok">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-900" data-testid="auto-pay-state">
          <BadgeCheck className="size-4 text-emerald-700" aria-hidden />
          Paid automatically{a.settledAt ? ` ${formatOnAt(a.settledAt, timeZone)}` : ""}, 2 hours before the payment deadline, as an admin asked.
        </p>
      </Panel>
    );
  }
  // Once not held (paid by a person, cancelled, lapsed), a switch that was never used says nothing.
  if (!held) return null;

  const on = a.state === "on";
  const pending = change.isPending;
  return (
    <Panel tone={a.state === "failed" ? "error" : "muted"}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="flex items-center gap-2 font-medium text-ink" id={`auto-pay-label-${bookingId}`}>
            <Timer className="size-4 text-slate-500" aria-hidden />
            Pay automatically 2 hours before the deadline
          </p>
          <p className="mt-0.5 text-slate-600" data-testid="auto-pay-state" aria-live="polite">
            {a.state === "failed" ? (
              <span className="text-rose-800">
                <CircleAlert className="mr-1 inline size-4 align-[-3px]" aria-hidden />
                Could not pay: {a.error ?? "the travel service refused the payment."} Turn it on again to try once more.
              </span>
            ) : on && a.payAt ? (
              `The desk will pay this hold ${formatOnAt(a.payAt, timeZone)} from the agency's credit, unless someone pays it first.`
            ) : (
              "Off: the advisor is reminded and pays it. Only admins can turn this on."
            )}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`auto-pay-label-${bookingId}`}
          disabled={pending}
          onClick={() => change.mutate(!on)}
          className={cn(
            "inline-flex h-9 shrink-0 items-center gap-2 rounded-lg border px-3 text-sm font-medium shadow-xs transition-colors focus:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25 disabled:opacity-60",
            on ? "border-brand-300 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:border-slate-400",
          )}
        >
          <span className={cn("relative inline-flex h-4 w-7 shrink-0 items-center rounded-full transition-colors", on ? "bg-brand-600" : "bg-slate-300")} aria-hidden>
            <span className={cn("absolute size-3 rounded-full bg-white shadow-sm transition-transform", on ? "translate-x-3.5" : "translate-x-0.5")} />
          </span>
          {pending ? "Saving…" : on ? "On" : "Off"}
        </button>
      </div>
      {change.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {change.error instanceof ApiError && change.error.isNetworkError
            ? "The connection dropped before the desk answered. The switch shows what the desk has kept: change it again if that is not what you wanted."
            : change.error instanceof ApiError
              ? change.error.message
              : "The change could not be saved. Try again."}
        </p>
      ) : null}
    </Panel>
  );
}

function Panel({ tone, children }: { tone: "ok" | "error" | "muted"; children: React.ReactNode }) {
  return (
    <section
      aria-label="Automatic payment"
      className={cn(
        "rounded-xl border px-5 py-3 sm:px-6",
        tone === "ok" ? "border-emerald-200 bg-emerald-50/70" : tone === "error" ? "border-rose-200 bg-rose-50/60" : "border-slate-200 bg-white",
      )}
    >
      {children}
    </section>
  );
}
