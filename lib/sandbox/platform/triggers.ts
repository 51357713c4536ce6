import { SandboxError } from "./errors";

/**
 * Scenario triggers: `sandbox:<name>` words written into the data, like Duffel's magic routes.
 * A hotel search's `query` carries search-wide triggers (every quote of that search behaves so);
 * a traveller's `lastName` carries booking triggers. An unknown `sandbox:` word is a 400
 * `validation_error` naming the known ones, so a typo never silently does nothing.
 * docs/sandbox.md lists them all with the error codes they reach.
 */
export type TriggerPlace = "search" | "traveler" | "email";

export const TRIGGERS = {
  // search: the session itself
  "fail-search": { place: "search", effect: "Every source fails; the session ends `failed` with no rows." },
  "slow-search": { place: "search", effect: "Sources answer 10 s × latency scale late; POST /search returns while `pending`." },
  // search: price-check of its quotes
  "price-change": { place: "search", effect: "Price-check reports a higher price (`changed`, acknowledgement required)." },
  "policy-change": { place: "search", effect: "Price-check reports a stricter cancellation policy (`changed`, acknowledgement required)." },
  "package-rate": { place: "search", effect: "Every hotel rate is a package rate (`summary.isPackage`): book with `packageRateAcknowledged` and the lead's email and phone." },
  "rate-unavailable": { place: "search", effect: "Price-check: 409 `rate_unavailable`." },
  "unknown-supplier": { place: "search", effect: "Price-check: 409 `unknown_supplier`." },
  "supplier-unavailable": { place: "search", effect: "Price-check: 503 `supplier_unavailable`." },
  "supplier-unavailable-once": { place: "search", effect: "Each quote's first price-check: 503 `supplier_unavailable`; the next succeeds." },
  "quote-invalid": { place: "search", effect: "Price-check: 409 `quote_invalid`." },
  "currency-unavailable": { place: "search", effect: "Price-check: 409 `price_check_currency_unavailable`." },
  "price-check-conflict-once": { place: "search", effect: "Each quote's first price-check: 409 `price_check_conflict`; the retry succeeds." },
  // search: booking of its quotes
  "supplier-disabled": { place: "search", effect: "Booking: 409 `supplier_disabled` (inventory switched off since the search)." },
  "live-inventory": { place: "search", effect: "Booking a rate that is not free to cancel: 409 `live_supplier_booking_blocked`." },
  "lead-contact": { place: "search", effect: "Every quote requires the lead traveller's email and phone." },
  "titles": { place: "search", effect: "Every quote requires a title on every traveller." },
  // traveller (lead traveller's lastName): booking outcome
  "supplier-pending": { place: "traveler", effect: "Booking answers `supplier_pending`; refresh-status confirms it after 2 virtual minutes." },
  "pending-then-failed": { place: "traveler", effect: "Booking answers `supplier_pending`; refresh-status after 2 virtual minutes gives `failed`." },
  "booking-failed": { place: "traveler", effect: "Booking answers `failed` (with a `failureReason`); nothing stays charged." },
  "manual-review": { place: "traveler", effect: "Booking answers `manual_review`." },
  "internal-error-once": { place: "traveler", effect: "The first POST /bookings with this booking: 500 `internal_error` (not stored under the idempotency key); the retry succeeds." },
  "unavailable-once": { place: "traveler", effect: "The first POST /bookings with this booking: 503 `supplier_unavailable` (not stored under the idempotency key); the retry succeeds." },
  "slow-booking": { place: "traveler", effect: "POST /bookings, /pay and /cancel take 3 s × latency scale (at least 50 ms), so a duplicate sent meanwhile gets 409 `idempotency_in_progress` (same key) or `payment_operation_in_progress` (another pay or cancel)." },
  "cancel-pending": { place: "traveler", effect: "Cancelling answers the in-progress state; it settles after 5 virtual minutes." },
  "refund-review": { place: "traveler", effect: "Cancelling answers `refund.status` `manual_review`." },
  "card-auth-pending": { place: "traveler", effect: "Paying the held booking: 409 `payment_authentication_pending` (a card authentication never completed)." },
  "voucher-withdrawn": { place: "traveler", effect: "The voucher and its document answer 410 `gone` (withdrawn by the source)." },
  "refund-later": { place: "traveler", effect: "Cancelling answers `cancelled`; the refund settles to `refunded` after 1 virtual hour." },
  // email-client `note`
  "pdf-fails": { place: "email", effect: "The voucher PDF does not render: the email goes without it (`pdfAttached: false`)." },
} as const satisfies Record<string, { place: TriggerPlace; effect: string }>;

export type TriggerName = keyof typeof TRIGGERS;

const WORD = /\bsandbox:([a-z0-9-]*)/gi;

/**
 * A search's query may also carry booking triggers (place "traveler"): they apply to every booking
 * of its quotes, for clients that check travellers' names (a desk refuses "sandbox:…" in a name).
 */
export const SEARCH_QUERY_PLACES: readonly TriggerPlace[] = ["search", "traveler"];

/** The triggers in `text`; throws 400 on an unknown one or one that does not belong in this place. */
export function parseTriggers(text: string | null | undefined, place: TriggerPlace | readonly TriggerPlace[], path: string): Set<TriggerName> {
  const found = new Set<TriggerName>();
  if (!text) return found;
  const places: readonly TriggerPlace[] = typeof place === "string" ? [place] : place;
  for (const m of text.matchAll(WORD)) {
    const name = (m[1] ?? "").toLowerCase();
    const def = (TRIGGERS as Record<string, { place: TriggerPlace }>)[name];
    if (!def || !places.includes(def.place)) {
      const known = Object.entries(TRIGGERS)
        .filter(([, d]) => places.includes(d.place))
        .map(([n]) => `sandbox:${n}`)
        .join(", ");
      throw new SandboxError(400, "validation_error", `Unknown sandbox trigger "sandbox:${name}" in ${path}. Known here: ${known}.`, {
        details: [{ path, message: `Unknown sandbox trigger "sandbox:${name}".` }],
      });
    }
    found.add(name as TriggerName);
  }
  return found;
}

/** The text without its trigger words (what is left is matched as ordinary input). */
export function withoutTriggers(text: string): string {
  return text.replace(WORD, " ").replace(/\s+/g, " ").trim();
}
