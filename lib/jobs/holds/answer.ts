import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { bookingFacts } from "@/lib/db/schema";
import { AUTO_PAY_LEAD_MS, autoPayOf } from "./auto-pay";

/** What the booking page's switch shows (GET/PUT /api/bookings/:id/auto-pay): the state, and when the desk will pay. */
export async function autoPayAnswer(db: Db, bookingId: string) {
  const [auto, [facts]] = await Promise.all([
    autoPayOf(db, bookingId),
    db.select({ paymentDeadline: bookingFacts.paymentDeadline }).from(bookingFacts).where(eq(bookingFacts.bookingId, bookingId)),
  ]);
  const deadline = facts?.paymentDeadline ?? null;
  return {
    state: auto?.state ?? "off",
    payAt: deadline ? new Date(deadline.getTime() - AUTO_PAY_LEAD_MS).toISOString() : null,
    settledAt: auto?.settledAt?.toISOString() ?? null,
    error: auto?.error ?? null,
  };
}
