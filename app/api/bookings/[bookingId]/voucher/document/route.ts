// GET /api/bookings/:bookingId/voucher/document – the printable HTML voucher (errors stay JSON envelopes)
import { route } from "@/lib/bff/handler";
import { params, voucherDocumentQuerySchema } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

/** The service's HTML is shown as a document of its own: no scripts, no forms, nothing it can reach. */
const VOUCHER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox allow-modals allow-popups";

export const GET = route(
  { auth: "advisor", params: params("bookingId"), query: voucherDocumentQuerySchema },
  async ({ tds, params: { bookingId }, query, signal }) => {
    const html = await tds.voucherDocument(bookingId, { withoutPrices: query.prices === "without" }, { signal });
    return new Response(html, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": VOUCHER_CSP, "Cache-Control": "private, no-store" },
    });
  },
);
