import { formatOnAt } from "@/lib/format/dates";

// What job 2 tells people about holds: a title and one sentence, times in words in the reader's zone.

export type HoldNoticeInput = { name: string; orderRef: string; deadline: Date; timeZone: string };

export function deadlineNearNotice(h: HoldNoticeInput & { hoursLeft: 24 | 2; autoPayAt: Date | null }): { title: string; sentence: string } {
  const by = formatOnAt(h.deadline, h.timeZone);
  const title = h.hoursLeft === 2 ? `${h.orderRef}: 2 hours left to pay the hold` : `${h.orderRef}: the hold must be paid within a day`;
  const then = h.autoPayAt
    ? ` The desk will pay it from the agency's credit ${formatOnAt(h.autoPayAt, h.timeZone)}, as an admin asked, unless someone pays it first.`
    : " Pay it from its page, or the travel service releases the booking.";
  return { title, sentence: `The hold on booking ${h.name} must be paid by ${by.replace(/^on /, "")}.${then}` };
}

export function lapsedNotice(h: HoldNoticeInput): { title: string; sentence: string } {
  return {
    title: `${h.orderRef}: the hold lapsed`,
    sentence: `The hold on booking ${h.name} was not paid by its deadline ${formatOnAt(h.deadline, h.timeZone)}, so the travel service released it; nothing is owed. Book again if the client still wants it.`,
  };
}

export function paidAutomaticallyNotice(h: HoldNoticeInput & { paidAt: Date; state: string }): { title: string; sentence: string } {
  const now = h.state === "confirmed" ? "It is confirmed." : "The supplier has yet to confirm it; the desk follows it.";
  return {
    title: `${h.orderRef}: the desk paid the hold`,
    sentence: `The desk paid the hold on booking ${h.name} from the agency's credit ${formatOnAt(h.paidAt, h.timeZone)}, 2 hours before its deadline, as an admin asked. ${now}`,
  };
}

export function autoPayFailedNotice(h: HoldNoticeInput & { reason: string }): { title: string; sentence: string } {
  return {
    title: `${h.orderRef}: the desk could not pay the hold`,
    sentence: `The desk tried to pay the hold on booking ${h.name} and could not: ${lowerFirst(h.reason)} Pay it from its page by ${formatOnAt(h.deadline, h.timeZone).replace(/^on /, "")}, or the travel service releases it.`,
  };
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
