"use client";

import { useCallback, useMemo, useState } from "react";
import { bookingKeeper, type BookedOutcome, type PendingAttempt } from "./booking-keeper";
import type { BookingBody, StoredValues } from "./checkout-schema";

// The booking as this tab keeps it (booking-keeper.ts, in sessionStorage), mirrored in React
// state: the attempt whose answer is not known yet, or the outcome once there is one. Each
// change goes to storage first, so a reload at any moment finds what the page last showed.

export type KeptBooking = ReturnType<typeof useKeptBooking>;

export function useKeptBooking(quoteId: string) {
  const keeper = useMemo(() => bookingKeeper(quoteId), [quoteId]);
  const [outcome, setOutcome] = useState<BookedOutcome | null>(() => keeper.outcome());
  const [attempt, setAttempt] = useState<PendingAttempt | null>(() => keeper.attempt());
  // A booking left in flight (reload, closed tab) is settled before anything is priced again.
  const [resuming, setResuming] = useState(() => keeper.attempt() !== null);

  /** The attempt to send for this body: the pending one if any (same key, same body), else a new key. */
  const begin = useCallback(
    (body: BookingBody, draft: StoredValues) => {
      const next = keeper.begin(body, draft);
      setAttempt(next);
      return next;
    },
    [keeper],
  );
  /** No answer, or "still being processed": the attempt stays, to be sent again as it is. */
  const keep = useCallback((a: PendingAttempt) => setAttempt(a), []);
  /** Refused: nothing was booked, the key is dropped and the corrected form goes under a new one. */
  const refuse = useCallback(() => {
    keeper.refused();
    setAttempt(null);
  }, [keeper]);
  const settle = useCallback(
    (result: BookedOutcome) => {
      keeper.settle(result);
      setAttempt(null);
      setOutcome(result);
    },
    [keeper],
  );
  /** The same booking's later state (refresh-status). */
  const update = useCallback(
    (next: BookedOutcome) => {
      keeper.updateOutcome(next);
      setOutcome(next);
    },
    [keeper],
  );
  const resumed = useCallback(() => setResuming(false), []);

  return { keeper, outcome, attempt, resuming, begin, keep, refuse, settle, update, resumed };
}
