// POST /api/bookings/:bookingId/refresh-status – ask the inventory source about a pending booking
import { bookingAction } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { recentDeskCheck } from "@/lib/jobs/pending/follow-ups";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "advisor", params: params("bookingId") }, async ({ tds, deps, user, params: { bookingId } }) => {
  const db = await deps.db();
  // The contract: refresh-status at most every 15 s a booking. When the desk's jobs checked it
  // within that, their answer is this one's (docs/follow-ups.md#spacing); nothing is asked or recorded.
  const desk = await recentDeskCheck(db, bookingId, new Date());
  if (desk) return ok(desk, { meta: { checkedBy: "desk" } });
  return ok(await bookingAction(db, { bookingId, user, action: "refresh", idempotencyKey: null }, () => tds.refreshBookingStatus(bookingId)));
});
