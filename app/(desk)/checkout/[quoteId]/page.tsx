import type { Metadata } from "next";
import Link from "next/link";
import { Checkout, type CheckoutProps } from "@/components/checkout/checkout";
import { buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { requireUser } from "@/lib/auth/session";
import { getBffDeps } from "@/lib/bff/deps";
import { recallQuote } from "@/lib/bff/quotes";
import { parseCriteria, toSearchParams } from "@/lib/search/criteria";
import { getEnv } from "@/lib/server-env";
import type { SessionUser } from "@/lib/auth/session-core";
import { BffError } from "@/lib/bff/errors";
import type { Db } from "@/lib/db";
import { itemForBooking, readProposal } from "@/lib/proposals/store";

export const metadata: Metadata = { title: "Checkout" };

const MAIN = "mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8";

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ quoteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ quoteId }, query] = await Promise.all([params, searchParams]);
  const search = toSearchParams(query);
  const user = await requireUser(`/checkout/${encodeURIComponent(quoteId)}${search.size > 0 ? `?${search}` : ""}`);
  const { AGENCY_MARKET: market, AGENCY_CURRENCY: currency } = getEnv();
  const criteria = parseCriteria(search, market);
  const searchId = search.get("sid")?.trim() ?? "";

  if (!criteria || !searchId) {
    // Travellers follow the searched rooms and guests, and the booking names its search: without them nothing can be booked.
    return (
      <main className={MAIN}>
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
        <Callout title="This checkout link is incomplete" className="mt-6 max-w-2xl">
          <p>
            It lacks the search it came from ({!criteria ? "the product, dates and travellers" : "the search reference"}), so the travellers
            and the booking cannot be prepared. Start from a search and choose Select on a rate.
          </p>
        </Callout>
        <Link href="/search" className={`${buttonClasses()} mt-6`}>
          Go to search
        </Link>
      </main>
    );
  }

  // What is being booked, from the row the desk handed out: the page stands on its own when
  // opened from a link, after a reload or in another tab (lib/bff/quotes.ts).
  const deps = await getBffDeps();
  const remembered = await recallQuote({ cache: deps.cache(), tds: deps.tds() }, quoteId).catch(() => null);
  const selection = remembered && remembered.searchId === searchId ? { row: remembered.row, hotelName: remembered.hotelName } : null;
  const fromProposal = await proposalOf(await deps.db(), user, search.get("proposal"), search.get("item"));
  if (fromProposal && "problem" in fromProposal) {
    return (
      <main className={MAIN}>
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
        <Callout title={fromProposal.problem} className="mt-6 max-w-2xl">
          <p>{fromProposal.detail}</p>
        </Callout>
        <Link href={fromProposal.href} className={`${buttonClasses()} mt-6`}>
          {fromProposal.action}
        </Link>
      </main>
    );
  }

  return (
    <main className={MAIN}>
      <Checkout quoteId={quoteId} searchId={searchId} criteria={criteria} currency={currency} selection={selection} proposal={fromProposal} />
    </main>
  );
}

/** The client's name as a lead traveller's: the last word the family name, the rest the given names. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! } : { firstName: "", lastName: words[0] ?? "" };
}

/** The proposal item a checkout link books (`?proposal=…&item=…`), or why it cannot be booked from it. */
type ProposalProblem = { problem: string; detail: string; href: string; action: string };

async function proposalOf(db: Db, user: SessionUser, id: string | null, itemId: string | null): Promise<CheckoutProps["proposal"] | ProposalProblem> {
  if (!id || !itemId) return null;
  try {
    const { proposal, item } = await itemForBooking(db, user, id, itemId);
    return {
      id: proposal.id,
      itemId: item.id,
      reference: proposal.reference,
      title: proposal.title,
      clientName: proposal.client.name,
      proposed: { cost: item.cost, clientPrice: item.clientPrice },
      lead: { ...splitName(proposal.client.name), email: proposal.client.email, phone: proposal.client.phone },
    };
  } catch (err) {
    if (!(err instanceof BffError)) throw err;
    const back = `/proposals/${encodeURIComponent(id)}`;
    if (err.code === "item_already_booked") {
      const booking = (await readProposal(db, user, id).catch(() => null))?.bookings.find((b) => b.itemId === itemId);
      return {
        problem: "This offer of the proposal is already booked",
        detail: `Nothing was booked again.${booking ? ` Its booking is ${booking.orderRef}.` : " The proposal shows its booking."}`,
        href: booking ? `/bookings/${encodeURIComponent(booking.bookingId)}` : back,
        action: booking ? "Open the booking" : "Open the proposal",
      };
    }
    if (err.code === "proposal_not_found" || err.code === "item_not_found") {
      return { problem: "This proposal cannot be found", detail: "It may belong to another advisor, or the offer was removed from it.", href: "/proposals", action: "Go to proposals" };
    }
    return { problem: "This offer cannot be booked from its proposal", detail: err.message, href: back, action: "Open the proposal" };
  }
}
