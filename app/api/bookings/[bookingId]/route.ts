// GET /api/bookings/:bookingId – the booking's detail and who booked it
import { bookedByOne } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "user", params: params("bookingId"), query: noQuery },
  async ({ tds, deps, params: { bookingId }, signal }) => {
    const detail = await tds.getBooking(bookingId, { signal });
    return ok({ ...detail, bookedBy: await bookedByOne(await deps.db(), bookingId) });
  },
);
