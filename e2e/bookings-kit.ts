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

/**
 * Where a booking is made: through the desk's API as the signed-in person of `request` (the
 * ledger records who booked), or straight at the service with a key of the test's own (made
 * through the sandbox's control plane), as a booking made outside the desk: journeys that do not
 * need "booked by" book outside it.
 */
export type Via = { request: APIRequestContext; key?: string };

async function call<T>(via: Via, method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const direct = via.key !== undefined;
  const url = direct ? `/sandbox/api/v1${path.replace(/^\/api/, "")}` : path;
  const extra: Record<string, string> = direct ? { "X-API-Key": via.key! } : method === "POST" ? MUTATION : {};
  const res = await via.request.fetch(url, { method, data: body, headers: { ...extra, ...headers } });
  const json = (await res.json()) as Envelope<T>;
  return { status: res.status(), body: json };
}

const keys = new Map<APIRequestContext, string>();
/** A key of the demo agency for this worker's bookings made outside the desk. */
export async function outsideTheDesk(request: APIRequestContext, sandbox: SandboxClient): Promise<Via> {
  let key = keys.get(request);
  if (!key) {
    const made = await sandbox.control<{ key: string }>("POST", "/agencies/agy_demo/keys", { name: "e2e bookings" });
    key = made.body.data.key;
    keys.set(request, key);
  }
  return { request, key };
}

/** A short random suffix for names this test alone uses. */
export const uniqueName = (base: string) => `${base}${Math.random().toString(36).slice(2, 7).replace(/\d/g, "x")}`;

async function today(sandbox: SandboxClient): Promise<Date> {
  const clock = await sandbox.control<{ now: string }>("GET", "/clock");
  return new Date(clock.body.data.now);
}
const dayOf = (base: Date, n: number) => new Date(base.getTime() + n * 86_400_000).toISOString().slice(0, 10);

