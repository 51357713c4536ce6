import { describe, expect, it } from "vitest";
import * as zc from "zod/v4/core";
import { createTdsClient, type TdsClientConfig } from "./client";
import {
  TdsConflictError,
  TdsConnectionError,
  TdsNotFoundError,
  TdsRateLimitError,
  TdsResponseError,
  TdsServerError,
  TdsTimeoutError,
  TdsValidationError,
} from "../contract/errors";
import { sameJson, type ResponseEvent } from "./http";
import { resultsEnvelopeSchema } from "../contract/schemas";
import { errorJson, okJson, scriptedFetch, type Answer } from "@/lib/testing/tds";

const KEY = "tdsk_TestKey000000000000000000000000000000000000";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const booking = { bookingId: "bk_1", orderRef: "RV-2026-ABCDEFGH", state: "confirmed" };
const bookingBody = {
  quoteId: "qt_1",
  travelers: [{ type: "adult" as const, firstName: "Ana", lastName: "Lopez" }],
  paymentMethod: "credit" as const,
};

/** A client over a scripted fetch; sleeps are recorded, never waited. */
function setup(answers: Answer[], config: Partial<TdsClientConfig> = {}) {
  const script = scriptedFetch(...answers);
  const sleeps: number[] = [];
  const events: ResponseEvent[] = [];
  const client = createTdsClient({
    baseUrl: "https://tds.example.test/base/",
    apiKey: KEY,
    fetch: script.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    hooks: { onResponse: (e) => events.push(e) },
    ...config,
  });
  return { client, calls: script.calls, sleeps, events };
}

