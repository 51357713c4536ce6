import type { Metadata } from "next";
import { ClientsList } from "@/components/clients/clients-list";
import { clientsHref, parseClientFilters } from "@/components/clients/filters";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Clients" };
export const dynamic = "force-dynamic";

export default async function ClientsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseClientFilters(await searchParams);
  // Signing in brings the advisor back to this very search.
  const user = await requireUser(clientsHref(filters));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ClientsList initialFilters={filters} admin={user.role === "admin"} />
    </main>
  );
}
