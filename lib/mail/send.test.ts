import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveAgencyProfile } from "@/lib/agency/store";
import { openDb, type DbHandle } from "@/lib/db";
import { mailOutbox, users } from "@/lib/db/schema";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp";
import type { MailConfig } from "./config";
import type { MailMessage } from "./message";
import { KIND_HEADER, REFERENCE_HEADER, sendMail } from "./send";
import { listOutbox, readOutboxMail, SENDING_GIVEN_UP } from "./store";
import { closeSmtpTransporters, describeSmtpFailure } from "./transport";

// The desk's own mail (issues 29 and 30): sent through a real SMTP server running in this
// process (smtp-server) and read back as a mail program would (mailparser); kept in the outbox
// without SMTP_URL; refused when a header-bound field holds a line break; recorded as failed with
// a sentence, never thrown, when the server is down or says no.

const FROM = "desk@sunnydays.example";
const AGENCY = { name: "Sunny Days Travel", replyTo: "bookings@sunnydays.example", phone: "", address: "" };

let handle: DbHandle;
let smtp: TestSmtpServer;
let smtpConfig: MailConfig;
let adminId: string;
const outbox: MailConfig = { transport: "outbox", fromAddress: FROM };

beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const [admin] = await handle.db.insert(users).values({ email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash: "x" }).returning();
  adminId = admin!.id;
  await saveAgencyProfile(handle.db, AGENCY, adminId);
  smtp = await startSmtpServer();
  smtpConfig = { transport: "smtp", url: smtp.url, fromAddress: FROM };
});
afterAll(async () => {
  closeSmtpTransporters();
  await smtp.close();
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(mailOutbox);
  smtp.clear();
});

const proposal = (extra: Partial<MailMessage> = {}): MailMessage => ({
  kind: "proposal",
  to: { name: "Ana Lopez", address: "ana.lopez@example.com" },
  subject: "Three hotels in Barcelona for 10–13 December",
  text: "Dear Ana,\n\nHere are the three hotels we talked about.\n",
  html: "<p>Dear Ana,</p><p>Here are the <strong>three hotels</strong> we talked about.</p>",
  reference: "PR-7F3K2",
  ...extra,
});

const rowOf = async (id: string | null) => {
  const [row] = await handle.db.select().from(mailOutbox).where(sql`${mailOutbox.id} = ${id}`);
  return row;
};

