import type { Metadata } from "next";
import Link from "next/link";
import { HotelPage } from "@/components/hotel/hotel-page";
import { requireUser } from "@/lib/auth/session";
import { getBffDeps } from "@/lib/bff/deps";
import { hotelContentSoon } from "@/lib/bff/hotel-content";
import { parseCriteria, searchHref } from "@/lib/search/criteria";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Hotel" };

type Props = {
  params: Promise<{ searchId: string; productId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function HotelRatesPage({ params, searchParams }: Props) {
  const { searchId, productId } = await params;
  const query = await searchParams;
  await requireUser(`/search/${encodeURIComponent(searchId)}/hotels/${encodeURIComponent(productId)}`);
  const criteria = parseCriteria(query, getEnv().AGENCY_MARKET);
  // The hotel's name and photo in the first HTML when its content is at hand (cached for a day):
  // they are what the page is about, and its largest paint. Otherwise the browser asks, as before.
  const deps = await getBffDeps();
  const content = await hotelContentSoon({ cache: deps.cache(), tds: deps.tds() }, productId);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Link
        href={criteria ? searchHref(criteria, searchId) : "/search"}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink hover:underline"
      >
        <span aria-hidden>←</span> Back to results
      </Link>
      <HotelPage searchId={searchId} productId={productId} criteria={criteria} initialContent={content} />
    </main>
  );
}
