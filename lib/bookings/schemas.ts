import * as z from "zod/mini";
import { openEnum } from "@/lib/tds/contract/base";
import { bookingDetailSchema, bookingListRowSchema } from "@/lib/tds/contract/schemas";

// What the desk's own /api/bookings routes answer, for the browser: the service's shapes
// (lib/tds, parsed leniently) plus what the desk's ledger adds, who booked each booking and
// who did what to it since. Importable by client components (no transport, no database).

export const bookedBySchema = z.nullable(z.looseObject({ id: z.string(), name: z.string() }));
export type BookedBy = z.output<typeof bookedBySchema>;

/** GET /api/bookings: one page of the agency's bookings. */
export const bookingListRowWithBookerSchema = z.extend(bookingListRowSchema, { bookedBy: z._default(bookedBySchema, null) });
export type BookingListRowView = z.output<typeof bookingListRowWithBookerSchema>;
export const bookingListResponseSchema = z.looseObject({
  rows: z.array(bookingListRowWithBookerSchema),
  nextCursor: z.pipe(z.nullish(z.string()), z.transform((c) => c ?? null)),
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
  state: z.nullish(z.string()),
  errorCode: z.nullish(z.string()),
  /** What the step asked for and what it got: cancel `{ transferCancelScope, refundStatus }`, email `{ sentTo, cc, pdfAttached, withoutPrices }`. */
  result: z.nullish(z.record(z.string(), z.unknown())),
  at: z.string(),
  completedAt: z.nullish(z.string()),
  by: bookedBySchema,
  /** `desk`: a step the desk made by itself ("checked by the desk"), with no person behind it. */
  actor: z.optional(openEnum(["person", "desk"] as const)),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/**
 * The proposal a booking was made from (issue 29, proposal_bookings), with the client price and
 * the agency's cost it was booked at, in minor units of `currency`. Null for any other booking.
 */
export const bookingProposalSchema = z.nullable(
  z.looseObject({
    id: z.string(),
    /** "PR-7KQ2M9". */
    reference: z.string(),
    title: z.string(),
    currency: z.string(),
    clientMinor: z.number(),
    costMinor: z.number(),
    /** clientMinor − costMinor. */
    marginMinor: z.number(),
  }),
);
export type BookingProposal = z.output<typeof bookingProposalSchema>;

/** GET /api/bookings/:bookingId: the service's detail, who booked it, the ledger's history (oldest first), and the proposal it came from. */
export const bookingPageSchema = z.extend(bookingDetailSchema, {
  bookedBy: z._default(bookedBySchema, null),
  history: z._default(z.array(historyEntrySchema), []),
  proposal: z._default(bookingProposalSchema, null),
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
  leadGuest: z.nullable(z.string()),
  /** Number of travellers on the booking. */
  travelers: z.nullable(z.int()),
  /** "The Nomad Sunset Collection", "DXB ⇄ LAX", "Taipei Photography Walk", "Sunan Airport → Wuxi Maple Lodge". */
  item: z.nullable(z.string()),
  /** YYYY-MM-DD. */
  travelStart: z.nullable(z.string()),
  travelEnd: z.nullable(z.string()),
  /**
   * When travel starts, as the item's own field gives it (lib/bookings/summary.ts `travelAt`): a
   * day, a local date-time or an instant; shown with `formatTravelTime`.
   */
  travelAt: z._default(z.nullable(z.string()), null),
});
export type BookingSummary = z.output<typeof bookingSummarySchema>;
/** Up to this many IDs per summaries call (a page of the list). */
export const SUMMARY_IDS_MAX = 50;
export const bookingSummariesResponseSchema = z.looseObject({
  items: z.record(z.string(), bookingSummarySchema),
  /** IDs the service could not give a detail for right now (try again later; never fatal). */
  missing: z._default(z.array(z.string()), []),
});
export type BookingSummariesResponse = z.output<typeof bookingSummariesResponseSchema>;