describe("requests", () => {
  it("joins the base URL and /api/v1, sends the key and JSON headers, and encodes path and query", async () => {
    const meta = { nextCursor: null, session: { status: "completed", batchProgress: { done: 1, total: 1 }, supplierOutcomes: [] } };
    const { client, calls } = setup([okJson([], 200, meta)]);
    await client.searchResults("s/1", { limit: 5, cursor: "a b", groupByProduct: true });
    const [call] = calls;
    expect(call?.url).toBe("https://tds.example.test/base/api/v1/search/s%2F1/results?limit=5&cursor=a+b&groupByProduct=true");
    expect(call?.headers.get("x-api-key")).toBe(KEY);
    expect(call?.headers.get("accept")).toBe("application/json");
    expect(call?.headers.get("content-type")).toBeNull();
    expect(call?.headers.get("idempotency-key")).toBeNull();
  });

  it("sends JSON bodies with Content-Type, and one fresh UUID Idempotency-Key per mutating call", async () => {
    const { client, calls } = setup([okJson(booking, 201)]);
    await client.createBooking(bookingBody);
    await client.createBooking(bookingBody);
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual(bookingBody);
    const keys = calls.map((c) => c.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("uses the caller's idempotency key when given (the BFF keeps it from the first click)", async () => {
    const { client, calls } = setup([okJson({ ...booking, state: "confirmed" })]);
    await client.payBooking("bk_1", { idempotencyKey: "7f1c0e9a-2b4d-4c3e-8f5a-1b2c3d4e5f60" });
    expect(calls[0]?.headers.get("idempotency-key")).toBe("7f1c0e9a-2b4d-4c3e-8f5a-1b2c3d4e5f60");
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({ paymentMethod: "credit" });
  });

  it("sends a cancel body only when it says something", async () => {
    const answer = okJson({ bookingId: "bk_1", state: "cancelled", refund: { status: "no_refund_due" } }, 201);
    const { client, calls } = setup([answer]);
    await client.cancelBooking("bk_1");
    await client.cancelBooking("bk_1", { transferCancelScope: "return" });
    expect(calls[0]?.body).toBeUndefined();
    expect(JSON.parse(calls[1]?.body ?? "")).toEqual({ transferCancelScope: "return" });
  });
});

describe("retries", () => {
  it("retries a GET on 503 and on a network error, then succeeds", async () => {
    const { client, calls, sleeps } = setup([errorJson(503, "supplier_unavailable"), new TypeError("fetch failed"), okJson({ productTypes: ["hotel"] })]);
    expect(await client.capabilities("US")).toEqual({ productTypes: ["hotel"] });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]); // full jitter at random 0.5: half of 500 ms, then half of 1 s
  });

  it("gives up after maxRetries (default 2) with the last error", async () => {
    const { client, calls } = setup([errorJson(500, "internal_error")]);
    await expect(client.getBooking("bk_1")).rejects.toMatchObject({ status: 500, code: "internal_error" });
    expect(calls).toHaveLength(3);
    const again = setup([errorJson(500, "internal_error")]);
    await expect(again.client.getBooking("bk_1", { maxRetries: 0 })).rejects.toBeInstanceOf(TdsServerError);
    expect(again.calls).toHaveLength(1);
  });

  it("never retries a POST without an idempotency key, whatever happened", async () => {
    const search = { productType: "activity" as const, occupancy: [{ adults: 1, childrenAges: [] }], currency: "USD", market: "US" };
    for (const answer of [errorJson(503, "supplier_unavailable"), new TypeError("fetch failed"), errorJson(429, "rate_limited", { "Retry-After": "1" })]) {
      const { client, calls } = setup([answer, okJson({ searchId: "s1" }, 201)]);
      await expect(client.createSearch(search)).rejects.toBeDefined();
      expect(calls).toHaveLength(1);
    }
    const { client, calls } = setup([errorJson(503, "supplier_unavailable"), okJson({ sentTo: [], cc: [], pdfAttached: true })]);
    await expect(client.emailClient("bk_1", {})).rejects.toBeInstanceOf(TdsServerError);
    expect(calls).toHaveLength(1);
  });

  it("retries a keyed POST on 5xx and no response, sending the same key every time", async () => {
    const { client, calls } = setup([errorJson(500, "internal_error"), new TypeError("socket hang up"), okJson(booking, 201)]);
    expect(await client.createBooking(bookingBody)).toEqual({ ...booking, replayed: false });
    const keys = new Set(calls.map((c) => c.headers.get("idempotency-key")));
    expect(calls).toHaveLength(3);
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(UUID);
  });

  it("waits at least a second before asking again about a keyed request still in progress (409), and says the answer it then gets is a replay", async () => {
    const replay = new Response(JSON.stringify({ data: booking, meta: {}, error: null }), {
      status: 201,
      headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
    });
    const { client, calls, sleeps } = setup([errorJson(409, "idempotency_in_progress"), replay]);
    expect(await client.createBooking(bookingBody, { idempotencyKey: "0b9f5f2e-8d7c-4a1b-9e3f-2a1b0c9d8e7f" })).toEqual({ ...booking, replayed: true });
    expect(calls.map((c) => c.headers.get("idempotency-key"))).toEqual(["0b9f5f2e-8d7c-4a1b-9e3f-2a1b0c9d8e7f", "0b9f5f2e-8d7c-4a1b-9e3f-2a1b0c9d8e7f"]);
    expect(sleeps).toEqual([1000]);
  });

  it("does not retry other 409s of a keyed POST", async () => {
    const { client, calls } = setup([errorJson(409, "booking_invalid_transition")]);
    await expect(client.cancelBooking("bk_1")).rejects.toBeInstanceOf(TdsConflictError);
    expect(calls).toHaveLength(1);
  });

  it("honours Retry-After on 429 up to 10 s; a longer wait goes back to the caller", async () => {
    const short = setup([errorJson(429, "rate_limited", { "Retry-After": "3" }), okJson({ cities: [], hotels: [], pois: [] })]);
    await short.client.suggest("barcelona");
    expect(short.sleeps).toEqual([3000]);

    const long = setup([errorJson(429, "rate_limited", { "Retry-After": "45" })]);
    const err = await long.client.suggest("barcelona").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TdsRateLimitError);
    expect(err).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 45 });
    expect(long.calls).toHaveLength(1);
  });

  it("never retries a 400 or a 404", async () => {
    const bad = setup([errorJson(400, "invalid_limit")]);
    await expect(bad.client.searchResults("s1", { limit: 0 })).rejects.toBeInstanceOf(TdsValidationError);
    expect(bad.calls).toHaveLength(1);
    const missing = setup([errorJson(404, "not_found")]);
    await expect(missing.client.hotelContent("nope")).rejects.toBeInstanceOf(TdsNotFoundError);
    expect(missing.calls).toHaveLength(1);
  });

  it("backs off exponentially with full jitter, bounded by 5 s", async () => {
    const high = setup([errorJson(502, "internal_error")], { random: () => 0.999, maxRetries: 6 });
    await expect(high.client.capabilities("US")).rejects.toBeInstanceOf(TdsServerError);
    expect(high.sleeps.map(Math.round)).toEqual([500, 999, 1998, 3996, 4995, 4995]);
    const low = setup([errorJson(502, "internal_error")], { random: () => 0 });
    await expect(low.client.capabilities("US")).rejects.toBeInstanceOf(TdsServerError);
    expect(low.sleeps).toEqual([0, 0]);
  });

  it("retries price_check_conflict exactly once, and nothing else on a price-check", async () => {
    const check = (() => {
      const policy = { refundable: true, deadlines: [] };
      const requirements = { leadContact: false, title: "none", travelDocuments: false, flightDetails: false, panRequired: false, bookingQuestions: [] };
      return { quoteId: "qt_1", status: "unchanged", sellAmountMinor: 100, sellCurrency: "USD", previousSellAmountMinor: 100, changes: [], changesAcknowledgementRequired: false, packageRate: false, refundable: true, cancellationPolicy: policy, holdable: true, checkedAt: "t", bookableUntil: "t", quoteExpiresAt: "t", requirements };
    })();
    const once = setup([errorJson(409, "price_check_conflict"), okJson(check)]);
    expect(await once.client.priceCheck("qt_1")).toMatchObject({ quoteId: "qt_1", status: "unchanged" });
    expect(once.calls).toHaveLength(2);

    const twice = setup([errorJson(409, "price_check_conflict"), errorJson(409, "price_check_conflict"), okJson(check)]);
    await expect(twice.client.priceCheck("qt_1", {}, { maxRetries: 5 })).rejects.toMatchObject({ code: "price_check_conflict" });
    expect(twice.calls).toHaveLength(2);

    for (const answer of [errorJson(503, "supplier_unavailable"), new TypeError("fetch failed"), errorJson(409, "rate_unavailable")]) {
      const other = setup([answer, okJson(check)]);
      await expect(other.client.priceCheck("qt_1", { supplierRateRef: "opt_1" })).rejects.toBeDefined();
      expect(other.calls).toHaveLength(1);
      expect(other.calls[0]?.headers.get("idempotency-key")).toBeNull();
    }
  });

  it("reports each attempt to onResponse, with the delay before the next", async () => {
    const { client, events } = setup([errorJson(503, "supplier_unavailable", { "x-request-id": "req_1" }), okJson({ productTypes: [] })]);
    await client.capabilities("US");
    expect(events.map((e) => ({ attempt: e.attempt, status: e.status, code: e.error?.code ?? null, retryInMs: e.retryInMs, requestId: e.requestId }))).toEqual([
      { attempt: 0, status: 503, code: "supplier_unavailable", retryInMs: 250, requestId: "req_1" },
      { attempt: 1, status: 200, code: null, retryInMs: null, requestId: null },
    ]);
  });
});

