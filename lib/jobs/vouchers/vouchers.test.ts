import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "@/app/api/agency/follow-ups/route";
import * as bookingRoute from "@/app/api/bookings/[bookingId]/route";
import * as emailRoute from "@/app/api/bookings/[bookingId]/email-client/route";
import { factsFor } from "@/lib/db/ledger";
import { bookingActions, followUpMarks, notifications } from "@/lib/db/schema";
import { notificationsFor } from "@/lib/notifications/store";
import type { OutboxEmail } from "@/lib/sandbox/bookings/email";
import { bookHotelThroughDesk, type Booked } from "@/lib/testing/book-hotel";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { sandboxFetch } from "@/lib/testing/tds";
import type { JobContext } from "../definitions";
import { sendDueVouchers } from "./scan";

// Job 4 against the in-process sandbox, called directly with a clock the test sets: off by
// default; on, the voucher of a confirmed booking goes to its lead traveller N days before travel
// (not N + 1), once however many runs ask at once, recorded in the booking's history as the desk's
// send, and the advisor is told; a booking whose voucher a person sent is left alone; failures are
// told as sentences.

let kit: BffTestKit;
let clock = 0;
const ctx = (): JobContext => ({ db: kit.db, tds: kit.tds, now: () => new Date(clock), send: async () => randomUUID() });
const outbox = async () => (await kit.sb.control<{ items: OutboxEmail[] }>("GET", "/outbox")).body.data.items;
const mailsOf = async (b: Booked) => (await outbox()).filter((m) => m.bookingId === b.bookingId);
const travelOf = async (b: Booked) => (await factsFor(kit.db, [b.bookingId])).get(b.bookingId)!.travelStart!;
/** 08:00 UTC `days` before the booking's first day. */
const daysBefore = async (b: Booked, days: number) => Date.parse(`${await travelOf(b)}T08:00:00Z`) - days * 86_400_000;
const setting = (voucherDaysBefore: unknown) =>
  kit.call(settingsRoute.PUT, "/api/agency/follow-ups", { method: "PUT", body: { voucherDaysBefore } });

beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

describe("the agency's setting", () => {
  it("is off by default, admins only, 1 to 30 whole days, with a sentence for a mistake", async () => {
    kit.as(kit.people.admin);
    expect((await kit.call(settingsRoute.GET, "/api/agency/follow-ups")).body.data).toEqual({ voucherDaysBefore: null, updatedAt: null, updatedBy: null });
    for (const bad of [0, 31, 2.5, "3", -1]) {
      const res = await setting(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: "voucherDaysBefore", message: "Enter a whole number of days from 1 to 30." })]);
    }
    const on = await setting(3);
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toMatchObject({ voucherDaysBefore: 3, updatedBy: "Ada Admin" });
    const off = await setting(null);
    expect(off.body.data.voucherDaysBefore).toBeNull();
    kit.as(kit.people.advisor);
    expect((await setting(5)).status).toBe(403);
    expect((await kit.call(settingsRoute.GET, "/api/agency/follow-ups")).status).toBe(403);
  });
});

