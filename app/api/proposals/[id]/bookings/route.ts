import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { proposalBookingSchema } from "@/lib/proposals/model";
import { recordProposalBooking } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// POST /api/proposals/:id/bookings – record a booking made from one of its items (the proposal is then booked)
export const POST = route({ auth: "advisor", query: noQuery, params: params("id"), body: proposalBookingSchema }, async ({ deps, user, body, params: { id } }) =>
  ok(await recordProposalBooking(await deps.db(), user, id, body), { status: 201 }),
);
