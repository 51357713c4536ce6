import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { assertSameAgency, limit, requireKeyOwner, type SandboxEnv } from "../platform/context";
import { envelope } from "../platform/envelope";
import { SandboxError, notFound } from "../platform/errors";
import { idempotent, purgeExpiredIdempotency } from "../platform/idempotency";
import { parseWith, readJsonBody } from "../platform/validate";
import type { QuoteLedger } from "../quotes/model";
import type { AllServices } from "../services";
import { bookingRequestSchema, buildBooking, checkAgainstQuote, leadTriggers, newBookingId, newOrderRef } from "./create";
import type { Booking, BookingState } from "./model";
import { awaitSupplier, cancelBooking, chargeBooking, failBooking, isRoundTransfer, payHold, refreshFromSource, withConfirmation } from "./transitions";
import { assertCanCharge } from "./wallet";

const paySchema = z.strictObject({ paymentMethod: z.string().min(1).max(40) });
const cancelSchema = z.strictObject({ transferCancelScope: z.enum(["departure", "return", "whole"]).optional() });
const SLOW_BOOKING_MS = 3_000;
const PURGE_EVERY_MS = 3_600_000;

const summaryOf = (b: Booking) => ({ bookingId: b.id, orderRef: b.orderRef, state: b.state });

