import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notificationPreferences } from "@/lib/db/schema";
import { FALLBACK_TIME_ZONE, knownTimeZone } from "@/lib/format/dates";
import { DEFAULT_EMAIL_KINDS } from "./kinds";

// Each person's time zone, for what the desk writes to them by itself (reminders, the morning
// digest): the zone their desk last reported (the `desk_tz` cookie), kept on their preferences.

/** The people's zones; anyone not known yet is in the desk's fallback zone (UTC). */
export async function timeZonesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>(userIds.map((id) => [id, FALLBACK_TIME_ZONE]));
  if (userIds.length === 0) return zones;
  const rows = await db
    .select({ userId: notificationPreferences.userId, timeZone: notificationPreferences.timeZone })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  for (const r of rows) zones.set(r.userId, knownTimeZone(r.timeZone ?? undefined) ?? FALLBACK_TIME_ZONE);
  return zones;
}

/** Keeps the zone a person's desk reported (a known IANA zone only); answers whether it changed. */
export async function rememberTimeZone(db: Db, userId: string, zone: string | undefined): Promise<boolean> {
  const known = knownTimeZone(zone);
  if (!known) return false;
  const rows = await db
    .insert(notificationPreferences)
    // A first row carries the default email kinds: an empty list means the person chose none.
    .values({ userId, timeZone: known, emailKinds: [...DEFAULT_EMAIL_KINDS] })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { timeZone: known },
      setWhere: sql`${notificationPreferences.timeZone} is distinct from ${known}`,
    })
    .returning({ userId: notificationPreferences.userId });
  return rows.length > 0;
}
