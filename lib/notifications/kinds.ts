import type { NotificationKind } from "./store";

export type { NotificationKind };

// The words for each kind of notification, and which come by email unless a person chooses
// otherwise (issue 30). Browser-safe: the settings page and the bell's panel import it; the kinds
// themselves are the store's (a type-only import, so a new kind without words fails to compile).

export type KindWords = { label: string; hint: string };

export const KIND_WORDS: Record<NotificationKind, KindWords> = {
  morning_digest: { label: "Morning digest", hint: "What needs you today, each morning." },
  hold_deadline_near: { label: "Hold payment deadline near", hint: "A hold you booked must be paid within a day, then within two hours." },
  hold_auto_pay_failed: { label: "Automatic payment failed", hint: "The desk could not pay a hold by itself; pay it before the deadline." },
  voucher_failed: { label: "Voucher not sent", hint: "The desk could not email a voucher to the traveller before the trip." },
  booking_state_changed: { label: "Booking settled", hint: "A booking waiting for the supplier is confirmed, failed or cancelled." },
  hold_lapsed: { label: "Hold lapsed", hint: "A hold passed its payment deadline unpaid." },
  hold_paid_automatically: { label: "Hold paid automatically", hint: "The desk paid a hold by itself before its deadline." },
  free_cancellation_ending: { label: "Free cancellation ending", hint: "A booking can be cancelled free of charge for three days, then one day more." },
  voucher_sent: { label: "Voucher sent", hint: "The desk emailed a voucher to the traveller before the trip." },
  test: { label: "Test notification", hint: "One you sent yourself to see the bell at work." },
};

/** Every kind a person may have by email, in the order the settings page lists them (a test comes to the bell only). */
export const NOTIFICATION_KIND_LIST = (Object.keys(KIND_WORDS) as NotificationKind[]).filter((k) => k !== "test");

/** What comes by email to a person who has not chosen (the rest is in the desk only): what costs money or a client if missed. */
export const DEFAULT_EMAIL_KINDS: readonly NotificationKind[] = ["morning_digest", "hold_deadline_near", "hold_auto_pay_failed", "voucher_failed"];

export const isNotificationKind = (k: unknown): k is NotificationKind => typeof k === "string" && Object.hasOwn(KIND_WORDS, k);
