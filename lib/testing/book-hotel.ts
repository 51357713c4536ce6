import { randomUUID } from "node:crypto";
import * as bookingsRoute from "@/app/api/bookings/route";
import * as priceCheck from "@/app/api/quotes/[quoteId]/price-check/route";
import * as results from "@/app/api/search/[searchId]/results/route";
import * as search from "@/app/api/search/route";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import { hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "./bff";

// Test helper: a hotel booked through the desk's routes by the kit's current person (search,
// price-check, book), with the search's query (sandbox triggers) and travellers the test chooses.

export type Booked = { bookingId: string; orderRef: string; state: string };

export async function bookHotelThroughDesk(
  kit: BffTestKit,
  opts: { query?: string; travelers?: unknown[]; checkIn?: number } = {},
): Promise<Booked> {
  const body = hotelSearchBody(kit.day, {
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.checkIn !== undefined ? { checkIn: kit.day(opts.checkIn), checkOut: kit.day(opts.checkIn + 2) } : {}),
  });
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body });
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
  for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    if (check.status !== 200) continue;
    const c = check.body.data as PriceCheck;
    const res = await kit.call(bookingsRoute.POST, "/api/bookings", {
      method: "POST",
      headers: { "idempotency-key": randomUUID() },
      body: {
        quoteId: row.rateQuoteId,
        searchId,
        productType: "hotel",
        travelers: opts.travelers ?? hotelTravelers(),
        paymentMethod: "credit",
        ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
      },
    });
    if (res.status !== 201) throw new Error(`booking refused: ${res.text}`);
    return res.body.data as Booked;
  }
  throw new Error("nothing bookable");
}
