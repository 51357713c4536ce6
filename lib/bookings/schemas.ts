import { z } from "zod";
import { openEnum } from "@/lib/tds/base";
import { bookingDetailSchema, bookingListRowSchema } from "@/lib/tds/schemas";

// What the desk's own /api/bookings routes answer, for the browser: the service's shapes
// (lib/tds, parsed leniently) plus what the desk's ledger adds, who booked each booking and
// who did what to it since. Importable by client components (no transport, no database).

export const bookedBySchema = z.looseObject({ id: z.string(), name: z.string() }).nullable();
export type BookedBy = z.output<typeof bookedBySchema>;

/** GET /api/bookings: one page of the agency's bookings. */
export const bookingListRowWithBookerSchema = bookingListRowSchema.extend({ bookedBy: bookedBySchema.default(null) });
export type BookingListRowView = z.output<typeof bookingListRowWithBookerSchema>;
export const bookingListResponseSchema = z.looseObject({
  rows: z.array(bookingListRowWithBookerSchema),
  nextCursor: z.string().nullish().transform((c) => c ?? null),
});
export type BookingListResponse = z.output<typeof bookingListResponseSchema>;

/** What the ledger records: the booking itself, and each later step. */
export const HISTORY_ACTIONS = ["booked", "pay", "cancel", "email", "refresh"] as const;
/** `unknown`: the service was asked and did not answer (a retry with the same key settles it). */
export const HISTORY_OUTCOMES = ["pending", "succeeded", "failed", "unknown"] as const;

export const historyEntrySchema = z.looseObject({
  id: z.string(),
  action: openEnum(HISTORY_ACTIONS),
  outcome: openEnum(HISTORY_OUTCOMES),
  /** The booking's state as the service answered the step (booked, pay, cancel, refresh). */
  state: z.string().nullish(),
  errorCode: z.string().nullish(),
  /** What the step asked for and what it got: cancel `{ transferCancelScope, refundStatus }`, email `{ sentTo, cc, pdfAttached, withoutPrices }`. */
  result: z.record(z.string(), z.unknown()).nullish(),
  at: z.string(),
  completedAt: z.string().nullish(),
  by: bookedBySchema,
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** GET /api/bookings/:bookingId: the service's detail, who booked it, and the ledger's history (oldest first). */
export const bookingPageSchema = bookingDetailSchema.extend({
  bookedBy: bookedBySchema.default(null),
  history: z.array(historyEntrySchema).default([]),
});
export type BookingPageData = z.output<typeof bookingPageSchema>;

/**
 * What the list row lacks and the detail holds, kept by the desk once read (GET
 * /api/bookings/summaries?ids=…): the lead guest, the item named for its product (hotel, route,
 * activity, transfer) and the travel dates. Null fields are not in the detail.
 */
export const bookingSummarySchema = z.looseObject({
  productType: z.string(),
  /** "Jamal Seeger". */
  leadGuest: z.string().nullable(),
  /** Number of travellers on the booking. */
  travelers: z.number().int().nullable(),
  /** "The Nomad Sunset Collection", "DXB ⇄ LAX", "Taipei Photography Walk", "Sunan Airport → Wuxi Maple Lodge". */
  item: z.string().nullable(),
  /** YYYY-MM-DD. */
  travelStart: z.string().nullable(),
  travelEnd: z.string().nullable(),
});
export type BookingSummary = z.output<typeof bookingSummarySchema>;
/** Up to this many IDs per summaries call (a page of the list). */
export const SUMMARY_IDS_MAX = 50;
export const bookingSummariesResponseSchema = z.looseObject({
  items: z.record(z.string(), bookingSummarySchema),
  /** IDs the service could not give a detail for right now (try again later; never fatal). */
  missing: z.array(z.string()).default([]),
});
export type BookingSummariesResponse = z.output<typeof bookingSummariesResponseSchema>;
