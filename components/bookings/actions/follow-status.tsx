"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { RefreshCw } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiPost } from "@/lib/api-client";
import { ago } from "@/lib/format/dates";
import { bookingStatusSchema } from "@/lib/tds/contract/schemas";
import { actionProblem, type ActionProblem } from "./action-errors";
import { bookingQueryKey } from "./use-booking-step";
import { useNow } from "./use-now";

/** The specification: poll refresh-status at most every 15 seconds. */
export const REFRESH_INTERVAL_MS = 15_000;

/**
 * A `supplier_pending` booking asks the provider again 15 seconds after the last check (its
 * own, or one in the booking's history, whoever made it), and on "Check now" once 15 seconds
 * have passed; it says when it last checked. When the state changes the booking is read again,
 * and this panel goes away with the pending state.
 */
export function FollowPending({ bookingId, lastCheckedAt }: { bookingId: string; lastCheckedAt: string | null }) {
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  const timeZone = useTimeZone();
  const [lastChecked, setLastChecked] = useState<number | null>(() => (lastCheckedAt ? Date.parse(lastCheckedAt) : null));
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const inFlight = useRef(false);

  const check = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setChecking(true);
    try {
      const answer = await apiPost(`/api/bookings/${encodeURIComponent(bookingId)}/refresh-status`, bookingStatusSchema);
      setProblem(null);
      if (answer.state !== "supplier_pending") await queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) });
    } catch (err) {
      setProblem(actionProblem("refresh", err));
    } finally {
      inFlight.current = false;
      setChecking(false);
      setLastChecked(Date.now());
    }
  }, [bookingId, queryClient]);

  const dueAt = (lastChecked ?? 0) + REFRESH_INTERVAL_MS;
  useEffect(() => {
    if (checking) return;
    const timer = setTimeout(() => void check(), Math.max(0, dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [checking, dueAt, check]);
  const waitLeft = Math.max(0, Math.ceil((dueAt - now.getTime()) / 1000));

  return (
    <section aria-labelledby="pending-title" className="rounded-xl border border-amber-200 bg-amber-50/60 px-5 py-4 sm:px-6" data-testid="follow-pending">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="pending-title" className="flex items-center gap-2 text-[0.9375rem] font-semibold text-amber-950">
            <RefreshCw className={cn("size-4 text-amber-700", checking && "animate-spin")} />
            Waiting for the provider to confirm
          </h2>
          <p className="mt-1 text-sm text-amber-900" aria-live="polite">
            {checking
              ? "Checking with the provider…"
              : lastChecked
                ? `Last checked ${ago(lastChecked, now.getTime(), timeZone)}${waitLeft > 0 ? `; next check in ${waitLeft} s` : ""}.`
                : "Checking with the provider…"}
          </p>
          {problem ? (
            <p className="mt-1 text-[0.8125rem] text-amber-900" role="alert">
              {problem.title}: {problem.message} The desk tries again in 15 seconds.
            </p>
          ) : null}
        </div>
        <Button variant="secondary" onClick={() => void check()} pending={checking} disabled={waitLeft > 0}>
          {!checking ? <RefreshCw className="size-4" /> : null}
          Check now
        </Button>
      </div>
    </section>
  );
}

/** A state the desk does not know (a cancellation under way): the page reads it again until it settles. */
export function FollowUnknownState({ state, readAt }: { state: string; readAt: number }) {
  const now = useNow(1_000);
  const timeZone = useTimeZone();
  return (
    <section aria-label="Following the booking" className="rounded-xl border border-slate-200 bg-slate-50 px-5 py-4 text-sm text-slate-700 sm:px-6" data-testid="follow-unknown">
      <p className="flex items-center gap-2 font-medium text-ink">
        <RefreshCw className="size-4 animate-spin text-slate-500" />
        The travel service is still working on this booking ({state.replace(/_/g, " ")}).
      </p>
      <p className="mt-1">This page reads it again every 10 seconds until it settles. Last read {ago(readAt, now.getTime(), timeZone)}.</p>
    </section>
  );
}
