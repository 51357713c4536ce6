import type { Metadata } from "next";
import { parseProposalFilters, proposalsHref } from "@/components/proposals/filters";
import { ProposalsList } from "@/components/proposals/proposals-list";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Proposals" };
export const dynamic = "force-dynamic";

export default async function ProposalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseProposalFilters(await searchParams);
  // Signing in brings the advisor back to this very list.
  await requireUser(proposalsHref(filters));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ProposalsList initialFilters={filters} />
    </main>
  );
}
