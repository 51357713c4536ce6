import { formatDay } from "@/lib/format/dates";

// What the desk tells the booking's advisor about a voucher it emailed by itself (job 4): a title
// and one sentence, the failure's reason included, never a code or an ISO date.

export type VoucherNoticeInput = {
  orderRef: string;
  travelStart: string;
  /** Told to the admins instead: made outside the desk, or by someone who no longer signs in. */
  whose: "advisor" | "outside" | "former";
};

const refOf = (v: VoucherNoticeInput) =>
  v.whose === "outside" ? `${v.orderRef} (made outside the desk)` : v.whose === "former" ? `${v.orderRef} (booked by a former user)` : v.orderRef;

export function voucherSentNotice(v: VoucherNoticeInput & { to: string; pdfAttached: boolean }): { title: string; sentence: string } {
  return {
    title: `Voucher sent for ${v.orderRef}`,
    sentence:
      `The desk emailed the voucher of booking ${refOf(v)} to the lead traveller at ${v.to}, ahead of travel on ${formatDay(v.travelStart)}` +
      (v.pdfAttached ? "." : "; the PDF did not render, so the voucher is in the email's body."),
  };
}

export function voucherFailedNotice(v: VoucherNoticeInput & { reason: string }): { title: string; sentence: string } {
  return {
    title: `Voucher not sent for ${v.orderRef}`,
    sentence: `The desk could not email the voucher of booking ${refOf(v)} before travel on ${formatDay(v.travelStart)}: ${v.reason} Send it from the booking's page.`,
  };
}

/** Why the service refused, as the end of a sentence for a person (the service's codes are never shown). */
export function voucherFailureReason(code: string, status: number | null): string {
  if (code === "no_lead_email") return "the lead traveller has no email address on the booking.";
  if (code === "validation_error") return "the travel service refused to send it for this booking.";
  if (code === "gone") return "the supplier has withdrawn the voucher.";
  if (code === "not_found" || status === 404) return "the travel service no longer has this booking.";
  if (status === null) return "the travel service did not answer, so it may or may not have gone; check with the client.";
  return "the travel service had a problem sending it.";
}
