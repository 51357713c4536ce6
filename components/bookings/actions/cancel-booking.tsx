"use client";

import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogActions, preloadDialog } from "@/components/ui/dialog";
import { useTimeZone } from "@/components/layout/time-zone";
import { apiPost } from "@/lib/api-client";
import { cancellationEstimate, type CancellationEstimate } from "@/lib/bookings/cancellation";
import { FREE_CANCELLATION_UNTIL } from "@/lib/bookings/deadlines";
import type { BookingPageData } from "@/lib/bookings/schemas";
import { formatInstant } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import { TRANSFER_CANCEL_SCOPES } from "@/lib/tds/limits";
import { cancelResultSchema } from "@/lib/tds/schemas";
import { bookingStateView } from "../booking-state";
import { ProblemCallout } from "./problem-callout";
import { useBookingStep } from "./use-booking-step";

type Scope = (typeof TRANSFER_CANCEL_SCOPES)[number];
type Leg = { leg: "departure" | "return"; state: string; sellMinor: number | null };

/** A round-trip transfer booked as one booking: its legs that can still be cancelled one by one. */
export function transferLegs(booking: BookingPageData): Leg[] {
  const line = booking.lineItems[0];
  if (!line || line.productType !== "transfer" || !Array.isArray(line.details.transferLegs)) return [];
  return line.details.transferLegs.flatMap((l): Leg[] => {
    const leg = l.leg;
    if (leg !== "departure" && leg !== "return") return [];
    const sell = l.sell as { amountMinor?: unknown } | undefined;
    return [{ leg, state: typeof l.state === "string" ? l.state : "unknown", sellMinor: typeof sell?.amountMinor === "number" ? sell.amountMinor : null }];
  });
}

/** The expectation of cancelling now, in the advisor's words. */
export function estimateSentence(estimate: CancellationEstimate, currency: string, timeZone: string): { title: string; detail: string } {
  const money = (m: number) => formatMoney(m, currency);
  switch (estimate.kind) {
    case "free":
      return {
        title: `Free cancellation: ${money(estimate.refundMinor)} expected back`,
        detail: estimate.freeUntil
          ? `No fee applies now. ${FREE_CANCELLATION_UNTIL} ${formatInstant(estimate.freeUntil, timeZone)}.`
          : "No fee applies now under the cancellation policy.",
      };
    case "fee":
      return {
        title: `A fee of ${money(estimate.feeMinor)} applies now; ${money(estimate.refundMinor)} expected back`,
        detail: estimate.feeSince ? `The fee has applied since ${formatInstant(estimate.feeSince, timeZone)}.` : "Under the cancellation policy.",
      };
    case "none":
      return {
        title: "No refund expected",
        detail:
          estimate.reason === "non_refundable"
            ? `The rate is non-refundable: the full ${money(estimate.feeMinor)} is kept.`
            : `The last cancellation deadline has passed: the full ${money(estimate.feeMinor)} is kept.`,
      };
    case "unknown":
      return {
        title: "The refund is decided when you cancel",
        detail:
          estimate.reason === "withheld"
            ? "The provider did not share its deadlines for this booking; the travel service works out the refund when it cancels."
            : "The policy gives no deadlines; the travel service works out the refund when it cancels.",
      };
  }
}

/** What the service's `refund.status` means. */
export function refundSentence(status: string): string {
  switch (status) {
    case "refunded":
      return "Refunded: the amount due goes back to the agency's credit.";
    case "no_refund_due":
      return "No refund is due under the cancellation policy.";
    case "manual_review":
      return "The refund is being reviewed by the travel service's team; the booking changes when they are done.";
    default:
      return `The travel service reports the refund as “${status.replace(/_/g, " ")}”.`;
  }
}

const SCOPE_LABEL: Record<Scope, string> = { whole: "Both journeys", departure: "Outbound journey only", return: "Return journey only" };

