"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { actionProblem, type ActionProblem, type BookingStep } from "./action-errors";

// One step on a booking (pay, cancel, email, check status) as the advisor presses it: one
// request at a time whatever the clicks, and for pay and cancel one idempotency key per attempt,
// kept (with the body it was made for) in this tab's storage until the service's answer is
// known, so a retry after a lost answer or a reload resends the very same request and the
// service answers it once. "Still being processed" is waited out, never shown as a failure.

export const bookingQueryKey = (bookingId: string) => ["booking", bookingId] as const;

type Attempt = { key: string; body: unknown };
const storageKey = (bookingId: string, step: BookingStep) => `agency-desk:booking-step:${bookingId}:${step}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The attempt whose answer was never known (from this tab, even across a reload). */
export function openAttempt(bookingId: string, step: BookingStep): Attempt | null {
  try {
    const raw = storage()?.getItem(storageKey(bookingId, step));
    const parsed = raw ? (JSON.parse(raw) as Attempt) : null;
    return parsed && typeof parsed.key === "string" ? parsed : null;
  } catch {
    return null;
  }
}

const IN_PROGRESS_WAIT_MS = 2_000;
const IN_PROGRESS_TRIES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useBookingStep<B, T>({
  bookingId,
  step,
  idempotent,
  send,
  onDone,
  waitMs = IN_PROGRESS_WAIT_MS,
}: {
  bookingId: string;
  step: BookingStep;
  /** Pay and cancel: the request carries an Idempotency-Key. */
  idempotent: boolean;
  send: (body: B, idempotencyKey: string | null) => Promise<T>;
  onDone?: (result: T) => void;
  waitMs?: number;
}) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const [result, setResult] = useState<T | null>(null);
  /** A request whose answer was lost: retries must send this body again. */
  const [unsettled, setUnsettled] = useState<Attempt | null>(() => (idempotent ? openAttempt(bookingId, step) : null));

  const run = useCallback(
    async (body: B): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setPending(true);
      setProblem(null);
      const store = storage();
      let attempt: Attempt | null = null;
      if (idempotent) {
        attempt = openAttempt(bookingId, step) ?? { key: crypto.randomUUID(), body };
        store?.setItem(storageKey(bookingId, step), JSON.stringify(attempt));
        setUnsettled(attempt);
      }
      try {
        for (let tries = 1; ; tries++) {
          try {
            const answer = await send((attempt?.body as B | undefined) ?? body, attempt?.key ?? null);
            store?.removeItem(storageKey(bookingId, step));
            setUnsettled(null);
            setResult(answer);
            onDone?.(answer);
            return answer;
          } catch (err) {
            if (err instanceof ApiError && err.code === "idempotency_in_progress" && tries < IN_PROGRESS_TRIES) {
              await sleep(waitMs);
              continue;
            }
            throw err;
          }
        }
      } catch (err) {
        const p = actionProblem(step, err);
        // Only an answer that the step may have happened keeps the attempt open for a retry.
        if (p.next !== "same") {
          store?.removeItem(storageKey(bookingId, step));
          setUnsettled(null);
        }
        setProblem(p);
        return undefined;
      } finally {
        inFlight.current = false;
        setPending(false);
        void queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) });
      }
    },
    [bookingId, step, idempotent, send, onDone, waitMs, queryClient],
  );

  const reset = useCallback(() => {
    setProblem(null);
    setResult(null);
  }, []);

  return { run, pending, problem, result, unsettled, reset };
}
