"use client";

import { useCallback, useState } from "react";
import { Lock } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Dialog, DialogActions, preloadDialog } from "@/components/ui/dialog";
import { apiPost } from "@/lib/api-client";
import { freeCancellation, freeCancellationLine, PAY_BY, type PolicyLike } from "@/lib/bookings/deadlines";
import { formatInstant } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import { payResultSchema } from "@/lib/tds/contract/adapter";
import { bookingStateView } from "../booking-state";
import { ProblemCallout } from "./problem-callout";
import { useBookingStep } from "./use-booking-step";
import { countdown, useNow } from "./use-now";

/**
 * A held booking: what is owed and by when, a live countdown to the payment deadline, when free
 * cancellation ends under its policy once paid, and "Pay from credit" with a confirmation. One
 * idempotency key per attempt (use-booking-step).
 */
export function PayHold({
  bookingId,
  orderRef,
  total,
  held,
  policy,
  onReload,
  onOutcome,
}: {
  bookingId: string;
  orderRef: string;
  total: { amountMinor: number; currency: string };
  held: { paymentDeadline: string };
  /** The booking's cancellation policy: free cancellation is the policy's (lib/bookings/deadlines.ts), not the hold's own deadline. */
  policy: PolicyLike | null | undefined;
  onReload: () => void;
  /** Says how it went where the page keeps it: this panel goes once the booking is no longer held. */
  onOutcome: (message: string) => void;
}) {
  const now = useNow(1_000);
  const timeZone = useTimeZone();
  const [open, setOpen] = useState(false);
  const send = useCallback(
    (_: null, key: string | null) =>
      apiPost(`/api/bookings/${encodeURIComponent(bookingId)}/pay`, payResultSchema, undefined, { headers: { "Idempotency-Key": key ?? "" } }),
    [bookingId],
  );
  const pay = useBookingStep({
    bookingId,
    step: "pay",
    idempotent: true,
    send,
    onDone: (r) => {
      setOpen(false);
      onOutcome(`Paid from the agency's credit. The booking is now ${bookingStateView(r.state).label.toLowerCase()}.`);
    },
  });
  const deadline = Date.parse(held.paymentDeadline);
  const left = Number.isNaN(deadline) ? null : countdown(deadline, now.getTime());
  const urgent = !Number.isNaN(deadline) && deadline - now.getTime() < 24 * 3_600_000;
  const amount = formatMoney(total.amountMinor, total.currency);
  const free = freeCancellationLine(freeCancellation(policy), now, timeZone);

  return (
    <section aria-labelledby="hold-title" className="rounded-xl border border-amber-200 bg-amber-50/60 px-5 py-4 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="hold-title" className="flex items-center gap-2 text-[0.9375rem] font-semibold text-amber-950">
            <Lock className="size-4 text-amber-700" />
            Held: {amount} to pay from the agency&apos;s credit
          </h2>
          {left ? (
            <p className="mt-1 text-sm text-amber-900">
              {PAY_BY} <strong>{formatInstant(held.paymentDeadline, timeZone)}</strong>{" "}
              <span className={urgent ? "font-semibold text-rose-700" : undefined} aria-live="off" data-testid="hold-countdown">
                ({left} left)
              </span>
              , or the travel service releases the booking.
            </p>
          ) : (
            <p className="mt-1 text-sm text-amber-900">
              The payment deadline passed at <strong>{formatInstant(held.paymentDeadline, timeZone)}</strong>. The travel service releases the
              hold; reload the booking to see its state.
            </p>
          )}
          {free ? <p className="mt-1 text-[0.8125rem] text-amber-800">{free}.</p> : null}
        </div>
        <Button onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={() => setOpen(true)} disabled={!left} pending={pay.pending}>
          Pay {amount}
        </Button>
      </div>
      {pay.problem && !open ? <ProblemCallout className="mt-4" problem={pay.problem} onRetry={() => setOpen(true)} onReload={onReload} /> : null}

      <Dialog open={open} onOpenChange={setOpen} busy={pay.pending} title={`Pay ${amount} for ${orderRef}?`} description="Paid from the agency's credit, now.">
        <p className="text-sm leading-relaxed text-slate-700">
          The hold becomes a paid booking. The provider then confirms it, usually at once; if it takes longer the booking shows as pending
          confirmation and this page follows it.
        </p>
        {pay.unsettled ? (
          <Callout tone="warning" title="An earlier payment got no answer" className="mt-4">
            <p>Paying again resends that same request: the travel service pays it once.</p>
          </Callout>
        ) : null}
        {pay.problem ? <ProblemCallout className="mt-4" problem={pay.problem} onReload={onReload} /> : null}
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={pay.pending}>
            Not now
          </Button>
          <Button onClick={() => void pay.run(null)} pending={pay.pending} disabled={!left}>
            {pay.problem?.next === "same" ? "Try again" : `Pay ${amount}`}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
