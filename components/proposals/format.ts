import { ago } from "@/lib/format/dates";
import { formatDay } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import type { MoneyMinor, Proposal, ProposalState, ProposalTotal } from "@/lib/proposals/model";
import type { Tone } from "@/components/ui/status-badge";

// How the desk says a proposal's facts: its state, its money (cost, client price, margin), its views.

export const STATE_WORDS: Record<ProposalState, { label: string; tone: Tone }> = {
  draft: { label: "Draft", tone: "neutral" },
  sent: { label: "Sent", tone: "neutral" },
  viewed: { label: "Viewed", tone: "ok" },
  chosen: { label: "Client chose", tone: "warning" },
  booked: { label: "Booked", tone: "ok" },
  expired: { label: "Expired", tone: "error" },
  withdrawn: { label: "Withdrawn", tone: "neutral" },
};

export const money = (m: MoneyMinor) => formatMoney(m.amountMinor, m.currency);

/** "$1,204.00" or "$980.00 – $1,450.00" (the cheapest and the dearest choice). */
export function totalText(total: ProposalTotal | null): string {
  if (!total) return "—";
  const from = formatMoney(total.fromMinor, total.currency);
  return total.fromMinor === total.toMinor ? from : `${from} – ${formatMoney(total.toMinor, total.currency)}`;
}

/** The agency's margin on an item: client price − cost, and its share of the client price. */
export function marginOf(cost: MoneyMinor, client: MoneyMinor): { text: string; negative: boolean } {
  if (cost.currency !== client.currency) return { text: "—", negative: false };
  const minor = client.amountMinor - cost.amountMinor;
  const pct = client.amountMinor > 0 ? (minor / client.amountMinor) * 100 : 0;
  return { text: `${formatMoney(minor, client.currency)} (${pct.toFixed(1)}%)`, negative: minor < 0 };
}

/** "Opened 3 times, last 2 h ago" / "Not opened yet". */
export function viewsText(views: Proposal["views"], now: number, timeZone: string): string {
  if (views.count === 0) return "Not opened yet";
  const times = views.count === 1 ? "once" : `${views.count} times`;
  return views.lastAt ? `Opened ${times}, last ${ago(Date.parse(views.lastAt), now, timeZone)}` : `Opened ${times}`;
}

/** "Sat, 12 Dec 2026" or "12 Dec – 15 Dec 2026". */
export function datesText(startsOn: string, endsOn?: string | null): string {
  if (!endsOn || endsOn === startsOn) return formatDay(startsOn);
  return `${formatDay(startsOn, { weekday: false, year: false })} – ${formatDay(endsOn, { weekday: false })}`;
}

/** Today plus `days`, as YYYY-MM-DD (UTC, the agency's time). */
export function daysFromToday(days: number, now = Date.now()): string {
  return new Date(now + days * 86_400_000).toISOString().slice(0, 10);
}
