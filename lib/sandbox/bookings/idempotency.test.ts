import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_AGENCY_ID } from "../platform/agencies";
import { detail, errorBody } from "@/lib/testing/sandbox-search";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import { bookingKit, freeHotel } from "@/lib/testing/sandbox-bookings-write";

const sb = testSandbox();
const k = bookingKit(sb);
const freeActivity = { accept: (c: { requirements: { bookingQuestions: unknown[]; panRequired: boolean } }) => c.requirements.bookingQuestions.length === 0 && !c.requirements.panRequired };
const lead = (trigger: string) => ({ lastName: `Lopez sandbox:${trigger}` });
const bookingsOf = (quoteId: string) => sb.services.bookings.forAgency(DEMO_AGENCY_ID).filter((b) => b.quoteId === quoteId);

describe("Idempotency-Key on POST /bookings, /pay and /cancel", () => {
  it.each(["/bookings", "/bookings/bk_any/pay", "/bookings/bk_any/cancel"])("POST %s without a key → 400 idempotency_key_required", async (p) => {
    const res = await k.api("POST", p, { body: { paymentMethod: "credit" }, idem: null });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errorBody("idempotency_key_required") });
  });

  it("replays the same key and body: same status and body, Idempotent-Replayed, one booking and one charge", async () => {
    const quote = await k.quote("activity", freeActivity);
    const before = await k.wallet();
    const idem = randomUUID();
    const first = await k.book(k.body(quote), quote.key, idem);
    const again = await k.book(k.body(quote), quote.key, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect({ status: again.status, text: again.text, replayed: again.headers.get("Idempotent-Replayed") }).toEqual({ status: 201, text: first.text, replayed: "true" });
    expect(bookingsOf(quote.row.rateQuoteId)).toHaveLength(1);
    expect(await k.wallet()).toBe(before + quote.check.sellAmountMinor);
  });

  it("refuses the same key with another body → 409 idempotency_in_progress", async () => {
    const quote = await k.quote("activity", freeActivity);
    const idem = randomUUID();
    expect((await k.book(k.body(quote), quote.key, idem)).status).toBe(201);
    const other = await k.book(k.body(quote, { changesAcknowledged: true }), quote.key, idem);
    expect({ status: other.status, body: other.body }).toEqual({ status: 409, body: errorBody("idempotency_in_progress") });
  });

  it("refuses a duplicate while the first is still running (slow booking) → 409 idempotency_in_progress", async () => {
    const quote = await k.quote("activity", freeActivity);
    const idem = randomUUID();
    const body = k.body(quote, {}, lead("slow-booking"));
    const [first, second] = await Promise.all([k.book(body, quote.key, idem), new Promise((r) => setTimeout(r, 10)).then(() => k.book(body, quote.key, idem))]);
    expect(first.status).toBe(201);
    expect({ status: second.status, body: second.body }).toEqual({ status: 409, body: errorBody("idempotency_in_progress") });
    const replay = await k.book(body, quote.key, idem);
    expect({ text: replay.text, replayed: replay.headers.get("Idempotent-Replayed") }).toEqual({ text: first.text, replayed: "true" });
  });

  it("does not store a validation failure: a corrected retry with the same key books", async () => {
    const quote = await k.quote("activity", freeActivity);
    const idem = randomUUID();
    const bad = await k.book({ ...k.body(quote), paymentMethod: 42 }, quote.key, idem);
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: errorBody("validation_error", [detail("paymentMethod")]) });
    expect((await k.book(k.body(quote), quote.key, idem)).status).toBe(201);
  });

  it("does not store a 500: internal-error-once fails first, the retry with the same key books once", async () => {
    const quote = await k.quote("activity", freeActivity);
    const before = await k.wallet();
    const idem = randomUUID();
    const body = k.body(quote, {}, lead("internal-error-once"));
    const failed = await k.book(body, quote.key, idem);
    expect({ status: failed.status, body: failed.body }).toEqual({ status: 500, body: errorBody("internal_error") });
    expect(bookingsOf(quote.row.rateQuoteId)).toHaveLength(0);
    expect(await k.wallet()).toBe(before);
    const retried = await k.book(body, quote.key, idem);
    expect({ status: retried.status, replayed: retried.headers.get("Idempotent-Replayed"), state: retried.body.data.state }).toEqual({ status: 201, replayed: null, state: "confirmed" });
    expect(await k.wallet()).toBe(before + quote.check.sellAmountMinor);
  });

  it("stores refusals of the rules: the same key answers the same 402 again", async () => {
    const { agencyId, key } = await k.newAgency({ creditLimitMinor: 100 });
    const quote = await k.quote("activity", { ...freeActivity, key, agencyId });
    const idem = randomUUID();
    const first = await k.book(k.body(quote), key, idem);
    await sb.control("PATCH", `/agencies/${agencyId}`, { creditLimitMinor: 50_000_000 });
    const again = await k.book(k.body(quote), key, idem);
    expect({ status: again.status, text: again.text, replayed: again.headers.get("Idempotent-Replayed") }).toEqual({ status: 402, text: first.text, replayed: "true" });
  });

  it("replays a cancel instead of refusing it as a second cancellation", async () => {
    const b = await k.booked(await k.quote("activity", freeActivity));
    const idem = randomUUID();
    const first = await k.api("POST", `/bookings/${b.id}/cancel`, { idem });
    const again = await k.api("POST", `/bookings/${b.id}/cancel`, { idem });
    expect(first.status).toBe(201);
    expect({ status: again.status, text: again.text, replayed: again.headers.get("Idempotent-Replayed") }).toEqual({ status: 201, text: first.text, replayed: "true" });
  });

  it("replays a pay with the same key and charges once", async () => {
    const b = await k.booked(await k.quote("hotel", freeHotel), { hold: true });
    const before = await k.wallet();
    const idem = randomUUID();
    const first = await k.api("POST", `/bookings/${b.id}/pay`, { body: { paymentMethod: "credit" }, idem });
    const again = await k.api("POST", `/bookings/${b.id}/pay`, { body: { paymentMethod: "credit" }, idem });
    expect({ status: again.status, text: again.text, replayed: again.headers.get("Idempotent-Replayed") }).toEqual({ status: 200, text: first.text, replayed: "true" });
    expect(await k.wallet()).toBe(before + b.totalSell.amountMinor);
  });
});

