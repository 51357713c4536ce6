import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpServer } from "../lib/testing/smtp";
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from "./constants";
import type { SinkMail } from "./mail";

// Playwright's global set-up: the tests' own SMTP server (smtp-server, lib/testing/smtp.ts) on
// E2E_SMTP_PORT, which the e2e server's SMTP_URL names. It lives in the runner's process for the
// whole run; each mail it accepts is parsed (mailparser) and written to E2E_MAIL_DIR as one JSON
// file, which the tests, in their own worker processes, read with e2e/mail.ts.

export default async function startMailSink(): Promise<() => Promise<void>> {
  const dir = path.resolve(E2E_MAIL_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = await startSmtpServer({
    port: E2E_SMTP_PORT,
    onMail: ({ envelope, parsed }) => {
      const header = (name: string) => {
        const v = parsed.headers.get(name);
        return typeof v === "string" ? v : null;
      };
      const mail: SinkMail = {
        envelope,
        from: parsed.from?.text ?? "",
        replyTo: parsed.replyTo?.text ?? "",
        to: (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).map((a) => a.text).join(", "),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
        kind: header("x-agency-desk-kind"),
        reference: header("x-agency-desk-reference"),
        receivedAt: new Date().toISOString(),
      };
      n += 1;
      // Written whole, then renamed: a reader never sees half a mail.
      const file = path.join(dir, `${Date.now()}-${String(n).padStart(5, "0")}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(mail));
      renameSync(`${file}.part`, file);
    },
  });
  return () => server.close();
}
