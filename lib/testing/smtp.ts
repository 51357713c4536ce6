import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

// A real SMTP server in the test's process (smtp-server), on a free port of 127.0.0.1, that
// reads every mail it accepts with mailparser: what a client's mail program would see. Tests of
// the desk's mail point SMTP_URL (or setMailConfig) at `url` (docs/mail.md#tests).

export type ReceivedMail = {
  /** The envelope: who the desk said the mail is from and to, as the SMTP commands carried them. */
  envelope: { from: string | null; to: string[] };
  /** The raw message as it arrived. */
  raw: string;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  url: string;
  port: number;
  /** Every mail accepted since the start (or the last `clear()`), in order. */
  received: ReceivedMail[];
  /** Forgets what arrived (between tests). */
  clear: () => void;
  /** The next mail to arrive (or one that arrived and was not taken yet), within `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export type TestSmtpOptions = {
  /** Refuse a recipient with this SMTP reply (e.g. "550 5.1.1 No such mailbox"); null accepts it. */
  refuseRecipient?: (address: string) => string | null;
  /** Ask for this user name and password (AUTH over the plain connection, as a local relay may). */
  auth?: { user: string; pass: string };
  /** The port to listen on (a free one by default). */
  port?: number;
  /** Called with each mail as it is accepted (the e2e sink writes it to a file). */
  onMail?: (mail: ReceivedMail) => void;
};

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  /** Arrived and not yet taken by next(). */
  const inbox: ReceivedMail[] = [];
  const waiting: Array<() => void> = [];

  const serverOptions: SMTPServerOptions = {
    logger: false,
    // Plain SMTP on the loopback: no certificate to make, as for a relay on the same host.
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address) ?? null;
      if (!refusal) return callback();
      const [code, ...text] = refusal.split(" ");
      callback(Object.assign(new Error(text.join(" ")), { responseCode: Number(code) }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            const mail = { envelope: { from: from ? from.address : null, to: session.envelope.rcptTo.map((r) => r.address) }, raw, parsed };
            received.push(mail);
            inbox.push(mail);
            options.onMail?.(mail);
            waiting.splice(0).forEach((wake) => wake());
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    clear: () => {
      received.splice(0);
      inbox.splice(0);
    },
    next: (timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        let done = false;
        const timer = setTimeout(() => {
          done = true;
          reject(new Error(`no mail arrived at the test SMTP server within ${timeoutMs} ms`));
        }, timeoutMs);
        const take = () => {
          if (done) return;
          const mail = inbox.shift();
          if (mail) {
            done = true;
            clearTimeout(timer);
            resolve(mail);
          } else waiting.push(take);
        };
        take();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
