import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUpMarks, mailOutbox } from "@/lib/db/schema";
import { setMailConfig } from "@/lib/mail/config";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { mailMark, mailNotification, NOTIFICATION_MAIL_JOB } from "@/lib/notifications/mail";
import { addNotifications, type NewNotification } from "@/lib/notifications/store";
import { timeZonesOf } from "@/lib/notifications/time-zones";
import { bffTestKit, ORIGIN, type BffTestKit } from "@/lib/testing/bff";
import * as preferences from "./preferences/route";
import * as read from "./read/route";
import * as list from "./route";
import * as stream from "./stream/route";
import * as testRoute from "./test/route";

// The notification centre's routes (the person's list and count, mark read, the live stream, the
// email choice) and the delivery that mails the kinds a person chose, once.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
  setMailConfig({ transport: "outbox", fromAddress: "desk@desk.test" });
});
afterAll(async () => {
  setMailConfig(null);
  await kit.close();
});

const note = (userId: string, kind: NewNotification["kind"] = "booking_state_changed", title = "RV-1 is confirmed"): NewNotification => ({
  kind,
  userId,
  bookingId: "bk_1",
  title,
  sentence: "The supplier confirmed booking RV-1; the desk checked it with the service. Nothing more is needed.",
});
const mailsTo = async (address: string) => (await kit.db.select().from(mailOutbox)).filter((m) => m.toAddresses.some((t) => t.address === address));

