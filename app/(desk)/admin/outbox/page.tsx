import type { Metadata } from "next";
import { OutboxAdmin } from "@/components/admin/outbox/outbox-admin";
import { requireAdmin } from "@/lib/auth/session";
import { outboxSearch, parseOutboxFilters } from "@/lib/mail/shapes";

export const metadata: Metadata = { title: "Outbox" };
export const dynamic = "force-dynamic";

export default async function OutboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseOutboxFilters(await searchParams);
  await requireAdmin(`/admin/outbox${outboxSearch(filters)}`);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <OutboxAdmin filters={filters} />
    </main>
  );
}
