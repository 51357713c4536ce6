import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BFF_ERRORS, SERVICE_ERRORS } from "@/lib/bff/errors";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import { actionsFor, factsFor, saveListFacts } from "@/lib/db/ledger";
import { bookingFacts, bookingsLedger } from "@/lib/db/schema";
import type { PriceCheck, ResultRow } from "@/lib/tds/contract";
import { sandboxFetch } from "@/lib/testing/tds";
import * as priceCheck from "../quotes/[quoteId]/price-check/route";
import * as results from "../search/[searchId]/results/route";
import * as search from "../search/route";
import * as detail from "./[bookingId]/route";
import * as cancel from "./[bookingId]/cancel/route";
import * as emailClient from "./[bookingId]/email-client/route";
import * as pay from "./[bookingId]/pay/route";
import * as refresh from "./[bookingId]/refresh-status/route";
import * as voucherDocument from "./[bookingId]/voucher/document/route";
import * as bookings from "./route";
import * as summaries from "./summaries/route";

// Booking through the BFF and the ledger: who booked, once per idempotency key however the
// form is resubmitted, and who did what afterwards.

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

type Quote = { searchId: string; row: ResultRow; check: PriceCheck };

async function quote(): Promise<Quote> {
  const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
  const searchId = made.body.data.searchId as string;
  const page = await kit.call(results.GET, "/api/x", { params: { searchId }, query: { limit: "100" } });
  for (const row of (page.body.data as ResultRow[]).filter(isBookableHotelRow)) {
    const check = await kit.call(priceCheck.POST, "/api/x", { method: "POST", params: { quoteId: row.rateQuoteId } });
    if (check.status === 200) return { searchId, row, check: check.body.data };
  }
  throw new Error("no bookable quote");
}

