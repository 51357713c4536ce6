import { useTimeZone } from "@/components/layout/time-zone";
import type { HistoryEntry } from "@/lib/bookings/schemas";
import { ago, formatInstant, RELATIVE_DAYS } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import { bookingStateView } from "../booking-state";
import { foldHistory, strs } from "./facts";

const SCOPES: Record<string, string> = { whole: "both journeys", departure: "the outbound journey", return: "the return journey" };
const REFUNDS: Record<string, string> = { refunded: "refunded", no_refund_due: "no refund due", manual_review: "refund under manual review" };
const stateWord = (s: string | null | undefined) => (s ? bookingStateView(s).label.toLowerCase() : null);

/** What a step did, in words (its outcome aside). */
export function describeStep(entry: HistoryEntry, count = 1): string {
  const r = entry.result ?? {};
  switch (entry.action) {
    case "booked":
      return `Booked${stateWord(entry.state) ? ` (${stateWord(entry.state)})` : ""}`;
    case "pay":
      return "Paid the hold from agency credit";
    case "cancel": {
      const scope = typeof r.transferCancelScope === "string" ? SCOPES[r.transferCancelScope] ?? r.transferCancelScope : null;
      const refund = typeof r.refundStatus === "string" ? REFUNDS[r.refundStatus] ?? humanize(r.refundStatus).toLowerCase() : null;
      return `Cancelled${scope ? ` ${scope}` : ""}${refund ? `: ${refund}` : ""}`;
    }
    case "email": {
      const to = strs(r.sentTo);
      const cc = strs(r.cc);
      const parts = [`Emailed the voucher${to.length ? ` to ${to.join(", ")}` : ""}${cc.length ? `, cc ${cc.join(", ")}` : ""}`];
      if (r.withoutPrices === true) parts.push("without prices");
      if (r.pdfAttached === true) parts.push("PDF attached");
      if (r.pdfAttached === false) parts.push("in the email body only");
      // The desk's own send (job 4, vouchers before travel): the agency's setting it followed.
      if (r.sentBy === "desk" && typeof r.daysBefore === "number") parts.push(`${r.daysBefore} ${r.daysBefore === 1 ? "day" : "days"} before travel`);
      return parts.join(" · ");
    }
    case "refresh":
      // The desk's own check found the change in the agency's booking list (job 1's scan) or in the
      // booking's detail, not through refresh-status: said as it happened.
      if (entry.actor === "desk" && r.via === "list") return `Saw the new status in the provider's list of bookings${stateWord(entry.state) ? ` → ${stateWord(entry.state)}` : ""}`;
      if (entry.actor === "desk" && r.via === "detail") return `Read the booking from the provider${stateWord(entry.state) ? ` → ${stateWord(entry.state)}` : ""}`;
      return count > 1
        ? `Status checked ${count} times${stateWord(entry.state) ? ` (${stateWord(entry.state)})` : ""}`
        : `Checked the status with the provider${stateWord(entry.state) ? ` → ${stateWord(entry.state)}` : ""}`;
    default:
      return humanize(String(entry.action));
  }
}

function outcomeText(entry: HistoryEntry): { text: string; tone: string } | null {
  switch (entry.outcome) {
    case "succeeded":
      return null;
    case "failed":
      return { text: `refused: ${entry.errorCode ? humanize(entry.errorCode).toLowerCase() : "no reason given"}`, tone: "text-rose-700" };
    case "unknown":
      return { text: "no answer from the service", tone: "text-amber-700" };
    case "pending":
      return { text: "in progress", tone: "text-slate-500" };
    default:
      return { text: humanize(String(entry.outcome)).toLowerCase(), tone: "text-slate-500" };
  }
}

/** When a step happened: "2 days ago · Fri, 27 Nov 2026, 06:24 GMT+1"; the date alone once it is over a week old. */
export function whenText(iso: string, now: Date, timeZone: string, last = false): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const full = formatInstant(at, timeZone);
  return now.getTime() - at < RELATIVE_DAYS * 86_400_000 ? `${last ? "last " : ""}${ago(at, now.getTime(), timeZone)} · ${full}` : `${last ? "last " : ""}${full}`;
}

export function HistoryList({ history, meId, now }: { history: HistoryEntry[]; meId?: string; now: Date }) {
  const timeZone = useTimeZone();
  const lines = foldHistory(history);
  if (lines.length === 0) {
    return <p className="mt-2 text-sm text-slate-500">No steps recorded by the desk yet.</p>;
  }
  return (
    <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4" aria-label="History">
      {lines.map(({ entry, count }) => {
        const outcome = outcomeText(entry);
        const who = entry.actor === "desk" ? "The desk" : entry.by ? (entry.by.id === meId ? "You" : entry.by.name) : "Someone";
        return (
          <li key={entry.id} className="relative text-sm">
            <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-slate-300 ring-2 ring-white" aria-hidden />
            <p className="text-ink">
              <span className="font-medium">{who}</span> · {describeStep(entry, count)}
              {outcome ? <span className={`ml-1 ${outcome.tone}`}>({outcome.text})</span> : null}
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={entry.at} title={formatInstant(entry.at, timeZone)}>
                {whenText(entry.at, now, timeZone, count > 1)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
