import type { Metadata } from "next";
import { AgencyOverview } from "@/components/admin/overview/agency-overview";
import { requireAdmin } from "@/lib/auth/session";
import { parseRange } from "@/lib/bookings/overview";

export const metadata: Metadata = { title: "Agency overview" };
export const dynamic = "force-dynamic";

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const range = parseRange((await searchParams).range);
  await requireAdmin(`/admin/overview?range=${range}`);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AgencyOverview key={range} range={range} />
    </main>
  );
}
