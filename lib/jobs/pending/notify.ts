import { humanize } from "@/lib/format/words";

// What the desk tells a person when a followed booking changes: a title and one sentence that says
// what happened and what, if anything, to do.

const WORDS: Record<string, string> = {
  confirmed: "confirmed",
  failed: "failed",
  manual_review: "in manual review",
  supplier_pending: "waiting for the supplier",
  cancelled: "cancelled",
  refunded: "cancelled and refunded",
  held: "held",
};
const word = (state: string) => WORDS[state] ?? humanize(state).toLowerCase();

export type StateChange = {
  orderRef: string;
  from: string;
  to: string;
  /** Made outside the desk: the admins are told, and told so. */
  outsideDesk: boolean;
  /** Made by an advisor who no longer signs in: the admins are told instead. */
  bookerGone?: boolean;
};

export function stateChangeNotice(c: StateChange): { title: string; sentence: string } {
  const ref = c.outsideDesk ? `${c.orderRef} (made outside the desk)` : c.bookerGone ? `${c.orderRef} (booked by a former user)` : c.orderRef;
  const title = `${c.orderRef} is ${word(c.to)}`;
  const waited = c.from === "supplier_pending";
  switch (c.to) {
    case "confirmed":
      return {
        title,
        sentence: waited
          ? `The supplier confirmed booking ${ref}; the desk checked it with the service. Nothing more is needed.`
          : `Booking ${ref} is confirmed now (it was ${word(c.from)}); the desk checked it with the service.`,
      };
    case "failed":
      return {
        title,
        sentence: `Booking ${ref} failed${waited ? ": the supplier did not confirm it" : ""}. Open it to see why, and book again if the client still wants it.`,
      };
    case "manual_review":
      return { title, sentence: `Booking ${ref} is in manual review at the service now. The desk keeps checking and will say when it settles.` };
    case "cancelled":
    case "refunded":
      // From a state the contract does not name: the cancellation in progress.
      if (!(c.from in WORDS)) return { title, sentence: `The cancellation of booking ${ref} has finished: it is ${word(c.to)}.` };
      return { title, sentence: `Booking ${ref} is ${word(c.to)} now (it was ${word(c.from)}); the desk checked it with the service.` };
    default:
      return { title, sentence: `Booking ${ref} is ${word(c.to)} now (it was ${word(c.from)}); the desk checked it with the service.` };
  }
}
