import "server-only";
import { z } from "zod";
import { readAgencyProfile } from "@/lib/agency/store";
import type { Db } from "@/lib/db";
import { mailConfig, mailServer } from "@/lib/mail/config";
import { escapeHtml } from "@/lib/mail/html";
import { sendMail } from "@/lib/mail/send";
import { MAIL_KINDS, OUTBOX_MAX_PAGE, type MailMode, type OutboxItem } from "@/lib/mail/shapes";
import { readOutboxMail } from "@/lib/mail/store";
import type { SessionUser } from "./deps";
import { BFF_ERRORS, BffError } from "./errors";

// The outbox through the BFF (admins): GET /api/admin/outbox, GET /api/admin/outbox/:mailId and
// POST /api/admin/outbox/test. docs/mail.md.

const KIND = `Choose one of the kinds of mail: ${MAIL_KINDS.join(", ")}.`;
const PAGE = `Ask for a page from 1 to ${OUTBOX_MAX_PAGE}.`;

export const outboxQuerySchema = z.strictObject({
  kind: z.enum(MAIL_KINDS, KIND).optional(),
  page: z.number(PAGE).int(PAGE).min(1, PAGE).max(OUTBOX_MAX_PAGE, PAGE).optional(),
});

export const outboxParams = z.strictObject({ mailId: z.uuid("This is not the ID of a mail in the outbox.") });

/** How the desk sends its mail now, for the outbox's banner. */
export async function mailMode(db: Db): Promise<MailMode> {
  const config = mailConfig();
  const profile = await readAgencyProfile(db);
  return { transport: config.transport, fromAddress: config.fromAddress, fromName: profile.name, server: mailServer(config) };
}

/** Sends the admin a test mail the way every mail of the desk goes, and answers what became of it. */
export async function sendTestMail(db: Db, user: SessionUser): Promise<OutboxItem> {
  const config = mailConfig();
  const how =
    config.transport === "smtp"
      ? `It went through the mail server at ${mailServer(config)}, from ${config.fromAddress}.`
      : "No mail server is set (SMTP_URL), so it was kept in the desk's outbox and not sent.";
  const result = await sendMail(
    {
      kind: "test",
      to: { name: user.name, address: user.email },
      subject: "Test mail from the agency desk",
      text: `Hello ${user.name},\n\nThis is a test mail you sent from the desk's outbox, to check how the desk sends mail. ${how}\n\nProposals and reminders go out the same way, under the agency's name.\n`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>This is a test mail you sent from the desk's outbox, to check how the desk sends mail. ${escapeHtml(how)}</p><p>Proposals and reminders go out the same way, under the agency's name.</p>`,
      sentBy: user.id,
    },
    { db, config },
  );
  const mail = result.id ? await readOutboxMail(db, result.id) : null;
  if (!mail) {
    throw new BffError({ ...BFF_ERRORS.internal_error, code: "internal_error", message: result.error ?? BFF_ERRORS.internal_error.message });
  }
  const { id, kind, status, to, subject, reference, createdAt, sentAt, sentBy, error } = mail;
  return { id, kind, status, to, subject, reference, createdAt, sentAt, sentBy, error };
}
