import * as z from "zod/mini";
import { travelMoment } from "@/lib/format/dates";
import { chosenProposalAnswerSchema } from "@/lib/proposals/model";

// What needs attention, and why: deadlines that cost the agency money when they slip by. The
// server picks the candidates from what the desk has learned of each booking (booking_facts and
// the ledger); this decides, for a moment `now`, which reasons hold, their deadlines, and the
// order (nearest deadline first). Shared by the BFF and the page, so both say the same.

/** A hold is flagged this long before its payment deadline. */
export const HOLD_WINDOW_MS = 48 * 3600_000;
/** Free cancellation is flagged this long before it ends. */
export const FREE_CANCEL_WINDOW_MS = 72 * 3600_000;
/** Travel this close with no voucher sent to the client is flagged. */
export const TRAVEL_WINDOW_DAYS = 7;
/** Failed bookings stay on the list this long after they were made. */
export const FAILED_RECENT_DAYS = 14;

export const ATTENTION_REASONS = ["hold_deadline", "free_cancel_ends", "pending", "failed", "manual_review", "voucher_not_sent"] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const attentionFactSchema = z.looseObject({
  bookingId: z.string(),
  orderRef: z.string(),
  productType: z.string(),
  state: z.string(),
  leadGuest: z.nullable(z.string()),
  item: z.nullable(z.string()),
  travelStart: z.nullable(z.string()),
  /** When travel starts, as the item's own field says it (lib/bookings/summary.ts `travelAtOf`); null until a detail is read. */
  travelAt: z._default(z.nullable(z.string()), null),
  totalSellMinor: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  paymentDeadline: z.nullable(z.string()),
  freeCancelUntil: z.nullable(z.string()),
  createdAt: z.nullable(z.string()),
  voucherSentAt: z.nullable(z.string()),
  bookedBy: z.nullable(z.looseObject({ id: z.string(), name: z.string() })),
  checkedAt: z.string(),
});
export type AttentionFact = z.output<typeof attentionFactSchema>;

export type AttentionFlag = { reason: AttentionReason; deadline: string | null };
export type AttentionItem = AttentionFact & { flags: AttentionFlag[]; deadline: string | null };

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
const DAY_MS = 86_400_000;
/** The first moment of a travel day (UTC), the latest a voucher can reach the client. */
const dayStart = (isoDay: string) => `${isoDay.slice(0, 10)}T00:00:00.000Z`;

/**
 * When a booking's travel starts, to sort by: from its own travel field when the desk has read it
 * (a transfer's pickup, a flight's departure), otherwise the start of its travel day.
 */
export function travelDeadline(f: Pick<AttentionFact, "travelAt" | "travelStart">): string | null {
  const moment = travelMoment(f.travelAt);
  if (moment && !Number.isNaN(moment.at)) return new Date(moment.at).toISOString();
  return f.travelStart ? dayStart(f.travelStart) : null;
}

/** The reasons this booking needs attention at `now`, each with its deadline. */
export function attentionFlags(f: AttentionFact, now: Date): AttentionFlag[] {
  const t = now.getTime();
  const flags: AttentionFlag[] = [];
  const pay = ms(f.paymentDeadline);
  if (f.state === "held" && pay > t && pay - t <= HOLD_WINDOW_MS) flags.push({ reason: "hold_deadline", deadline: f.paymentDeadline });
  const free = ms(f.freeCancelUntil);
  if ((f.state === "confirmed" || f.state === "held") && free > t && free - t <= FREE_CANCEL_WINDOW_MS) flags.push({ reason: "free_cancel_ends", deadline: f.freeCancelUntil });
  const travel = f.travelStart ? ms(dayStart(f.travelStart)) : Number.NaN;
  if (f.state === "supplier_pending") flags.push({ reason: "pending", deadline: travelDeadline(f) });
  if (f.state === "failed" && (Number.isNaN(ms(f.createdAt)) || t - ms(f.createdAt) <= FAILED_RECENT_DAYS * DAY_MS)) flags.push({ reason: "failed", deadline: null });
  if (f.state === "manual_review") flags.push({ reason: "manual_review", deadline: null });
  if (f.state === "confirmed" && !f.voucherSentAt && travel + DAY_MS > t && travel - t <= TRAVEL_WINDOW_DAYS * DAY_MS) {
    flags.push({ reason: "voucher_not_sent", deadline: travelDeadline(f) });
  }
  return flags.sort((a, b) => (ms(a.deadline) || Infinity) - (ms(b.deadline) || Infinity));
}

/** The bookings that need attention, nearest deadline first; those without one after, newest first. */
export function attentionItems(facts: readonly AttentionFact[], now: Date): AttentionItem[] {
  const items: AttentionItem[] = [];
  for (const f of facts) {
    const flags = attentionFlags(f, now);
    if (flags.length === 0) continue;
    const dated = flags.map((x) => x.deadline).filter((d): d is string => d !== null);
    items.push({ ...f, flags, deadline: dated.sort((a, b) => ms(a) - ms(b))[0] ?? null });
  }
  return items.sort((a, b) => {
    if (a.deadline && b.deadline) return ms(a.deadline) - ms(b.deadline);
    if (a.deadline) return -1;
    if (b.deadline) return 1;
    return (ms(b.createdAt) || 0) - (ms(a.createdAt) || 0);
  });
}

export const attentionResponseSchema = z.looseObject({
  items: z.array(z.extend(attentionFactSchema, { flags: z.array(z.looseObject({ reason: z.string(), deadline: z.nullable(z.string()) })), deadline: z.nullable(z.string()) })),
  /** When the desk last finished checking the agency's bookings with the service (null: never yet). */
  checkedAt: z.nullable(z.string()),
  /** A check is running now. */
  checking: z.boolean(),
  total: z.number(),
  /** Proposals whose client chose and that are not booked yet (issue 29), the latest choice first. */
  proposals: z.array(chosenProposalAnswerSchema),
});
export type AttentionResponse = z.output<typeof attentionResponseSchema>;

/** What each reason says to the advisor, and the action it offers. */
export const REASON_VIEW: Record<AttentionReason, { label: string; action: "pay" | "cancel" | "refresh" | "email" | "open" }> = {
  hold_deadline: { label: "Hold not paid", action: "pay" },
  free_cancel_ends: { label: "Free cancellation ends soon", action: "cancel" },
  pending: { label: "Waiting for the supplier", action: "refresh" },
  failed: { label: "Booking failed", action: "open" },
  manual_review: { label: "In manual review", action: "open" },
  voucher_not_sent: { label: "Travels soon, no voucher sent", action: "email" },
};
