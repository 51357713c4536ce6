import { formatOnAt, formatTravelTime } from "@/lib/format/dates";

// What job 3 tells people: free cancellation of a booking ends soon, in words in the reader's zone.

export function freeCancellationNotice(b: {
  name: string;
  orderRef: string;
  until: Date;
  hoursLeft: 72 | 24;
  travelAt: string | null;
  timeZone: string;
}): { title: string; sentence: string } {
  const when = formatOnAt(b.until, b.timeZone);
  const trip = b.travelAt ? `, and the trip starts ${formatTravelTime(b.travelAt, b.timeZone)}` : "";
  return {
    title: b.hoursLeft === 24 ? `${b.orderRef}: free cancellation ends within a day` : `${b.orderRef}: free cancellation ends in 3 days`,
    sentence: `Free cancellation of booking ${b.name} ends ${when}${trip}. After that a cancellation costs the agency: check with the client that the trip still stands.`,
  };
}