describe("timeouts and aborts", () => {
  const never: Answer = () => new Promise<Response>(() => {});

  it("turns a fetch that never answers (and ignores its signal) into TdsTimeoutError", async () => {
    const { client, calls } = setup([never], { timeoutMs: 20 });
    const err = await client.getBooking("bk_1", { maxRetries: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TdsTimeoutError);
    expect(err).toBeInstanceOf(TdsConnectionError);
    expect(err).toMatchObject({ code: "timeout", status: null, timeoutMs: 20 });
    expect(calls).toHaveLength(1);
  });

  it("retries a timed-out GET, and gives slow calls a longer floor than the default", async () => {
    const get = setup([never, okJson({ productTypes: [] })], { timeoutMs: 20 });
    await get.client.capabilities("US");
    expect(get.calls).toHaveLength(2);

    const late: Answer = () => new Promise((resolve) => setTimeout(() => resolve(okJson({ searchId: "s1" }, 201)), 60));
    const { client } = setup([late], { timeoutMs: 20 });
    const search = { productType: "activity" as const, occupancy: [{ adults: 1, childrenAges: [] }], currency: "USD", market: "US" };
    expect(await client.createSearch(search)).toEqual({ searchId: "s1" });
    await expect(client.createSearch(search, { timeoutMs: 20 })).rejects.toBeInstanceOf(TdsTimeoutError);
  });

  it("counts an attempt's timeout from when it is sent: a wait for its turn (the shaper's) is not the service being slow", async () => {
    const turns: string[] = [];
    const turn = async (target: string) => {
      turns.push(target);
      await new Promise((r) => setTimeout(r, 60));
      return null;
    };
    const { client, calls } = setup([okJson(booking)], { turn });
    expect(await client.refreshBookingStatus("bk_1", { maxRetries: 0, timeoutMs: 20 })).toEqual(booking);
    expect(turns).toEqual(["https://tds.example.test/base/api/v1/bookings/bk_1/refresh-status"]);
    expect(calls).toHaveLength(1);
  });

  it("takes the turn's answer as the attempt's, sending nothing", async () => {
    const turn = async () => errorJson(429, "rate_limited", { "Retry-After": "7" });
    const { client, calls } = setup([okJson(booking)], { turn });
    const err = await client.getBooking("bk_1", { maxRetries: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TdsRateLimitError);
    expect(err).toMatchObject({ retryAfter: 7 });
    expect(calls).toHaveLength(0);
  });

  it("stops with the caller's reason when the caller aborts while the attempt waits for its turn", async () => {
    const controller = new AbortController();
    const turn = (_t: string, _i: RequestInit, signal: AbortSignal | undefined) =>
      new Promise<Response | null>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    const { client, calls } = setup([okJson(booking)], { turn });
    const pending = client.getBooking("bk_1", { signal: controller.signal });
    controller.abort(new Error("job stopped"));
    await expect(pending).rejects.toThrow("job stopped");
    expect(calls).toHaveLength(0);
  });

  it("stops at once with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const { client, calls } = setup([() => (controller.abort(new Error("advisor left")), new Promise<Response>(() => {}))]);
    await expect(client.capabilities("US", { signal: controller.signal })).rejects.toThrow("advisor left");
    expect(calls).toHaveLength(1);
  });
});

describe("answers", () => {
  it("a success that is not JSON, or not the contract's shape, is TdsResponseError (invalid_response)", async () => {
    const html = setup([new Response("<html>oops</html>", { status: 200 })]);
    await expect(html.client.capabilities("US")).rejects.toMatchObject({ name: "TdsResponseError", code: "invalid_response", status: 200 });

    const shape = setup([okJson({ types: ["hotel"] })]);
    const err = await shape.client.capabilities("US").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TdsResponseError);
    expect((err as TdsResponseError).issues[0]?.path).toEqual(["data", "productTypes"]);
    expect(shape.calls).toHaveLength(1);
  });

  it("returns the voucher document as HTML text; its errors are still envelopes", async () => {
    const doc = setup([new Response("<!doctype html><h1>Voucher</h1>", { headers: { "Content-Type": "text/html" } })]);
    expect(await doc.client.voucherDocument("bk_1", { withoutPrices: true })).toContain("<h1>Voucher</h1>");
    expect(doc.calls[0]?.url).toMatch(/\/bookings\/bk_1\/voucher\/document\?prices=without$/);
    expect(doc.calls[0]?.headers.get("accept")).toBe("text/html");
    const missing = setup([errorJson(404, "not_found")]);
    await expect(missing.client.voucherDocument("bk_x")).rejects.toBeInstanceOf(TdsNotFoundError);
  });

  it("asks for thumbnails in calls of at most 60 distinct IDs and merges the maps", async () => {
    const { client, calls } = setup([
      (call) => {
        const ids = new URL(call.url).searchParams.get("ids")?.split(",") ?? [];
        return okJson(Object.fromEntries(ids.map((id) => [id, id === "h7" ? null : `https://img/${id}.svg`])));
      },
    ]);
    const ids = Array.from({ length: 130 }, (_, i) => `h${i}`);
    const map = await client.hotelThumbnails([...ids, "h1", "h2", "h130"]);
    expect(calls.map((c) => new URL(c.url).searchParams.get("ids")?.split(",").length)).toEqual([60, 60, 11]);
    expect(Object.keys(map)).toHaveLength(131);
    expect(map.h129).toBe("https://img/h129.svg");
    expect(map.h7).toBeNull();
    expect(await client.hotelThumbnails([])).toEqual({});
    expect(calls).toHaveLength(3);
  });

  it("answers suggest under 2 characters with empty groups, without a call", async () => {
    const { client, calls } = setup([okJson({ cities: [], hotels: [], pois: [] })]);
    expect(await client.suggest(" b ")).toEqual({ cities: [], hotels: [], pois: [] });
    expect(calls).toHaveLength(0);
    await client.suggest(`  ${"x".repeat(150)}`, 3);
    expect(new URL(calls[0]?.url ?? "").searchParams.get("q")).toHaveLength(100);
  });
});

