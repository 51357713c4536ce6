import { and, asc, eq, gt, isNotNull, lte } from "drizzle-orm";
import { bookingFacts, type BookingFactsRow } from "@/lib/db/schema";
import { travelMoment } from "@/lib/format/dates";
import type { JobContext } from "../definitions";
import { bookingName, remindOnce } from "../remind-once";
import { freeCancellationNotice } from "./notices";

// Job 3 (docs/follow-ups.md#job-3-free-cancellation), every 15 minutes: confirmed bookings whose
// free cancellation ends within 72 h (the desk's facts: the policy's first paid deadline, read from
// the detail), for trips not yet travelled. The advisor who booked one is reminded 72 h and 24 h
// before, each once. No call to the service: the facts are what the desk read.

export const FREE_CANCELLATION_JOB = "free-cancellation-scan";
const HOUR = 3_600_000;
export const FREE_CANCEL_REMIND_AT = { first: 72 * HOUR, last: 24 * HOUR } as const;

type Refundable = BookingFactsRow & { freeCancelUntil: Date };

/** Whether the trip is still ahead: a day or a local time counts from its start at UTC (the place's zone is not known). */
export function notTravelled(facts: Pick<BookingFactsRow, "travelAt" | "travelStart">, now: Date): boolean {
  const start = travelMoment(facts.travelAt ?? facts.travelStart);
  return !start || start.at > now.getTime();
}

export async function scanFreeCancellation(ctx: JobContext): Promise<{ reminded: string[] }> {
  const now = ctx.now();
  const rows = (await ctx.db
    .select()
    .from(bookingFacts)
    .where(
      and(
        eq(bookingFacts.state, "confirmed"),
        isNotNull(bookingFacts.freeCancelUntil),
        gt(bookingFacts.freeCancelUntil, now),
        lte(bookingFacts.freeCancelUntil, new Date(now.getTime() + FREE_CANCEL_REMIND_AT.first)),
      ),
    )
    .orderBy(asc(bookingFacts.freeCancelUntil))
    .limit(500)) as Refundable[];

  const reminded: string[] = [];
  for (const b of rows) {
    if (!notTravelled(b, now)) continue;
    const last = b.freeCancelUntil.getTime() - now.getTime() <= FREE_CANCEL_REMIND_AT.last;
    const told = await remindOnce(ctx.db, {
      key: `free-cancel-${last ? "24h" : "72h"}:${b.bookingId}`,
      alsoMarks: last ? [`free-cancel-72h:${b.bookingId}`] : [],
      bookingId: b.bookingId,
      kind: "free_cancellation_ending",
      notice: (timeZone, a) =>
        freeCancellationNotice({ name: bookingName(b.orderRef, a), orderRef: b.orderRef, until: b.freeCancelUntil, hoursLeft: last ? 24 : 72, travelAt: b.travelAt ?? b.travelStart, timeZone }),
    });
    if (told.length) reminded.push(b.bookingId);
  }
  return { reminded };
}