describe("job 4: vouchers before travel", () => {
  let b: Booked;

  it("sends nothing while the setting is off", async () => {
    kit.as(kit.people.advisor);
    b = await bookHotelThroughDesk(kit);
    expect(b.state).toBe("confirmed");
    clock = await daysBefore(b, 1);
    const calls = kit.paths.length;
    expect(await sendDueVouchers(ctx())).toMatchObject({ off: true, due: 0, sent: 0 });
    expect(kit.paths.length).toBe(calls);
    expect(await mailsOf(b)).toEqual([]);
  });

  it("on at 3 days: nothing 4 days before, the voucher to the lead traveller 3 days before, recorded as the desk's and the advisor told", async () => {
    kit.as(kit.people.admin);
    await setting(3);
    kit.as(kit.people.advisor);
    clock = await daysBefore(b, 4);
    expect((await sendDueVouchers(ctx())).due).toBe(0);
    expect(await mailsOf(b)).toEqual([]);

    clock = await daysBefore(b, 3);
    expect(await sendDueVouchers(ctx())).toMatchObject({ due: 1, sent: 1, failed: 0 });
    expect(kit.paths.slice(-2)).toEqual([`GET /api/v1/bookings/${b.bookingId}`, `POST /api/v1/bookings/${b.bookingId}/email-client`]);
    expect(await mailsOf(b)).toEqual([expect.objectContaining({ to: ["ana.lopez@example.com"], withoutPrices: false, pdfAttached: true })]);

    const page = await kit.call(bookingRoute.GET, "/api/x", { params: { bookingId: b.bookingId } });
    const steps = (page.body.data.history as Array<Record<string, unknown>>).filter((h) => h.action === "email");
    expect(steps).toEqual([
      expect.objectContaining({
        actor: "desk",
        by: null,
        outcome: "succeeded",
        result: expect.objectContaining({ sentBy: "desk", daysBefore: 3, sentTo: ["ana.lopez@example.com"], pdfAttached: true }),
      }),
    ]);
    expect(await notificationsFor(kit.db, kit.people.advisor.id)).toEqual([
      expect.objectContaining({
        kind: "voucher_sent",
        bookingId: b.bookingId,
        title: `Voucher sent for ${b.orderRef}`,
        sentence: expect.stringMatching(new RegExp(`^The desk emailed the voucher of booking ${b.orderRef} to the lead traveller at ana\\.lopez@example\\.com, ahead of travel on \\w{3}, \\d{1,2} \\w{3} \\d{4}\\.$`)),
      }),
    ]);
    expect(await notificationsFor(kit.db, kit.people.admin.id)).toEqual([]);

    // The next hour: already sent, nothing asked.
    clock += 3600_000;
    const calls = kit.paths.length;
    expect((await sendDueVouchers(ctx())).due).toBe(0);
    expect(kit.paths.length).toBe(calls);
  });

  it("once, however many runs ask at the same time", async () => {
    const two = [await bookHotelThroughDesk(kit), await bookHotelThroughDesk(kit)];
    clock = await daysBefore(two[0]!, 2);
    const reports = await Promise.all([sendDueVouchers(ctx()), sendDueVouchers(ctx()), sendDueVouchers(ctx())]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(2);
    for (const x of two) {
      expect(await mailsOf(x)).toHaveLength(1);
      expect(await kit.db.select().from(notifications).where(eq(notifications.bookingId, x.bookingId))).toHaveLength(1);
      expect(await kit.db.select().from(bookingActions).where(and(eq(bookingActions.bookingId, x.bookingId), eq(bookingActions.action, "email")))).toHaveLength(1);
    }
  });

  it("leaves alone a booking whose voucher an advisor sent", async () => {
    const x = await bookHotelThroughDesk(kit);
    const sent = await kit.call(emailRoute.POST, "/api/x", { method: "POST", params: { bookingId: x.bookingId }, body: { to: "client@example.com", agencyName: "Sunny Days" } });
    expect(sent.status, sent.text).toBe(200);
    clock = await daysBefore(x, 1);
    await sendDueVouchers(ctx());
    expect((await mailsOf(x)).map((m) => m.to)).toEqual([["client@example.com"]]);
  });

  it("no email for the lead traveller: nothing sent, the advisor told why in a sentence, and not again", async () => {
    const x = await bookHotelThroughDesk(kit, {
      travelers: [
        { roomIndex: 0, type: "adult", title: "Ms", firstName: "Ana", lastName: "Nomail" },
        { roomIndex: 0, type: "adult", title: "Mr", firstName: "Luis", lastName: "Nomail" },
      ],
    });
    clock = await daysBefore(x, 1);
    expect(await sendDueVouchers(ctx())).toMatchObject({ failed: 1, sent: 0 });
    expect(await mailsOf(x)).toEqual([]);
    const [told] = await kit.db.select().from(notifications).where(eq(notifications.bookingId, x.bookingId));
    expect(told).toMatchObject({
      kind: "voucher_failed",
      userId: kit.people.advisor.id,
      title: `Voucher not sent for ${x.orderRef}`,
      sentence: expect.stringContaining(`: the lead traveller has no email address on the booking. Send it from the booking's page.`),
    });
    expect(told!.sentence).not.toMatch(/\d{4}-\d{2}-\d{2}|_/);
    clock += 3600_000;
    expect((await sendDueVouchers(ctx())).due).toBe(0);
    expect(await kit.db.select().from(followUpMarks).where(eq(followUpMarks.key, `voucher:${x.bookingId}`))).toHaveLength(1);
  });

  it("the service failing mid-send: the step is left unknown in the history and the advisor told it may not have gone", async () => {
    const x = await bookHotelThroughDesk(kit);
    clock = await daysBefore(x, 1);
    const live = sandboxFetch(kit.sb);
    kit.setTransport((input, init) => (new URL(input).pathname.endsWith("/email-client") ? Promise.reject(new TypeError("fetch failed")) : live(input, init)));
    try {
      expect(await sendDueVouchers(ctx())).toMatchObject({ failed: 1 });
    } finally {
      kit.setTransport(null);
    }
    const [step] = await kit.db.select().from(bookingActions).where(and(eq(bookingActions.bookingId, x.bookingId), eq(bookingActions.action, "email")));
    expect(step).toMatchObject({ actor: "desk", userId: null, outcome: "unknown" });
    const [told] = await kit.db.select().from(notifications).where(eq(notifications.bookingId, x.bookingId));
    expect(told?.sentence).toContain("the travel service did not answer, so it may or may not have gone; check with the client.");
  });

  it("a booking cancelled since the desk last saw it gets no voucher", async () => {
    const x = await bookHotelThroughDesk(kit);
    await kit.tds.cancelBooking(x.bookingId, {}, { idempotencyKey: randomUUID() });
    clock = await daysBefore(x, 1);
    expect(await sendDueVouchers(ctx())).toMatchObject({ skipped: 1, sent: 0 });
    expect(await mailsOf(x)).toEqual([]);
    expect((await factsFor(kit.db, [x.bookingId])).get(x.bookingId)?.state).toMatch(/cancel|refund/);
  });
});
