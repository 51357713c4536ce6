import type { Metadata } from "next";
import Link from "next/link";
import { Checkout } from "@/components/checkout/checkout";
import { buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { requireUser } from "@/lib/auth/session";
import { getBffDeps } from "@/lib/bff/deps";
import { recallQuote } from "@/lib/bff/quotes";
import { parseCriteria, toSearchParams } from "@/lib/search/criteria";
import { getEnv } from "@/lib/server-env";

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
  await requireUser(`/checkout/${encodeURIComponent(quoteId)}${search.size > 0 ? `?${search}` : ""}`);
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

  return (
    <main className={MAIN}>
      <Checkout quoteId={quoteId} searchId={searchId} criteria={criteria} currency={currency} selection={selection} />
    </main>
  );
}
