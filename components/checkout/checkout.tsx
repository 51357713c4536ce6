"use client";

import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import Link from "next/link";
import { useRunSearch } from "@/components/search/use-run-search";
import { Callout } from "@/components/ui/callout";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import type { SearchCriteria } from "@/lib/search/criteria";
import { recallSelectedRate } from "@/lib/search/selected-rate";
import type { ResultRow } from "@/lib/tds/contract/types";
import { ActivityOptions } from "./activity-options";
import { BookingIssueCallout, RecheckNotice } from "./booking-issue-callout";
import { priceCheckProblem } from "./checkout-errors";
import type { PriceCheck, StoredValues } from "./checkout-schema";
import { LazyBookingOutcome, preloadOutcome } from "./lazy-outcome";
import { PageFrame } from "./page-frame";
import { PaymentSection } from "./payment-section";
import { PriceCheckPanel, PriceCheckSkeleton } from "./price-check-panel";
import { PriceCheckWaiting, ProblemCard } from "./price-check-status";
import { useProposalPrice, type CheckoutProposal } from "./proposal-price";
import { SelectionSummary } from "./selection-summary";
import { SubmitBar } from "./submit-bar";
import { BookingQuestionsSection, SpecialRequestsSection, TravelersSection } from "./travelers-form";
import { useCheckoutBooking } from "./use-checkout-booking";
import { preloadValidation, useCheckoutForm } from "./use-checkout-form";
import { useCheckoutPrice } from "./use-checkout-price";
import { useKeptBooking } from "./use-kept-booking";

// The proposal's card is only for checkout opened from a proposal: loaded then, not with every checkout.
const ProposalCompare = lazy(() => import("./proposal-compare").then((m) => ({ default: m.ProposalCompare })));

export type CheckoutProps = {
  quoteId: string;
  searchId: string;
  criteria: SearchCriteria;
  /** The agency's currency (prices come in the quote's own; this names the credit's). */
  currency: string;
  /** The row the desk handed out for this quote (from the server), when it still has it. */
  selection?: { row: ResultRow; hotelName: string | null } | null;
  /** Checkout opened from a proposal: the item it books, and the client who becomes the lead traveller. */
  proposal?: (CheckoutProposal & { lead: { firstName: string; lastName: string; email: string; phone: string } }) | null;
};

const noSubscribe = () => () => {};

/** Checkout of one quote. Storage (the selected row, a booking in flight) is read only in the browser. */
export function Checkout(props: CheckoutProps) {
  const mounted = useSyncExternalStore(noSubscribe, () => true, () => false);
  if (!mounted) return <CheckoutShell {...props} />;
  return <CheckoutFlow key={props.quoteId} {...props} />;
}

function CheckoutShell({ criteria, searchId, selection }: CheckoutProps) {
  return (
    <PageFrame
      criteria={criteria}
      searchId={searchId}
      aside={<SelectionSummary criteria={criteria} row={selection?.row ?? null} hotelName={selection?.hotelName} price={null} />}
    >
      <PriceCheckSkeleton />
    </PageFrame>
  );
}

/** The price in the summary: the live one once checked, else the one results showed. */
function summaryPrice(check: PriceCheck | null, row: ResultRow | null) {
  if (check) return { amountMinor: check.sellAmountMinor, currency: check.sellCurrency, label: "Total, checked live" };
  if (row) return { amountMinor: row.sellAmountMinor, currency: row.sellCurrency, label: "Price in results" };
  return null;
}

const ACCEPT_FIRST = "Confirm that the client accepted the new price, or go back to the proposal.";