describe("sendMail over SMTP", () => {
  it("sends from the agency's name at MAIL_FROM, replies to the agency, with the subject, both bodies, an attachment and the reference", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4 the proposal");
    const result = await sendMail(
      proposal({ cc: ["ben@sunnydays.example"], attachments: [{ filename: "proposal PR-7F3K2.pdf", contentType: "application/pdf", content: pdf }], sentBy: adminId }),
      { db: handle.db, config: smtpConfig },
    );
    expect(result).toMatchObject({ ok: true, status: "sent", error: null });

    const mail = await smtp.next();
    expect(mail.envelope).toEqual({ from: FROM, to: ["ana.lopez@example.com", "ben@sunnydays.example"] });
    const p = mail.parsed;
    expect(p.from?.value).toEqual([{ name: "Sunny Days Travel", address: FROM }]);
    expect(p.replyTo?.value).toEqual([{ name: "", address: "bookings@sunnydays.example" }]);
    expect(p.to && !Array.isArray(p.to) ? p.to.value : null).toEqual([{ name: "Ana Lopez", address: "ana.lopez@example.com" }]);
    expect(p.subject).toBe("Three hotels in Barcelona for 10–13 December");
    expect(p.text).toBe("Dear Ana,\n\nHere are the three hotels we talked about.\n");
    expect(p.html).toContain("<strong>three hotels</strong>");
    expect(p.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([["proposal PR-7F3K2.pdf", "application/pdf", "%PDF-1.4 the proposal"]]);
    expect(p.headers.get(KIND_HEADER.toLowerCase())).toBe("proposal");
    expect(p.headers.get(REFERENCE_HEADER.toLowerCase())).toBe("PR-7F3K2");
    expect(p.messageId).toBe(result.messageId);

    const row = await rowOf(result.id);
    expect(row).toMatchObject({
      kind: "proposal",
      status: "sent",
      transport: "smtp",
      fromName: "Sunny Days Travel",
      fromAddress: FROM,
      toAddresses: [{ name: "Ana Lopez", address: "ana.lopez@example.com" }],
      ccAddresses: [{ address: "ben@sunnydays.example" }],
      replyTo: "bookings@sunnydays.example",
      reference: "PR-7F3K2",
      messageId: result.messageId,
      attachments: [{ filename: "proposal PR-7F3K2.pdf", contentType: "application/pdf", size: pdf.byteLength }],
      sentBy: adminId,
      error: null,
    });
    expect(row!.settledAt).toBeInstanceOf(Date);
  });

  it("takes the message's own reply-to, and names and subjects beyond ASCII arrive as written", async () => {
    await saveAgencyProfile(handle.db, { ...AGENCY, name: "Viajes Ñandú · Agência São João" }, adminId);
    try {
      const result = await sendMail(proposal({ to: { name: "Zoë Ørsted-Łukasz", address: "zoe@example.com" }, subject: "Ваше предложение: 東京 3 nights ✈", replyTo: "ana.advisor@sunnydays.example" }), {
        db: handle.db,
        config: smtpConfig,
      });
      expect(result.status).toBe("sent");
      const { parsed } = await smtp.next();
      expect(parsed.from?.value).toEqual([{ name: "Viajes Ñandú · Agência São João", address: FROM }]);
      expect(parsed.replyTo?.value).toEqual([{ name: "", address: "ana.advisor@sunnydays.example" }]);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.name : null).toBe("Zoë Ørsted-Łukasz");
      expect(parsed.subject).toBe("Ваше предложение: 東京 3 nights ✈");
    } finally {
      await saveAgencyProfile(handle.db, AGENCY, adminId);
    }
  });

  it.each([
    ["the subject", { subject: "Your proposal\r\nBcc: everyone@evil.example" }, "The mail was not sent: The subject holds a line break or another control character; a mail header must be one line."],
    ["a recipient's name", { to: { name: "Ana\r\nBcc: everyone@evil.example", address: "ana@example.com" } }, "The mail was not sent: A name in To holds a line break or another control character; a mail header must be one line."],
    ["a recipient's address", { to: "ana@example.com\r\nBcc: everyone@evil.example" }, "The mail was not sent: An address in To holds a line break or another control character; a mail header must be one line."],
    ["the reply-to", { replyTo: "ana@example.com\nBcc: everyone@evil.example" }, "The mail was not sent: The reply-to address holds a line break or another control character; a mail header must be one line."],
    ["an attachment's file name", { attachments: [{ filename: "a.pdf\r\nBcc: x@evil.example", contentType: "application/pdf", content: "x" }] }, "The mail was not sent: An attachment's file name holds a line break or another control character; a mail header must be one line."],
    ["the reference", { reference: "PR-1\u2028Bcc: x@evil.example" }, "The mail was not sent: The reference holds a line break or another control character; a mail header must be one line."],
    ["a cc's name (NUL)", { cc: { name: "Ben\u0000", address: "ben@example.com" } }, "The mail was not sent: A name in Cc holds a line break or another control character; a mail header must be one line."],
  ] as const)("refuses a line break in %s: nothing reaches the server, the attempt is kept as failed with a sentence", async (_what, extra, sentence) => {
    const result = await sendMail(proposal(extra as Partial<MailMessage>), { db: handle.db, config: smtpConfig });
    expect(result).toMatchObject({ ok: false, status: "failed", error: sentence });
    expect(await rowOf(result.id)).toMatchObject({ status: "failed", error: sentence });
    // A mail that is sent after it arrives first: the refused one never did.
    await sendMail(proposal({ subject: "After" }), { db: handle.db, config: smtpConfig });
    expect((await smtp.next()).parsed.subject).toBe("After");
    expect(smtp.received).toHaveLength(1);
  });

  it("sends without a sender name, never a broken header, when the saved agency name holds a line break (saved before the rule)", async () => {
    await handle.db.execute(sql`update agency_profile set name = ${"Sunny\r\nBcc: everyone@evil.example"}`);
    try {
      const result = await sendMail(proposal(), { db: handle.db, config: smtpConfig });
      expect(result.status).toBe("sent");
      const mail = await smtp.next();
      expect(mail.parsed.from?.value).toEqual([{ name: "", address: FROM }]);
      expect(mail.envelope.to).toEqual(["ana.lopez@example.com"]);
      expect(mail.raw).not.toMatch(/^bcc:/im);
    } finally {
      await saveAgencyProfile(handle.db, AGENCY, adminId);
    }
  });

  it("records a mail server that is down as failed with a sentence, and resolves instead of throwing", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const result = await sendMail(proposal(), { db: handle.db, config: { transport: "smtp", url: `smtp://127.0.0.1:${port}`, fromAddress: FROM } });
    const sentence = `The mail server at 127.0.0.1:${port} refused the connection. Check that it is running and that SMTP_URL names it.`;
    expect(result).toEqual({ ok: false, status: "failed", id: expect.any(String), error: sentence, messageId: null });
    expect(await rowOf(result.id)).toMatchObject({ status: "failed", transport: "smtp", error: sentence, subject: "Three hotels in Barcelona for 10–13 December" });
  });

  it("says what the server answered when it refuses the recipient, and which of several it refused", async () => {
    const picky = await startSmtpServer({ refuseRecipient: (a) => (a.startsWith("nobody@") ? "550 5.1.1 No such mailbox here" : null) });
    const config: MailConfig = { transport: "smtp", url: picky.url, fromAddress: FROM };
    try {
      const alone = await sendMail(proposal({ to: "nobody@example.com" }), { db: handle.db, config });
      expect(alone).toMatchObject({ ok: false, status: "failed" });
      expect(alone.error).toMatch(new RegExp(`^The mail server at 127\\.0\\.0\\.1:${picky.port} refused the sender or a recipient: .*No such mailbox here.*\\.$`));

      const some = await sendMail(proposal({ to: ["nobody@example.com", "ana@example.com"] }), { db: handle.db, config });
      expect(some).toMatchObject({ ok: true, status: "sent", error: "The mail server refused nobody@example.com; the others were sent the mail." });
      expect((await picky.next()).envelope.to).toEqual(["ana@example.com"]);
    } finally {
      await picky.close();
    }
  });

  it("says the credentials were refused, without repeating them", async () => {
    const guarded = await startSmtpServer({ auth: { user: "desk", pass: "right-password" } });
    try {
      const wrong = await sendMail(proposal(), { db: handle.db, config: { transport: "smtp", url: `smtp://desk:wrong-password@127.0.0.1:${guarded.port}`, fromAddress: FROM } });
      expect(wrong).toMatchObject({ ok: false, status: "failed", error: `The mail server at 127.0.0.1:${guarded.port} did not accept the desk's user name or password. Check the credentials in SMTP_URL.` });
      const right = await sendMail(proposal(), { db: handle.db, config: { transport: "smtp", url: `smtp://desk:right-password@127.0.0.1:${guarded.port}`, fromAddress: FROM } });
      expect(right.status).toBe("sent");
      expect((await guarded.next()).parsed.subject).toBe("Three hotels in Barcelona for 10–13 December");
    } finally {
      await guarded.close();
    }
  });
});

