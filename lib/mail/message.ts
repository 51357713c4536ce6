import "server-only";
import { z } from "zod";
import { isOneLine } from "@/lib/tds/contract/one-line";
import { MAIL_KINDS, type MailAddress, type MailKind } from "./shapes";

// The typed message every use of the desk's mail hands to sendMail (lib/mail/send.ts), and the
// check it passes before anything is sent or kept. Everything that reaches a header (names,
// addresses, the subject, an attachment's file name, the reference) stays on one line: a CR or
// LF there would start a header of the sender's choosing ("Ana\r\nBcc: everyone@…"). One rule
// for the whole desk: lib/tds/contract/one-line.ts (issue 28, finding 5).

/** A recipient: an address, or a name and an address (`{ name: "Ana Lopez", address: "ana@example.com" }`). */
export type MailRecipient = string | MailAddress;

export type MailAttachment = {
  filename: string;
  contentType: string;
  content: Uint8Array | string;
};

export type MailMessage = {
  /** What the mail is for: the outbox lists and filters by it. */
  kind: MailKind;
  to: MailRecipient | MailRecipient[];
  cc?: MailRecipient | MailRecipient[];
  /** Where the client's answer goes; the agency profile's reply-to address when not given. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** What the mail is about, for finding it again (a proposal's or a booking's reference); also sent as a header. */
  reference?: string;
  /** The advisor whose action sends it (a user ID), if any. */
  sentBy?: string | null;
};

export const SUBJECT_MAX = 200;
export const NAME_MAX = 120;
export const REFERENCE_MAX = 120;
export const RECIPIENTS_MAX = 20;
export const TEXT_MAX = 1_000_000;
export const HTML_MAX = 2_000_000;
export const ATTACHMENTS_MAX = 10;
export const ATTACHMENTS_BYTES_MAX = 10 * 1024 * 1024;

const line = (what: string) => `${what} holds a line break or another control character; a mail header must be one line.`;
const email = (what: string) =>
  z
    .string()
    .trim()
    .max(254, `${what} is longer than an email address can be.`)
    .refine(isOneLine, line(what))
    .pipe(z.email(`${what} is not an email address.`));

/** A recipient or a list of them, each an address or `{ name, address }`, as a list of `{ name?, address }`. */
const asRecipientList = (r: unknown): unknown =>
  (r === undefined ? [] : Array.isArray(r) ? r : [r]).map((x) => (typeof x === "string" ? { address: x } : x));

const recipient = (what: string) =>
  z
    .object({
      name: z
        .string()
        .trim()
        .max(NAME_MAX, `A name in ${what} is longer than ${NAME_MAX} characters.`)
        .refine(isOneLine, line(`A name in ${what}`))
        .optional(),
      address: email(`An address in ${what}`),
    }, `${what} must name each recipient by an address, or by a name and an address.`)
    .transform((r): MailAddress => (r.name ? { name: r.name, address: r.address } : { address: r.address }));

const recipients = (what: string, min: number) =>
  z.preprocess(
    asRecipientList,
    z
      .array(recipient(what))
      .min(min, "The mail has no recipient.")
      .max(RECIPIENTS_MAX, `A mail goes to at most ${RECIPIENTS_MAX} people in ${what}.`),
  );

const byteLength = (content: Uint8Array | string) => (typeof content === "string" ? Buffer.byteLength(content) : content.byteLength);

export const mailMessageSchema = z.object({
  kind: z.enum(MAIL_KINDS, `The mail's kind must be one of ${MAIL_KINDS.join(", ")}.`),
  to: recipients("To", 1),
  cc: recipients("Cc", 0),
  replyTo: email("The reply-to address").optional(),
  subject: z
    .string()
    .trim()
    .min(1, "The mail has no subject.")
    .max(SUBJECT_MAX, `The subject is longer than ${SUBJECT_MAX} characters.`)
    .refine(isOneLine, line("The subject")),
  text: z.string().max(TEXT_MAX, "The mail's text is too long.").refine((t) => !t.includes("\u0000"), "The mail's text holds a NUL character, which a mail cannot carry."),
  html: z.string().max(HTML_MAX, "The mail's HTML is too long.").refine((t) => !t.includes("\u0000"), "The mail's HTML holds a NUL character, which a mail cannot carry.").optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().trim().min(1, "An attachment has no file name.").max(NAME_MAX, "An attachment's file name is too long.").refine(isOneLine, line("An attachment's file name")),
        contentType: z.string().regex(/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i, "An attachment's type is not a media type such as application/pdf."),
        content: z.custom<Uint8Array | string>((c) => typeof c === "string" || c instanceof Uint8Array, "An attachment has no content."),
      }),
    )
    .max(ATTACHMENTS_MAX, `A mail carries at most ${ATTACHMENTS_MAX} attachments.`)
    .refine((list) => list.reduce((n, a) => n + byteLength(a.content), 0) <= ATTACHMENTS_BYTES_MAX, "The attachments are larger than 10 MB together.")
    .optional()
    .default([]),
  reference: z.string().trim().max(REFERENCE_MAX, `The reference is longer than ${REFERENCE_MAX} characters.`).refine(isOneLine, line("The reference")).optional().transform((r) => r || undefined),
  sentBy: z.string().nullable().optional().transform((v) => v ?? null),
});

export type CheckedMessage = z.output<typeof mailMessageSchema>;

export { byteLength };