const bookingBody = (q: Quote, lastName?: string) => ({
  quoteId: q.row.rateQuoteId,
  searchId: q.searchId,
  productType: "hotel",
  travelers: hotelTravelers(lastName),
  paymentMethod: "credit",
  ...(q.check.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
  ...(q.check.packageRate ? { packageRateAcknowledged: true } : {}),
});

const book = (body: unknown, key: string) =>
  kit.call(bookings.POST, "/api/bookings", { method: "POST", body, headers: { "idempotency-key": key } });

const ledgerRows = (key: string) => kit.db.select().from(bookingsLedger).where(eq(bookingsLedger.idempotencyKey, key));
const actionRows = (bookingId: string) => actionsFor(kit.db, bookingId);
const serviceRows = async (orderRef: string) => (await kit.tds.listBookings({ q: orderRef })).rows;

describe("POST /api/bookings", () => {
  it("books, answers who booked, and records it once per idempotency key however often the form is sent", async () => {
    const q = await quote();
    const key = randomUUID();
    const first = await book(bookingBody(q), key);
    const { advisor } = kit.people;
    expect({ status: first.status, body: first.body }).toEqual({
      status: 201,
      body: {
        data: { bookingId: expect.any(String), orderRef: expect.any(String), state: "confirmed", bookedBy: { id: advisor.id, name: "Ana Advisor" } },
        meta: { replayed: false },
        error: null,
      },
    });
    const { bookingId, orderRef } = first.body.data;

    const again = await book(bookingBody(q), key);
    expect({ status: again.status, body: again.body }).toEqual({ status: 201, body: { ...first.body, meta: { replayed: true } } });

    const rows = await ledgerRows(key);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: advisor.id,
        idempotencyKey: key,
        searchId: q.searchId,
        quoteId: q.row.rateQuoteId,
        productType: "hotel",
        outcome: "booked",
        bookingId,
        orderRef,
        bookedState: "confirmed",
        errorCode: null,
        completedAt: expect.any(Date),
      }),
    ]);
    expect((await factsFor(kit.db, [bookingId])).get(bookingId)).toMatchObject({ state: "confirmed", totalSellMinor: expect.any(Number), currency: "USD" });
    expect(await serviceRows(orderRef)).toHaveLength(1);
  });

  it("a double click (two submits at once with one key) makes one row and one booking", async () => {
    const q = await quote();
    const key = randomUUID();
    const [a, b] = await Promise.all([book(bookingBody(q), key), book(bookingBody(q), key)]);
    const made = [a, b].filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([201, 409]).toContain(r.status);
    expect(new Set(made.map((r) => r.body.data.bookingId)).size).toBe(1);
    const rows = await ledgerRows(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "booked", bookingId: made[0]!.body.data.bookingId });
    expect(await serviceRows(made[0]!.body.data.orderRef)).toHaveLength(1);
  });

  it("five submits at once with one key: one booking, one answer that made it and four that say they replay it", async () => {
    const q = await quote();
    const key = randomUUID();
    const before = kit.paths.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(bookingBody(q), key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.bookingId)).size).toBe(1);
    expect(answers.map((a) => a.body.meta.replayed).sort()).toEqual([false, true, true, true, true]);
    // The four wait for the first within the desk: the service is asked once.
    expect(kit.paths.slice(before).filter((p) => p === "POST /api/v1/bookings")).toHaveLength(1);
    expect(await ledgerRows(key)).toHaveLength(1);
    expect(await serviceRows(answers[0]!.body.data.orderRef)).toHaveLength(1);
  });

  it("a key the service already booked under (another instance of the desk, say) is answered as the replay it is", async () => {
    const q = await quote();
    const key = randomUUID();
    const { searchId: _s, productType: _p, ...request } = bookingBody(q);
    const elsewhere = await kit.tds.createBooking(request as Parameters<typeof kit.tds.createBooking>[0], { idempotencyKey: key });
    expect(elsewhere.replayed).toBe(false);
    const res = await book(bookingBody(q), key);
    expect({ status: res.status, bookingId: res.body.data.bookingId, meta: res.body.meta }).toEqual({ status: 201, bookingId: elsewhere.bookingId, meta: { replayed: true } });
  });

  it("no answer from the service: outcome unknown; the retry with the same key settles it without booking twice", async () => {
    const q = await quote();
    const key = randomUUID();
    const live = sandboxFetch(kit.sb);
    // Every attempt reaches the service, and every answer is lost on the way back.
    kit.setTransport(async (input, init) => {
      const res = await live(input, init);
      if (new URL(input).pathname.endsWith("/bookings") && init.method === "POST") throw new TypeError("socket hang up");
      return res;
    });
    const lost = await book(bookingBody(q), key);
    kit.setTransport(null);
    expect({ status: lost.status, body: lost.body }).toEqual({
      status: 504,
      body: { data: null, meta: {}, error: { code: "booking_outcome_unknown", message: BFF_ERRORS.booking_outcome_unknown.message, details: [] } },
    });
    expect(await ledgerRows(key)).toEqual([expect.objectContaining({ outcome: "unknown", errorCode: "connection_error", bookingId: null })]);

    const retried = await book(bookingBody(q), key);
    expect(retried.status).toBe(201);
    const rows = await ledgerRows(key);
    expect(rows).toEqual([expect.objectContaining({ outcome: "booked", bookingId: retried.body.data.bookingId, errorCode: null })]);
    expect(await serviceRows(retried.body.data.orderRef)).toHaveLength(1);
  });

  it("a refusal is recorded as failed with its code, and lands on the form's field", async () => {
    const q = await quote();
    const key = randomUUID();
    const body = { ...bookingBody(q), travelers: hotelTravelers().slice(0, 1) };
    const res = await book(body, key);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: {
        data: null,
        meta: {},
        error: {
          code: "traveler_manifest_mismatch",
          message: SERVICE_ERRORS.traveler_manifest_mismatch.message,
          details: [{ path: "travelers", message: expect.any(String) }],
        },
      },
    });
    expect(await ledgerRows(key)).toEqual([expect.objectContaining({ outcome: "failed", errorCode: "traveler_manifest_mismatch", bookingId: null })]);
  });

  it("a key is one person's and one quote's", async () => {
    const q = await quote();
    const key = randomUUID();
    expect((await book(bookingBody(q), key)).status).toBe(201);
    const before = kit.paths.length;
    const reused = {
      status: 409,
      body: {
        data: null,
        meta: {},
        error: { code: "idempotency_in_progress", message: "This submission key was already used for something else. Reload the form and submit again.", details: [] },
      },
    };
    kit.as(kit.people.colleague);
    const byOther = await book(bookingBody(q), key);
    kit.as(kit.people.advisor);
    expect({ status: byOther.status, body: byOther.body }).toEqual(reused);
    const otherQuote = await book({ ...bookingBody(q), quoteId: "qt_other" }, key);
    expect({ status: otherQuote.status, body: otherQuote.body }).toEqual(reused);
    expect(kit.paths.slice(before)).toEqual([]);
    expect(await ledgerRows(key)).toHaveLength(1);
  });
});

