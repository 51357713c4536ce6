import type { Metadata } from "next";
import { OutboxMailView } from "@/components/admin/outbox/outbox-mail";
import { requireAdmin } from "@/lib/auth/session";
import { outboxSearch, parseOutboxFilters } from "@/lib/mail/shapes";

export const metadata: Metadata = { title: "Mail · Outbox" };
export const dynamic = "force-dynamic";

export default async function OutboxMailPage({
  params,
  searchParams,
}: {
  params: Promise<{ mailId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ mailId }, query] = await Promise.all([params, searchParams]);
  // The list's filters ride along, so that the way back lands on the same page of the same kind.
  const filters = parseOutboxFilters(query);
  await requireAdmin(`/admin/outbox/${encodeURIComponent(mailId)}${outboxSearch(filters)}`);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <OutboxMailView key={mailId} mailId={mailId} filters={filters} />
    </main>
  );
}
