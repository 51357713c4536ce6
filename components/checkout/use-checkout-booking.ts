"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
import { apiRequest, ApiError, type ApiErrorDetail } from "@/lib/api-client";
import type { PendingAttempt } from "./booking-keeper";
import { classifyBookingError, type BookingFailure } from "./checkout-errors";
import { toBookingBody, toStoredValues, type BookingBody, type CheckoutContext, type CheckoutValues } from "./checkout-schema";
import type { RecheckReason } from "./use-checkout-price";
import type { KeptBooking } from "./use-kept-booking";

// Booking the quote exactly once, whatever the clicks, the network or a reload do: one request
// at a time, under the kept attempt's key and body (use-kept-booking.ts) until the service's
// answer is known. No answer or a failure on the service's side keeps the attempt for Try
// again; "still being processed" and "busy" are waited out with the same request. A refusal is
// answered where it belongs: on the form's fields, with a fresh price-check, or pay now
// instead of a hold.

/** `idempotency_in_progress`: ask again after a few seconds, a few times, then leave it to the advisor. */
export const IN_PROGRESS_RETRY_MS = 4_000;
const IN_PROGRESS_MAX_RETRIES = 6;

const bookedSchema = z.looseObject({
  bookingId: z.string(),
  orderRef: z.string(),
  state: z.string(),
  bookedBy: z.nullish(z.looseObject({ id: z.string(), name: z.string() })),
});

/** The last attempt's failure as the advisor reads it; `unplaced` are details no field of the form shows. */
export type BookingIssue = { failure: BookingFailure; error: unknown; unplaced: ApiErrorDetail[] };

/** What a refused booking changes outside the booking itself. */
export type BookingAnswers = {
  /** Lands the error on the form's fields; returns the details that have no field. */
  land: (body: BookingBody, err: ApiError) => ApiErrorDetail[];
  /** The provider refused a hold. */
  refuseHold: () => void;
  /** The price must be checked again before the booking is confirmed. */
  recheck: (reason: RecheckReason) => void;
};

export function useCheckoutBooking({
  kept,
  ctx,
  quoteId,
  searchId,
  proposal = null,
  answers,
}: {
  kept: KeptBooking;
  /** The form's context (null until the price is checked). */
  ctx: CheckoutContext | null;
  quoteId: string;
  searchId: string;
  /** The proposal item this books, when checkout was opened from a proposal. */
  proposal?: { id: string; itemId: string } | null;
  answers: BookingAnswers;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [issue, setIssue] = useState<BookingIssue | null>(null);
  const [inProgressTries, setInProgressTries] = useState(0);
  const { attempt, resuming, begin, keep, refuse, settle, resumed } = kept;
  const { land, refuseHold, recheck } = answers;

  const sending = useRef(false);
  const send = useCallback(
    async (a: PendingAttempt) => {
      if (sending.current) return;
      sending.current = true;
      setSubmitting(true);
      setIssue(null);
      try {
        const { data } = await apiRequest("POST", "/api/bookings", bookedSchema, { body: a.body, headers: { "Idempotency-Key": a.key } });
        settle({ bookingId: data.bookingId, orderRef: data.orderRef, state: data.state, bookedBy: data.bookedBy ?? null });
        setInProgressTries(0);
      } catch (err) {
        let failure = classifyBookingError(err);
        // A change (or package terms) the last check did not report: check again and show it the same way.
        const unannounced =
          err instanceof ApiError &&
          ctx !== null &&
          ((err.code === "changes_ack_required" && !ctx.changesAcknowledgementRequired) || (err.code === "package_ack_required" && !ctx.packageRate));
        if (unannounced) failure = { kind: "reprice" };
        const unplaced: ApiErrorDetail[] = [];
        if (failure.kind === "uncertain" || failure.kind === "in_progress" || failure.kind === "busy") {
          keep(a);
        } else {
          refuse();
          setInProgressTries(0);
        }
        if (failure.kind === "fields" && err instanceof ApiError && ctx) unplaced.push(...land(a.body, err));
        if (failure.kind === "reprice") recheck(unannounced ? "unannounced" : "stale");
        if (failure.kind === "hold_not_eligible") refuseHold();
        if (failure.kind === "in_progress" || failure.kind === "busy") setInProgressTries((n) => n + 1);
        setIssue({ failure, error: err, unplaced });
      } finally {
        sending.current = false;
        setSubmitting(false);
        resumed();
      }
    },
    [ctx, keep, refuse, settle, resumed, land, refuseHold, recheck],
  );

  // Resume a booking left in flight, under its own key and body.
  const resumedOnce = useRef(false);
  useEffect(() => {
    if (resumedOnce.current || !attempt || !resuming) return;
    resumedOnce.current = true;
    void send(attempt);
  }, [attempt, resuming, send]);

  // Still being processed, or the agency's budget is spent for the moment: ask again with the same key shortly.
  // The timer reads `send` through a ref: `send` is rebuilt on renders (the price's countdown ticks every
  // second), and a timer restarted on each would never fire.
  const sendLatest = useRef(send);
  useEffect(() => {
    sendLatest.current = send;
  }, [send]);
  useEffect(() => {
    const kind = issue?.failure.kind;
    if ((kind !== "in_progress" && kind !== "busy") || !attempt || inProgressTries > IN_PROGRESS_MAX_RETRIES) return;
    const wait = issue?.failure.kind === "busy" ? issue.failure.retryInMs : IN_PROGRESS_RETRY_MS;
    const timer = setTimeout(() => void sendLatest.current(attempt), wait);
    return () => clearTimeout(timer);
  }, [issue, attempt, inProgressTries]);

  /** The form's submit: the pending attempt if there is one, else a new one for these values. */
  const book = useCallback(
    (values: CheckoutValues) => {
      if (!ctx) return;
      if (attempt) return send(attempt);
      const body = toBookingBody(ctx, values, { quoteId, searchId, proposal });
      return send(begin(body, toStoredValues(ctx, values)));
    },
    [ctx, attempt, send, begin, quoteId, searchId, proposal],
  );
  /** Try again: the pending attempt, as it was. */
  const retry = useCallback(() => {
    if (attempt) void send(attempt);
  }, [attempt, send]);

  return {
    book,
    retry,
    submitting,
    issue,
    /** The pending attempt's answer is not known: the form is locked until it is. */
    locked: attempt !== null,
    /** Waited out as often as is reasonable: the advisor tries again. */
    gaveUp: inProgressTries > IN_PROGRESS_MAX_RETRIES,
  };
}