describe("who booked", () => {
  let mine: { bookingId: string; orderRef: string };
  let bens: { bookingId: string };
  let outside: { bookingId: string };

  beforeAll(async () => {
    mine = (await book(bookingBody(await quote()), randomUUID())).body.data;
    kit.as(kit.people.colleague);
    bens = (await book(bookingBody(await quote()), randomUUID())).body.data;
    kit.as(kit.people.advisor);
    // Made with the agency's key but not through the desk: the ledger knows nothing of it.
    const q = await quote();
    const { searchId: _s, productType: _p, ...request } = bookingBody(q);
    outside = await kit.tds.createBooking(request as Parameters<typeof kit.tds.createBooking>[0]);
  });

  it("the list says who booked each, and null for bookings made outside the desk", async () => {
    const res = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "100" } });
    expect(res.status).toBe(200);
    const by = new Map((res.body.data.rows as Array<{ _id: string; bookedBy: unknown }>).map((r) => [r._id, r.bookedBy]));
    expect(by.get(mine.bookingId)).toEqual({ id: kit.people.advisor.id, name: "Ana Advisor" });
    expect(by.get(bens.bookingId)).toEqual({ id: kit.people.colleague.id, name: "Ben Advisor" });
    expect(by.get(outside.bookingId)).toBeNull();
    expect(res.body.meta).toEqual({});
  });

  it("the detail too", async () => {
    const res = await kit.call(detail.GET, "/api/x", { params: { bookingId: mine.bookingId } });
    expect(res.body.data).toMatchObject({ order: { orderRef: mine.orderRef }, bookedBy: { id: kit.people.advisor.id, name: "Ana Advisor" } });
    const other = await kit.call(detail.GET, "/api/x", { params: { bookingId: outside.bookingId } });
    expect(other.body.data.bookedBy).toBeNull();
  });

  it("mine=1: only the advisor's own, from the service's pages", async () => {
    const ana = await kit.call(bookings.GET, "/api/bookings", { query: { mine: "1" } });
    const ids = (ana.body.data.rows as Array<{ _id: string; bookedBy: { id: string } }>).map((r) => r._id);
    expect(ids).toContain(mine.bookingId);
    expect(ids).not.toContain(bens.bookingId);
    expect(ids).not.toContain(outside.bookingId);
    expect((ana.body.data.rows as Array<{ bookedBy: { id: string } }>).every((r) => r.bookedBy.id === kit.people.advisor.id)).toBe(true);
    expect(ana.body.meta).toEqual({ scannedPages: 1, scannedRows: expect.any(Number) });

    kit.as(kit.people.colleague);
    const ben = await kit.call(bookings.GET, "/api/bookings", { query: { mine: "true", limit: "10" } });
    expect((ben.body.data.rows as Array<{ _id: string }>).map((r) => r._id)).toEqual([bens.bookingId]);

    // Someone who never booked through the desk: answered without asking the service.
    kit.as(kit.people.admin);
    const before = kit.paths.length;
    const none = await kit.call(bookings.GET, "/api/bookings", { query: { mine: "1" } });
    kit.as(kit.people.advisor);
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: { data: { rows: [], nextCursor: null }, meta: { scannedPages: 0, scannedRows: 0 }, error: null } });
    expect(kit.paths.slice(before)).toEqual([]);
  });
});

