import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as preferencesRoute from "@/app/api/notifications/preferences/route";
import * as bookingsRoute from "@/app/api/bookings/route";
import * as priceCheck from "@/app/api/quotes/[quoteId]/price-check/route";
import * as results from "@/app/api/search/[searchId]/results/route";
import * as search from "@/app/api/search/route";
import { eq } from "drizzle-orm";
import { factsFor } from "@/lib/db/ledger";
import { followUpMarks } from "@/lib/db/schema";
import { startEngine, type JobsEngine } from "@/lib/jobs/engine";
import { SCAN_JOB } from "@/lib/jobs/pending/scan";
import { runningJobSender } from "@/lib/jobs/running";
import { setMailConfig } from "@/lib/mail/config";
import { closeSmtpTransporters } from "@/lib/mail/transport";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp";
import { subscribeNotifications } from "./bus";
import { mailMark, mailNotification } from "./mail";
import { notificationsFor } from "./store";

// Issue 30's first proof: a `sandbox:supplier-pending` booking made through the desk becomes
// confirmed in the ledger, and the advisor has a notification and an email, with no browser
// open. The job engine runs the registry's jobs (pg-boss on the embedded PGlite) against the
// in-process sandbox, whose clock the test moves; the mail goes over SMTP to the test's own
// server (smtp-server) and is read back parsed (mailparser).

const until = async <T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> => {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

let kit: BffTestKit;
let engine: JobsEngine;
let smtp: TestSmtpServer;
beforeAll(async () => {
  kit = await bffTestKit();
  smtp = await startSmtpServer();
  setMailConfig({ transport: "smtp", url: smtp.url, fromAddress: "desk@desk.test" });
  engine = await startEngine({ handle: kit.handle, deps: async () => ({ db: kit.db, tds: kit.tds }), schedule: false, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await engine?.stop();
  setMailConfig(null);
  closeSmtpTransporters();
  await smtp?.close();
  await kit?.close();
});

describe("a pending booking settles with nobody looking", () => {
  it("confirmed in the ledger; the advisor has a notification, heard live, and one email", async () => {
    expect(runningJobSender()).toBe(engine.send);
    kit.as(kit.people.advisor);
    // The advisor chose to have settled bookings by email too (not one of the defaults).
    const chose = await kit.call(preferencesRoute.PUT, "/api/notifications/preferences", { method: "PUT", body: { emailKinds: ["booking_state_changed", "morning_digest"] } });
    expect(chose.status, chose.text).toBe(200);

    const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day, { query: "sandbox:supplier-pending" }) });
    const searchId = made.body.data.searchId as string;
    const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
    let booking: { bookingId: string; state: string; orderRef: string } | null = null;
    for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
      const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
      if (check.status !== 200) continue;
      const c = check.body.data as PriceCheck;
      const res = await kit.call(bookingsRoute.POST, "/api/bookings", {
        method: "POST",
        headers: { "idempotency-key": randomUUID() },
        body: { quoteId: row.rateQuoteId, searchId, productType: "hotel", travelers: hotelTravelers("Waits"), paymentMethod: "credit", ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}) },
      });
      booking = res.body.data;
      break;
    }
    expect(booking?.state).toBe("supplier_pending");
    const { bookingId, orderRef } = booking!;
    // No browser: what an open desk would hear, heard on the bus.
    const heard: string[] = [];
    const stop = subscribeNotifications(kit.people.advisor.id, (r) => heard.push(r.title));
    await kit.advance(150); // the supplier has decided by the desk's first check

    await engine.send(SCAN_JOB, {});
    const mail = await smtp.next(30_000);
    stop();

    const [told] = await notificationsFor(kit.db, kit.people.advisor.id);
    expect(told).toMatchObject({ bookingId, kind: "booking_state_changed", title: `${orderRef} is confirmed`, readAt: null });
    expect((await factsFor(kit.db, [bookingId])).get(bookingId)?.state).toBe("confirmed");
    expect(heard).toEqual([`${orderRef} is confirmed`]);

    expect(mail.envelope.to).toEqual(["ana@desk.test"]);
    expect(mail.parsed.subject).toBe(`${orderRef} is confirmed`);
    expect(mail.parsed.text).toContain(told!.sentence);
    expect(mail.parsed.text).toContain(`/bookings/${bookingId}`);
    expect(mail.parsed.headers.get("x-agency-desk-kind")).toBe("notification");

    // Sent once: the job finished, and sending it again (a retry, a second delivery) sends nothing.
    await until("the mail marked sent", async () => (await kit.db.select().from(followUpMarks).where(eq(followUpMarks.key, mailMark(told!.id)))).length === 1);
    expect(await mailNotification(kit.db, told!.id)).toBe("already sent");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.received).toHaveLength(1);
  }, 60_000);
});
