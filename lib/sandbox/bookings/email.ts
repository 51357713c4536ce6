import { randomBytes } from "node:crypto";
import { z } from "zod";
import { validationError } from "../platform/errors";
import { parseTriggers } from "../platform/triggers";
import { parseWith } from "../platform/validate";
import type { AllServices } from "../services";
import { isCancelledState } from "./list";
import type { Booking } from "./model";
import { documentFacts } from "./voucher";
import { renderVoucherHtml } from "./voucher-html";

export const EMAIL_STATES: ReadonlySet<string> = new Set(["confirmed", "cancelled", "refunded"]);
export const MAX_EMAIL_ADDRESSES = 50;

const email = z.email("Expected an email address.");
export const emailBodySchema = z.strictObject({
  to: email.optional(),
  cc: z.array(email).optional(),
  agencyName: z.string().trim().min(1, "1 to 80 characters.").max(80, "1 to 80 characters.").optional(),
  note: z.string().max(2000, "At most 2,000 characters.").optional(),
  replyTo: email.optional(),
  withoutPrices: z.boolean().optional(),
});

export type OutboxEmail = {
  id: string;
  sentAt: string;
  bookingId: string;
  orderRef: string;
  agencyId: string;
  to: string[];
  cc: string[];
  replyTo: string | null;
  agencyName: string | null;
  subject: string;
  note: string | null;
  withoutPrices: boolean;
  pdfAttached: boolean;
  html: string;
};

export type EmailResult = { sentTo: string[]; cc: string[]; pdfAttached: boolean };

function subjectOf(b: Booking): string {
  const s = b.summary;
  const what =
    "hotelName" in s ? s.hotelName
    : "activityName" in s ? s.activityName
    : "slices" in s ? `Flight ${s.slices.map((x) => x.origin).concat(s.slices.at(-1)?.destination ?? []).join(" → ")}`
    : `Transfer to ${s.dropoffName.split(",")[0]}`;
  return isCancelledState(b.state) ? `Cancelled: ${what}, booking ${b.orderRef}` : `Your voucher: ${what}, booking ${b.orderRef}`;
}

// POST /bookings/:bookingId/email-client
export function emailClient(services: AllServices, b: Booking, rawBody: unknown): EmailResult {
  const body = parseWith(emailBodySchema, rawBody ?? {}, "body");
  const triggers = parseTriggers(body.note, "email", "note");
  if (!EMAIL_STATES.has(b.state)) {
    throw validationError(`Booking ${b.orderRef} is ${b.state}: vouchers can be emailed only for confirmed, cancelled or refunded bookings.`);
  }
  const to = body.to ?? b.travelers[0]?.email;
  if (!to) {
    throw validationError("The lead traveller has no email address: give the recipient in `to`.", [
      { path: "to", message: "Required: the lead traveller has no email address." },
    ]);
  }
  // One address per mailbox: `to` first, then cc in order, compared without case.
  const seen = new Set<string>([to.toLowerCase()]);
  const cc: string[] = [];
  for (const address of body.cc ?? []) {
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    cc.push(address);
  }
  if (seen.size > MAX_EMAIL_ADDRESSES) {
    throw validationError(`to and cc hold ${seen.size} different addresses; at most ${MAX_EMAIL_ADDRESSES} are allowed.`, [
      { path: "cc", message: `At most ${MAX_EMAIL_ADDRESSES} addresses in to and cc together, after duplicates are removed.` },
    ]);
  }
  const pdfAttached = !triggers.has("pdf-fails");
  const withoutPrices = body.withoutPrices ?? false;
  const note = body.note ?? null;
  const agencyName = body.agencyName ?? null;
  const html = renderVoucherHtml(b, documentFacts(services, b), { withoutPrices, email: { agencyName, note, pdfAttached } });
  services.store.collection<OutboxEmail>("outbox").put({
    id: `eml_${randomBytes(9).toString("base64url")}`,
    sentAt: services.clock.iso(),
    bookingId: b.id,
    orderRef: b.orderRef,
    agencyId: b.agencyId,
    to: [to],
    cc,
    // The sandbox's agency profile has no reply-to address of its own.
    replyTo: body.replyTo ?? null,
    agencyName,
    subject: subjectOf(b),
    note,
    withoutPrices,
    pdfAttached,
    html,
  });
  return { sentTo: [to], cc, pdfAttached };
}
