import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_MAIL_DIR } from "./constants";

// What the tests' SMTP server received (e2e/mail-sink.ts): one parsed mail per file. Tests run
// in parallel and all mail goes to one server, so a test finds its own by what only it sent
// (a recipient it made up, a reference).

export type SinkMail = {
  envelope: { from: string | null; to: string[] };
  from: string;
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The desk's X-Agency-Desk-Kind and X-Agency-Desk-Reference headers. */
  kind: string | null;
  reference: string | null;
  receivedAt: string;
};

function mailSoFar(): SinkMail[] {
  const dir = path.resolve(E2E_MAIL_DIR);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as SinkMail);
}

/** The mails the tests' SMTP server received for `recipient`, waiting until there are `count`. */
export async function mailTo(recipient: string, { count = 1, timeout = 15_000 }: { count?: number; timeout?: number } = {}): Promise<SinkMail[]> {
  const of = () => mailSoFar().filter((m) => m.envelope.to.some((to) => to.toLowerCase() === recipient.toLowerCase()));
  await expect.poll(() => of().length, { timeout, message: `mail to ${recipient} at the tests' SMTP server` }).toBeGreaterThanOrEqual(count);
  return of();
}
