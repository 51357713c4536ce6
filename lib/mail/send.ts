import "server-only";
import { randomUUID } from "node:crypto";
import { readAgencyProfile } from "@/lib/agency/store";
import { getDb, type Db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { isOneLine } from "@/lib/tds/contract/one-line";
import { mailConfig, mailServer, type MailConfig } from "./config";
import { byteLength, mailMessageSchema, type MailMessage } from "./message";
import type { MailAddress, MailStatus } from "./shapes";
import { insertMail, settleMail, type NewMail } from "./store";
import { describeSmtpFailure, smtpTransporter } from "./transport";

// sendMail: the one way the desk sends mail of its own (proposals to clients, reminders and
// notifications to advisors; docs/mail.md). From the agency's name (its profile) at MAIL_FROM,
// replies to the agency's reply-to address unless the message names another. With SMTP_URL the
// mail goes through that server; without it, it is kept in the outbox (/admin/outbox). Either
// way it is recorded there first. It never throws: a mail that cannot go is recorded as failed
// with a sentence, and the caller's booking or proposal goes on.

export type MailResult = {
  /** True when the mail was sent, or kept in the outbox because no SMTP server is set. */
  ok: boolean;
  status: MailStatus;
  /** The outbox row, or null when not even that could be written. */
  id: string | null;
  /** Why it was not sent, as a sentence for a person. */
  error: string | null;
  messageId: string | null;
};

export type SendMailOptions = {
  /** The database to record the mail in (the process's own by default). */
  db?: Db;
  /** How to send (the environment's SMTP_URL and MAIL_FROM by default). */
  config?: MailConfig;
};

export const KIND_HEADER = "X-Agency-Desk-Kind";
export const REFERENCE_HEADER = "X-Agency-Desk-Reference";

/** PostgreSQL's text holds no NUL: a refused mail is kept with each NUL shown as U+FFFD. */
const storable = (s: unknown) => String(s ?? "").replaceAll("\u0000", "\uFFFD");

const asList = (r: MailMessage["to"] | undefined): MailAddress[] =>
  (r === undefined ? [] : Array.isArray(r) ? r : [r]).map((x) =>
    typeof x === "string" ? { address: storable(x) } : { ...(x?.name ? { name: storable(x.name) } : {}), address: storable(x?.address) },
  );

export async function sendMail(message: MailMessage, options: SendMailOptions = {}): Promise<MailResult> {
  let db: Db;
  let config: MailConfig;
  try {
    db = options.db ?? (await getDb());
    config = options.config ?? mailConfig();
  } catch (err) {
    return unrecorded(message, "The desk could not open its database, so the mail was neither sent nor kept.", err);
  }
  const transport = config.transport;
  const server = mailServer(config);
  const messageId = `<${randomUUID()}@${config.fromAddress.split("@")[1] ?? "localhost"}>`;

  // The agency's name and reply-to address, as the client sees them.
  let fromName = "";
  let agencyReplyTo = "";
  try {
    const profile = await readAgencyProfile(db);
    // Checked again here: a name saved before the one-line rule must not reach a header either.
    fromName = isOneLine(profile.name) ? profile.name.trim() : "";
    agencyReplyTo = isOneLine(profile.replyTo) ? profile.replyTo.trim() : "";
  } catch (err) {
    return unrecorded(message, "The desk could not read its database, so the mail was neither sent nor kept.", err);
  }

  const checked = mailMessageSchema.safeParse(message);
  const base = (fields: Partial<NewMail>): NewMail => ({
    kind: storable(message.kind),
    reference: typeof message.reference === "string" ? storable(message.reference.slice(0, 200)) || null : null,
    transport,
    fromName,
    fromAddress: config.fromAddress,
    toAddresses: asList(message.to),
    ccAddresses: asList(message.cc),
    replyTo: message.replyTo !== undefined ? storable(message.replyTo) : agencyReplyTo || null,
    subject: storable(message.subject),
    textBody: storable(message.text),
    htmlBody: message.html === undefined ? null : storable(message.html),
    attachments: (message.attachments ?? []).map((a) => ({ filename: storable(a.filename), contentType: storable(a.contentType), size: byteLength(a.content ?? "") })),
    messageId,
    sentBy: message.sentBy ?? null,
    status: "sending",
    ...fields,
  });

  if (!checked.success) {
    // Refused before any server sees it; kept as failed so that an admin sees what was attempted.
    const error = `The mail was not sent: ${checked.error.issues[0]?.message ?? "it is not a valid mail."}`;
    return record(db, base({ status: "failed", error, settledAt: new Date() }), error);
  }
  const m = checked.data;
  const row = base({
    kind: m.kind,
    reference: m.reference ?? null,
    toAddresses: m.to,
    ccAddresses: m.cc,
    replyTo: m.replyTo ?? (agencyReplyTo || null),
    subject: m.subject,
    textBody: m.text,
    htmlBody: m.html ?? null,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: byteLength(a.content) })),
    status: transport === "smtp" ? "sending" : "kept",
  });

  let id: string;
  try {
    id = await insertMail(db, row);
  } catch (err) {
    return unrecorded(message, "The desk could not record the mail in its outbox, so it did not send it.", err);
  }
  if (config.transport === "outbox") {
    log.info({ mailId: id, kind: m.kind, status: "kept" }, "mail kept in the outbox");
    return { ok: true, status: "kept", id, error: null, messageId };
  }

  try {
    const info = await smtpTransporter(config.url).sendMail({
      from: fromName ? { name: fromName, address: config.fromAddress } : config.fromAddress,
      to: m.to.map(toNodemailer),
      cc: m.cc.length > 0 ? m.cc.map(toNodemailer) : undefined,
      replyTo: row.replyTo ?? undefined,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: typeof a.content === "string" ? a.content : Buffer.from(a.content) })),
      messageId,
      headers: { [KIND_HEADER]: m.kind, ...(m.reference ? { [REFERENCE_HEADER]: m.reference } : {}) },
    });
    // A server may accept some recipients and refuse others: the mail went, the refusals are said.
    const rejected = ((info.rejected ?? []) as Array<string | { address: string }>).map((r) => (typeof r === "string" ? r : r.address));
    const error = rejected.length > 0 ? `The mail server refused ${rejected.join(", ")}; the others were sent the mail.` : null;
    await settleMail(db, id, { status: "sent", error, messageId: info.messageId ?? messageId }).catch((err: unknown) => {
      log.error({ mailId: id, err: errorFields(err) }, "mail sent, but its outbox row could not be updated");
    });
    log.info({ mailId: id, kind: m.kind, status: "sent" }, "mail sent");
    return { ok: true, status: "sent", id, error, messageId: info.messageId ?? messageId };
  } catch (err) {
    const error = describeSmtpFailure(err, server);
    log.warn({ mailId: id, kind: m.kind, status: "failed", err: errorFields(err) }, "mail not sent");
    await settleMail(db, id, { status: "failed", error }).catch((e: unknown) => {
      log.error({ mailId: id, err: errorFields(e) }, "mail failed, and its outbox row could not be updated");
    });
    return { ok: false, status: "failed", id, error, messageId: null };
  }
}

const toNodemailer = (a: MailAddress) => (a.name ? { name: a.name, address: a.address } : a.address);

async function record(db: Db, row: NewMail, error: string): Promise<MailResult> {
  try {
    const id = await insertMail(db, row);
    log.warn({ mailId: id, kind: row.kind, status: "failed" }, "mail refused before sending");
    return { ok: false, status: "failed", id, error, messageId: null };
  } catch (err) {
    return unrecorded({ kind: row.kind }, error, err);
  }
}

function unrecorded(message: Pick<MailMessage, "kind"> | { kind: string }, error: string, err: unknown): MailResult {
  log.error({ kind: message.kind, err: errorFields(err) }, "mail could not be recorded");
  return { ok: false, status: "failed", id: null, error, messageId: null };
}
