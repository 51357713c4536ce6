// POST /api/bookings/:bookingId/email-client – email the voucher to the client (recorded in the ledger)
import { bookingAction } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { emailClientRequestSchema } from "@/lib/tds/contract";

export const dynamic = "force-dynamic";

// The sender name becomes the email's From name: the schema keeps it on one line (lib/tds/contract/one-line.ts).
export const POST = route(
  { auth: "advisor", params: params("bookingId"), body: emailClientRequestSchema },
  async ({ tds, deps, user, body, params: { bookingId } }) =>
    ok(
      await bookingAction(
        await deps.db(),
        {
          bookingId,
          user,
          action: "email",
          idempotencyKey: null,
          request: { withoutPrices: body.withoutPrices ?? false },
          record: (r) => ({ sentTo: r.sentTo, cc: r.cc, pdfAttached: r.pdfAttached }),
        },
        () => tds.emailClient(bookingId, body),
      ),
    ),
);
