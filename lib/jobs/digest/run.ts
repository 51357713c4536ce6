import { and, eq, inArray } from "drizzle-orm";
import { attentionFacts } from "@/lib/bff/attention";
import { attentionItems } from "@/lib/bookings/attention";
import type { Db } from "@/lib/db";
import { followUpMarks, users, type NotificationRow } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { addNotifications } from "@/lib/notifications/store";
import { timeZonesOf } from "@/lib/notifications/time-zones";
import { listChosenProposals } from "@/lib/proposals/store";
import type { JobContext } from "../definitions";
import { localTime } from "./clock";
import { composeDigest, digestGroups } from "./compose";

// Job 5 (docs/follow-ups.md#job-5-the-morning-digest): every quarter of an hour, the people whose
// own clock shows between 07:00 and 09:59 and who have had no digest today get one: what Needs
// attention shows them (an advisor their own bookings and proposals, the page's "Mine"; an admin
// the agency's, the page's default), when there is something. Once a local day: the mark
// `digest:<userId>:<local day>` is written in the transaction that writes the notification (or
// alone, on a day with nothing to say), so a second instance or a retry writes nothing.

export const DIGEST_JOB = "morning-digest";
/** The local hour the digest goes at, and the last hour it is still sent (a desk that was off at seven catches up). */
export const DIGEST_HOUR = 7;
export const DIGEST_LAST_HOUR = 9;

export const digestMark = (userId: string, localDay: string) => `digest:${userId}:${localDay}`;

export type DigestReport = { due: number; sent: number; empty: number; taken: number };

export async function sendMorningDigests(ctx: JobContext): Promise<DigestReport> {
  const { db } = ctx;
  const now = ctx.now();
  const report: DigestReport = { due: 0, sent: 0, empty: 0, taken: 0 };
  const people = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, ["advisor", "admin"])));
  const zones = await timeZonesOf(db, people.map((p) => p.id));
  const due = people.flatMap((p) => {
    const zone = zones.get(p.id)!;
    const local = localTime(now, zone);
    return local.hour >= DIGEST_HOUR && local.hour <= DIGEST_LAST_HOUR ? [{ ...p, zone, key: digestMark(p.id, local.day) }] : [];
  });
  if (due.length === 0) return report;
  const done = new Set(
    (await db.select({ key: followUpMarks.key }).from(followUpMarks).where(inArray(followUpMarks.key, due.map((p) => p.key)))).map((r) => r.key),
  );
  for (const person of due.filter((p) => !done.has(p.key))) {
    report.due++;
    const outcome = await digestFor(db, person, now);
    report[outcome]++;
  }
  if (report.due > 0) log.info({ job: DIGEST_JOB, ...report }, "morning digests");
  return report;
}

async function digestFor(db: Db, person: { id: string; role: string; zone: string; key: string }, now: Date): Promise<"sent" | "empty" | "taken"> {
  // What Needs attention shows them: an advisor's own (the page's Mine), an admin's the agency's.
  const scope = person.role === "admin" ? {} : { userId: person.id };
  const [facts, chosen] = await Promise.all([attentionFacts(db, now, scope), listChosenProposals(db, scope, now)]);
  const digest = composeDigest(digestGroups(attentionItems(facts, now), chosen, now), now, person.zone);
  let told: NotificationRow[] = [];
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [marked] = await tx.insert(followUpMarks).values({ key: person.key, createdAt: now }).onConflictDoNothing().returning({ key: followUpMarks.key });
    if (!marked) return "taken" as const;
    if (!digest) return "empty" as const;
    told = await addNotifications(tx, [{ kind: "morning_digest", userId: person.id, bookingId: null, ...digest }]);
    return "sent" as const;
  });
  await deliverNotifications(told);
  return outcome;
}
