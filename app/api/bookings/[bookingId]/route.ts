// GET /api/bookings/:bookingId – the booking's detail, who booked it and the desk's history of it
import { readBooking } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("bookingId"), query: noQuery },
  async ({ tds, deps, params: { bookingId }, signal }) => ok(await readBooking({ tds, db: await deps.db() }, bookingId, signal)),
);
