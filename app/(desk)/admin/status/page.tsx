import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { RefreshCw } from "lucide-react";
import { AgencyCard } from "@/components/status/agency-card";
import { DatabaseStatusCard, DatabaseStatusSkeleton } from "@/components/status/database-status-card";
import { ServiceStatusCard, ServiceStatusSkeleton } from "@/components/status/service-status-card";
import { requireAdmin } from "@/lib/auth/session";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Desk status" };
// Every visit checks live: nothing on this page may be cached or prerendered.
export const dynamic = "force-dynamic";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** /admin/status: whether the desk can sell and book (the service, the agency's settings, the database), for admins. */
export default async function DeskStatusPage() {
  await requireAdmin("/admin/status");
  const env = getEnv();
  const checkedAt = new Date();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">Administration</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Desk status</h1>
          <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
            Everything the desk needs to sell and book, checked live when this page loaded.
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-500">
          <time dateTime={checkedAt.toISOString()}>Checked {timeFormat.format(checkedAt)}</time>
          <Link
            href="/admin/status"
            prefetch={false}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 py-1.5 font-medium text-slate-700 shadow-xs transition-colors hover:border-slate-300 hover:bg-slate-50"
          >
            <RefreshCw className="size-4" />
            Check again
          </Link>
        </div>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6">
        <Suspense fallback={<ServiceStatusSkeleton />}>
          <ServiceStatusCard />
        </Suspense>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <AgencyCard currency={env.AGENCY_CURRENCY} market={env.AGENCY_MARKET} />
          <Suspense fallback={<DatabaseStatusSkeleton />}>
            <DatabaseStatusCard />
          </Suspense>
        </div>
      </div>
    </main>
  );
}
