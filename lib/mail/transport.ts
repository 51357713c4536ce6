import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { CONTROL_CHARACTERS } from "@/lib/tds/contract/one-line";

// The one sender of the desk's mail over SMTP (nodemailer), and what its failures mean for a
// person. Timeouts are short: a mail is sent from an advisor's action, and a mail server that
// does not answer must not hold it for nodemailer's default two minutes.

export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 } as const;

const transporters = new Map<string, Transporter>();

/** One transporter per SMTP_URL, made on first use. */
export function smtpTransporter(url: string): Transporter {
  let t = transporters.get(url);
  if (!t) {
    t = nodemailer.createTransport({
      url,
      ...SMTP_TIMEOUTS,
      // The desk gives every attachment's bytes itself: nodemailer must never read a file or a URL for it.
      disableFileAccess: true,
      disableUrlAccess: true,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transporters.set(url, t);
  }
  return t;
}

/** Closes the transporters (tests, shutdown). */
export function closeSmtpTransporters(): void {
  for (const t of transporters.values()) t.close();
  transporters.clear();
}

type SmtpError = { code?: string; message?: string; response?: string; responseCode?: number; command?: string; cause?: { code?: string } };

/** What the mail server said, on one line and short enough for a sentence. */
function said(text: string | undefined): string {
  const one = (text ?? "").replace(new RegExp(CONTROL_CHARACTERS.source, "g"), " ").replace(/\s+/g, " ").trim();
  return one.length > 200 ? `${one.slice(0, 200)}…` : one;
}

/** Why a mail could not be sent, as a sentence for the admin reading the outbox (never the password). */
export function describeSmtpFailure(err: unknown, server: string | null): string {
  const e = (err ?? {}) as SmtpError;
  const at = server ? ` at ${server}` : "";
  const message = e.message ?? String(err);
  const refused = /ECONNREFUSED/.test(message) || e.cause?.code === "ECONNREFUSED";
  const reply = said(e.response);
  switch (true) {
    case refused:
      return `The mail server${at} refused the connection. Check that it is running and that SMTP_URL names it.`;
    case e.code === "ETIMEDOUT":
      return `The mail server${at} did not answer in time. Check SMTP_URL and that the desk can reach the server.`;
    case e.code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message):
      return `The mail server's name${server ? ` (${server.split(":")[0]})` : ""} could not be found. Check the host in SMTP_URL.`;
    case e.code === "ETLS" || e.code === "EREQUIRETLS":
      return `A secure connection to the mail server${at} could not be made. Check smtp:// or smtps:// and the port in SMTP_URL.`;
    case e.code === "EAUTH" || e.code === "ENOAUTH":
      return `The mail server${at} did not accept the desk's user name or password. Check the credentials in SMTP_URL.`;
    case e.code === "EENVELOPE":
      return `The mail server${at} refused the sender or a recipient${reply ? `: ${reply}` : ""}.`;
    case e.code === "EMESSAGE" || (typeof e.responseCode === "number" && e.responseCode >= 400):
      return `The mail server${at} refused the mail${reply ? `: ${reply}` : ""}.`;
    case e.code === "ECONNECTION" || e.code === "ESOCKET":
      return `The connection to the mail server${at} failed before the mail was sent (${said(message)}). Try again; if it keeps happening, check the server.`;
    default:
      return `The mail could not be sent${at}: ${said(message) || "no reason was given"}.`;
  }
}
