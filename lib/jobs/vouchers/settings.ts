import "server-only";
import { eq } from "drizzle-orm";
import type { FollowUpSettings, FollowUpSettingsValues } from "@/lib/agency/follow-ups";
import type { Db } from "@/lib/db";
import { followUpSettings, users } from "@/lib/db/schema";

// The agency's follow-up settings (table follow_up_settings, one row id = 1). No row: every
// optional follow-up is off.

export async function readFollowUpSettings(db: Db): Promise<FollowUpSettings> {
  const [row] = await db
    .select({ s: followUpSettings, by: users.name })
    .from(followUpSettings)
    .leftJoin(users, eq(users.id, followUpSettings.updatedBy))
    .where(eq(followUpSettings.id, 1));
  if (!row) return { voucherDaysBefore: null, updatedAt: null, updatedBy: null };
  return { voucherDaysBefore: row.s.voucherDaysBefore, updatedAt: row.s.updatedAt.toISOString(), updatedBy: row.by ?? null };
}

export async function saveFollowUpSettings(db: Db, values: FollowUpSettingsValues, userId: string, now = new Date()): Promise<void> {
  const set = { voucherDaysBefore: values.voucherDaysBefore, updatedBy: userId, updatedAt: now };
  await db.insert(followUpSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: followUpSettings.id, set });
}

/** Days before travel the voucher goes to the lead traveller, or null when the agency has it off. */
export async function voucherDaysBefore(db: Db): Promise<number | null> {
  const [row] = await db.select({ days: followUpSettings.voucherDaysBefore }).from(followUpSettings).where(eq(followUpSettings.id, 1));
  return row?.days ?? null;
}