describe("concurrent bookings of one quote", () => {
  it("50 requests with one Idempotency-Key → one booking, one charge", async () => {
    const quote = await k.quote("activity", freeActivity);
    const before = await k.wallet();
    const idem = randomUUID();
    const body = k.body(quote);
    startOfVirtualMinute(sb);
    const all = await Promise.all(Array.from({ length: 50 }, () => k.book(body, quote.key, idem)));
    const fresh = all.filter((r) => r.status === 201 && !r.headers.get("Idempotent-Replayed"));
    expect(fresh).toHaveLength(1);
    for (const r of all) {
      if (r.status === 201) expect(r.text).toBe(fresh[0]!.text);
      else expect([409, 429]).toContain(r.status);
      if (r.status === 409) expect(r.body).toEqual(errorBody("idempotency_in_progress"));
    }
    // limit() counts before idempotency: one key gets 20 through, the rest are 429.
    expect(all.filter((r) => r.status === 429)).toHaveLength(30);
    expect(bookingsOf(quote.row.rateQuoteId)).toHaveLength(1);
    expect(await k.wallet()).toBe(before + quote.check.sellAmountMinor);
  });

  it("50 requests with different keys → one booking; the others 409 quote_not_price_checked", async () => {
    const quote = await k.quote("activity", freeActivity);
    const before = await k.wallet();
    const keys = [quote.key, await k.newKey(), await k.newKey()];
    const body = k.body(quote);
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => k.book(body, keys[i % 3]!, randomUUID())));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = all.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect({ status: r.status, body: r.body }).toEqual({ status: 409, body: errorBody("quote_not_price_checked") });
    expect(bookingsOf(quote.row.rateQuoteId)).toHaveLength(1);
    expect(await k.wallet()).toBe(before + quote.check.sellAmountMinor);
  });
});

describe("persistence", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-bookings-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("keeps bookings, the wallet, idempotency records and pending moves across a restart", async () => {
    const first = testSandbox({ dataDir });
    const k1 = bookingKit(first);
    const quote = await k1.quote("activity", freeActivity);
    const idem = randomUUID();
    const booked = await k1.book(k1.body(quote), quote.key, idem);
    expect(booked.status).toBe(201);
    const later = await k1.booked(await k1.quote("hotel", freeHotel), {}, lead("refund-later"));
    expect((await k1.api<{ state: string }>("POST", `/bookings/${later.id}/cancel`)).body.data.state).toBe("cancelled");
    const used = await k1.wallet();
    first.close();

    const second = testSandbox({ dataDir });
    const k2 = bookingKit(second);
    expect(second.services.bookings.get(booked.body.data.bookingId)).toMatchObject({ state: "confirmed", orderRef: booked.body.data.orderRef });
    expect(await k2.wallet()).toBe(used);
    const replay = await k2.book(k2.body(quote), quote.key, idem);
    expect({ status: replay.status, text: replay.text, replayed: replay.headers.get("Idempotent-Replayed") }).toEqual({ status: 201, text: booked.text, replayed: "true" });
    await k2.advance(3600);
    expect(second.services.bookings.get(later.id)!.state).toBe("refunded");
    expect(await k2.wallet()).toBe(used - later.totalSell.amountMinor);
    const newer = await k2.booked(await k2.quote("activity", freeActivity));
    expect(newer.seq).toBeGreaterThan(later.seq);
    second.close();
  });
});
