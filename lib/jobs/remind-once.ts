import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { bookingsLedger, followUpMarks, users, type NotificationRow } from "@/lib/db/schema";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { activeAdminIds, addNotifications, type NotificationKind } from "@/lib/notifications/store";
import { timeZonesOf } from "@/lib/notifications/time-zones";

// What jobs 2 and 3 share: who is told about a booking, and telling them once. "Once" is a row of
// follow_up_marks, written in the transaction that writes the notifications: a second instance, a
// retry or the next tick that reaches the same reminder finds its key taken and tells nobody.

export type Audience = {
  people: string[];
  /** Made outside the desk: the admins are told, and told so. */
  outsideDesk: boolean;
  /** Made by an advisor who no longer signs in: the admins are told instead. */
  bookerGone: boolean;
};

/** The advisor who booked it; the active admins for a booking made outside the desk or by a deactivated user. */
export async function audienceOf(db: Db, bookingId: string): Promise<Audience> {
  const [booker] = await db
    .select({ id: users.id, active: users.active })
    .from(bookingsLedger)
    .innerJoin(users, eq(users.id, bookingsLedger.userId))
    .where(eq(bookingsLedger.bookingId, bookingId))
    .limit(1);
  if (booker?.active) return { people: [booker.id], outsideDesk: false, bookerGone: false };
  return { people: await activeAdminIds(db), outsideDesk: !booker, bookerGone: !!booker };
}

/** "RV-… (made outside the desk)": how the booking is named to admins told in the advisor's place. */
export function bookingName(orderRef: string, a: Pick<Audience, "outsideDesk" | "bookerGone">): string {
  if (a.outsideDesk) return `${orderRef} (made outside the desk)`;
  if (a.bookerGone) return `${orderRef} (booked by a former user)`;
  return orderRef;
}

export type Reminder = {
  /** The mark: `hold-24h:<bookingId>`. Taken once, ever. */
  key: string;
  /** Keys taken with it: a later reminder makes an earlier one missed meanwhile moot. */
  alsoMarks?: string[];
  bookingId: string;
  kind: NotificationKind;
  /** The title and sentence for one person, in their time zone. */
  notice: (timeZone: string, audience: Audience) => { title: string; sentence: string };
};

/**
 * Takes the reminder's mark and, if this run took it, writes its notifications in the same
 * transaction (`also` writes more in it: a ledger step); delivers them once committed. Answers whom
 * it told (none when the mark was taken already).
 */
export async function remindOnce(db: Db, r: Reminder, also?: (tx: Db) => Promise<void>): Promise<string[]> {
  let told: NotificationRow[] = [];
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [taken] = await tx
      .insert(followUpMarks)
      .values({ key: r.key, bookingId: r.bookingId })
      .onConflictDoNothing()
      .returning({ key: followUpMarks.key });
    if (!taken) return;
    if (r.alsoMarks?.length) {
      await tx
        .insert(followUpMarks)
        .values(r.alsoMarks.map((key) => ({ key, bookingId: r.bookingId })))
        .onConflictDoNothing();
    }
    await also?.(tx);
    const audience = await audienceOf(tx, r.bookingId);
    const zones = await timeZonesOf(tx, audience.people);
    told = await addNotifications(
      tx,
      audience.people.map((userId) => ({ kind: r.kind, userId, bookingId: r.bookingId, ...r.notice(zones.get(userId) ?? "UTC", audience) })),
    );
  });
  await deliverNotifications(told);
  return told.map((n) => n.userId);
}
