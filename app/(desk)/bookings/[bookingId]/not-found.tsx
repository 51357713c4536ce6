import { BookingNotFound } from "@/components/bookings/booking-not-found";

/** What notFound() renders for an unknown booking ID, with HTTP 404. */
export default function BookingNotFoundPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <BookingNotFound />
    </main>
  );
}
