import { bookingRequestSchema, bookingListRequestSchema, createBooking, idempotencyKeyOf, listBookings } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";

export const dynamic = "force-dynamic";

// POST /api/bookings – book a price-checked quote (Idempotency-Key from the form's first submit), recorded in the ledger
export const POST = route({ auth: "advisor", body: bookingRequestSchema }, async ({ req, tds, deps, user, body }) => {
  const idempotencyKey = idempotencyKeyOf(req);
  const { replayed, ...made } = await createBooking({ tds, db: await deps.db() }, user, body, idempotencyKey);
  return ok({ ...made, bookedBy: { id: user.id, name: user.name } }, { status: 201, meta: { replayed } });
});

// GET /api/bookings – the agency's bookings with who booked each (`mine=1`: only the advisor's own; any state the list shows)
export const GET = route({ auth: "advisor", query: bookingListRequestSchema }, async ({ tds, deps, user, query, signal }) => {
  const { scannedPages, scannedRows, ...page } = await listBookings({ tds, db: await deps.db() }, user, query, signal);
  // A page the desk filtered itself says how many of the service's bookings it looked through.
  return ok(page, { meta: scannedPages === undefined ? {} : { scannedPages, scannedRows } });
});
