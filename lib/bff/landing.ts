import type { SessionUser } from "@/lib/auth/session-core";
import type { Db } from "@/lib/db";
import { agencyHasBookings, hasBookings } from "@/lib/db/ledger";
import { attentionCount, chosenProposalsFor } from "./attention";

/**
 * Where a person lands after signing in (and on `/`): their work, never a technical page.
 * Needs attention when it lists anything (the count the navigation shows: the agency's bookings,
 * and the proposals chosen and not booked that the person sees there); otherwise the
 * bookings list when there are bookings to work on (an advisor's own, or for an admin the
 * agency's); otherwise Search, to make the first one. Admins reach the desk's status page from
 * the user menu (/admin/status).
 */
export async function landingPath(db: Db, user: Pick<SessionUser, "id" | "role">, now = new Date()): Promise<"/attention" | "/bookings" | "/search"> {
  if ((await attentionCount(db, now, { proposals: chosenProposalsFor(user) })) > 0) return "/attention";
  const bookings = user.role === "admin" ? await agencyHasBookings(db) : await hasBookings(db, user.id);
  return bookings ? "/bookings" : "/search";
}