describe("what happens to a booking later is recorded with who did it", () => {
  it("cancel (once per key), pay refused, email, refresh; and the printable voucher", async () => {
    const made = (await book(bookingBody(await quote()), randomUUID())).body.data as { bookingId: string };
    const { bookingId } = made;
    const { advisor } = kit.people;

    const doc = await kit.call(voucherDocument.GET, "/api/x", { params: { bookingId }, query: { prices: "without" } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toContain("text/html");
    expect(doc.headers.get("content-security-policy")).toContain("sandbox");
    expect(doc.text).toContain("<html");

    const refused = await kit.call(pay.POST, "/api/x", { method: "POST", params: { bookingId }, headers: { "idempotency-key": randomUUID() } });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 409,
      body: { data: null, meta: {}, error: { code: "booking_invalid_transition", message: SERVICE_ERRORS.booking_invalid_transition.message, details: [] } },
    });

    const cancelKey = randomUUID();
    const cancelled = await kit.call(cancel.POST, "/api/x", { method: "POST", params: { bookingId }, headers: { "idempotency-key": cancelKey } });
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data).toMatchObject({ bookingId, state: expect.any(String), refund: { status: expect.any(String) } });
    const again = await kit.call(cancel.POST, "/api/x", { method: "POST", params: { bookingId }, headers: { "idempotency-key": cancelKey } });
    expect(again.body).toEqual(cancelled.body);

    kit.as(kit.people.colleague);
    const emailed = await kit.call(emailClient.POST, "/api/x", { method: "POST", params: { bookingId }, body: { agencyName: "Desk Travel" } });
    kit.as(kit.people.advisor);
    expect(emailed.status).toBe(200);
    const refreshed = await kit.call(refresh.POST, "/api/x", { method: "POST", params: { bookingId } });

    const rows = await actionRows(bookingId);
    const finalState = cancelled.body.data.state as string;
    expect(rows.map(({ action, userId, outcome, state, errorCode }) => ({ action, userId, outcome, state, errorCode }))).toEqual([
      { action: "pay", userId: advisor.id, outcome: "failed", state: null, errorCode: "booking_invalid_transition" },
      { action: "cancel", userId: advisor.id, outcome: "succeeded", state: finalState, errorCode: null },
      { action: "email", userId: kit.people.colleague.id, outcome: "succeeded", state: null, errorCode: null },
      refreshed.status === 200
        ? { action: "refresh", userId: advisor.id, outcome: "succeeded", state: refreshed.body.data.state, errorCode: null }
        : { action: "refresh", userId: advisor.id, outcome: "failed", state: null, errorCode: refreshed.body.error.code },
    ]);
    expect(rows.find((r) => r.action === "cancel")?.idempotencyKey).toBe(cancelKey);
    // The booking's one state follows the last step that answered one.
    expect((await factsFor(kit.db, [bookingId])).get(bookingId)?.state).toBe(refreshed.status === 200 ? refreshed.body.data.state : finalState);
  });
});

