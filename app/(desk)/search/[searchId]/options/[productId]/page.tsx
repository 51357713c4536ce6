import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { backHref } from "@/components/options/links";
import { OptionsSheet } from "@/components/options/options-sheet";
import { requireUser } from "@/lib/auth/session";
import { criteriaQuery, hotelHref, parseCriteria, toSearchParams } from "@/lib/search/criteria";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Options" };

type Params = { searchId: string; productId: string };
type Query = Record<string, string | string[] | undefined>;

export default async function OptionsPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Query> }) {
  const { searchId, productId } = await params;
  const query = await searchParams;
  const path = `/search/${encodeURIComponent(searchId)}/options/${encodeURIComponent(productId)}`;
  const qs = toSearchParams(query).toString();
  await requireUser(qs ? `${path}?${qs}` : path);

  const criteria = parseCriteria(query, getEnv().AGENCY_MARKET);
  // A hotel's options are its live rate sheet, which lives on the hotel page.
  if (criteria?.productType === "hotel") redirect(hotelHref(searchId, productId, criteria));

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label="Breadcrumb" className="mb-6">
        <Link
          href={backHref(criteria, searchId)}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-ink"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {criteria ? "Back to results" : "New search"}
        </Link>
      </nav>
      <OptionsSheet key={criteria ? criteriaQuery(criteria).toString() : ""} searchId={searchId} productId={productId} criteria={criteria} />
    </main>
  );
}
