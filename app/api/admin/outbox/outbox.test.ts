import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveAgencyProfile } from "@/lib/agency/store";
import { mailOutbox } from "@/lib/db/schema";
import { setMailConfig } from "@/lib/mail/config";
import { sendMail } from "@/lib/mail/send";
import { closeSmtpTransporters } from "@/lib/mail/transport";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp";
import * as one from "./[mailId]/route";
import * as list from "./route";
import * as testMail from "./test/route";

// The outbox through the BFF (admins only): the list with how mail is sent, one mail with its
// bodies, and a test mail sent the way every mail goes, kept or through a real SMTP server.

const FROM = "desk@sunnydays.example";
let kit: BffTestKit;
let smtp: TestSmtpServer;

beforeAll(async () => {
  kit = await bffTestKit();
  smtp = await startSmtpServer();
  await saveAgencyProfile(kit.db, { name: "Sunny Days Travel", replyTo: "bookings@sunnydays.example", phone: "", address: "" }, kit.people.admin.id);
});
afterAll(async () => {
  setMailConfig(null);
  closeSmtpTransporters();
  await smtp.close();
  await kit.close();
});
beforeEach(async () => {
  setMailConfig({ transport: "outbox", fromAddress: FROM });
  await kit.db.delete(mailOutbox);
  smtp.clear();
  kit.as(kit.people.admin);
});

const getList = (query: Record<string, string> = {}) => kit.call(list.GET, "/api/admin/outbox", { query });
const getOne = (mailId: string) => kit.call(one.GET, `/api/admin/outbox/${mailId}`, { params: { mailId } });
const postTest = (origin?: string | null) => kit.call(testMail.POST, "/api/admin/outbox/test", { method: "POST", origin });

const keep = (subject: string, kind: "proposal" | "reminder" = "proposal") =>
  sendMail({ kind, to: { name: "Ana Lopez", address: "ana@example.com" }, subject, text: `About ${subject}`, html: `<p>About <b>${subject}</b></p>`, reference: "PR-1" }, { db: kit.db });

