import { Hono } from "hono";
import { limit, type SandboxEnv } from "../platform/context";
import { envelope } from "../platform/envelope";
import { validationError, type ErrorDetail } from "../platform/errors";
import { queryObject, readJsonBody } from "../platform/validate";
import type { AllServices } from "../services";
import { bookingDetail, loadBooking } from "./detail";
import { emailClient } from "./email";
import { listBookings, parseListQuery } from "./list";
import { assertVoucherState, documentFacts, voucherData } from "./voucher";
import { renderVoucherHtml } from "./voucher-html";

/** Query keys an endpoint accepts; anything else is one `validation_error` detail per key. */
function strictQuery(url: string, known: readonly string[]): Record<string, string> {
  const query = queryObject(url);
  const details: ErrorDetail[] = Object.keys(query)
    .filter((k) => !known.includes(k))
    .map((k) => ({ path: k, message: `Unknown field "${k}".` }));
  if (query.prices !== undefined && known.includes("prices") && !["with", "without", ""].includes(query.prices)) {
    details.push({ path: "prices", message: "Expected with or without." });
  }
  if (details.length) throw validationError(`The request query failed validation (${details.length} problem${details.length === 1 ? "" : "s"}).`, details);
  return query;
}

/** The read side of bookings: list, detail, vouchers, and emailing a voucher to the client. */
export function bookingReadRoutes(services: AllServices): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  // GET /bookings – the agency's bookings, newest first, filtered and paged by cursor
  app.get("/bookings", limit(services, "other.bookings.list"), (c) => {
    const q = parseListQuery(c.req.url);
    return c.json(envelope(listBookings(services, c.var.auth.agency.id, q)));
  });

  // GET /bookings/:bookingId – the booking detail
  app.get("/bookings/:bookingId", limit(services, "other.bookings.detail"), (c) => {
    strictQuery(c.req.url, []);
    const b = loadBooking(services, c.var.auth, c.req.param("bookingId"));
    return c.json(envelope(bookingDetail(b, services.clock.now())));
  });

  // GET /bookings/:bookingId/voucher – voucher data of a hotel booking
  app.get("/bookings/:bookingId/voucher", limit(services, "other.bookings.voucher"), (c) => {
    strictQuery(c.req.url, []);
    const b = loadBooking(services, c.var.auth, c.req.param("bookingId"));
    return c.json(envelope(voucherData(services, b)));
  });

  // GET /bookings/:bookingId/voucher/document – the printable HTML voucher (no envelope)
  app.get("/bookings/:bookingId/voucher/document", limit(services, "other.bookings.voucherDocument"), (c) => {
    const query = strictQuery(c.req.url, ["prices"]);
    const b = loadBooking(services, c.var.auth, c.req.param("bookingId"));
    assertVoucherState(b);
    const html = renderVoucherHtml(b, documentFacts(services, b), { withoutPrices: query.prices === "without" });
    return c.body(html, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  });

  // POST /bookings/:bookingId/email-client – email the voucher to the client (10 per minute)
  app.post("/bookings/:bookingId/email-client", limit(services, "bookings.email"), async (c) => {
    const b = loadBooking(services, c.var.auth, c.req.param("bookingId"));
    const result = emailClient(services, b, await readJsonBody(c.req.raw, { optional: true }));
    return c.json(envelope(result));
  });

  return app;
}