/** POST /bookings, /bookings/:id/refresh-status, /pay and /cancel: the write side of bookings. */
export function bookingWriteRoutes(services: AllServices): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const ledger: QuoteLedger = services.quotes;
  const { bookings, agencies, clock } = services;
  /** Quotes whose first booking attempt already failed with `sandbox:internal-error-once` or `sandbox:unavailable-once`. */
  const failedOnce = new Set<string>();
  /** Bookings with a pay or cancel running, and which `<key id>:<Idempotency-Key>` runs it. */
  const inFlight = new Map<string, string>();
  let purgedAt = 0;
  services.onReset.push(() => {
    failedOnce.clear();
    inFlight.clear();
  });

  /** `sandbox:slow-booking`: the source takes 3 s × latency scale (at least 50 ms, so duplicates can overlap). */
  const slowly = (triggers: Iterable<string>) =>
    [...triggers].includes("slow-booking")
      ? new Promise<void>((resolve) => setTimeout(resolve, Math.max(50, SLOW_BOOKING_MS * services.config.latencyScale)))
      : Promise.resolve();

  const load = (c: Context<SandboxEnv>): Booking => {
    const b = bookings.get(c.req.param("bookingId") ?? "");
    if (!b) throw notFound("Booking");
    assertSameAgency(c.var.auth, b.agencyId, "booking");
    return b;
  };

  /**
   * One pay or cancel per booking at a time. Placed before `idempotent` so that the 409 is never
   * stored under the key: a retry with the same key once the other step ends goes through. The
   * same key arriving twice passes here and gets `idempotency_in_progress` from the next layer.
   */
  const exclusive: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const id = c.req.param("bookingId") ?? "";
    const holder = `${c.var.auth.key.id}:${c.req.header("Idempotency-Key")?.trim() ?? ""}`;
    const running = inFlight.get(id);
    if (running === holder) return next();
    if (running !== undefined) {
      throw new SandboxError(409, "payment_operation_in_progress", "Another payment step on this booking is still running; retry once it has finished.");
    }
    inFlight.set(id, holder);
    try {
      await next();
    } finally {
      if (inFlight.get(id) === holder) inFlight.delete(id);
    }
  };

  const uniqueOrderRef = (now: number): string => {
    for (;;) {
      const ref = newOrderRef(now);
      if (!bookings.rows.find((b) => b.orderRef === ref)) return ref;
    }
  };

  // POST /bookings – book a price-checked quote, paid from agency credit (a hotel hold is paid later)
  app.post("/bookings", requireKeyOwner, limit(services, "bookings.create"), idempotent(services), async (c) => {
    const req = parseWith(bookingRequestSchema, await readJsonBody(c.req.raw), "body");
    // The lead's last name, or the search's query, may ask for a booking outcome (docs/sandbox.md).
    const triggers = new Set([...leadTriggers(req), ...ledger.bookingTriggersOf(c.var.auth.agency.id, req.quoteId)]);
    if (req.paymentMethod !== "credit") {
      throw new SandboxError(400, "unsupported_payment_method", `Payment method "${req.paymentMethod}" is not available through the API; send "credit".`, {
        details: [{ path: "paymentMethod", message: 'Only "credit".' }],
      });
    }
    await slowly(triggers);
    // From here on nothing awaits: the checks, the claim and the charge happen in one go.
    const { auth } = c.var;
    const now = clock.now();
    if (now - purgedAt > PURGE_EVERY_MS) {
      purgeExpiredIdempotency(services);
      purgedAt = now;
    }
    const bq = ledger.bookable(auth.agency.id, req.quoteId);
    checkAgainstQuote(req, bq, now);
    const hold = req.hold === true;
    // A hold takes no credit until it is paid, but must be payable from this wallet.
    assertCanCharge(agencies, auth.agency.id, { amountMinor: hold ? 0 : bq.check.sellAmountMinor, currency: bq.check.sellCurrency });
    if (triggers.has("internal-error-once") && !failedOnce.has(req.quoteId)) {
      failedOnce.add(req.quoteId);
      throw new SandboxError(500, "internal_error", "The service failed to handle this request. Try again.");
    }
    if (triggers.has("unavailable-once") && !failedOnce.has(req.quoteId)) {
      failedOnce.add(req.quoteId);
      throw new SandboxError(503, "supplier_unavailable", "The source did not answer in time. Try again.");
    }

    const id = newBookingId();
    ledger.claim(req.quoteId, id);
    let state: BookingState = "confirmed";
    if (triggers.has("booking-failed")) state = "failed";
    else if (triggers.has("manual-review")) state = "manual_review";
    else if (hold) state = "held";
    else if (triggers.has("supplier-pending") || triggers.has("pending-then-failed")) state = "supplier_pending";
    try {
      let b = buildBooking(
        { id, seq: bookings.allocateSeq(), orderRef: uniqueOrderRef(now), agencyId: auth.agency.id, key: auth.key, req, bq, triggers, catalog: services.catalog, now },
        state === "held" ? "held" : "confirmed",
      );
      if (state !== "held") b = chargeBooking(services, b, "Booking charge");
      if (state === "failed") b = failBooking(services, b, "supplier_rejected");
      else if (state === "supplier_pending") b = awaitSupplier(b, now);
      else if (state === "manual_review") b = { ...b, state, lineItems: b.lineItems.map((i) => ({ ...i, state })) };
      else b = withConfirmation(b, now);
      bookings.put(b);
      return c.json(envelope(summaryOf(b)), 201);
    } catch (err) {
      ledger.release(req.quoteId, id);
      throw err;
    }
  });

  // POST /bookings/:bookingId/refresh-status – ask the source about a supplier_pending booking
  app.post("/bookings/:bookingId/refresh-status", limit(services, "other.bookings.refresh"), async (c) => {
    const body = await readJsonBody(c.req.raw, { optional: true });
    if (body !== undefined) parseWith(z.strictObject({}), body, "body");
    const b = load(c);
    const next = refreshFromSource(services, b);
    if (next !== b) bookings.put(next);
    return c.json(envelope(summaryOf(next)));
  });

  // POST /bookings/:bookingId/pay – pay a held booking from credit before its payment deadline
  app.post("/bookings/:bookingId/pay", limit(services, "other.bookings.pay"), exclusive, idempotent(services), async (c) => {
    const body = parseWith(paySchema, await readJsonBody(c.req.raw), "body");
    await slowly(load(c).triggers);
    const paid = bookings.put(payHold(services, load(c), body.paymentMethod));
    return c.json(envelope(summaryOf(paid)));
  });

  // POST /bookings/:bookingId/cancel – cancel a confirmed or held booking (one leg of a round-trip transfer)
  app.post("/bookings/:bookingId/cancel", limit(services, "other.bookings.cancel"), exclusive, idempotent(services), async (c) => {
    const body = parseWith(cancelSchema, (await readJsonBody(c.req.raw, { optional: true })) ?? {}, "body");
    const before = load(c);
    if (body.transferCancelScope !== undefined && !isRoundTransfer(before)) {
      throw new SandboxError(400, "validation_error", "transferCancelScope is only for round-trip transfers booked as one booking.", {
        details: [{ path: "transferCancelScope", message: "Only for round-trip transfer bookings." }],
      });
    }
    await slowly(before.triggers);
    const { booking, refund } = cancelBooking(services, load(c), body.transferCancelScope ?? "whole");
    bookings.put(booking);
    return c.json(envelope({ bookingId: booking.id, state: booking.state, refund }), 201);
  });

  return app;
}
