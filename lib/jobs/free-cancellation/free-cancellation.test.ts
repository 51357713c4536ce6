import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookingsRoute from "@/app/api/bookings/route";
import * as priceCheck from "@/app/api/quotes/[quoteId]/price-check/route";
import * as results from "@/app/api/search/[searchId]/results/route";
import * as search from "@/app/api/search/route";
import { factsFor, saveBookingFacts } from "@/lib/db/ledger";
import { notificationPreferences, notifications } from "@/lib/db/schema";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import type { JobContext } from "../definitions";
import { notTravelled, scanFreeCancellation } from "./scan";

// Job 3 on the sandbox's clock: a refundable booking made through the desk is reminded 72 h and
// 24 h before its free cancellation ends, each once however many instances run; bookings already
// travelled, no longer confirmed, or with no free-cancellation moment are left alone.

let kit: BffTestKit;
const HOUR = 3_600_000;
const sandboxNow = () => new Date(kit.sb.services.clock.now());
const ctx = (): JobContext => ({ db: kit.db, tds: kit.tds, now: sandboxNow, send: async () => randomUUID() });
const twice = () => Promise.all([scanFreeCancellation(ctx()), scanFreeCancellation(ctx())]);
async function moveTo(at: number) {
  const seconds = Math.ceil((at - kit.sb.services.clock.now()) / 1000);
  if (seconds >= 1) await kit.sb.control("POST", "/clock/advance", { seconds });
}
const told = (bookingId: string) =>
  kit.db.select().from(notifications).where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, "free_cancellation_ending")));

beforeAll(async () => {
  kit = await bffTestKit();
  await kit.db.insert(notificationPreferences).values({ userId: kit.people.advisor.id, timeZone: "America/New_York" });
});
afterAll(() => kit.close());

/** A refundable hotel booked (and paid) through the desk by Ana, with a moment free cancellation ends. */
async function refundableThroughDesk(): Promise<{ bookingId: string; orderRef: string; until: number }> {
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
  for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    if (check.status !== 200) continue;
    const c = check.body.data as PriceCheck;
    const res = await kit.call(bookingsRoute.POST, "/api/bookings", {
      method: "POST",
      headers: { "idempotency-key": randomUUID() },
      body: { quoteId: row.rateQuoteId, searchId, productType: "hotel", travelers: hotelTravelers("Refund"), paymentMethod: "credit", ...(c.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}) },
    });
    expect(res.status, res.text).toBe(201);
    const facts = (await factsFor(kit.db, [res.body.data.bookingId])).get(res.body.data.bookingId);
    if (facts?.state !== "confirmed" || !facts.freeCancelUntil) continue;
    return { bookingId: facts.bookingId, orderRef: facts.orderRef, until: facts.freeCancelUntil.getTime() };
  }
  throw new Error("nothing refundable with a free-cancellation deadline");
}

/** Facts of a booking the desk knows (the rules below need no service). */
async function facts(bookingId: string, extra: { state?: string; freeCancelUntil: Date | null; travelStart?: string | null; travelAt?: string | null }) {
  await saveBookingFacts(kit.db, {
    bookingId,
    orderRef: `RV-${bookingId}`,
    productType: "hotel",
    leadGuest: "Ana Lopez",
    travelers: 2,
    item: "Hotel",
    travelStart: extra.travelStart ?? null,
    travelEnd: null,
    travelAt: extra.travelAt ?? null,
    state: extra.state ?? "confirmed",
    totalSellMinor: 10_000,
    currency: "USD",
    bookedAt: null,
    freeCancelUntil: extra.freeCancelUntil,
  });
}

describe("job 3: free cancellation ending", () => {
  it("reminds 72 h and 24 h before, each once even when two instances run at once, in the advisor's zone", async () => {
    const b = await refundableThroughDesk();
    await moveTo(b.until - 73 * HOUR);
    await twice();
    expect(await told(b.bookingId)).toHaveLength(0);

    await moveTo(b.until - 71 * HOUR);
    const [x, y] = await twice();
    expect([...x.reminded, ...y.reminded]).toEqual([b.bookingId]);
    await twice();
    const first = await told(b.bookingId);
    expect(first).toHaveLength(1);
    expect(first[0]!.userId).toBe(kit.people.advisor.id);
    expect(first[0]!.title).toBe(`${b.orderRef}: free cancellation ends in 3 days`);
    expect(first[0]!.sentence).toMatch(/^Free cancellation of booking RV-\S+ ends on \w{3}, \d{1,2} \w{3} \d{4} at \d{2}:\d{2} GMT-5, and the trip starts \w{3}, \d{1,2} \w{3} \d{4}\. After that a cancellation costs the agency/);

    await moveTo(b.until - 23 * HOUR);
    await twice();
    await twice();
    expect((await told(b.bookingId)).map((n) => n.title)).toEqual([`${b.orderRef}: free cancellation ends in 3 days`, `${b.orderRef}: free cancellation ends within a day`]);

    // Past it: nothing more.
    await moveTo(b.until + HOUR);
    await twice();
    expect(await told(b.bookingId)).toHaveLength(2);
  });

  it("leaves alone trips already travelled, bookings no longer confirmed, and those with no free-cancellation moment; first seen within a day, only the last reminder", async () => {
    const now = sandboxNow();
    const in20h = new Date(now.getTime() + 20 * HOUR);
    const yesterday = new Date(now.getTime() - 24 * HOUR).toISOString().slice(0, 10);
    const nextMonth = new Date(now.getTime() + 30 * 24 * HOUR).toISOString().slice(0, 10);
    await facts("fc-travelled", { freeCancelUntil: in20h, travelStart: yesterday });
    await facts("fc-started", { freeCancelUntil: in20h, travelAt: new Date(now.getTime() - HOUR).toISOString() });
    await facts("fc-cancelled", { freeCancelUntil: in20h, state: "cancelled", travelStart: nextMonth });
    await facts("fc-held", { freeCancelUntil: in20h, state: "held", travelStart: nextMonth });
    await facts("fc-none", { freeCancelUntil: null, travelStart: nextMonth });
    await facts("fc-due", { freeCancelUntil: in20h, travelStart: nextMonth });
    const [x, y] = await twice();
    expect([...x.reminded, ...y.reminded]).toEqual(["fc-due"]);
    // Made outside the desk: the admins are told, and told so.
    const due = await told("fc-due");
    expect(due.map((n) => n.userId)).toEqual([kit.people.admin.id]);
    expect(due[0]!.title).toBe("RV-fc-due: free cancellation ends within a day");
    expect(due[0]!.sentence).toMatch(/^Free cancellation of booking RV-fc-due \(made outside the desk\) ends on .+ at \d{2}:\d{2} UTC, and the trip starts/);
    await moveTo(now.getTime() + 2 * HOUR);
    await twice();
    expect(await told("fc-due")).toHaveLength(1);
  });

  it("a trip is not travelled until its start: a day from its start at UTC, an instant exactly", () => {
    const now = new Date("2026-12-10T12:00:00Z");
    expect(notTravelled({ travelStart: "2026-12-11", travelAt: null }, now)).toBe(true);
    expect(notTravelled({ travelStart: "2026-12-10", travelAt: null }, now)).toBe(false);
    expect(notTravelled({ travelStart: null, travelAt: "2026-12-10T13:00:00Z" }, now)).toBe(true);
    expect(notTravelled({ travelStart: null, travelAt: "2026-12-10T11:59:00Z" }, now)).toBe(false);
    expect(notTravelled({ travelStart: null, travelAt: null }, now)).toBe(true);
  });
});
