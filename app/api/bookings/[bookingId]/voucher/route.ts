// GET /api/bookings/:bookingId/voucher – voucher data (hotel bookings)
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("bookingId"), query: noQuery },
  async ({ tds, params: { bookingId }, signal }) => ok(await tds.voucher(bookingId, { signal })),
);
