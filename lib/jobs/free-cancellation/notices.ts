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
  const trip = b.travelAt ? ` (travel ${formatTravelTime(b.travelAt, b.timeZone)})` : "";
  return {
    title: b.hoursLeft === 24 ? `${b.orderRef}: free cancellation ends within a day` : `${b.orderRef}: free cancellation ends in 3 days`,
    sentence: `Booking ${b.name}${trip} can be cancelled free of charge until ${when.replace(/^on /, "")}; after that a cancellation costs the agency. Check with the client that the trip still stands.`,
  };
}
