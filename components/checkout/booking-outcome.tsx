"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import * as z from "zod/mini";
import { CircleCheck, Copy, Lock, RefreshCw, TriangleAlert } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { StatusBadge, type Tone } from "@/components/ui/status-badge";
import { apiGet, apiPost, ApiError } from "@/lib/api-client";
import { freeCancellation, freeCancellationLine, PAY_BY } from "@/lib/bookings/deadlines";
import { bookingHref } from "@/lib/bookings/filters";
import { formatInstant } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import { searchHref, type SearchCriteria } from "@/lib/search/criteria";
import { cancellationPolicySchema } from "@/lib/tds/contract/base";
import { bookingStatusSchema } from "@/lib/tds/contract/schemas";
import type { BookedOutcome } from "./booking-keeper";
import { formatMoney } from "./format";

/** The specification: poll refresh-status at most every 15 seconds. */
export const REFRESH_INTERVAL_MS = 15_000;

// Only what the outcome shows is read from the detail, leniently: it is a nicety, never a blocker.
const detailSchema = z.looseObject({
  order: z.looseObject({
    totalSell: z.nullish(z.looseObject({ amountMinor: z.number(), currency: z.string() })),
    held: z.nullish(z.looseObject({ paymentDeadline: z.nullish(z.string()) })),
  }),
  // A policy that does not parse leaves the free-cancellation line out, nothing else.
  cancellationPolicy: z.catch(z.nullish(cancellationPolicySchema), null),
});

const STATES: Record<string, { tone: Tone; badge: string; title: string }> = {
  confirmed: { tone: "ok", badge: "Confirmed", title: "Booking confirmed" },
  held: { tone: "warning", badge: "Held · not paid", title: "Booking held" },
  supplier_pending: { tone: "warning", badge: "Waiting for the supplier", title: "Waiting for the supplier" },
  failed: { tone: "error", badge: "Failed", title: "The booking failed" },
  manual_review: { tone: "warning", badge: "In review", title: "The booking is being reviewed" },
};

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
      aria-label={`Copy ${label}`}
    >
      <Copy className="size-3.5" />
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}

