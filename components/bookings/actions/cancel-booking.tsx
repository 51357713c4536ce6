"use client";

import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogActions, preloadDialog } from "@/components/ui/dialog";
import { useTimeZone } from "@/components/layout/time-zone";
import { apiPost } from "@/lib/api-client";
import { rangeText } from "@/components/hotel/cancellation-timeline";
import { cancellationEstimate, transferLegsOf, type CancellationEstimate, type Kept } from "@/lib/bookings/cancellation";
import { FREE_CANCELLATION_UNTIL } from "@/lib/bookings/deadlines";
import type { BookingPageData } from "@/lib/bookings/schemas";
import { formatInstant } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import { TRANSFER_CANCEL_SCOPES } from "@/lib/tds/contract/limits";
import { cancelResultSchema } from "@/lib/tds/contract/schemas";
import { bookingStateView } from "../booking-state";
import { ProblemCallout } from "./problem-callout";
import { useBookingStep } from "./use-booking-step";

type Scope = (typeof TRANSFER_CANCEL_SCOPES)[number];

/** What the policy keeps whatever the date, each a sentence naming it ("The nights of 20 Jun to 21 Jun (2 of 3 nights) are …"). */
export function keptSentences(kept: Kept, currency: string): string[] {
  const out: string[] = [];
  if (kept.nights) {
    const { runs, count, of, amountMinor } = kept.nights;
    const named = runs.map((r) => rangeText(r)).join(" and ");
    const verb = count === 1 ? "is" : "are";
    out.push(`${named.charAt(0).toUpperCase()}${named.slice(1)} (${count} of ${of} nights) ${verb} non-refundable whatever the date: ${formatMoney(amountMinor, currency)}.`);
  }
  if (kept.fixedMinor > 0) out.push(`${formatMoney(kept.fixedMinor, currency)} of the price is non-refundable whatever the date.`);
  return out;
}

/** Why an estimate is only a floor ("a fee" or "a further fee", as something is known to be kept or not). */
const AT_LEAST_WHY: Record<Extract<CancellationEstimate, { kind: "at_least" }>["reason"], (fee: string) => string> = {
  withheld: (fee) => `The provider did not share its cancellation deadlines, so ${fee} may apply.`,
  no_stay: (fee) => `The booking does not give the stay's dates, so its non-refundable nights cannot be priced and ${fee} may apply.`,
  unpriced: (fee) => `The cancellation policy does not state every amount, so ${fee} may apply.`,
  no_policy: () => "The booking came without cancellation terms: the travel service decides the refund when it cancels.",
};

/** The expectation of cancelling now, in the advisor's words. */
export function estimateSentence(estimate: CancellationEstimate, currency: string, timeZone: string): { title: string; detail: string } {
  const money = (m: number) => formatMoney(m, currency);
  const kept = (e: { kept: Kept }) => keptSentences(e.kept, currency);
  switch (estimate.kind) {
    case "release":
      return {
        title: "Releasing the hold costs nothing",
        detail: [
          "Nothing has been paid for this hold: nothing is charged and nothing comes back.",
          // The rate's own moment, as every other place names it: what keeping the booking would give.
          estimate.freeUntil ? `Paid instead, it keeps its terms: ${FREE_CANCELLATION_UNTIL} ${formatInstant(estimate.freeUntil, timeZone)}.` : null,
        ]
          .filter(Boolean)
          .join(" "),
      };
    case "free":
      return {
        title: `Free cancellation: ${money(estimate.refundMinor)} expected back`,
        detail: estimate.freeUntil
          ? `No fee applies now. ${FREE_CANCELLATION_UNTIL} ${formatInstant(estimate.freeUntil, timeZone)}.`
          : "No fee applies now under the cancellation policy.",
      };
    case "fee": {
      const why = estimate.because === "deadline" ? [estimate.feeSince ? `The fee has applied since ${formatInstant(estimate.feeSince, timeZone)}.` : "The fee is the cancellation policy's."] : [];
      return {
        title: `A fee of ${money(estimate.feeMinor)} applies now; ${money(estimate.refundMinor)} expected back`,
        detail: [...why, ...kept(estimate)].join(" "),
      };
    }
    case "none": {
      const full = money(estimate.feeMinor);
      const detail = {
        non_refundable: `The rate is non-refundable: the full ${full} is kept.`,
        deadline_passed: `The last cancellation deadline has passed: the full ${full} is kept.`,
        kept: [...kept(estimate), `Nothing of the ${full} comes back.`].join(" "),
        service: `The travel service reports the booking as non-refundable now: the full ${full} is kept.`,
      }[estimate.reason];
      return { title: "No refund expected", detail };
    }
    case "at_least":
      return {
        title: estimate.keptMinor > 0 ? `At least ${money(estimate.keptMinor)} is kept; at most ${money(estimate.refundMaxMinor)} back` : "The refund is decided when you cancel",
        detail: [...kept(estimate), AT_LEAST_WHY[estimate.reason](estimate.keptMinor > 0 ? "a further fee" : "a fee")].join(" "),
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
  const legs = transferLegsOf(booking);
  const liveLegs = legs.filter((l) => l.state === "confirmed");
  const roundTrip = legs.length === 2;
  const unsettledScope = (cancel.unsettled?.body as { transferCancelScope?: Scope } | undefined)?.transferCancelScope;
  const [scope, setScope] = useState<Scope>(unsettledScope ?? (liveLegs.length === 1 ? liveLegs[0]!.leg : "whole"));
  const effectiveScope = unsettledScope ?? scope;
  const estimate = cancellationEstimate(booking, now, roundTrip ? effectiveScope : "whole");
  const words = estimateSentence(estimate, booking.order.totalSell.currency, timeZone);

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

        <div className={cn("rounded-lg border px-4 py-3", estimate.kind === "free" || estimate.kind === "release" ? "border-emerald-200 bg-emerald-50/70" : "border-amber-200 bg-amber-50/70")} data-testid="cancel-estimate">
          <p className="text-sm font-semibold text-ink">{words.title}</p>
          <p className="mt-1 text-[0.8125rem] leading-relaxed text-slate-700">{words.detail}</p>
          {estimate.kind !== "release" ? (
            <p className="mt-2 text-xs text-slate-500">From the cancellation policy at this moment; the travel service confirms the refund when it cancels.</p>
          ) : null}
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
