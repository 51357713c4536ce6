import type { CancellationPolicy, ProductType, Summary } from "../search/types";

/**
 * A booking as the sandbox stores it (collection `bookings`, journaled, survives restarts).
 * `state` is the stored state; time-driven moves (a pending booking resolving, a refund
 * settling, a cancellation finishing) are applied by `settle` in lifecycle.ts before anyone reads it.
 */
export type BookingState =
  | "confirmed"
  | "supplier_pending"
  | "held"
  | "failed"
  | "manual_review"
  /** The in-progress state of a cancellation (contract-decisions §4); clients must not depend on the name. */
  | "cancellation_pending"
  | "cancelled"
  | "refunded";

export type Money = { amountMinor: number; currency: string };

/** contract-decisions §3. */
export type Traveler = {
  roomIndex?: number;
  type: "adult" | "child";
  age?: number;
  title?: "Mr" | "Mrs" | "Ms" | "Miss" | "Master" | "Dr";
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  dateOfBirth?: string;
  gender?: "male" | "female";
  passportNumber?: string;
  passportExpiry?: string;
  nationality?: string;
  carrierName?: string;
  flightNumber?: string;
};

export type LineItem = {
  productType: ProductType;
  state: BookingState;
  supplierConfirmationId: string | null;
  sell: Money;
  details: Record<string, unknown>;
};

export type Payment = {
  paymentId: string;
  kind: "charge" | "refund";
  method: "credit";
  amountMinor: number;
  currency: string;
  status: "succeeded" | "pending";
  createdAt: string;
  /** What it was for, for people ("Booking charge", "Refund of the return leg", …). */
  note?: string;
};

export type Booking = {
  id: string;
  orderRef: string;
  agencyId: string;
  /** The API key used, and the user it is attributed to (the key's creator). */
  keyId: string;
  attributedTo: string;
  createdAt: string;
  updatedAt: string;
  state: BookingState;
  productType: ProductType;
  quoteId: string;
  searchId: string;
  supplier: string;
  canonicalProductId: string;
  /** The search row's summary as booked (hotel name, room, board, flight slices, …). */
  summary: Summary;
  travelers: Traveler[];
  paymentMethod: "credit";
  totalSell: Money;
  agencyCommission: { percent: number; amountMinor: number; currency: string } | null;
  held: { paymentDeadline: string; cancellationDeadline: string } | null;
  failureReason: string | null;
  lineItems: LineItem[];
  bookedHotel: { name: string; address: string; city: string; country: string; countryCode: string; starRating: number; canonicalId: string } | null;
  cancellationPolicy: CancellationPolicy;
  importantInformation: Record<string, unknown>;
  priceSummary: Record<string, unknown>;
  payments: Payment[];
  earnings: Record<string, unknown>;
  /** For the list: first item and its dates (YYYY-MM-DD; non-hotel products use their service dates). */
  firstItem: { productType: ProductType; hotelName: string | null; checkIn: string; checkOut: string; confirmation: string | null };
  leadGuest: string;
  hotelPreferences: Record<string, unknown> | null;
  bookingAnswers: Record<string, unknown> | null;
  /** Booking triggers (platform/triggers.ts) of the lead traveller's name. */
  triggers: string[];
  /** Time-driven moves still to come, applied by lifecycle.ts `settle` once the virtual clock passes `at`. */
  scheduled: ScheduledMove[];
  /** Credit taken from the wallet and not yet given back, in the wallet's currency. */
  walletHeldMinor: number;
  cancellation: { requestedAt: string; scope: "departure" | "return" | "whole"; refundStatus: "refunded" | "no_refund_due" | "manual_review"; refundAmountMinor: number } | null;
  /** Monotonic sequence: the order of creation, for cursors. */
  seq: number;
  /** While `supplier_pending`: when the source has decided, and what (refresh-status reads it). */
  supplierPending?: { resolveAt: number; outcome: "confirmed" | "failed" } | null;
  /** Indian PAN given for an activity that requires it (upper case). */
  panNumber?: string | null;
};

/**
 * A time-driven move. `refund: true` gives `refundMinor` back to the wallet when it happens and
 * marks the pending refund payment `paymentId` succeeded.
 */
export type ScheduledMove = {
  at: number;
  to: BookingState;
  refund?: boolean;
  refundMinor?: number;
  paymentId?: string;
  /** `hold_lapsed`: applies only while the booking is still held. */
  reason?: "hold_lapsed" | "cancellation_settles" | "refund_settles";
};