export function CancelBooking({
  bookingId,
  booking,
  now,
  onReload,
  onOutcome,
}: {
  bookingId: string;
  booking: BookingPageData;
  now: Date;
  onReload: () => void;
  /** Says how it went where the page keeps it: this button goes once nothing is left to cancel. */
  onOutcome: (message: string, detail: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const send = useCallback(
    (body: { transferCancelScope?: Scope }, key: string | null) =>
      apiPost(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, cancelResultSchema, body, { headers: { "Idempotency-Key": key ?? "" } }),
    [bookingId],
  );
  const cancel = useBookingStep({
    bookingId,
    step: "cancel",
    idempotent: true,
    send,
    onDone: (r) => {
      setOpen(false);
      onOutcome(`Cancellation sent. The booking is now ${bookingStateView(r.state).label.toLowerCase()}.`, refundSentence(r.refund.status));
    },
  });
  const legs = transferLegs(booking);
  const liveLegs = legs.filter((l) => l.state === "confirmed");
  const roundTrip = legs.length === 2;
  const unsettledScope = (cancel.unsettled?.body as { transferCancelScope?: Scope } | undefined)?.transferCancelScope;
  const [scope, setScope] = useState<Scope>(unsettledScope ?? (liveLegs.length === 1 ? liveLegs[0]!.leg : "whole"));
  const effectiveScope = unsettledScope ?? scope;
  const total = booking.order.totalSell;
  const scopeLeg = roundTrip && effectiveScope !== "whole" ? legs.find((l) => l.leg === effectiveScope) : undefined;
  const amount = scopeLeg?.sellMinor ?? (roundTrip ? liveLegs.reduce((s, l) => s + (l.sellMinor ?? 0), 0) || total.amountMinor : total.amountMinor);
  const estimate = cancellationEstimate(booking.cancellationPolicy, amount, now, total.amountMinor > 0 ? amount / total.amountMinor : 1);
  const words = estimateSentence(estimate, total.currency, timeZone);

  return (
    <>
      <Button variant="danger" onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={() => setOpen(true)} pending={cancel.pending && !open}>
        {roundTrip && liveLegs.length === 1 ? `Cancel the ${liveLegs[0]!.leg === "departure" ? "outbound" : "return"} journey` : "Cancel booking"}
      </Button>
      {cancel.problem && !open ? <ProblemCallout className="mt-3 basis-full" problem={cancel.problem} onRetry={() => setOpen(true)} onReload={onReload} /> : null}

      <Dialog
        open={open}
        onOpenChange={setOpen}
        busy={cancel.pending}
        title={`Cancel ${booking.order.orderRef}?`}
        description="The travel service cancels it with the provider at once. This cannot be undone."
      >
        {roundTrip ? (
          <fieldset className="mb-5 space-y-2" disabled={!!unsettledScope || cancel.pending}>
            <legend className="mb-2 text-sm font-medium text-slate-800">What to cancel</legend>
            {(["whole", "departure", "return"] as const).map((s) => {
              const available = s === "whole" ? liveLegs.length > 0 : liveLegs.some((l) => l.leg === s);
              return (
                <label
                  key={s}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm",
                    "has-checked:border-brand-500 has-checked:bg-brand-50/60 has-checked:text-ink has-focus-visible:ring-3 has-focus-visible:ring-brand-500/25",
                    "border-slate-200 text-slate-700 has-disabled:cursor-not-allowed has-disabled:opacity-60",
                  )}
                >
                  <input
                    type="radio"
                    name="cancel-scope"
                    value={s}
                    checked={effectiveScope === s}
                    disabled={!available}
                    onChange={() => setScope(s)}
                    className="size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                  />
                  {SCOPE_LABEL[s]}
                  {!available ? <span className="ml-auto text-xs text-slate-500">already cancelled</span> : null}
                </label>
              );
            })}
          </fieldset>
        ) : null}

        <div className={cn("rounded-lg border px-4 py-3", estimate.kind === "free" ? "border-emerald-200 bg-emerald-50/70" : "border-amber-200 bg-amber-50/70")} data-testid="cancel-estimate">
          <p className="text-sm font-semibold text-ink">{words.title}</p>
          <p className="mt-1 text-[0.8125rem] leading-relaxed text-slate-700">{words.detail}</p>
          <p className="mt-2 text-xs text-slate-500">From the cancellation policy at this moment; the travel service confirms the refund when it cancels.</p>
        </div>
        {cancel.unsettled ? (
          <Callout tone="warning" title="An earlier cancellation got no answer" className="mt-4">
            <p>Cancelling again resends that same request: the travel service cancels once.</p>
          </Callout>
        ) : null}
        {cancel.problem ? <ProblemCallout className="mt-4" problem={cancel.problem} onReload={onReload} /> : null}
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.pending}>
            Keep booking
          </Button>
          <Button
            variant="destructive"
            onClick={() => void cancel.run(roundTrip ? { transferCancelScope: effectiveScope } : {})}
            pending={cancel.pending}
          >
            {cancel.problem?.next === "same" ? "Try again" : roundTrip && effectiveScope !== "whole" ? `Cancel the ${effectiveScope === "departure" ? "outbound" : "return"} journey` : "Cancel booking"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
