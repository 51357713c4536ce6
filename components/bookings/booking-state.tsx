import { StatusBadge, type Tone } from "@/components/ui/status-badge";
import { isOneOf } from "@/lib/tds/contract/base";
import { BOOKING_STATES, type KnownBookingState } from "@/lib/tds/contract/base";

// One vocabulary for booking states across the desk (list, booking page, checkout outcome).
// A state the desk does not know (the in-progress cancellation, whose name the specification
// does not give, or one added later) is shown as it comes, in neutral words, read-only.

export type BookingStateView = {
  /** Short, for badges. */
  label: string;
  tone: Tone;
  /** What it means for the advisor, in a sentence. */
  description: string;
  /** Still moving on its own (pending confirmation, an unknown in-progress state): worth following. */
  live: boolean;
  known: boolean;
};

const VIEWS: Record<KnownBookingState, Omit<BookingStateView, "known">> = {
  confirmed: { label: "Confirmed", tone: "ok", description: "Confirmed by the provider and paid from the agency's credit.", live: false },
  held: { label: "Held · not paid", tone: "warning", description: "Reserved, not paid yet: pay it from the agency's credit before the payment deadline or it is released.", live: false },
  supplier_pending: { label: "Pending confirmation", tone: "warning", description: "The provider has not confirmed yet. The desk checks again while this page is open.", live: true },
  failed: { label: "Failed", tone: "error", description: "The provider did not confirm this booking. Nothing more can be done with it.", live: false },
  manual_review: { label: "In review", tone: "warning", description: "The travel service's team is checking this booking by hand; its state changes when they are done.", live: false },
  cancelled: { label: "Cancelled", tone: "neutral", description: "Cancelled. Any refund due is settled by the travel service and the booking then shows as refunded.", live: false },
  refunded: { label: "Refunded", tone: "neutral", description: "Cancelled and refunded to the agency's credit.", live: false },
};

/** "cancellation_pending" → "Cancellation pending". */
export function humanizeState(state: string): string {
  const s = state.replace(/[_-]+/g, " ").trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : "Unknown";
}

export function bookingStateView(state: string): BookingStateView {
  if (isOneOf(BOOKING_STATES, state)) return { ...VIEWS[state], known: true };
  return {
    label: humanizeState(state),
    tone: "neutral",
    description: `The travel service reports this booking as “${humanizeState(state).toLowerCase()}”. The desk offers no action on it until it settles.`,
    live: true,
    known: false,
  };
}

export function BookingStateBadge({ state }: { state: string }) {
  const view = bookingStateView(state);
  return (
    <StatusBadge tone={view.tone} pulse={view.live}>
      {view.label}
    </StatusBadge>
  );
}
