import type { Metadata } from "next";
import { BookingsDesk } from "@/components/bookings/list/bookings-desk";
import { requireUser } from "@/lib/auth/session";
import { bookingFiltersToSearchParams, parseBookingFilters } from "@/lib/bookings/filters";

export const metadata: Metadata = { title: "Bookings" };
export const dynamic = "force-dynamic";

export default async function BookingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseBookingFilters(await searchParams);
  const query = bookingFiltersToSearchParams(filters).toString();
  // Signing in brings the advisor back to this very list.
  const user = await requireUser(query ? `/bookings?${query}` : "/bookings");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <BookingsDesk initialFilters={filters} me={{ id: user.id, name: user.name }} />
    </main>
  );
}