export function BookingOutcomeView({
  outcome,
  criteria,
  searchId,
  onUpdate,
}: {
  outcome: BookedOutcome;
  criteria: SearchCriteria;
  searchId: string;
  onUpdate: (next: BookedOutcome) => void;
}) {
  const known = STATES[outcome.state];
  const pending = outcome.state === "supplier_pending";
  const timeZone = useTimeZone();
  // Focus moves to the outcome when it replaces the form (here, since this view loads on demand).
  useEffect(() => {
    document.querySelector<HTMLElement>("[data-outcome-heading]")?.focus();
  }, [outcome.bookingId]);
  const detail = useQuery({
    queryKey: ["booking-outcome-detail", outcome.bookingId, outcome.state],
    queryFn: ({ signal }) => apiGet(`/api/bookings/${encodeURIComponent(outcome.bookingId)}`, detailSchema, { signal }),
    retry: 1,
    staleTime: Infinity,
  });

  // supplier_pending: ask again 15 s after the last answer, automatically or on the button.
  const [lastChecked, setLastChecked] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefreshing(true);
    try {
      const next = await apiPost(`/api/bookings/${encodeURIComponent(outcome.bookingId)}/refresh-status`, bookingStatusSchema);
      setRefreshError(null);
      onUpdate({ ...outcome, state: next.state, orderRef: next.orderRef || outcome.orderRef });
    } catch (err) {
      setRefreshError(err instanceof ApiError ? err.message : "The status could not be checked. We'll try again.");
    } finally {
      inFlight.current = false;
      setRefreshing(false);
      setLastChecked(Date.now());
    }
  }, [outcome, onUpdate]);

  useEffect(() => {
    if (!pending) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [pending]);
  useEffect(() => {
    if (!pending || refreshing) return;
    const wait = Math.max(0, lastChecked + REFRESH_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [pending, refreshing, lastChecked, refresh]);
  const waitLeft = Math.max(0, Math.ceil((lastChecked + REFRESH_INTERVAL_MS - now) / 1000));

  const total = detail.data?.order.totalSell;
  const held = detail.data?.order.held;
  // When free cancellation ends, by the policy (lib/bookings/deadlines.ts), as the booking page says it.
  const freeLine = detail.data ? freeCancellationLine(freeCancellation(detail.data.cancellationPolicy), new Date(now), timeZone) : null;
  const icon =
    outcome.state === "confirmed" ? (
      <CircleCheck className="size-7 text-emerald-600" />
    ) : outcome.state === "held" ? (
      <Lock className="size-7 text-amber-600" />
    ) : outcome.state === "supplier_pending" ? (
      <RefreshCw className={cn("size-7 text-amber-600", refreshing && "animate-spin")} />
    ) : (
      <TriangleAlert className={cn("size-7", outcome.state === "failed" ? "text-rose-600" : "text-amber-600")} />
    );

  let body: ReactNode;
  switch (outcome.state) {
    case "confirmed":
      body = (
        <p>
          The provider confirmed the booking and it was paid from the agency&apos;s credit. Next: send the client the voucher from the booking page.
        </p>
      );
      break;
    case "held":
      body = (
        <p>
          The booking is reserved and <strong>not paid yet</strong>. Pay it from the agency&apos;s credit by its payment deadline
          {held?.paymentDeadline ? " (below)" : ""}, or the travel service releases it.
        </p>
      );
      break;
    case "supplier_pending":
      body = (
        <>
          <p>The provider has not answered yet. We&apos;ll check again every 15 seconds while this page is open; you can also check now.</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void refresh()} pending={refreshing} disabled={waitLeft > 0}>
              {!refreshing ? <RefreshCw className="size-4" /> : null}
              Check now
            </Button>
            <span className="text-[0.8125rem] text-slate-500" aria-live="polite">
              {refreshing ? "Checking with the provider…" : waitLeft > 0 ? `Next check in ${waitLeft} s` : "Checking…"}
            </span>
          </div>
          {refreshError ? (
            <Callout tone="warning" title="The status could not be checked" className="mt-4">
              {refreshError}
            </Callout>
          ) : null}
        </>
      );
      break;
    case "failed":
      body = <p>The provider did not confirm this booking. Keep the reference below if you contact support, and search again for another rate.</p>;
      break;
    case "manual_review":
      body = <p>The travel service&apos;s team is checking this booking by hand. Keep the reference: its status will change when they are done.</p>;
      break;
    default:
      body = <p>The travel service reports the state below. Keep the reference for follow-up.</p>;
  }

  return (
    <Card aria-labelledby="outcome-title" className="overflow-hidden">
      <div className="px-5 py-6 sm:px-8 sm:py-8">
        <div className="flex flex-wrap items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-slate-50 ring-1 ring-slate-200">{icon}</span>
          <div className="min-w-0 flex-1">
            <StatusBadge tone={known?.tone ?? "neutral"} pulse={pending}>
              {known?.badge ?? humanize(outcome.state)}
            </StatusBadge>
            <h2 id="outcome-title" className="mt-2 text-xl font-semibold tracking-tight text-ink sm:text-2xl" tabIndex={-1} data-outcome-heading>
              {known?.title ?? `Booking status: ${outcome.state}`}
            </h2>
            <div className="mt-2 max-w-2xl text-sm leading-relaxed text-slate-600" role="status">
              {body}
            </div>
          </div>
        </div>

        <dl className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50/70 p-4 sm:grid-cols-2 sm:p-5">
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Order reference</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-3">
              <span className="font-mono text-lg font-semibold break-all text-ink" data-testid="order-ref">
                {outcome.orderRef}
              </span>
              <CopyButton text={outcome.orderRef} label="order reference" />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Booking ID</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-3">
              <span className="font-mono text-sm break-all text-slate-700">{outcome.bookingId}</span>
              <CopyButton text={outcome.bookingId} label="booking ID" />
            </dd>
          </div>
          {outcome.bookedBy?.name ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Booked by</dt>
              <dd className="mt-1 text-sm font-medium text-ink">{outcome.bookedBy.name}</dd>
            </div>
          ) : null}
          {total ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{outcome.state === "held" ? "To pay" : "Total"}</dt>
              <dd className="mt-1 text-sm font-semibold text-ink tabular-nums">{formatMoney(total.amountMinor, total.currency)}</dd>
            </div>
          ) : null}
          {outcome.state === "held" && held?.paymentDeadline ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{PAY_BY}</dt>
              <dd className="mt-1 text-sm font-medium text-ink">{formatInstant(held.paymentDeadline, timeZone)}</dd>
            </div>
          ) : null}
          {(outcome.state === "held" || outcome.state === "confirmed") && freeLine ? (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Cancellation</dt>
              <dd className="mt-1 text-sm text-ink" data-testid="outcome-free-cancellation">
                {freeLine}
              </dd>
            </div>
          ) : null}
        </dl>

        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={bookingHref(outcome.bookingId)} className={buttonClasses()}>
            View booking
          </Link>
          <Link href="/search" className={buttonClasses({ variant: "secondary" })}>
            New search
          </Link>
          <Link href={searchHref(criteria, searchId)} className={buttonClasses({ variant: "secondary" })}>
            Back to results
          </Link>
        </div>
      </div>
    </Card>
  );
}
