// POST /api/bookings/:bookingId/cancel – cancel a confirmed or held booking (Idempotency-Key required)
import { bookingAction, idempotencyKeyOf } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { cancelRequestSchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

export const POST = route(
  { auth: "advisor", params: params("bookingId"), body: cancelRequestSchema },
  async ({ req, tds, deps, user, body, params: { bookingId } }) => {
    const idempotencyKey = idempotencyKeyOf(req);
    const result = await bookingAction(
      await deps.db(),
      {
        bookingId,
        user,
        action: "cancel",
        idempotencyKey,
        request: body.transferCancelScope ? { transferCancelScope: body.transferCancelScope } : {},
        record: (r) => ({ refundStatus: r.refund.status }),
      },
      () => tds.cancelBooking(bookingId, body, { idempotencyKey }),
    );
    return ok(result, { status: 201 });
  },
);
