// POST /api/bookings/:bookingId/pay – pay a held booking from the agency's credit (Idempotency-Key required)
import { bookingAction, idempotencyKeyOf } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "advisor", params: params("bookingId") }, async ({ req, tds, deps, user, params: { bookingId } }) => {
  const idempotencyKey = idempotencyKeyOf(req);
  return ok(
    await bookingAction(await deps.db(), { bookingId, user, action: "pay", idempotencyKey }, () =>
      tds.payBooking(bookingId, { idempotencyKey }),
    ),
  );
});
