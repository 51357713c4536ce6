import { bookingStateView } from "@/components/bookings/booking-state";
import type { Tone } from "@/components/ui/status-badge";
import { apiGet } from "@/lib/api-client";
import { bookingListResponseSchema } from "@/lib/bookings/schemas";
import { bookingHref } from "@/lib/bookings/filters";

// The palette's bookings lookup, loaded on the first letter typed rather than with every page
// (the list's schema, its states' words and the fetch helper are only needed once someone looks
// for a booking). It answers rows ready to show, so the palette itself imports none of them.

export type PaletteBooking = {
  id: string;
  orderRef: string;
  productType: string;
  /** The hotel's name, when the booking's first item has one. */
  name: string | null;
  href: string;
  state: { label: string; tone: Tone; live: boolean };
};

/** Up to `limit` bookings of the agency whose order reference or lead traveller matches `q`. */
export async function lookupBookings(q: string, limit: number, signal?: AbortSignal): Promise<PaletteBooking[]> {
  const page = await apiGet("/api/bookings", bookingListResponseSchema, { query: { q, limit }, signal });
  return page.rows.map((r) => {
    const view = bookingStateView(r.state);
    return {
      id: r._id,
      orderRef: r.orderRef,
      productType: r.firstItem.productType,
      name: r.firstItem.hotelName ?? null,
      href: bookingHref(r._id),
      state: { label: view.label, tone: view.tone, live: view.live },
    };
  });
}
