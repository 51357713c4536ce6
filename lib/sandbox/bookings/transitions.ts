import { randomInt } from "node:crypto";
import { newId, type Agencies } from "../platform/agencies";
import type { VirtualClock } from "../platform/clock";
import { SandboxError } from "../platform/errors";
import { hash32 } from "../platform/random";
import { daysBetween } from "../search/draw";
import type { CancellationPolicy, FlightSummary, TransferSummary } from "../search/types";
import type { Booking, BookingState, LineItem, Payment, ScheduledMove } from "./model";
import { assertCanCharge, charge, credit } from "./wallet";

/** The state machine of a booking after it exists: pay, refresh from the source, cancel, and time-driven moves. */

export type TransitionServices = { agencies: Agencies; clock: VirtualClock };
export type CancelScope = "departure" | "return" | "whole";
export type RefundStatus = "refunded" | "no_refund_due" | "manual_review";

export const SUPPLIER_DECIDES_MS = 2 * 60_000;
export const CANCELLATION_SETTLES_MS = 5 * 60_000;
export const REFUND_SETTLES_MS = 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function randomCode(length: number, alphabet = ALPHANUMERIC): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

const invalidTransition = (message: string) => new SandboxError(409, "booking_invalid_transition", message);

// ---------------------------------------------------------------- cancellation policy

import { cancellationCharge, legPolicy, type Stay } from "./policy";

export { cancellationCharge, holdDeadlines, type Stay } from "./policy";

export function stayOf(b: Booking): Stay {
  const nights = b.productType === "hotel" ? Math.max(1, daysBetween(b.firstItem.checkIn, b.firstItem.checkOut)) : 0;
  return { start: b.firstItem.checkIn, nights };
}

// ---------------------------------------------------------------- line items

type Details = Record<string, unknown>;
export type TransferLeg = {
  leg: "departure" | "return";
  state: "confirmed" | "cancelled";
  pickupAt: string;
  pickupName: string;
  dropoffName: string;
  sell: { amountMinor: number; currency: string };
  supplierConfirmationId: string | null;
  cancelledAt: string | null;
  refund: { status: RefundStatus; amountMinor: number } | null;
};

function mapItem(b: Booking, fn: (item: LineItem) => LineItem): Booking {
  return { ...b, lineItems: b.lineItems.map(fn) };
}

/** The booking in `state`, its line items following it. */
export function withState(b: Booking, state: BookingState, now: number): Booking {
  return mapItem({ ...b, state, updatedAt: iso(now) }, (item) => ({ ...item, state }));
}

/** One e-ticket per passenger: 13 digits, the first three the airline's (derived from its code). */
function tickets(b: Booking, airlinePnr: string): Array<{ name: string; ticketNo: string; airlinePnr: string; type: string }> {
  const airline = String(100 + (hash32((b.summary as FlightSummary).airlineCode) % 900));
  return b.travelers.map((t) => ({ name: `${t.lastName.toUpperCase()}/${t.firstName.toUpperCase()}`, ticketNo: `${airline}${randomCode(10, "0123456789")}`, airlinePnr, type: t.type }));
}