async function rows(via: Via, body: Record<string, unknown>): Promise<{ searchId: string; rows: Row[] }> {
  const made = await call<{ searchId: string }>(via, "POST", "/api/search", via.key ? { ...body, currency: "USD", market: "US" } : body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const searchId = made.body.data.searchId;
  for (let i = 0; i < 20; i++) {
    const page = await call<Row[]>(via, "GET", `/api/search/${searchId}/results?limit=200`);
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

const NO_BOOKABLE_RATE = "no bookable rate among the results";

async function bookFirst(
  via: Via,
  searchId: string,
  productType: string,
  candidates: Row[],
  travelers: Traveller[],
  want: (c: Check) => boolean,
  extra: Record<string, unknown> = {},
): Promise<Made> {
  for (const row of candidates.slice(0, 25)) {
    for (const search of shared.values()) if (search.searchId === searchId) search.used.add(row.rateQuoteId);
    const check = await call<Check>(via, "POST", `/api/quotes/${encodeURIComponent(row.rateQuoteId)}/price-check`, {});
    if (check.status !== 200 || !want(check.body.data) || check.body.data.requirements.bookingQuestions.length > 0) continue;
    const body = {
      quoteId: row.rateQuoteId,
      ...(via.key ? {} : { searchId, productType }),
      travelers,
      paymentMethod: "credit",
      ...(check.body.data.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
      ...(check.body.data.packageRate ? { packageRateAcknowledged: true } : {}),
      ...extra,
    };
    const made = await call<Made>(via, "POST", "/api/bookings", body, { "Idempotency-Key": crypto.randomUUID() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  }
  throw new Error(NO_BOOKABLE_RATE);
}

/**
 * One hotel search a worker shares between its bookings (each books a quote of its own), which
 * saves each of them the search's seconds. A search lives 20 minutes, longer than a test run; a
 * fresh one is made after 15.
 */
type Shared = { searchId: string; rows: Row[]; at: number; used: Set<string> };
const shared = new Map<string, Shared>();
const SHARED_SEARCH_MS = 15 * 60_000;

async function hotelSearch(via: Via, sandbox: SandboxClient): Promise<Shared> {
  const which = via.key ?? "desk";
  let search = shared.get(which);
  if (!search || Date.now() - search.at > SHARED_SEARCH_MS) {
    const base = await today(sandbox);
    const made = await rows(via, {
      productType: "hotel",
      occupancy: [{ adults: 1, childrenAges: [] }],
      residency: "US",
      destination: "Barcelona",
      checkIn: dayOf(base, 45),
      checkOut: dayOf(base, 48),
    });
    search = { ...made, at: Date.now(), used: new Set() };
    shared.set(which, search);
  }
  return search;
}

/** A one-room hotel booking for one adult: `refundable` picks the rate; `hold` books it as a hold. */
export async function bookHotel(
  via: Via,
  sandbox: SandboxClient,
  opts: { firstName?: string; lastName: string; refundable?: boolean; hold?: boolean },
): Promise<Made> {
  const search = await hotelSearch(via, sandbox);
  const { searchId, rows: found } = search;
  const refundable = opts.refundable ?? true;
  const candidates = found.filter((r) => r.refundable === refundable && r.summary.isPackage !== true && !search.used.has(r.rateQuoteId));
  return bookFirst(
    via,
    searchId,
    "hotel",
    candidates,
    [{ roomIndex: 0, ...lead(opts.firstName ?? "Ana", opts.lastName) }],
    (c) => !opts.hold || c.holdable,
    opts.hold ? { hold: true } : {},
  );
}

/** A round-trip transfer (one booking, two legs) from Barcelona airport to the city. */
export async function bookRoundTransfer(via: Via, sandbox: SandboxClient, opts: { lastName: string }): Promise<Made> {
  const base = await today(sandbox);
  const { searchId, rows: found } = await rows(via, {
    productType: "transfer",
    occupancy: [{ adults: 1, childrenAges: [] }],
    pickupLocation: { type: "airport", code: "BCN" },
    dropoffLocation: { type: "address", code: "41.3874,2.1686" },
    pickupAt: `${dayOf(base, 30)}T10:00:00Z`,
    returnAt: `${dayOf(base, 34)}T18:00:00Z`,
  });
  const round = found.filter((r) => r.summary.tripType === "round" && r.refundable);
  return bookFirst(via, searchId, "transfer", round, [{ ...lead("Tom", opts.lastName), carrierName: "Test Air", flightNumber: "TA123" }], () => true);
}

/**
 * A hold whose payment deadline falls within two days: a stay four days out on a rate whose free
 * cancellation ends within about three days (the service asks for payment a day before that).
 */
export async function bookNearHold(via: Via, sandbox: SandboxClient, opts: { lastName: string }): Promise<Made> {
  const base = await today(sandbox);
  const soon = (r: Row) => {
    const policy = r.summary.cancellationPolicy as {
      deadlinesWithheld?: boolean;
      deadlines?: Array<{ from?: string; amountMinor?: number }>;
      nonrefundableDateRanges?: unknown[];
      perStayAmountsNonRefundable?: Array<{ amountMinor?: number }>;
    } | null;
    const charge = policy?.deadlines?.find((d) => (d.amountMinor ?? 0) > 0 && d.from);
    const left = charge?.from ? Date.parse(charge.from) - base.getTime() : -1;
    // Holds are for fully refundable rates (docs/sandbox.md): no night or amount kept whatever the date.
    const keepsSomething = (policy?.nonrefundableDateRanges?.length ?? 0) > 0 || (policy?.perStayAmountsNonRefundable ?? []).some((a) => (a.amountMinor ?? 0) > 0);
    // The sandbox makes a hold payable by min(72 h, free cancellation's end − up to 24 h): free
    // cancellation ending 30–70 h away puts the payment deadline inside Needs attention's 48 h.
    return r.refundable && !policy?.deadlinesWithheld && !keepsSomething && left > 30 * 3600_000 && left < 70 * 3600_000;
  };
  // The sandbox's rates depend on the place and the dates: one search may, on a given day, offer no
  // such rate, so a few are tried in turn (the test must not pass or fail by the day it runs on).
  const tries = [
    { destination: "Barcelona", inDays: 4 },
    { destination: "Paris", inDays: 4 },
    { destination: "Barcelona", inDays: 5 },
    { destination: "London", inDays: 4 },
    { destination: "Paris", inDays: 5 },
    { destination: "Barcelona", inDays: 3 },
  ];
  for (const { destination, inDays } of tries) {
    const { searchId, rows: found } = await rows(via, {
      productType: "hotel",
      occupancy: [{ adults: 1, childrenAges: [] }],
      residency: "US",
      destination,
      checkIn: dayOf(base, inDays),
      checkOut: dayOf(base, inDays + 2),
    });
    const candidates = found.filter((r) => r.summary.isPackage !== true && soon(r));
    const made = await bookFirst(via, searchId, "hotel", candidates, [{ roomIndex: 0, ...lead("Nell", opts.lastName) }], (c) => c.holdable, { hold: true }).catch(
      (e: unknown) => {
        if (e instanceof Error && e.message === NO_BOOKABLE_RATE) return null;
        throw e;
      },
    );
    if (made) return made;
  }
  throw new Error(`${NO_BOOKABLE_RATE}: no hold due within two days in ${tries.length} searches`);
}
