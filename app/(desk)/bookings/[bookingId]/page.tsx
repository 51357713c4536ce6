import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingPage } from "@/components/bookings/booking-page";
import { requireUser } from "@/lib/auth/session";
import { firstRead } from "@/lib/bff/booking-page";
import { bookingsHref, parseBookingFilters } from "@/lib/bookings/filters";

export const metadata: Metadata = { title: "Booking" };
export const dynamic = "force-dynamic";

export default async function BookingRoute({
  params,
  searchParams,
}: {
  params: Promise<{ bookingId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ bookingId }, query] = await Promise.all([params, searchParams]);
  const from = typeof query.from === "string" ? query.from : "";
  const user = await requireUser(`/bookings/${encodeURIComponent(bookingId)}${from ? `?from=${encodeURIComponent(from)}` : ""}`);
  // An ID no booking has answers HTTP 404 with the designed page (./not-found.tsx); a booking read
  // here to find that out goes to the page as it was read, so it is not asked for twice.
  const first = await firstRead(user, bookingId);
  if (first.kind === "missing") notFound();
  // "Back to bookings" returns to the list as it was filtered (only filters the list knows).
  const backHref = bookingsHref(parseBookingFilters(new URLSearchParams(from)));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <BookingPage bookingId={bookingId} me={{ id: user.id, email: user.email, role: user.role }} backHref={backHref} initial={first.kind === "read" ? { booking: first.booking, readAt: first.readAt } : undefined} />
    </main>
  );
}