/** What the source hands back when it confirms: its reference, and per product the refs, tickets or vouchers. */
export function withConfirmation(b: Booking, now: number): Booking {
  const ref = b.lineItems[0]?.supplierConfirmationId ?? `${b.productType.slice(0, 3).toUpperCase()}-${randomCode(8)}`;
  let supplierConfirmationId = ref;
  const next = mapItem(b, (item) => {
    const d: Details = { ...item.details };
    switch (b.productType) {
      case "hotel": {
        // A paid hold keeps the references the hotel gave when it was held.
        if (d.hotelConfirmationRef || d.hotelConfirmationRefs) break;
        const rooms = Array.isArray(d.rooms) ? d.rooms.length : 1;
        if (rooms > 1) d.hotelConfirmationRefs = Array.from({ length: rooms }, () => randomCode(9, "0123456789"));
        else d.hotelConfirmationRef = randomCode(9, "0123456789");
        break;
      }
      case "flight": {
        const airlinePnr = randomCode(6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789");
        supplierConfirmationId = airlinePnr;
        d.airlinePnr = airlinePnr;
        d.tickets = tickets(b, airlinePnr);
        d.ticketingStatus = "ticketed";
        break;
      }
      default: {
        const voucher = { voucherRef: `V-${randomCode(10)}`, issuedAt: iso(now), status: "issued", url: null };
        d.supplierVouchers = [voucher];
        if (Array.isArray(d.transferLegs)) {
          d.transferLegs = (d.transferLegs as TransferLeg[]).map((leg) => ({ ...leg, supplierConfirmationId: `${ref}-${leg.leg === "departure" ? "D" : "R"}` }));
        }
      }
    }
    return { ...item, supplierConfirmationId, details: d };
  });
  return { ...next, firstItem: { ...next.firstItem, confirmation: supplierConfirmationId } };
}

function closeItems(b: Booking, status: "voided" | "not_ticketed"): Booking {
  return mapItem(b, (item) => {
    const d: Details = { ...item.details };
    if (b.productType === "flight") d.ticketingStatus = status;
    if (Array.isArray(d.supplierVouchers)) d.supplierVouchers = (d.supplierVouchers as Details[]).map((v) => ({ ...v, status: "cancelled" }));
    return { ...item, details: d };
  });
}

// ---------------------------------------------------------------- payments

function payment(kind: Payment["kind"], amountMinor: number, currency: string, now: number, status: Payment["status"], note: string): Payment {
  return { paymentId: newId("pay"), kind, method: "credit", amountMinor, currency, status, createdAt: iso(now), note };
}

/** Takes the booking's total from the wallet (403/409/402 first) and records the charge. */
export function chargeBooking(s: TransitionServices, b: Booking, note: string): Booking {
  const now = s.clock.now();
  assertCanCharge(s.agencies, b.agencyId, b.totalSell);
  charge(s.agencies, b.agencyId, b.totalSell.amountMinor);
  return {
    ...b,
    walletHeldMinor: b.walletHeldMinor + b.totalSell.amountMinor,
    payments: [...b.payments, payment("charge", b.totalSell.amountMinor, b.totalSell.currency, now, "succeeded", note)],
  };
}

/** Gives `amountMinor` back now, or records it pending (settled later by a scheduled move). */
function refundBooking(s: TransitionServices, b: Booking, amountMinor: number, note: string, pending: boolean): { booking: Booking; paymentId: string } {
  const now = s.clock.now();
  const p = payment("refund", amountMinor, b.totalSell.currency, now, pending ? "pending" : "succeeded", note);
  if (!pending) credit(s.agencies, b.agencyId, amountMinor);
  return {
    booking: { ...b, walletHeldMinor: pending ? b.walletHeldMinor : b.walletHeldMinor - amountMinor, payments: [...b.payments, p] },
    paymentId: p.paymentId,
  };
}

// ---------------------------------------------------------------- supplier outcome

/** A booking the source has not decided yet: refresh-status reads the decision once it is due. */
export function awaitSupplier(b: Booking, now: number): Booking {
  const outcome = b.triggers.includes("pending-then-failed") ? "failed" : "confirmed";
  return { ...withState(b, "supplier_pending", now), supplierPending: { resolveAt: now + SUPPLIER_DECIDES_MS, outcome } };
}

/** The source turned the booking down: nothing stays charged. */
export function failBooking(s: TransitionServices, b: Booking, reason: string): Booking {
  const now = s.clock.now();
  let next = b;
  if (b.walletHeldMinor > 0) next = refundBooking(s, b, b.walletHeldMinor, "Refund: the source did not confirm the booking", false).booking;
  return closeItems({ ...withState(next, "failed", now), failureReason: reason, supplierPending: null, scheduled: [] }, "not_ticketed");
}

// POST /bookings/:id/refresh-status
export function refreshFromSource(s: TransitionServices, b: Booking): Booking {
  const pending = b.supplierPending;
  const now = s.clock.now();
  // The source is busy cancelling: asking it about the booking now is the generic `conflict`.
  if (b.state === "cancellation_pending") {
    throw new SandboxError(409, "conflict", `Booking ${b.orderRef} is being cancelled; read it again once the cancellation has finished.`);
  }
  if (b.state !== "supplier_pending" || !pending || now < pending.resolveAt) return b;
  if (pending.outcome === "failed") return failBooking(s, b, "supplier_rejected");
  return { ...withConfirmation(withState(b, "confirmed", now), now), supplierPending: null };
}

// ---------------------------------------------------------------- pay

// POST /bookings/:id/pay
export function payHold(s: TransitionServices, b: Booking, paymentMethod: string): Booking {
  const now = s.clock.now();
  if (b.held && (b.cancellation?.requestedAt === b.held.paymentDeadline || now >= Date.parse(b.held.paymentDeadline))) {
    throw invalidTransition(`The hold lapsed at its payment deadline ${b.held.paymentDeadline} and was released; book a new quote.`);
  }
  if (b.state !== "held" || !b.held) throw invalidTransition(`Only a held booking can be paid; this booking is ${b.state}.`);
  if (paymentMethod !== "credit") {
    throw new SandboxError(409, "hold_payment_unsupported", `A hold is paid from agency credit only; send paymentMethod "credit" (got "${paymentMethod}").`);
  }
  if (b.triggers.includes("card-auth-pending")) {
    throw new SandboxError(409, "payment_authentication_pending", "A card authentication for this booking was started and never completed; cards are not available through the API.");
  }
  const paid = chargeBooking(s, { ...b, held: null, scheduled: b.scheduled.filter((m) => m.reason !== "hold_lapsed") }, "Payment of the held booking");
  if (b.triggers.includes("supplier-pending") || b.triggers.includes("pending-then-failed")) return awaitSupplier(paid, now);
  // A hold already has its hotel references; paying confirms it without new ones.
  return withState(paid, "confirmed", now);
}

// ---------------------------------------------------------------- cancel

export type CancelOutcome = { booking: Booking; refund: { status: RefundStatus; amountMinor: number; currency: string } };

export function isRoundTransfer(b: Booking): boolean {
  return b.productType === "transfer" && (b.summary as TransferSummary).tripType === "round";
}

function legsOf(b: Booking): TransferLeg[] {
  const legs = b.lineItems[0]?.details.transferLegs;
  return Array.isArray(legs) ? (legs as TransferLeg[]) : [];
}

function withLegs(b: Booking, legs: TransferLeg[]): Booking {
  return mapItem(b, (item) => ({ ...item, details: { ...item.details, transferLegs: legs } }));
}

export type CancelPart = { leg: TransferLeg["leg"] | null; amountMinor: number; chargeMinor: number; due: number };

/**
 * What cancelling `scope` at `now` costs and gives back, part by part (docs/sandbox.md
 * "Cancellation and refunds"): the booking whole, or each live leg of a round-trip transfer
 * that `scope` names. A leg is priced as its own share of every amount, and the return's
 * deadlines move with it by the time between the two pickups. Empty when those legs are cancelled.
 */
export function cancellationParts(b: Booking, now: number, scope: CancelScope = "whole"): CancelPart[] {
  const total = b.totalSell.amountMinor;
  const legs = legsOf(b);
  const part = (leg: CancelPart["leg"], amountMinor: number, policy: CancellationPolicy, stay: Stay): CancelPart => {
    const chargeMinor = cancellationCharge(policy, now, amountMinor, stay);
    return { leg, amountMinor, chargeMinor, due: amountMinor - chargeMinor };
  };
  if (!isRoundTransfer(b) || legs.length !== 2) return [part(null, total, b.cancellationPolicy, stayOf(b))];
  const departure = legs.find((l) => l.leg === "departure");
  const gap = departure ? Date.parse(legs.find((l) => l.leg === "return")?.pickupAt ?? "") - Date.parse(departure.pickupAt) : 0;
  return legs
    .filter((l) => l.state === "confirmed" && (scope === "whole" || l.leg === scope))
    .map((l) => {
      const shift = l.leg === "return" && Number.isFinite(gap) ? gap : 0;
      return part(l.leg, l.sell.amountMinor, legPolicy(b.cancellationPolicy, l.sell.amountMinor, total, shift), { start: l.pickupAt.slice(0, 10), nights: 0 });
    });
}

// POST /bookings/:id/cancel
export function cancelBooking(s: TransitionServices, b: Booking, scope: CancelScope): CancelOutcome {
  const now = s.clock.now();
  const currency = b.totalSell.currency;
  if (b.state !== "confirmed" && b.state !== "held") {
    throw invalidTransition(`Only confirmed or held bookings can be cancelled; this booking is ${b.state}.`);
  }
  const t = new Set(b.triggers);
  const pendingState = t.has("cancel-pending");
  const settles = (to: BookingState): ScheduledMove => ({ at: now + CANCELLATION_SETTLES_MS, to, reason: "cancellation_settles" });
  let next: Booking = { ...b, scheduled: b.scheduled.filter((m) => m.reason !== "hold_lapsed") };

  if (b.state === "held") {
    // Nothing was charged for a hold: cancelling releases it.
    next = { ...next, cancellation: { requestedAt: iso(now), scope: "whole", refundStatus: "no_refund_due", refundAmountMinor: 0 } };
    next = withState(next, pendingState ? "cancellation_pending" : "cancelled", now);
    if (pendingState) next = { ...next, scheduled: [...next.scheduled, settles("cancelled")] };
    return { booking: next, refund: { status: "no_refund_due", amountMinor: 0, currency } };
  }

  let legs = legsOf(b);
  const round = isRoundTransfer(b) && legs.length === 2;
  const parts = cancellationParts(b, now, scope);
  if (parts.length === 0) throw invalidTransition(`The ${scope} leg of this transfer is already cancelled.`);
  const refundMinor = Math.max(0, Math.min(b.walletHeldMinor, parts.reduce((sum, p) => sum + p.due, 0)));
  const status: RefundStatus = t.has("refund-review") ? "manual_review" : refundMinor > 0 ? "refunded" : "no_refund_due";
  const given = status === "refunded" ? refundMinor : 0;

  if (round) {
    legs = legs.map((l) => {
      const part = parts.find((p) => p.leg === l.leg);
      if (!part) return l;
      const legStatus: RefundStatus = status === "refunded" && part.due <= 0 ? "no_refund_due" : status;
      return { ...l, state: "cancelled", cancelledAt: iso(now), refund: { status: legStatus, amountMinor: legStatus === "refunded" ? part.due : 0 } };
    });
    next = withLegs(next, legs);
    if (legs.some((l) => l.state !== "cancelled")) {
      // One leg of a round trip: the booking stays confirmed and the leg's refund settles at once.
      if (given > 0) next = refundBooking(s, next, given, `Refund of the ${scope} leg`, false).booking;
      return { booking: { ...next, updatedAt: iso(now) }, refund: { status, amountMinor: given, currency } };
    }
  }

  next = closeItems(next, "voided");
  next = { ...next, cancellation: { requestedAt: iso(now), scope, refundStatus: status, refundAmountMinor: given } };
  if (given === 0) {
    // Nothing to give back now (or a person decides on it): the booking is cancelled.
    next = withState(next, pendingState ? "cancellation_pending" : "cancelled", now);
    if (pendingState) next = { ...next, scheduled: [...next.scheduled, settles("cancelled")] };
    return { booking: next, refund: { status, amountMinor: 0, currency } };
  }
  const later = t.has("refund-later");
  if (!pendingState && !later) {
    next = refundBooking(s, next, given, "Refund on cancellation", false).booking;
    return { booking: withState(next, "refunded", now), refund: { status, amountMinor: given, currency } };
  }
  const pending = refundBooking(s, next, given, "Refund on cancellation", true);
  const refundMove = (at: number): ScheduledMove => ({ at, to: "refunded", refund: true, refundMinor: given, paymentId: pending.paymentId, reason: "refund_settles" });
  const moves: ScheduledMove[] = !later
    ? [{ ...refundMove(now + CANCELLATION_SETTLES_MS), reason: "cancellation_settles" }]
    : pendingState
      ? [settles("cancelled"), refundMove(now + CANCELLATION_SETTLES_MS + REFUND_SETTLES_MS)]
      : [refundMove(now + REFUND_SETTLES_MS)];
  next = withState(pending.booking, pendingState ? "cancellation_pending" : "cancelled", now);
  return { booking: { ...next, scheduled: [...next.scheduled, ...moves] }, refund: { status, amountMinor: given, currency } };
}

// ---------------------------------------------------------------- holds

export function lapseMove(paymentDeadline: string): ScheduledMove {
  return { at: Date.parse(paymentDeadline), to: "cancelled", reason: "hold_lapsed" };
}

// ---------------------------------------------------------------- time-driven moves

/** Applies one due move, as of its own time; a hold lapse only applies to a booking still held. */
export function applyMove(s: TransitionServices, b: Booking, move: ScheduledMove): Booking {
  let next: Booking = { ...b, scheduled: b.scheduled.filter((m) => m !== move) };
  if (move.reason === "hold_lapsed") {
    if (b.state !== "held") return next;
    next = { ...next, cancellation: { requestedAt: iso(move.at), scope: "whole", refundStatus: "no_refund_due", refundAmountMinor: 0 } };
    // A hold charges nothing, but give back anything held, whatever happened before.
    if (next.walletHeldMinor > 0) next = refundBooking(s, next, next.walletHeldMinor, "Release of the lapsed hold", false).booking;
    return withState(next, "cancelled", move.at);
  }
  if (move.refund && move.refundMinor) {
    credit(s.agencies, b.agencyId, move.refundMinor);
    next = {
      ...next,
      walletHeldMinor: Math.max(0, next.walletHeldMinor - move.refundMinor),
      payments: next.payments.map((p) => (p.paymentId === move.paymentId ? { ...p, status: "succeeded" } : p)),
    };
  }
  return withState(next, move.to, move.at);
}
