import { BookingDetailSkeleton } from "@/components/bookings/detail/booking-detail-view";

export default function BookingLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <BookingDetailSkeleton />
    </main>
  );
}