describe("the outbox's routes refuse everyone but admins", () => {
  it.each([
    ["GET /api/admin/outbox", () => getList()],
    ["GET /api/admin/outbox/:mailId", () => getOne("5b0e3c1e-8f5d-4c47-9d2a-2f1d3b2c9a10")],
    ["POST /api/admin/outbox/test", () => postTest()],
  ])("%s: signed out 401, an advisor 403, and nothing is sent", async (_name, call) => {
    kit.as(null);
    expect((await call()).body.error).toEqual({ code: "unauthorized", message: "Sign in to continue.", details: [] });
    kit.as(kit.people.advisor);
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect(await kit.db.select().from(mailOutbox)).toEqual([]);
  });

  it("a test mail asked for from another site is refused", async () => {
    expect((await postTest("https://evil.example")).status).toBe(403);
    expect((await postTest(null)).status).toBe(403);
    expect(await kit.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe("the outbox for an admin", () => {
  it("says mail is kept, not sent, without SMTP_URL; lists newest first with who sent what", async () => {
    const empty = await getList();
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      mode: { transport: "outbox", fromAddress: FROM, fromName: "Sunny Days Travel", server: null },
      items: [],
      page: 1,
      pageSize: 25,
      total: 0,
    });
    await keep("First");
    const sent = await postTest();
    expect(sent.status).toBe(201);
    expect(sent.body.data.mail).toMatchObject({ kind: "test", status: "kept", subject: "Test mail from the agency desk", sentBy: "Ada Admin", to: [{ name: "Ada Admin", address: "ada@desk.test" }] });
    const items = (await getList()).body.data.items;
    expect(items.map((m: { subject: string }) => m.subject)).toEqual(["Test mail from the agency desk", "First"]);
    expect(items[1]).toEqual({
      id: expect.any(String),
      kind: "proposal",
      status: "kept",
      to: [{ name: "Ana Lopez", address: "ana@example.com" }],
      subject: "First",
      reference: "PR-1",
      createdAt: expect.any(String),
      sentAt: null,
      sentBy: null,
      error: null,
    });
    expect(smtp.received).toEqual([]);
  });

  it("filters by kind and pages through the list", async () => {
    for (let i = 1; i <= 27; i++) await keep(`Mail ${i}`, i % 3 === 0 ? "reminder" : "proposal");
    const first = (await getList()).body.data;
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].subject).toBe("Mail 27");
    const second = (await getList({ page: "2" })).body.data;
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual(["Mail 2", "Mail 1"]);
    const reminders = (await getList({ kind: "reminder" })).body.data;
    expect(reminders.total).toBe(9);
    expect(new Set(reminders.items.map((m: { kind: string }) => m.kind))).toEqual(new Set(["reminder"]));
  });

  it.each([
    [{ kind: "spam" }, "kind", "Choose one of the kinds of mail: proposal, reminder, notification, digest, test."],
    [{ page: "0" }, "page", "Ask for a page from 1 to 400."],
    [{ page: "two" }, "page", "Ask for a page from 1 to 400."],
    [{ page: "1.5" }, "page", "Ask for a page from 1 to 400."],
    [{ sort: "asc" }, "sort", "Unknown field."],
  ])("refuses the list's query %o with a sentence on its field", async (query, path, message) => {
    const res = await getList(query);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });

  it("opens one mail with its headers and both bodies; an unknown one is 404, a malformed ID 400", async () => {
    const kept = await keep("Three hotels");
    const res = await getOne(kept.id!);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: kept.id,
      transport: "outbox",
      from: { name: "Sunny Days Travel", address: FROM },
      to: [{ name: "Ana Lopez", address: "ana@example.com" }],
      cc: [],
      replyTo: "bookings@sunnydays.example",
      subject: "Three hotels",
      text: "About Three hotels",
      html: "<p>About <b>Three hotels</b></p>",
      attachments: [],
      messageId: kept.messageId,
    });
    const missing = await getOne("5b0e3c1e-8f5d-4c47-9d2a-2f1d3b2c9a10");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", message: "The outbox has no such mail. Go back to the outbox and open it from the list." });
    const malformed = await getOne("not-a-mail");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details).toEqual([{ path: "mailId", message: "This is not the ID of a mail in the outbox." }]);
  });

  it("with SMTP_URL: says where mail goes, and the test mail reaches the server from the agency's name", async () => {
    setMailConfig({ transport: "smtp", url: smtp.url, fromAddress: FROM });
    expect((await getList()).body.data.mode).toEqual({ transport: "smtp", fromAddress: FROM, fromName: "Sunny Days Travel", server: `127.0.0.1:${smtp.port}` });
    const sent = await postTest();
    expect(sent.body.data.mail).toMatchObject({ kind: "test", status: "sent", error: null });
    expect(sent.body.data.mail.sentAt).toEqual(expect.any(String));
    const { parsed, envelope } = await smtp.next();
    expect(envelope.to).toEqual(["ada@desk.test"]);
    expect(parsed.from?.value).toEqual([{ name: "Sunny Days Travel", address: FROM }]);
    expect(parsed.subject).toBe("Test mail from the agency desk");
    expect(parsed.text).toContain(`It went through the mail server at 127.0.0.1:${smtp.port}, from ${FROM}.`);
  });

  it("with the mail server down: the test mail is recorded as failed, with the reason in a sentence", async () => {
    const down = await startSmtpServer();
    await down.close();
    setMailConfig({ transport: "smtp", url: down.url, fromAddress: FROM });
    const res = await postTest();
    expect(res.status).toBe(201);
    expect(res.body.data.mail).toMatchObject({
      status: "failed",
      sentAt: null,
      error: `The mail server at 127.0.0.1:${down.port} refused the connection. Check that it is running and that SMTP_URL names it.`,
    });
  });
});
