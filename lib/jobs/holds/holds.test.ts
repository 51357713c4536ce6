import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as autoPayRoute from "@/app/api/bookings/[bookingId]/auto-pay/route";
import * as bookingsRoute from "@/app/api/bookings/route";
import * as priceCheck from "@/app/api/quotes/[quoteId]/price-check/route";
import * as results from "@/app/api/search/[searchId]/results/route";
import * as search from "@/app/api/search/route";
import { openDb, type DbHandle } from "@/lib/db";
import { factsFor, historyFor } from "@/lib/db/ledger";
import { bookingActions, notificationPreferences, notifications } from "@/lib/db/schema";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import { DEMO_AGENCY_ID } from "@/lib/sandbox/platform/agencies";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import { dbTargets } from "@/lib/testing/databases";
import type { JobContext } from "../definitions";
import { autoPayKey, autoPayOf } from "./auto-pay";
import { scanHolds } from "./scan";

// Job 2 on the sandbox's clock: the job's clock is the sandbox's virtual clock, moved with the
// control plane, so the service's deadlines and the desk's reminders agree. "Once, not once per
// instance": every run below is two runs at once on the same database, as two instances would.

let kit: BffTestKit;
const HOUR = 3_600_000;
const sandboxNow = () => new Date(kit.sb.services.clock.now());
const ctx = (): JobContext => ({ db: kit.db, tds: kit.tds, now: sandboxNow, send: async () => randomUUID() });
/** Two instances' runs of the job at the same moment. */
const twice = () => Promise.all([scanHolds(ctx()), scanHolds(ctx())]);
async function moveTo(at: number) {
  const seconds = Math.ceil((at - kit.sb.services.clock.now()) / 1000);
  if (seconds >= 1) await kit.sb.control("POST", "/clock/advance", { seconds });
}
const told = (bookingId: string, kind: string) =>
  kit.db.select().from(notifications).where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, kind)));

// On PGlite (one session: the two runs interleave between statements) and on PostgreSQL (a
// database of this file's own; the two runs really run at once, on two connections).
const targets = dbTargets("holds", 4);

/** A hold booked through the desk by Ana; its payment deadline as the desk's facts keep it. */
async function holdThroughDesk(): Promise<{ bookingId: string; orderRef: string; deadline: number }> {
  kit.as(kit.people.advisor);
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
  for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    if (check.status !== 200 || !(check.body.data as PriceCheck).holdable) continue;
    const c = check.body.data as PriceCheck;
    const res = await kit.call(bookingsRoute.POST, "/api/bookings", {
      method: "POST",
      headers: { "idempotency-key": randomUUID() },
      body: { quoteId: row.rateQuoteId, searchId, productType: "hotel", hold: true, travelers: hotelTravelers("Holds"), paymentMethod: "credit", ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}) },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.state).toBe("held");
    const facts = (await factsFor(kit.db, [res.body.data.bookingId])).get(res.body.data.bookingId);
    expect(facts?.paymentDeadline).toBeInstanceOf(Date);
    return { bookingId: res.body.data.bookingId, orderRef: res.body.data.orderRef, deadline: facts!.paymentDeadline!.getTime() };
  }
  throw new Error("nothing holdable");
}

const setAutoPay = (bookingId: string, on: boolean) =>
  kit.call(autoPayRoute.PUT, "/api/x", { method: "PUT", params: { bookingId }, body: { on } });

