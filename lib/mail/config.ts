import "server-only";
import { getEnv } from "@/lib/server-env";

// How the desk sends its own mail: through the SMTP server SMTP_URL names, from MAIL_FROM; or,
// without SMTP_URL (the default, so `npm run dev` needs nothing), kept in the outbox table for an
// admin to read at /admin/outbox. Tests set their own (setMailConfig) as they set the BFF's deps.

export type MailConfig =
  | { transport: "smtp"; url: string; fromAddress: string }
  | { transport: "outbox"; fromAddress: string };

let override: MailConfig | null = null;

/** Replaces the environment's mail settings (tests); null goes back to them. */
export function setMailConfig(config: MailConfig | null): void {
  override = config;
}

export function mailConfig(): MailConfig {
  if (override) return override;
  const env = getEnv();
  return env.SMTP_URL ? { transport: "smtp", url: env.SMTP_URL, fromAddress: env.MAIL_FROM } : { transport: "outbox", fromAddress: env.MAIL_FROM };
}

/** The SMTP server as host:port, safe to show (no user, no password); null when mail is kept. */
export function mailServer(config: MailConfig): string | null {
  if (config.transport !== "smtp") return null;
  try {
    const url = new URL(config.url);
    const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
    return `${url.hostname}:${port}`;
  } catch {
    return null;
  }
}
