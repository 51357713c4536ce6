import "server-only";
import type { NotificationRow } from "@/lib/db/schema";
import { publishNotifications } from "./bus";

// What happens to notifications once the transaction that wrote them has committed (issue 30):
// every writer (a job, a route) calls this one function, so a new way of telling people (the
// open desks, email by each person's choice) reaches every kind at once.

/** Tells the people of `rows` by every way they chose. Call it after the rows are committed. */
export async function deliverNotifications(rows: readonly NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await publishNotifications(rows);
}
