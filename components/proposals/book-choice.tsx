"use client";

import { useMutation } from "@tanstack/react-query";
import { ArrowRight, Check, RefreshCw, Search } from "lucide-react";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { ApiError } from "@/lib/api-client";
import { formatMoneyDelta } from "@/lib/money";
import type { Proposal, ProposalItem } from "@/lib/proposals/model";
import { refindItem, type OfferNow, type RefindAnswer } from "./api";
import { money } from "./format";

// "Book the client's choice", item by item (docs/proposals.md#re-finding-an-offer): the desk
// searches again for the offer the proposal kept, shows it with its price now beside the proposed
// one, or the closest others when it is gone, and opens checkout for the proposal's item.

/** One chosen item: booked (its reference), or the way to book it. */
export function BookChoiceItem({ proposal, item }: { proposal: Proposal; item: ProposalItem }) {
  const booking = proposal.bookings.find((b) => b.itemId === item.id);
  const find = useMutation({ mutationFn: () => refindItem(proposal.id, item.id) });
  const again = typeof item.snapshot.match.deskQuery === "string" ? `/search?${item.snapshot.match.deskQuery}` : null;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white px-3 py-3" data-testid="choice-item">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="min-w-0 text-sm">
          <span className="flex items-center gap-1.5 font-medium text-ink">
            <Check aria-hidden className="size-4 text-emerald-600" />
            {item.snapshot.title}
          </span>
          {item.snapshot.subtitle ? <span className="block text-[0.8125rem] text-slate-600">{item.snapshot.subtitle}</span> : null}
          <span className="block text-[0.8125rem] text-slate-600">Proposed at {money(item.clientPrice)} to the client</span>
        </span>
        {booking ? (
          <Link href={`/bookings/${encodeURIComponent(booking.bookingId)}`} className="text-sm font-medium text-brand-700 hover:underline">
            Booked · {booking.orderRef}
          </Link>
        ) : proposal.state === "withdrawn" ? null : (
          <Button size="sm" onClick={() => find.mutate()} pending={find.isPending} aria-label={`Find and book: ${item.snapshot.title}`}>
            {find.isPending ? "Searching again…" : find.data ? (
              <>
                <RefreshCw aria-hidden className="size-3.5" /> Search again
              </>
            ) : (
              "Find and book"
            )}
          </Button>
        )}
      </div>
      {!booking && find.isError ? (
        <Callout title="The offer could not be searched for">
          <p>{find.error instanceof ApiError ? find.error.message : "The desk could not reach the travel service. Try again."}</p>
          {again ? (
            <Link href={again} className="mt-2 inline-block font-medium underline">
              Open the search instead
            </Link>
          ) : null}
        </Callout>
      ) : null}
      {!booking && find.data ? <Refound answer={find.data} again={again} /> : null}
    </li>
  );
}

function Refound({ answer, again }: { answer: RefindAnswer; again: string | null }) {
  const { found, alternatives, proposed } = answer;
  if (found) {
    const delta = found.clientPrice.currency === proposed.clientPrice.currency ? found.clientPrice.amountMinor - proposed.clientPrice.amountMinor : null;
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950" data-testid="refound">
        <p className="min-w-0">
          <span className="font-medium">Still available.</span> The client pays {money(found.clientPrice)} now
          {delta === 0 ? ", as proposed." : delta !== null ? ` (${formatMoneyDelta(delta, found.clientPrice.currency)} on the proposal).` : "."}
        </p>
        <Link href={found.checkoutHref} className={buttonClasses({ size: "sm" })}>
          Book it <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950" data-testid="refound-gone">
      <p>
        <span className="font-medium">This offer is no longer available.</span>{" "}
        {alternatives.length > 0 ? "The closest the service has now:" : "Nothing close to it is offered now."}
      </p>
      {alternatives.length > 0 ? (
        <ul className="space-y-2">
          {alternatives.map((o) => (
            <Alternative key={o.quoteId} offer={o} />
          ))}
        </ul>
      ) : null}
      {again ? (
        <Link href={again} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          <Search aria-hidden className="size-3.5" /> Open the search
        </Link>
      ) : null}
    </div>
  );
}

function Alternative({ offer }: { offer: OfferNow }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-white px-3 py-2">
      <span className="min-w-0">
        <span className="block font-medium text-ink">{offer.title}</span>
        <span className="block text-[0.8125rem] text-slate-600">
          {[offer.subtitle, offer.refundable ? "Refundable" : "Non-refundable"].filter(Boolean).join(" · ")}
        </span>
      </span>
      <span className="flex items-center gap-3">
        <span className="font-medium text-ink tabular-nums">{money(offer.clientPrice)}</span>
        <Link href={offer.checkoutHref} className={buttonClasses({ size: "sm", variant: "secondary" })}>
          Book this instead
        </Link>
      </span>
    </li>
  );
}
