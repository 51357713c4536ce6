import type { Metadata } from "next";
import { SearchWorkspace } from "@/components/search/search-workspace";
import { requireUser } from "@/lib/auth/session";
import { parseCriteria, toSearchParams } from "@/lib/search/criteria";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Search" };
export const dynamic = "force-dynamic";

/** Today on the server's clock, so the form's date rules match the day the page was made. */
const todayIso = () => new Date().toISOString().slice(0, 10);

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const query = toSearchParams(params).toString();
  // Signing in brings the advisor back to this very search.
  await requireUser(query ? `/search?${query}` : "/search");
  const { AGENCY_CURRENCY: currency, AGENCY_MARKET: market } = getEnv();
  const criteria = parseCriteria(params, market);
  const rawSid = params.sid;
  const sid = (Array.isArray(rawSid) ? rawSid[0] : rawSid)?.trim() || null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      {sid ? (
        // With results on the page, the summary bar says what was searched: the heading stays small.
        <h1 className="mb-4 text-xl font-semibold tracking-tight text-ink">Search results</h1>
      ) : (
        <>
          <p className="text-sm font-medium text-brand-700">Sell</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Search</h1>
          <p className="mt-2 mb-6 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
            Find hotels, flights, activities and transfers for your client, priced in {currency}.
          </p>
        </>
      )}
      <SearchWorkspace initialCriteria={criteria} sid={sid} currency={currency} market={market} today={todayIso()} />
    </main>
  );
}
