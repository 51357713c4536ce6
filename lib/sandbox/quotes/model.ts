import type { CancellationPolicy, ProductType, ResultRow } from "../search/types";
import type { QuoteRecord } from "../search/engine";
import type { TriggerName } from "../platform/triggers";

/** contract-decisions §1 `requirements`. */
export type BookingQuestion = {
  code: string;
  label: string;
  required: boolean;
  perTraveler: boolean;
  type: "text" | "number" | "date" | "select" | "boolean";
  options: string[] | null;
  maxLength: number | null;
};

export type Requirements = {
  leadContact: boolean;
  title: "none" | "lead" | "all";
  travelDocuments: boolean;
  flightDetails: boolean;
  panRequired: boolean;
  bookingQuestions: BookingQuestion[];
};

export type PriceChange = {
  kind: "price" | "cancellation_policy" | "board_basis" | "other";
  message: string;
  before: unknown;
  after: unknown;
};

/** contract-decisions §1 response `data`. */
export type PriceCheckResult = {
  quoteId: string;
  status: "unchanged" | "changed";
  sellAmountMinor: number;
  sellCurrency: string;
  previousSellAmountMinor: number;
  changes: PriceChange[];
  changesAcknowledgementRequired: boolean;
  packageRate: boolean;
  refundable: boolean;
  cancellationPolicy: CancellationPolicy;
  holdable: boolean;
  checkedAt: string;
  bookableUntil: string;
  quoteExpiresAt: string;
  requirements: Requirements;
};

/** What the bookings module needs to know about a quote it is asked to book. */
export type BookableQuote = {
  quote: QuoteRecord;
  /**
   * The row being booked, as the search showed it: the quote's own row, or the activity option
   * picked with `supplierRateRef` at price-check (its summary carries that modality and session).
   * Its price is the row's; the price to charge is `check.sellAmountMinor`.
   */
  row: ResultRow;
  productType: ProductType;
  /** The last successful price-check, whatever its age. */
  check: PriceCheckResult;
  /** Virtual ms of that price-check. */
  checkedAt: number;
  /** The activity option chosen at price-check, if any. */
  supplierRateRef: string | null;
  /** Search-wide triggers of the search behind the quote. */
  triggers: Set<TriggerName>;
};

/** Price-check state per quote, kept by quotes/desk.ts, read by bookings. */
export interface QuoteLedger {
  /**
   * The quote as the bookings module sees it, or throws the right SandboxError:
   * 404 not_found, 403 forbidden, 410 quote_expired / search_expired,
   * 409 quote_not_price_checked (never checked, older than 10 minutes, or already claimed).
   * With `bookingId`, a claim by that same booking does not count (its own retry).
   */
  bookable(agencyId: string, quoteId: string, bookingId?: string): BookableQuote;
  /** The booking triggers its search's query carries (none when the quote cannot be found). */
  bookingTriggersOf(agencyId: string, quoteId: string): Set<TriggerName>;
  /** One booking per quote: claims it (synchronously) or throws 409 quote_not_price_checked. */
  claim(quoteId: string, bookingId: string): void;
  /** Gives a claim back when the booking attempt did not happen (refused before any charge). */
  release(quoteId: string, bookingId: string): void;
  /** The booking that claimed the quote, if any. */
  claimedBy(quoteId: string): string | null;
}