describe("the booking page: detail, who booked it, and its history", () => {
  it("answers the history oldest first with who did each step, what it asked and what came back", async () => {
    const { bookingId } = (await book(bookingBody(await quote()), randomUUID())).body.data as { bookingId: string };
    kit.as(kit.people.colleague);
    await kit.call(emailClient.POST, "/api/x", {
      method: "POST",
      params: { bookingId },
      body: { agencyName: "Desk Travel", to: "client@example.com", cc: ["a@example.com", "b@example.com"], withoutPrices: true },
    });
    kit.as(kit.people.advisor);
    const cancelled = await kit.call(cancel.POST, "/api/x", { method: "POST", params: { bookingId }, headers: { "idempotency-key": randomUUID() } });
    expect(cancelled.status).toBe(201);

    const res = await kit.call(detail.GET, "/api/x", { params: { bookingId } });
    expect(res.status).toBe(200);
    const ana = { id: kit.people.advisor.id, name: "Ana Advisor" };
    const ben = { id: kit.people.colleague.id, name: "Ben Advisor" };
    expect(res.body.data.bookedBy).toEqual(ana);
    expect(res.body.data.history).toEqual([
      expect.objectContaining({ action: "booked", outcome: "succeeded", state: "confirmed", by: ana, at: expect.any(String) }),
      expect.objectContaining({
        action: "email",
        outcome: "succeeded",
        by: ben,
        result: { withoutPrices: true, sentTo: ["client@example.com"], cc: ["a@example.com", "b@example.com"], pdfAttached: expect.any(Boolean) },
      }),
      expect.objectContaining({
        action: "cancel",
        outcome: "succeeded",
        by: ana,
        state: cancelled.body.data.state,
        result: { refundStatus: cancelled.body.data.refund.status },
      }),
    ]);
  });

  it("a refused step is in the history with its code", async () => {
    const { bookingId } = (await book(bookingBody(await quote()), randomUUID())).body.data as { bookingId: string };
    await kit.call(pay.POST, "/api/x", { method: "POST", params: { bookingId }, headers: { "idempotency-key": randomUUID() } });
    const res = await kit.call(detail.GET, "/api/x", { params: { bookingId } });
    expect(res.body.data.history.at(-1)).toMatchObject({ action: "pay", outcome: "failed", errorCode: "booking_invalid_transition", result: null });
  });
});

describe("GET /api/bookings/summaries", () => {
  it("gives what list rows lack, reading each booking from the service once and from the desk's database after", async () => {
    const page = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "5" } });
    const ids = (page.body.data.rows as Array<{ _id: string }>).map((r) => r._id);
    expect(ids.length).toBeGreaterThan(0);
    const known = await factsFor(kit.db, ids);
    // Bookings made through the desk were remembered when booked; only the others are read.
    const unknown = ids.filter((id) => !known.has(id));
    const before = kit.paths.length;
    const first = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: ids.join(",") } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data.items).sort()).toEqual([...ids].sort());
    expect(first.body.data.missing).toEqual([]);
    for (const id of ids) {
      expect(first.body.data.items[id]).toMatchObject({ productType: "hotel", leadGuest: expect.stringMatching(/\S+ \S+/), item: expect.any(String) });
    }
    const detailCalls = kit.paths.slice(before).filter((p) => /^GET \/api\/v1\/bookings\/[^/]+$/.test(p));
    expect(detailCalls.map((p) => p.split("/").at(-1)).sort()).toEqual(unknown.sort());
    expect((await factsFor(kit.db, ids)).size).toBe(ids.length);

    const after = kit.paths.length;
    const second = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: ids.join(",") } });
    expect(second.body.data).toEqual(first.body.data);
    expect(kit.paths.slice(after)).toEqual([]);
  });

  it("a booking known only from the list (Needs attention's pass) is still read for its lead guest", async () => {
    const page = await kit.call(bookings.GET, "/api/bookings", { query: { limit: "1" } });
    const row = page.body.data.rows[0];
    await kit.db.delete(bookingFacts).where(eq(bookingFacts.bookingId, row._id));
    await saveListFacts(kit.db, [row]);
    expect((await factsFor(kit.db, [row._id])).get(row._id)).toMatchObject({ leadGuest: null, detailCheckedAt: null });
    const res = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: row._id } });
    expect(res.body.data.items[row._id]).toMatchObject({ leadGuest: expect.stringMatching(/\S+ \S+/) });
    expect((await factsFor(kit.db, [row._id])).get(row._id)?.detailCheckedAt).toBeInstanceOf(Date);
  });

  it("an ID the service does not know is missing, not an error; bad input is refused in the envelope", async () => {
    const res = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: "bk_doesnotexist" } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: { items: {}, missing: ["bk_doesnotexist"] }, meta: {}, error: null } });

    const tooMany = Array.from({ length: 51 }, (_, i) => `bk_${i}`).join(",");
    const refused = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: tooMany } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "validation_error", details: [{ path: "ids", message: "At most 50 booking IDs per request." }] });
    const none = await kit.call(summaries.GET, "/api/bookings/summaries", { query: { ids: " , " } });
    expect(none.body.error).toMatchObject({ code: "validation_error" });
  });
});
