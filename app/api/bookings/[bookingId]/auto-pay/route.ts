// GET, PUT /api/bookings/:bookingId/auto-pay – whether the desk pays this hold by itself 2 h before its payment deadline (admins only; docs/follow-ups.md, job 2)
import { z } from "zod";
import { readBooking } from "@/lib/bff/bookings";
import { bffError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { autoPayAnswer } from "@/lib/jobs/holds/answer";
import { setAutoPay } from "@/lib/jobs/holds/auto-pay";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", params: params("bookingId"), query: noQuery }, async ({ deps, params: { bookingId } }) =>
  ok(await autoPayAnswer(await deps.db(), bookingId)),
);

const autoPayBody = z.strictObject({ on: z.boolean({ error: "Say whether the desk should pay this hold by itself (on: true or false)." }) });

export const PUT = route({ auth: "admin", params: params("bookingId"), body: autoPayBody }, async ({ tds, deps, user, body, params: { bookingId }, signal }) => {
  const db = await deps.db();
  const now = new Date();
  if (body.on) {
    // Read now (the admin's request, in their lane): the desk's facts of it are brought up to date too.
    const booking = await readBooking({ tds, db }, bookingId, signal);
    const deadline = Date.parse(booking.order.held?.paymentDeadline ?? "");
    if (booking.order.state !== "held" || Number.isNaN(deadline) || deadline <= now.getTime()) throw bffError("not_held");
  }
  await setAutoPay(db, bookingId, body.on, user.id, now);
  return ok(await autoPayAnswer(db, bookingId));
});
