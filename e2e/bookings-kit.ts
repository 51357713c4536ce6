import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_ORIGIN } from "./constants";
import type { SandboxClient } from "./fixtures";

// Bookings made for a test through the desk's own API (as the signed-in advisor of `request`),
// so that the ledger records who made them: search, read results, price-check, book. The
// browser journeys then find, open and act on them. Names carry a per-test suffix so tests
// running side by side never find each other's bookings.

type Envelope<T> = { data: T; meta: Record<string, unknown>; error: { code: string; message: string } | null };
type Row = { rateQuoteId: string; refundable: boolean; productType: string; summary: Record<string, unknown> };
type Check = {
  holdable: boolean;
  changesAcknowledgementRequired: boolean;
  packageRate: boolean;
  requirements: { bookingQuestions: unknown[] };
};
export type Made = { bookingId: string; orderRef: string; state: string };

const MUTATION = { Origin: E2E_ORIGIN };

async function call<T>(request: APIRequestContext, method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await request.fetch(path, { method, data: body, headers: method === "POST" ? { ...MUTATION, ...headers } : headers });
  const json = (await res.json()) as Envelope<T>;
  return { status: res.status(), body: json };
}

/** A short random suffix for names this test alone uses. */
export const uniqueName = (base: string) => `${base}${Math.random().toString(36).slice(2, 7).replace(/\d/g, "x")}`;

async function today(sandbox: SandboxClient): Promise<Date> {
  const clock = await sandbox.control<{ now: string }>("GET", "/clock");
  return new Date(clock.body.data.now);
}
const dayOf = (base: Date, n: number) => new Date(base.getTime() + n * 86_400_000).toISOString().slice(0, 10);

async function rows(request: APIRequestContext, body: unknown): Promise<{ searchId: string; rows: Row[] }> {
  const made = await call<{ searchId: string }>(request, "POST", "/api/search", body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const searchId = made.body.data.searchId;
  for (let i = 0; i < 20; i++) {
    const page = await call<Row[]>(request, "GET", `/api/search/${searchId}/results?limit=200`);
    if (page.status === 200 && page.body.data.length > 0) return { searchId, rows: page.body.data };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the search gave no rows");
}

type Traveller = Record<string, unknown>;
const lead = (firstName: string, lastName: string): Traveller => ({
  type: "adult",
  title: "Ms",
  firstName,
  lastName,
  email: "client@example.com",
  phone: "+34600111222",
});

async function bookFirst(
  request: APIRequestContext,
  searchId: string,
  productType: string,
  candidates: Row[],
  travelers: Traveller[],
  want: (c: Check) => boolean,
  extra: Record<string, unknown> = {},
): Promise<Made> {
  for (const row of candidates.slice(0, 25)) {
    const check = await call<Check>(request, "POST", `/api/quotes/${encodeURIComponent(row.rateQuoteId)}/price-check`, {});
    if (check.status !== 200 || !want(check.body.data) || check.body.data.requirements.bookingQuestions.length > 0) continue;
    const body = {
      quoteId: row.rateQuoteId,
      searchId,
      productType,
      travelers,
      paymentMethod: "credit",
      ...(check.body.data.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
      ...(check.body.data.packageRate ? { packageRateAcknowledged: true } : {}),
      ...extra,
    };
    const made = await call<Made>(request, "POST", "/api/bookings", body, { "Idempotency-Key": crypto.randomUUID() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  }
  throw new Error("no bookable rate among the results");
}

/** A one-room hotel booking for one adult: `refundable` picks the rate; `hold` books it as a hold. */
export async function bookHotel(
  request: APIRequestContext,
  sandbox: SandboxClient,
  opts: { firstName?: string; lastName: string; refundable?: boolean; hold?: boolean; days?: number },
): Promise<Made> {
  const base = await today(sandbox);
  const start = opts.days ?? 40;
  const { searchId, rows: found } = await rows(request, {
    productType: "hotel",
    occupancy: [{ adults: 1, childrenAges: [] }],
    residency: "US",
    destination: "Barcelona",
    checkIn: dayOf(base, start),
    checkOut: dayOf(base, start + 3),
  });
  const refundable = opts.refundable ?? true;
  const candidates = found.filter((r) => r.refundable === refundable && r.summary.isPackage !== true);
  return bookFirst(
    request,
    searchId,
    "hotel",
    candidates,
    [{ roomIndex: 0, ...lead(opts.firstName ?? "Ana", opts.lastName) }],
    (c) => !opts.hold || c.holdable,
    opts.hold ? { hold: true } : {},
  );
}

/** A round-trip transfer (one booking, two legs) from Barcelona airport to the city. */
export async function bookRoundTransfer(request: APIRequestContext, sandbox: SandboxClient, opts: { lastName: string }): Promise<Made> {
  const base = await today(sandbox);
  const { searchId, rows: found } = await rows(request, {
    productType: "transfer",
    occupancy: [{ adults: 1, childrenAges: [] }],
    pickupLocation: { type: "airport", code: "BCN" },
    dropoffLocation: { type: "address", code: "41.3874,2.1686" },
    pickupAt: `${dayOf(base, 30)}T10:00:00Z`,
    returnAt: `${dayOf(base, 34)}T18:00:00Z`,
  });
  const round = found.filter((r) => r.summary.tripType === "round" && r.refundable);
  return bookFirst(request, searchId, "transfer", round, [{ ...lead("Tom", opts.lastName), carrierName: "Test Air", flightNumber: "TA123" }], () => true);
}
