// POST /api/bookings/:bookingId/email-client – email the voucher to the client (recorded in the ledger)
import * as z from "zod/mini";
import { isOneLine, ONE_LINE_NAME } from "@/lib/agency/profile";
import { bookingAction } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { emailClientRequestSchema, type EmailClientRequest } from "@/lib/tds";

export const dynamic = "force-dynamic";

// The sender name becomes the email's From name: a line break or control character in it is
// refused here, whatever the page checked, as the agency profile's name is.
const emailBody = z.pipe(
  emailClientRequestSchema,
  z.custom<EmailClientRequest>().check(z.refine((b) => b.agencyName === undefined || isOneLine(b.agencyName), { path: ["agencyName"], message: ONE_LINE_NAME })),
);

export const POST = route(
  { auth: "user", params: params("bookingId"), body: emailBody },
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