function CheckoutFlow({ quoteId, searchId, criteria, currency, selection, proposal = null }: CheckoutProps) {
  // This tab's Select, else the row the server remembers: a link, a reload or a new tab show the same summary.
  const [selected] = useState(() => recallSelectedRate(quoteId) ?? (selection ? { row: selection.row, context: { hotelName: selection.hotelName } } : null));
  const row = selected?.row ?? null;
  const kept = useKeptBooking(quoteId);
  const price = useCheckoutPrice({ quoteId, criteria, selected, enabled: !kept.outcome && !kept.resuming });
  const [initial] = useState<Partial<StoredValues> | null>(() => (proposal ? ({ travelers: [proposal.lead] } as unknown as Partial<StoredValues>) : null));
  const { form, ctx, holding, holdRefused, land, refuseHold, holdInstead } = useCheckoutForm({ keeper: kept.keeper, check: price.check, criteria, row, initial });
  const booking = useCheckoutBooking({
    kept,
    ctx,
    quoteId,
    searchId,
    proposal: proposal ? { id: proposal.id, itemId: proposal.itemId } : null,
    answers: { land, refuseHold, recheck: price.recheckAfter },
  });
  // A proposal's price that changed is booked only once the client accepted it; each new check is accepted afresh.
  const costNow = price.check ? { amountMinor: price.check.sellAmountMinor, currency: price.check.sellCurrency } : null;
  const proposalPrice = useProposalPrice(proposal, costNow);
  // Booked for a proposal: its page, the list and Needs attention read it afresh.
  const queryClient = useQueryClient();
  const bookedFor = kept.outcome && proposal ? proposal.id : null;
  useEffect(() => {
    if (!bookedFor) return;
    for (const queryKey of [["proposal", bookedFor], ["proposals"], ["attention"], ["attention-count"]]) void queryClient.invalidateQueries({ queryKey });
  }, [bookedFor, queryClient]);
  const [acceptedCheck, setAcceptedCheck] = useState<string | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const accepted = acceptedCheck !== null && acceptedCheck === (price.check?.checkedAt ?? null);
  const runSearch = useRunSearch();
  const { register, formState } = form;

  const aside = <SelectionSummary criteria={criteria} row={row} hotelName={selected?.context.hotelName} price={summaryPrice(price.check, row)} />;

  if (kept.outcome) {
    return (
      <PageFrame criteria={criteria} searchId={searchId} aside={aside} asideLast>
        {proposal ? (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
            Booked for {proposal.clientName}, from proposal {proposal.reference}.{" "}
            <Link href={`/proposals/${encodeURIComponent(proposal.id)}`} className="font-medium text-brand-700 hover:underline">
              Back to the proposal
            </Link>
          </p>
        ) : null}
        <LazyBookingOutcome outcome={kept.outcome} criteria={criteria} searchId={searchId} onUpdate={kept.update} />
      </PageFrame>
    );
  }

  if (kept.resuming) {
    return (
      <PageFrame criteria={criteria} searchId={searchId} aside={aside}>
        <PriceCheckSkeleton label="Finishing the booking that was in progress…" />
      </PageFrame>
    );
  }

  const { issue, submitting, locked } = booking;
  const expired = issue?.failure.kind === "expired";
  const problem = expired ? priceCheckProblem(issue.error) : price.error ? priceCheckProblem(price.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (proposal && proposalPrice.changed && !accepted && !booking.locked) {
      event.preventDefault();
      setAcceptError(ACCEPT_FIRST);
      document.getElementById("proposal-price-accepted")?.focus();
      return;
    }
    preloadOutcome();
    void form.handleSubmit(booking.book)(event);
  };

  return (
    <PageFrame criteria={criteria} searchId={searchId} aside={aside}>
      {proposal ? (
        <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
          <ProposalCompare
            proposal={proposal}
            now={costNow}
            accepted={accepted}
            onAccept={(yes) => {
              setAcceptedCheck(yes ? (price.check?.checkedAt ?? null) : null);
              if (yes) setAcceptError(null);
            }}
            error={accepted ? null : acceptError}
          />
        </Suspense>
      ) : null}
      {price.options ? <ActivityOptions options={price.options} value={price.optionRef} onChange={price.pick} disabled={locked || submitting} /> : null}

      {problem ? (
        <ProblemCard
          problem={problem}
          criteria={criteria}
          searchId={searchId}
          onRetry={price.retry}
          retrying={price.retrying}
          onSearchAgain={() => runSearch.mutate(criteria)}
          searching={runSearch.isPending}
          searchError={runSearch.error instanceof ApiError ? runSearch.error.message : runSearch.error ? "The search could not be started." : null}
          onOptions={price.showOptionsAgain}
        />
      ) : (
        <PriceCheckWaiting waiting={price.waiting} />
      )}

      {price.check && ctx && !expired && !price.checkFailed ? (
        <form onSubmit={onSubmit} onFocus={preloadValidation} noValidate className="space-y-6" aria-label="Travellers and booking">
          <PriceCheckPanel
            check={price.check}
            remainingMs={price.remainingMs}
            rechecking={price.checking}
            onRecheck={price.recheck}
            register={register}
            errors={formState.errors}
            notice={price.notice ? <RecheckNotice reason={price.notice} /> : null}
          />
          <fieldset disabled={locked || submitting} className="min-w-0 space-y-6">
            <legend className="sr-only">Booking details</legend>
            <TravelersSection ctx={ctx} register={register} errors={formState.errors} />
            <BookingQuestionsSection ctx={ctx} register={register} errors={formState.errors} />
            <SpecialRequestsSection ctx={ctx} register={register} errors={formState.errors} />
            <PaymentSection ctx={ctx} register={register} holdRefused={holdRefused} price={price.check} currency={currency} />
          </fieldset>

          <BookingIssueCallout
            issue={issue}
            criteria={criteria}
            searchId={searchId}
            canRetry={locked}
            gaveUp={booking.gaveUp}
            onRetry={booking.retry}
            submitting={submitting}
            canHold={ctx.holdable && !holding}
            onHold={holdInstead}
            onSearchAgain={() => runSearch.mutate(criteria)}
            searching={runSearch.isPending}
          />
          {formState.submitCount > 0 && Object.keys(formState.errors).length > 0 && !issue ? (
            <Callout title="Some details need attention">The fields marked above need a correction before booking.</Callout>
          ) : null}

          <SubmitBar
            check={price.check}
            remainingMs={price.remainingMs}
            lapsed={price.lapsed}
            holding={holding}
            locked={locked}
            submitting={submitting}
            checking={price.checking}
            onRetry={booking.retry}
            onRecheck={price.recheck}
          />
        </form>
      ) : null}
    </PageFrame>
  );
}
