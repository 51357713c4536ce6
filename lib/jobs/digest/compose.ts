import type { AttentionItem } from "@/lib/bookings/attention";
import { plural } from "@/lib/format/words";
import type { ChosenProposal } from "@/lib/proposals/store";
import { whenWords } from "./clock";

// The morning digest's words (job 5): what Needs attention shows a person, in four groups, as a
// title that counts them and one sentence that names them (order references, deadlines in their
// time zone). Nothing to say: no digest.

/** Free cancellation is in the digest when it ends within this (Needs attention shows 72 h). */
export const DIGEST_FREE_CANCEL_MS = 48 * 3600_000;
/** References named per group; the rest are counted. */
export const DIGEST_NAMED = 5;

export type DigestGroups = {
  holds: AttentionItem[];
  waiting: AttentionItem[];
  freeCancel: AttentionItem[];
  chosen: ChosenProposal[];
};

const has = (i: AttentionItem, ...reasons: string[]) => i.flags.some((f) => reasons.includes(f.reason));
const deadlineOf = (i: AttentionItem, reason: string) => i.flags.find((f) => f.reason === reason)?.deadline ?? null;

/** The groups, from Needs attention's items (nearest deadline first) and its chosen proposals. */
export function digestGroups(items: readonly AttentionItem[], chosen: readonly ChosenProposal[], now: Date): DigestGroups {
  const t = now.getTime();
  return {
    holds: items.filter((i) => has(i, "hold_deadline")),
    waiting: items.filter((i) => has(i, "pending", "manual_review")),
    freeCancel: items.filter((i) => {
      const end = deadlineOf(i, "free_cancel_ends");
      return end !== null && Date.parse(end) - t <= DIGEST_FREE_CANCEL_MS;
    }),
    chosen: [...chosen],
  };
}

function named<T>(rows: readonly T[], say: (row: T) => string): string {
  const shown = rows.slice(0, DIGEST_NAMED).map(say);
  const more = rows.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

/** The digest's title and sentence, or null when nothing needs the person today. */
export function composeDigest(g: DigestGroups, now: Date, timeZone: string): { title: string; sentence: string } | null {
  const counts: string[] = [];
  const parts: string[] = [];
  if (g.holds.length) {
    counts.push(plural(g.holds.length, "hold to pay", "holds to pay"));
    parts.push(`Holds to pay: ${named(g.holds, (i) => `${i.orderRef} by ${whenWords(deadlineOf(i, "hold_deadline")!, now, timeZone)}`)}.`);
  }
  if (g.freeCancel.length) {
    counts.push(plural(g.freeCancel.length, "free cancellation ending", "free cancellations ending"));
    parts.push(`Free cancellation ends: ${named(g.freeCancel, (i) => `${i.orderRef} ${whenWords(deadlineOf(i, "free_cancel_ends")!, now, timeZone)}`)}.`);
  }
  if (g.waiting.length) {
    counts.push(plural(g.waiting.length, "booking waiting", "bookings waiting"));
    parts.push(`Waiting for the supplier or in review: ${named(g.waiting, (i) => i.orderRef)}.`);
  }
  if (g.chosen.length) {
    counts.push(plural(g.chosen.length, "client choice", "client choices"));
    parts.push(`Clients chose, not booked yet: ${named(g.chosen, (p) => `${p.reference} for ${p.client.name}`)}.`);
  }
  if (counts.length === 0) return null;
  return { title: `Today: ${counts.join(", ")}`, sentence: `${parts.join(" ")} All of it is on Needs attention.` };
}
