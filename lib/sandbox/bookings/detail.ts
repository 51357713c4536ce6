import { assertSameAgency, type AuthContext } from "../platform/context";
import { notFound } from "../platform/errors";
import type { AllServices } from "../services";
import type { CancellationPolicy } from "../search/types";
import type { Booking, LineItem, Money, Payment, Traveler } from "./model";
import { cancellationParts } from "./transitions";

const LIVE = new Set<string>(["confirmed", "held", "supplier_pending", "manual_review"]);

export type BookingDetail = {
  order: {
    orderRef: string;
    state: string;
    travelers: Traveler[];
    paymentMethod: "credit";
    totalSell: Money;
    agencyCommission: Booking["agencyCommission"];
    held?: { paymentDeadline: string; cancellationDeadline: string };
    failureReason?: string;
  };
  lineItems: Array<Pick<LineItem, "productType" | "state" | "supplierConfirmationId" | "sell" | "details">>;
  bookedHotel: Booking["bookedHotel"];
  cancellationPolicy: CancellationPolicy;
  importantInformation: Record<string, unknown>;
  priceSummary: Record<string, unknown>;
  payments: Payment[];
  earnings: Record<string, unknown>;
};

/** The caller's booking, settled: 404 `not_found`, or 403 `forbidden` when another agency's. */
export function loadBooking(services: AllServices, auth: AuthContext, id: string): Booking {
  const b = services.bookings.get(id);
  if (!b) throw notFound("Booking");
  assertSameAgency(auth, b.agencyId, "booking");
  return b;
}

/**
 * `currentRefundability` as of now on the virtual clock (the stored policy dates from the search),
 * by what cancelling what is still live would cost now (cancellationParts: the booking, or the
 * live legs of a round trip); only for bookings still live, and only once something is due.
 */
export function policyNow(b: Booking, now: number): CancellationPolicy {
  const { currentRefundability: stored, ...policy } = b.cancellationPolicy;
  if (!policy.refundable || !LIVE.has(b.state)) return b.cancellationPolicy;
  const parts = cancellationParts({ ...b, cancellationPolicy: policy }, now);
  const due = parts.reduce((s, p) => s + p.chargeMinor, 0);
  if (due === 0) return stored === undefined ? b.cancellationPolicy : policy;
  return { ...policy, currentRefundability: due >= parts.reduce((s, p) => s + p.amountMinor, 0) ? "non_refundable" : "partially_refundable" };
}

// GET /bookings/:bookingId
export function bookingDetail(b: Booking, now: number): BookingDetail {
  const order: BookingDetail["order"] = {
    orderRef: b.orderRef,
    state: b.state,
    travelers: b.travelers,
    paymentMethod: b.paymentMethod,
    totalSell: b.totalSell,
    agencyCommission: b.agencyCommission,
  };
  if (b.state === "held" && b.held) order.held = { paymentDeadline: b.held.paymentDeadline, cancellationDeadline: b.held.cancellationDeadline };
  if (b.state === "failed" && b.failureReason) order.failureReason = b.failureReason;
  return {
    order,
    lineItems: b.lineItems.map((li) => ({
      productType: li.productType,
      state: li.state,
      supplierConfirmationId: li.supplierConfirmationId,
      sell: li.sell,
      details: li.details,
    })),
    bookedHotel: b.productType === "hotel" ? b.bookedHotel : null,
    cancellationPolicy: policyNow(b, now),
    importantInformation: b.importantInformation,
    priceSummary: b.priceSummary,
    payments: b.payments,
    earnings: b.earnings,
  };
}