describe("the list, the count and mark read", () => {
  it("a person sees their own newest first with the unread count, and their desk's time zone is kept", async () => {
    kit.as(kit.people.advisor);
    await addNotifications(kit.db, [note(kit.people.advisor.id, "booking_state_changed", "first"), note(kit.people.colleague.id)]);
    await addNotifications(kit.db, [note(kit.people.advisor.id, "hold_lapsed", "second")]);
    const res = await kit.call(list.GET, "/api/notifications", { headers: { cookie: "desk_tz=Europe%2FMadrid" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.unread).toBe(2);
    expect(res.body.data.items.map((i: { title: string }) => i.title)).toEqual(["second", "first"]);
    expect(res.body.data.items[0]).toMatchObject({ kind: "hold_lapsed", bookingId: "bk_1", read: false, createdAt: expect.stringMatching(/Z$/) });
    expect((await timeZonesOf(kit.db, [kit.people.advisor.id, kit.people.colleague.id])).get(kit.people.advisor.id)).toBe("Europe/Madrid");
  });

  it("marks some read, then all; never another person's", async () => {
    const mine = (await kit.call(list.GET, "/api/notifications")).body.data.items as Array<{ id: string }>;
    kit.as(kit.people.colleague);
    const theirs = await kit.call(read.POST, "/api/notifications/read", { method: "POST", body: { ids: [mine[0]!.id] } });
    expect(theirs.body.data).toEqual({ marked: 0, unread: 1 });
    kit.as(kit.people.advisor);
    expect((await kit.call(read.POST, "/api/notifications/read", { method: "POST", body: { ids: [mine[0]!.id] } })).body.data).toEqual({ marked: 1, unread: 1 });
    expect((await kit.call(read.POST, "/api/notifications/read", { method: "POST", body: { all: true } })).body.data).toEqual({ marked: 1, unread: 0 });
    const bad = await kit.call(read.POST, "/api/notifications/read", { method: "POST", body: { ids: ["nope"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
  });
});

describe("the email choice", () => {
  it("defaults until saved, then the person's own (an empty choice kept as none)", async () => {
    kit.as(kit.people.colleague);
    expect((await kit.call(preferences.GET, "/api/notifications/preferences")).body.data.emailKinds).toEqual(["morning_digest", "hold_deadline_near", "hold_auto_pay_failed", "voucher_failed"]);
    const saved = await kit.call(preferences.PUT, "/api/notifications/preferences", { method: "PUT", body: { emailKinds: ["hold_lapsed", "morning_digest"] } });
    expect(saved.body.data.emailKinds).toEqual(["morning_digest", "hold_lapsed"]);
    expect((await kit.call(preferences.PUT, "/api/notifications/preferences", { method: "PUT", body: { emailKinds: ["nope"] } })).status).toBe(400);
    await kit.call(preferences.PUT, "/api/notifications/preferences", { method: "PUT", body: { emailKinds: [] } });
    expect((await kit.call(preferences.GET, "/api/notifications/preferences")).body.data.emailKinds).toEqual([]);
  });

  it("a person whose zone was kept before choosing still has the default kinds", async () => {
    kit.as(kit.people.admin);
    await kit.call(list.GET, "/api/notifications", { headers: { cookie: "desk_tz=Asia%2FTokyo" } });
    expect((await kit.call(preferences.GET, "/api/notifications/preferences")).body.data.emailKinds).toContain("hold_deadline_near");
  });
});

describe("delivery", () => {
  it("with no engine, mails the kinds the person wants at once, once, with a link to the booking; the rest stay in the desk", async () => {
    const [wanted, quiet] = await addNotifications(kit.db, [note(kit.people.admin.id, "hold_deadline_near", "Hold RV-2 must be paid by 6 pm"), note(kit.people.admin.id, "booking_state_changed", "RV-3 is confirmed")]);
    await deliverNotifications([wanted!, quiet!], { send: null });
    const mails = await mailsTo("ada@desk.test");
    expect(mails.map((m) => [m.subject, m.kind, m.status])).toEqual([["Hold RV-2 must be paid by 6 pm", "reminder", "kept"]]);
    expect(mails[0]!.textBody).toContain("/bookings/bk_1");
    expect(await mailNotification(kit.db, wanted!.id)).toBe("already sent");
    expect(await mailsTo("ada@desk.test")).toHaveLength(1);
    expect(await kit.db.select().from(followUpMarks).where(eq(followUpMarks.key, mailMark(wanted!.id)))).toHaveLength(1);
  });

  it("with an engine, queues one notification-mail job per wanted row instead; a person who chose none gets none", async () => {
    const queued: Array<[string, object]> = [];
    const send = async (name: string, data: object) => (queued.push([name, data]), randomUUID());
    const rows = await addNotifications(kit.db, [note(kit.people.admin.id, "voucher_failed"), note(kit.people.colleague.id, "voucher_failed")]);
    await deliverNotifications(rows, { send });
    expect(queued).toEqual([[NOTIFICATION_MAIL_JOB, { notificationId: rows[0]!.id }]]);
  });
});

describe("the stream", () => {
  it("opens with the unread count, sends each new notification of the person only, and lets go when the desk goes", async () => {
    kit.as(kit.people.advisor);
    const abort = new AbortController();
    const res = await stream.GET(new NextRequest(new URL("/api/notifications/stream", ORIGIN), { signal: abort.signal }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain(`event: unread\ndata: {"unread":0}`);

    const [other] = await addNotifications(kit.db, [note(kit.people.colleague.id, "hold_lapsed", "not yours")]);
    const [mine] = await addNotifications(kit.db, [note(kit.people.advisor.id, "booking_state_changed", "live one")]);
    await deliverNotifications([other!, mine!], { send: null });
    const event = (await reader.read()).value!;
    expect(event).toContain(`id: ${mine!.id}\nevent: notification\n`);
    expect(JSON.parse(event.split("data: ")[1]!)).toMatchObject({ id: mine!.id, title: "live one", read: false });

    // The test a person sends themselves arrives the same way.
    const sentTest = await kit.call(testRoute.POST, "/api/notifications/test", { method: "POST" });
    expect(sentTest.status, sentTest.text).toBe(201);
    expect((await reader.read()).value).toContain(`"title":"Test notification"`);

    abort.abort();
    expect((await reader.read()).done).toBe(true);
  });
});