describe("sendMail without SMTP_URL: the outbox", () => {
  it("keeps the message with its headers and bodies, and sends nothing", async () => {
    const result = await sendMail(proposal({ sentBy: adminId }), { db: handle.db, config: outbox });
    expect(result).toMatchObject({ ok: true, status: "kept", error: null });
    const mail = await readOutboxMail(handle.db, result.id!);
    expect(mail).toMatchObject({
      kind: "proposal",
      status: "kept",
      transport: "outbox",
      from: { name: "Sunny Days Travel", address: FROM },
      to: [{ name: "Ana Lopez", address: "ana.lopez@example.com" }],
      cc: [],
      replyTo: "bookings@sunnydays.example",
      subject: "Three hotels in Barcelona for 10–13 December",
      text: "Dear Ana,\n\nHere are the three hotels we talked about.\n",
      html: "<p>Dear Ana,</p><p>Here are the <strong>three hotels</strong> we talked about.</p>",
      reference: "PR-7F3K2",
      sentBy: "Ada Admin",
      sentAt: null,
      error: null,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("lists newest first, by kind, a page at a time", async () => {
    for (let i = 1; i <= 5; i++) {
      await sendMail({ kind: i % 2 ? "reminder" : "proposal", to: "ana@example.com", subject: `Mail ${i}`, text: "." }, { db: handle.db, config: outbox });
    }
    const all = await listOutbox(handle.db, { kind: null, page: 1, pageSize: 2 });
    expect(all.total).toBe(5);
    expect(all.items.map((m) => m.subject)).toEqual(["Mail 5", "Mail 4"]);
    expect((await listOutbox(handle.db, { kind: null, page: 3, pageSize: 2 })).items.map((m) => m.subject)).toEqual(["Mail 1"]);
    const reminders = await listOutbox(handle.db, { kind: "reminder", page: 1 });
    expect(reminders).toMatchObject({ total: 3 });
    expect(reminders.items.map((m) => m.subject)).toEqual(["Mail 5", "Mail 3", "Mail 1"]);
  });

  it("shows a mail left sending by a process that stopped as failed, with why, once the server cannot still be answering", async () => {
    const [row] = await handle.db
      .insert(mailOutbox)
      .values({ kind: "reminder", status: "sending", transport: "smtp", fromAddress: FROM, toAddresses: [{ address: "ana@example.com" }], subject: "Hold ends soon", textBody: "." })
      .returning();
    expect((await readOutboxMail(handle.db, row!.id))?.status).toBe("sending");
    await handle.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(sql`${mailOutbox.id} = ${row!.id}`);
    expect(await readOutboxMail(handle.db, row!.id)).toMatchObject({ status: "failed", error: SENDING_GIVEN_UP, sentAt: null });
    expect((await listOutbox(handle.db, { kind: "reminder", page: 1 })).items[0]).toMatchObject({ status: "failed", error: SENDING_GIVEN_UP });
  });

  it("resolves with a sentence, never throws, when the database is gone", async () => {
    const gone = await openDb({ driver: "pglite", dataDir: ":memory:" });
    await gone.close();
    const result = await sendMail(proposal(), { db: gone.db, config: outbox });
    expect(result).toEqual({ ok: false, status: "failed", id: null, error: "The desk could not read its database, so the mail was neither sent nor kept.", messageId: null });
  });
});

describe("describeSmtpFailure", () => {
  it.each([
    [{ code: "ETIMEDOUT", message: "Connection timeout" }, "The mail server at smtp.example.com:587 did not answer in time. Check SMTP_URL and that the desk can reach the server."],
    [{ code: "EDNS", message: "getaddrinfo ENOTFOUND smtp.example.com" }, "The mail server's name (smtp.example.com) could not be found. Check the host in SMTP_URL."],
    [{ code: "ETLS", message: "wrong version number" }, "A secure connection to the mail server at smtp.example.com:587 could not be made. Check smtp:// or smtps:// and the port in SMTP_URL."],
    [{ code: "EMESSAGE", response: "552 5.3.4 Message\r\nsize exceeds fixed limit", responseCode: 552 }, "The mail server at smtp.example.com:587 refused the mail: 552 5.3.4 Message size exceeds fixed limit."],
    [new Error("something odd"), "The mail could not be sent at smtp.example.com:587: something odd."],
  ])("%o reads as a sentence", (err, sentence) => {
    expect(describeSmtpFailure(err, "smtp.example.com:587")).toBe(sentence);
  });
});
