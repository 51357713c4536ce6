import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bffTestKit, hotelSearchBody, hotelTravelers, isBookableHotelRow, type BffTestKit } from "@/lib/testing/bff";
import { captureLogs } from "@/lib/log";
import type { ResultRow } from "@/lib/tds/contract";
import type { FetchLike } from "@/lib/tds/client";
import { sandboxFetch } from "@/lib/testing/tds";
import * as login from "./auth/login/route";
import * as bookings from "./bookings/route";
import * as priceCheck from "./quotes/[quoteId]/price-check/route";
import * as results from "./search/[searchId]/results/route";
import * as search from "./search/route";

// The server's log (lib/log.ts): a JSON line per request and per service call, tied by the
// request ID the service also receives, and never a key, a traveller's details or a body.

// The sign-in route's session module is server-only; nothing here reaches its cookies.
vi.mock("server-only", () => ({}));

let kit: BffTestKit;
const sentIds: Array<string | null> = [];
beforeAll(async () => {
  kit = await bffTestKit();
  const through = sandboxFetch(kit.sb);
  const recording: FetchLike = (input, init) => {
    sentIds.push(new Headers(init.headers).get("x-request-id"));
    return through(input, init);
  };
  kit.setTransport(recording);
});
afterAll(() => kit.close());

describe("structured logs", () => {
  it("a booking's requests and service calls, as JSON lines with level, IDs, route, status and duration", async () => {
    const capture = captureLogs();
    const travelers = hotelTravelers("Quillfeather");
    const passport = "P9X4471203";
    let lines: Array<Record<string, unknown>>;
    let text: string;
    try {
      const made = await kit.call(search.POST, "/api/search", { method: "POST", body: hotelSearchBody(kit.day) });
      const searchId = made.body.data.searchId as string;
      const page = await kit.call(results.GET, `/api/search/${searchId}/results`, { params: { searchId }, query: { limit: "100" } });
      const row = (page.body.data as ResultRow[]).find(isBookableHotelRow)!;
      const check = await kit.call(priceCheck.POST, `/api/quotes/${row.rateQuoteId}/price-check`, { method: "POST", params: { quoteId: row.rateQuoteId } });
      const booked = await kit.call(bookings.POST, "/api/bookings", {
        method: "POST",
        headers: { "idempotency-key": randomUUID() },
        body: {
          quoteId: row.rateQuoteId,
          searchId,
          productType: "hotel",
          travelers,
          paymentMethod: "credit",
          ...(check.body.data.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
          ...(check.body.data.packageRate ? { packageRateAcknowledged: true } : {}),
        },
      });
      expect(booked.status).toBe(201);
      // A refused request is logged too, with its code, and without what it carried.
      await kit.call(bookings.POST, "/api/bookings", {
        method: "POST",
        headers: { "idempotency-key": randomUUID() },
        body: { quoteId: row.rateQuoteId, productType: "hotel", paymentMethod: "credit", travelers: [{ ...travelers[0], documentNumber: passport, passport: { number: passport } }] },
      });
    } finally {
      lines = capture.lines();
      text = capture.text();
      capture.stop();
    }

    const requests = lines.filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const r of requests) {
      expect(r).toMatchObject({
        level: expect.stringMatching(/^(info|error)$/),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: kit.people.advisor.id,
        route: expect.stringMatching(/^\/api\//),
        method: expect.any(String),
        status: expect.any(Number),
        durationMs: expect.any(Number),
      });
    }
    expect(requests.at(-1)).toMatchObject({ status: 400, errorCode: expect.any(String), route: "/api/bookings" });

    const calls = lines.filter((l) => l.msg === "service call");
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const requestIds = new Set(requests.map((r) => r.requestId));
    for (const c of calls) {
      expect(c).toMatchObject({ level: "info", service: { method: expect.any(String), endpoint: expect.stringMatching(/^\/api\/v1\//), status: expect.any(Number), durationMs: expect.any(Number) } });
      // Each call is tied to the desk request that made it, and the service was sent that ID.
      expect(requestIds).toContain(c.requestId);
    }
    expect(sentIds.filter(Boolean).length).toBeGreaterThanOrEqual(calls.length);
    for (const id of sentIds.filter(Boolean)) expect(requestIds).toContain(id);

    // Never a secret or a traveller's details.
    const lead = travelers[0]!;
    for (const secret of [kit.apiKey, passport, lead.lastName, lead.email!, lead.phone!]) {
      expect(text, `a log line holds ${secret}`).not.toContain(secret);
    }
  });
});

describe("the sign-in and users handlers' log line", () => {
  it("is the BFF's: the route, status and code, never the password or the email that was sent", async () => {
    const password = "hunter2-but-longer";
    const capture = captureLogs();
    try {
      const res = await kit.call(login.POST, "/api/auth/login?next=/bookings", { method: "POST", body: { email: "x@example", password } });
      expect(res.status).toBe(400);
    } finally {
      capture.stop();
    }
    const [line] = capture.lines().filter((l) => l.msg === "request");
    expect(line).toMatchObject({ level: "info", route: "/api/auth/login", method: "POST", status: 400, errorCode: "validation_error", durationMs: expect.any(Number), requestId: expect.any(String) });
    expect(capture.text()).not.toContain(password);
    expect(capture.text()).not.toContain("x@example");
    expect(capture.text()).not.toContain("next=");
  });
});

describe("a client that goes away (Reload, Back, a closed tab)", () => {
  /** A body that sends its start, then fails as a cut connection does when `signal` aborts. */
  const cutBody = (start: string, signal: AbortSignal) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(start));
        signal.addEventListener("abort", () => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })));
      },
    });

  it("while the BFF waits on the service: 499 and one debug line, no error", async () => {
    const gone = new AbortController();
    // The service call is in flight when the client leaves.
    kit.setTransport((_input, init) => {
      gone.abort();
      return new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    });
    const capture = captureLogs();
    const { log } = await import("@/lib/log");
    log.level = "debug";
    let status: number;
    try {
      const req = new NextRequest("http://desk.test/api/search/srch_0000000000000abc/results", { signal: gone.signal });
      status = (await results.GET(req, { params: Promise.resolve({ searchId: "srch_0000000000000abc" }) })).status;
    } finally {
      capture.stop();
      kit.setTransport(null);
    }
    expect(status).toBe(499);
    expect(capture.lines().map((l) => [l.level, l.msg, l.status])).toEqual([["debug", "request", 499]]);
  });

  it("while sending a body: the BFF and the sign-in handler answer 499 with one debug line, no error", async () => {
    const capture = captureLogs();
    const { log } = await import("@/lib/log");
    log.level = "debug";
    const statuses: number[] = [];
    try {
      for (const [path, send] of [
        ["/api/search", (r: Request) => search.POST(new NextRequest(r), { params: Promise.resolve({}) })],
        ["/api/auth/login", (r: Request) => login.POST(new NextRequest(r), { params: Promise.resolve({}) })],
      ] as const) {
        const gone = new AbortController();
        const req = new Request(`http://desk.test${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://desk.test" },
          body: cutBody('{"email":"', gone.signal),
          signal: gone.signal,
          duplex: "half",
        } as RequestInit);
        setTimeout(() => gone.abort(), 5);
        statuses.push((await send(req)).status);
      }
    } finally {
      capture.stop();
    }
    expect(statuses).toEqual([499, 499]);
    expect(capture.lines().map((l) => [l.level, l.msg, l.route, l.status])).toEqual([
      ["debug", "request", "/api/search", 499],
      ["debug", "request", "/api/auth/login", 499],
    ]);
  });
});
