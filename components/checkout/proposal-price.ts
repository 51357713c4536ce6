"use client";

import { useQuery } from "@tanstack/react-query";
import * as z from "zod/mini";
import { apiGet } from "@/lib/api-client";

// The client's price for a proposal's item at the cost the price-check found (checkout opened
// from a proposal; the card that shows it is ./proposal-compare.tsx, loaded only then).

type Money = { amountMinor: number; currency: string };

/** What checkout knows of the proposal item it books (from the server page). */
export type CheckoutProposal = {
  id: string;
  itemId: string;
  reference: string;
  title: string;
  clientName: string;
  proposed: { cost: Money; clientPrice: Money };
};

const money = z.object({ amountMinor: z.number(), currency: z.string() });
const priceSchema = z.object({
  proposed: z.object({ cost: money, clientPrice: money }),
  now: z.object({ cost: money, clientPrice: money }),
});

/** The proposed and current prices of the item at `costMinor` (null: not checked yet). */
export function useProposalPrice(proposal: CheckoutProposal | null, now: Money | null) {
  const comparable = proposal !== null && now !== null && now.currency === proposal.proposed.cost.currency;
  const query = useQuery({
    queryKey: ["proposal-price", proposal?.id, proposal?.itemId, now?.amountMinor],
    queryFn: ({ signal }) =>
      apiGet(`/api/proposals/${encodeURIComponent(proposal!.id)}/items/${encodeURIComponent(proposal!.itemId)}/price`, priceSchema, {
        query: { cost: String(now!.amountMinor) },
        signal,
      }),
    enabled: comparable && now!.amountMinor !== proposal!.proposed.cost.amountMinor,
    staleTime: Infinity,
  });
  if (!proposal || !now) return { changed: false, clientNow: null, pending: false, failed: false };
  if (!comparable) return { changed: true, clientNow: null, pending: false, failed: false };
  if (now.amountMinor === proposal.proposed.cost.amountMinor) return { changed: false, clientNow: proposal.proposed.clientPrice, pending: false, failed: false };
  return { changed: true, clientNow: query.data?.now.clientPrice ?? null, pending: query.isPending, failed: query.isError };
}
