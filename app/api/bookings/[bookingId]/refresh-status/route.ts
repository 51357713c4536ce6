// POST /api/bookings/:bookingId/refresh-status – ask the inventory source about a pending booking
import { bookingAction } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "advisor", params: params("bookingId") }, async ({ tds, deps, user, params: { bookingId } }) =>
  ok(
    await bookingAction(await deps.db(), { bookingId, user, action: "refresh", idempotencyKey: null }, () =>
      tds.refreshBookingStatus(bookingId),
    ),
  ),
);
