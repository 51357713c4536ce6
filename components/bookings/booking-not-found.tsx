import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

/**
 * A booking ID no booking of the agency has: the designed page the server answers with HTTP 404
 * (app/(desk)/bookings/[bookingId]/not-found.tsx), and what the page says if a later read finds it gone.
 */
export function BookingNotFound({ backHref = "/bookings" }: { backHref?: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-medium text-brand-700">Booking</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">This booking could not be found</h1>
      <Callout title="No booking of the agency has this reference" className="mt-6">
        <p>The link may be wrong, or the booking belongs to another agency. Find it in the bookings list by its order reference or lead guest.</p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href={backHref} className={buttonClasses({ variant: "primary" })}>
          Back to bookings
        </Link>
      </div>
    </div>
  );
}
