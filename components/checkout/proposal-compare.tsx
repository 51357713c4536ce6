"use client";

import { FileText } from "lucide-react";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatMoneyDelta } from "@/lib/money";
import { Checkbox } from "./price-check-panel";
import { useProposalPrice, type CheckoutProposal } from "./proposal-price";

// Checkout opened from a proposal (docs/proposals.md#re-finding-an-offer): what the client was
// proposed beside what the offer costs now, the client's price for it, and — when it changed —
// the advisor's confirmation that the client accepted the new price before anything is booked.
// Loaded only by a checkout opened from a proposal (checkout.tsx); the price it shows comes from
// ./proposal-price.ts, which checkout reads whether or not the card is shown.

type Money = { amountMinor: number; currency: string };

export function ProposalCompare({
  proposal,
  now,
  accepted,
  onAccept,
  error,
}: {
  proposal: CheckoutProposal;
  /** The cost the price-check found (null until it answers). */
  now: Money | null;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  /** Shown on the confirmation when the advisor tried to book without it. */
  error?: string | null;
}) {
  const price = useProposalPrice(proposal, now);
  const { cost, clientPrice } = proposal.proposed;
  const clientNow = price.clientNow;
  const row = (label: string, then: Money, current: Money | null, pending = false) => (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-600">
        {label}
      </th>
      <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(then.amountMinor, then.currency)}</td>
      <td className="py-2 text-right font-medium text-ink tabular-nums">
        {current ? formatMoney(current.amountMinor, current.currency) : pending ? <Skeleton className="ml-auto h-4 w-16" /> : "—"}
      </td>
    </tr>
  );
  const margin = (client: Money | null, paid: Money | null) =>
    client && paid && client.currency === paid.currency ? { amountMinor: client.amountMinor - paid.amountMinor, currency: client.currency } : null;
  return (
    <Card aria-labelledby="proposal-compare-title" data-testid="proposal-compare">
      <CardHeader
        titleId="proposal-compare-title"
        icon={<FileText aria-hidden className="size-4" />}
        title={`For ${proposal.clientName}, from proposal ${proposal.reference}`}
        description={
          <>
            {proposal.title} ·{" "}
            <Link href={`/proposals/${encodeURIComponent(proposal.id)}`} className="font-medium text-brand-700 hover:underline">
              Open the proposal
            </Link>
          </>
        }
      />
      <CardBody className="space-y-4">
        <table className="w-full text-sm">
          <caption className="sr-only">Proposed and current prices</caption>
          <thead>
            <tr className="text-xs text-slate-500">
              <th scope="col" className="pb-1 text-left font-medium">
                <span className="sr-only">Price</span>
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Proposed
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Now
              </th>
            </tr>
          </thead>
          <tbody>
            {row("Client pays", clientPrice, clientNow, price.pending)}
            {row("Agency pays", cost, now)}
            {row("Agency keeps", margin(clientPrice, cost)!, margin(clientNow, now), price.pending)}
          </tbody>
        </table>
        {now === null ? (
          <p className="text-[0.8125rem] text-slate-600">The price now appears once it is checked live.</p>
        ) : !price.changed ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="proposal-price-same">
            Same price as proposed: the client pays {formatMoney(clientPrice.amountMinor, clientPrice.currency)}.
          </p>
        ) : (
          <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900" data-testid="proposal-price-changed">
            <p>
              {clientNow
                ? `The price changed since the proposal: the client would pay ${formatMoney(clientNow.amountMinor, clientNow.currency)} (${formatMoneyDelta(clientNow.amountMinor - clientPrice.amountMinor, clientNow.currency)}).`
                : price.failed
                  ? "The price changed since the proposal, and the client's new price could not be worked out. Check it with the client before booking."
                  : "The price changed since the proposal."}{" "}
              Book only once the client has accepted it.
            </p>
            <Checkbox
              name="proposalPriceAccepted"
              id="proposal-price-accepted"
              label={clientNow ? `The client accepted the new price of ${formatMoney(clientNow.amountMinor, clientNow.currency)}` : "The client accepted the new price"}
              checked={accepted}
              onChange={(e) => onAccept(e.currentTarget.checked)}
              error={error ?? undefined}
            />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
