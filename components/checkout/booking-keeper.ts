import type { BookingBody, StoredValues } from "./checkout-schema";

// Book exactly once (docs/architecture.md: "one idempotency key from its first click to its last
// retry"). The key is made at the advisor's first submit and kept in sessionStorage, with the
// exact body it was sent with, until the outcome is known: every retry (no answer, a 5xx, a
// reload mid-flight, "still being processed") resends that body under that key, so the service
// answers the first booking instead of making a second. A clear refusal (a 4xx) is an outcome
// too: nothing was booked, the key is dropped, and the corrected form goes under a new key (the
// service remembers a refused key with its body and would refuse a changed one).

export type BookedOutcome = {
  bookingId: string;
  orderRef: string;
  state: string;
  bookedBy?: { id: string; name: string } | null;
};

export type PendingAttempt = { key: string; body: BookingBody; startedAt: number };

type Stored = { draft?: StoredValues; attempt?: PendingAttempt; outcome?: BookedOutcome };

const storageKey = (quoteId: string) => `agency-desk:checkout:${quoteId}`;

function defaultStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export type BookingKeeper = ReturnType<typeof bookingKeeper>;

export function bookingKeeper(quoteId: string, storage: Storage | null = defaultStorage(), makeKey: () => string = () => crypto.randomUUID()) {
  // Without storage (disabled, private mode) the attempt still lives for the page's life.
  let memory: Stored = {};
  const read = (): Stored => {
    if (!storage) return memory;
    try {
      const raw = storage.getItem(storageKey(quoteId));
      return raw ? (JSON.parse(raw) as Stored) : {};
    } catch {
      return memory;
    }
  };
  const write = (next: Stored) => {
    memory = next;
    if (!storage) return;
    try {
      if (next.draft || next.attempt || next.outcome) storage.setItem(storageKey(quoteId), JSON.stringify(next));
      else storage.removeItem(storageKey(quoteId));
    } catch {
      // Storage full: the in-memory copy still covers retries on this page.
    }
  };

  return {
    draft: (): StoredValues | null => read().draft ?? null,
    attempt: (): PendingAttempt | null => read().attempt ?? null,
    outcome: (): BookedOutcome | null => read().outcome ?? null,

    saveDraft(draft: StoredValues): void {
      const s = read();
      if (s.outcome) return;
      write({ ...s, draft });
    },

    /**
     * The attempt to send: the pending one when there is one (same key, same body, whatever
     * the form says now), otherwise a new key for this body, stored before anything is sent.
     */
    begin(body: BookingBody, draft?: StoredValues): PendingAttempt {
      const s = read();
      if (s.attempt) return s.attempt;
      const attempt = { key: makeKey(), body, startedAt: Date.now() };
      write({ ...s, ...(draft ? { draft } : {}), attempt });
      return attempt;
    },

    /** The service refused the attempt: nothing was booked; what was typed stays for the next try. */
    refused(): void {
      const { attempt: _, ...rest } = read();
      write(rest);
    },

    /** The booking exists: key and values are cleared; the outcome stays so a reload shows it. */
    settle(outcome: BookedOutcome): void {
      write({ outcome });
    },

    /** The same booking's later state (refresh-status). */
    updateOutcome(outcome: BookedOutcome): void {
      write({ outcome });
    },

    clear(): void {
      write({});
    },
  };
}