describe.each(targets)("job 2 on $name", (target) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDb(await target.setup());
    kit = await bffTestKit({ db: handle });
    // Ana reads her desk in Madrid: what the desk writes her is in her zone.
    await kit.db.insert(notificationPreferences).values({ userId: kit.people.advisor.id, timeZone: "Europe/Madrid" });
  });
  afterAll(async () => {
    await kit?.close();
    await handle?.close();
    await target.teardown();
  });

  describe("reminders before a hold's payment deadline", () => {
    it("a hold 23 h from its deadline triggers the reminder once (not once per instance); 2 h before, the last one once; past it, the lapse once", async () => {
      const hold = await holdThroughDesk();

      await moveTo(hold.deadline - 25 * HOUR);
      await twice();
      expect(await told(hold.bookingId, "hold_deadline_near")).toHaveLength(0);

      await moveTo(hold.deadline - 23 * HOUR);
      const [a, b] = await twice();
      expect([...a.reminded, ...b.reminded]).toEqual([hold.bookingId]);
      await twice();
      const first = await told(hold.bookingId, "hold_deadline_near");
      expect(first).toHaveLength(1);
      expect(first[0]!.userId).toBe(kit.people.advisor.id);
      expect(first[0]!.sentence).toContain(`The hold on booking ${hold.orderRef} must be paid by`);
      // In words, in Ana's zone: never an ISO time.
      expect(first[0]!.sentence).toMatch(/ at \d{2}:\d{2} GMT\+1\./);
      expect(first[0]!.sentence).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

      await moveTo(hold.deadline - 3 * HOUR);
      await twice();
      expect(await told(hold.bookingId, "hold_deadline_near")).toHaveLength(1);

      await moveTo(hold.deadline - 1.5 * HOUR);
      await twice();
      await twice();
      const near = await told(hold.bookingId, "hold_deadline_near");
      expect(near).toHaveLength(2);
      expect(near.map((n) => n.title).sort()).toEqual([`${hold.orderRef}: 2 hours left to pay the hold`, `${hold.orderRef}: the hold must be paid within a day`]);

      await moveTo(hold.deadline + 60_000);
      const [c, d] = await twice();
      expect([...c.lapsed, ...d.lapsed]).toEqual([hold.bookingId]);
      await twice();
      const lapsed = await told(hold.bookingId, "hold_lapsed");
      expect(lapsed).toHaveLength(1);
      expect(lapsed[0]!.sentence).toContain("was not paid by its deadline on");
      expect((await factsFor(kit.db, [hold.bookingId])).get(hold.bookingId)?.state).toBe("cancelled");
      const history = await historyFor(kit.db, hold.bookingId);
      expect(history.filter((h) => h.actor === "desk").map((h) => h.state)).toEqual(["cancelled"]);
    });

    it("a hold first seen 1 h before its deadline gets the last reminder only, and never the first one after", async () => {
      const hold = await holdThroughDesk();
      await moveTo(hold.deadline - HOUR);
      await twice();
      const near = await told(hold.bookingId, "hold_deadline_near");
      expect(near.map((n) => n.title)).toEqual([`${hold.orderRef}: 2 hours left to pay the hold`]);
    });
  });

  describe("paying a hold automatically", () => {
    it("only admins turn it on, only for a hold; it is never on by default", async () => {
      const hold = await holdThroughDesk();
      expect(await autoPayOf(kit.db, hold.bookingId)).toBeNull();
      kit.as(kit.people.advisor);
      const refused = await setAutoPay(hold.bookingId, true);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("forbidden");

      kit.as(kit.people.admin);
      const bad = await kit.call(autoPayRoute.PUT, "/api/x", { method: "PUT", params: { bookingId: hold.bookingId }, body: { on: "yes" } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation_error");
      const on = await setAutoPay(hold.bookingId, true);
      expect(on.status, on.text).toBe(200);
      expect(on.body.data).toEqual({ state: "on", payAt: new Date(hold.deadline - 2 * HOUR).toISOString(), settledAt: null, error: null });
      const off = await setAutoPay(hold.bookingId, false);
      expect(off.body.data.state).toBe("off");

      // Paid by a person meanwhile: it is not a hold any more.
      await kit.tds.payBooking(hold.bookingId, { idempotencyKey: randomUUID() });
      const notHeld = await setAutoPay(hold.bookingId, true);
      expect(notHeld.status).toBe(409);
      expect(notHeld.body.error.code).toBe("not_held");
      expect(notHeld.body.error.message).toMatch(/^Only a hold can be paid automatically/);
    });

    it("2 h before the deadline the desk pays it once, even when two instances run at once, and tells the advisor", async () => {
      const hold = await holdThroughDesk();
      kit.as(kit.people.admin);
      expect((await setAutoPay(hold.bookingId, true)).status).toBe(200);
      const agency = async () => (await kit.sb.control<{ creditUsedMinor: number }>("GET", `/agencies/${DEMO_AGENCY_ID}`)).body.data.creditUsedMinor;
      const usedBefore = await agency();

      await moveTo(hold.deadline - 3 * HOUR);
      await twice();
      expect((await autoPayOf(kit.db, hold.bookingId))?.state).toBe("on");
      expect(kit.paths.filter((p) => p === `POST /api/v1/bookings/${hold.bookingId}/pay`)).toHaveLength(0);

      await moveTo(hold.deadline - 2 * HOUR + 60_000);
      const runs = await twice();
      await twice();
      expect(runs.map((r) => r.autoPay[hold.bookingId]).sort()).toContain("paid");
      const total = (await factsFor(kit.db, [hold.bookingId])).get(hold.bookingId)!;
      expect(total.state).toBe("confirmed");
      expect((await agency()) - usedBefore).toBe(total.totalSellMinor);
      expect((await autoPayOf(kit.db, hold.bookingId))?.state).toBe("paid");

      const paid = await told(hold.bookingId, "hold_paid_automatically");
      expect(paid).toHaveLength(1);
      expect(paid[0]!.userId).toBe(kit.people.advisor.id);
      expect(paid[0]!.sentence).toMatch(/^The desk paid the hold on booking .+ from the agency's credit on .+ at \d{2}:\d{2} GMT\+1, 2 hours before its deadline, as an admin asked\. It is confirmed\.$/);
      // Paid: no "2 hours left" reminder.
      expect((await told(hold.bookingId, "hold_deadline_near")).map((n) => n.title)).toEqual([`${hold.orderRef}: the hold must be paid within a day`]);
      // In the ledger's history like a person's pay, by the desk, with the key made from the booking.
      const steps = await kit.db.select().from(bookingActions).where(eq(bookingActions.bookingId, hold.bookingId));
      expect(steps.map((s) => [s.actor, s.action, s.outcome, s.state, s.userId])).toEqual([["desk", "pay", "succeeded", "confirmed", null]]);
      expect(steps[0]!.idempotencyKey).toBe(autoPayKey(hold.bookingId, (await autoPayOf(kit.db, hold.bookingId))!.enabledAt));
    });

    it("a payment the service refuses (the agency's credit) is recorded as failed with its reason, and the advisor told once", async () => {
      const hold = await holdThroughDesk();
      kit.as(kit.people.admin);
      expect((await setAutoPay(hold.bookingId, true)).status).toBe(200);
      const { creditUsedMinor } = (await kit.sb.control<{ creditUsedMinor: number }>("GET", `/agencies/${DEMO_AGENCY_ID}`)).body.data;
      await kit.sb.control("PATCH", `/agencies/${DEMO_AGENCY_ID}`, { creditLimitMinor: creditUsedMinor + 1 });
      try {
        await moveTo(hold.deadline - 2 * HOUR + 60_000);
        const runs = await twice();
        await twice();
        expect(runs.map((r) => r.autoPay[hold.bookingId])).toContain("failed");
        const auto = await autoPayOf(kit.db, hold.bookingId);
        expect(auto?.state).toBe("failed");
        expect(auto?.error).toBe("The agency's available credit does not cover this booking. Ask an admin to top up the credit.");
        const failed = await told(hold.bookingId, "hold_auto_pay_failed");
        expect(failed).toHaveLength(1);
        expect(failed[0]!.sentence).toMatch(/^The desk tried to pay the hold on booking .+ and could not: the agency's available credit does not cover this booking\. Ask an admin to top up the credit\. Pay it from its page by .+ at \d{2}:\d{2} GMT\+1, or the travel service releases it\.$/);
        expect((await factsFor(kit.db, [hold.bookingId])).get(hold.bookingId)?.state).toBe("held");
        const steps = await kit.db.select().from(bookingActions).where(eq(bookingActions.bookingId, hold.bookingId));
        expect(steps.map((s) => [s.actor, s.action, s.outcome, s.errorCode])).toEqual([["desk", "pay", "failed", "credit_limit_exceeded"]]);

        // Credit topped up and the switch turned on again: a new key, paid at the next run.
        await kit.sb.control("PATCH", `/agencies/${DEMO_AGENCY_ID}`, { creditLimitMinor: 50_000_000 });
        expect((await setAutoPay(hold.bookingId, true)).body.data.state).toBe("on");
        const again = await twice();
        expect(again.map((r) => r.autoPay[hold.bookingId])).toContain("paid");
        expect((await factsFor(kit.db, [hold.bookingId])).get(hold.bookingId)?.state).toBe("confirmed");
      } finally {
        await kit.sb.control("PATCH", `/agencies/${DEMO_AGENCY_ID}`, { creditLimitMinor: 50_000_000 });
      }
    });
  });
});