describe("abortable", () => {
  it("a request the browser already left is not an unhandled rejection: the abandoned call is observed", async () => {
    const { abortable } = await import("./http");
    const left = new AbortController();
    left.abort(Object.assign(new Error("The client went away."), { name: "ResponseAborted" }));
    // A fetch started with an aborted signal rejects as well, a moment later.
    const call = new Promise((_, reject) => setTimeout(() => reject(new Error("fetch aborted")), 5));
    await expect(abortable(call, left.signal)).rejects.toThrow("The client went away.");
    // Before the fix the late rejection went unobserved and vitest failed the run on it.
    await new Promise((r) => setTimeout(r, 20));
  });
});

describe("answers passed on as they came", () => {
  it("sameJson: same values and keys in any order; a missing, added or changed key is not the same", () => {
    expect(sameJson({ a: 1, b: [{ c: null, d: "x" }] }, { b: [{ d: "x", c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: 1, b: [] }, { a: 1 })).toBe(false);
    expect(sameJson({ a: null }, { b: null })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ a: "1" }, { a: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  const meta = { nextCursor: null, session: { status: "completed", batchProgress: { done: 1, total: 1 }, supplierOutcomes: [] } };
  const row = {
    _id: "r1", canonicalProductId: "p1", rateQuoteId: "q1", supplier: "s", rank: 1, sellAmountMinor: 100, sellCurrency: "USD",
    refundable: true, productType: "other-kind", summary: { anything: [1, { deep: true }] }, extra: "kept",
  };

  it("the service's bytes when the parsed page is exactly what they say", async () => {
    const text = JSON.stringify({ data: [row], meta, error: null });
    const { client } = setup([new Response(text, { headers: { "Content-Type": "application/json" } })]);
    const page = await client.searchResults("s1");
    expect(page.wire && new TextDecoder().decode(page.wire)).toBe(text);
  });

  it("no bytes when the schema filled in a default or normalised a value, or the envelope holds more", async () => {
    const { nextCursor: _, ...withoutCursor } = meta;
    const { supplierOutcomes: __, ...session } = meta.session;
    for (const body of [
      { data: [row], meta: withoutCursor, error: null },
      { data: [row], meta: { ...meta, session }, error: null },
      { data: [row], meta },
      { data: [row], meta, error: null, links: {} },
    ]) {
      const { client } = setup([Response.json(body)]);
      const page = await client.searchResults("s1");
      expect(page.wire).toBeNull();
      expect(page.meta.nextCursor).toBeNull();
      expect(page.meta.session.supplierOutcomes).toEqual([]);
    }
  });

  it("an answer that comes again unchanged is not parsed again: the same value, frozen, as it is shared", async () => {
    const text = JSON.stringify({ data: [{ ...row, _id: "again" }], meta, error: null });
    const changed = text.replace('"rank":1', '"rank":2');
    const json = (body: string) => new Response(body, { headers: { "Content-Type": "application/json" } });
    const { client } = setup([json(text), json(text), json(changed)]);
    const [first, second, third] = [await client.searchResults("s1"), await client.searchResults("s1"), await client.searchResults("s1")];
    expect(second.rows).toBe(first.rows);
    expect(second.wire && new TextDecoder().decode(second.wire)).toBe(text);
    expect(Object.isFrozen(first.rows[0]!.summary)).toBe(true);
    expect(() => {
      (first.rows[0] as { rank: number }).rank = 9;
    }).toThrow(TypeError);
    expect(third.rows).not.toBe(first.rows);
    expect(third.rows[0]!.rank).toBe(2);
  });

  it("is parsed by a compiled copy of the schema that answers as zod's own parser does, valid or not", async () => {
    const hotel = {
      ...row, _id: "r2", rateQuoteId: "q2", productType: "hotel",
      summary: {
        hotelName: "Hotel", starRating: 4, cityName: "London", neighborhoodName: null, coordinates: { lat: 51.5, lng: -0.1 },
        roomName: "Double", roomDescription: null, boardBasis: "RO", rateName: null, roomGroupKey: null, roomGroupLabel: null,
        cancellationPolicy: null, excludedTaxes: null, rateComments: null, isPackage: false, requiresGuestTitle: false, agencyCommission: null,
      },
    };
    const pages = [
      { data: [row, hotel], meta, error: null },
      { data: [row, hotel], meta: { session: { status: "brand-new", batchProgress: { done: 0, total: 2 } } } },
      { data: [{ ...hotel, rank: "1" }, { ...row, productType: "hotel" }], meta, error: null },
      { data: [{ ...hotel, summary: { ...hotel.summary, coordinates: { lat: "51" } } }], meta: { ...meta, session: {} } },
    ];
    expect(pages.map((body) => zc.safeParse(resultsEnvelopeSchema, body).success)).toEqual([true, true, false, false]);
    for (const body of pages) {
      const { client } = setup([Response.json(body)]);
      const own = zc.safeParse(resultsEnvelopeSchema, body);
      const got = await client.searchResults("s1").catch((e: unknown) => e);
      if (own.success) expect(got).toMatchObject({ rows: own.data.data, meta: own.data.meta });
      else expect((got as TdsResponseError).issues).toEqual(own.error.issues);
    }
  });
});
