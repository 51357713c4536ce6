import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { DEMO_AGENCY_ID } from "../sandbox/platform/agencies";
import type { PriceCheckResult } from "../sandbox/quotes/model";
import type { SearchRequest } from "../sandbox/search/schemas";
import type { ProductType, ResultRow } from "../sandbox/search/types";
import type { CallResult, TestSandbox } from "./sandbox";
import type { Booking } from "../sandbox/bookings/model";

/**
 * Helpers of the booking write-side tests (imported by tests only): real searches, real
 * price-checks over HTTP, valid booking bodies built from the price-check's requirements, and a
 * fresh API key per quote so no test trips the per-key limits (20 bookings, 30 searches a minute).
 */
export type Quote = { row: ResultRow; check: PriceCheckResult; search: Record<string, unknown>; key: string; agencyId: string };
type Body = Record<string, unknown>;
type TravelerBody = Record<string, unknown>;

export function bookingKit(sb: TestSandbox) {
  const day = (n: number) => new Date(Date.parse(`${sb.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  const api = <T = unknown>(method: string, path: string, opts: { body?: unknown; key?: string; idem?: string | null; rawBody?: string } = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = {};
    const idem = opts.idem === undefined ? randomUUID() : opts.idem;
    if (idem) headers["Idempotency-Key"] = idem;
    return sb.call<T>(method, `/api/v1${path}`, { body: opts.body, key: opts.key ?? sb.key, headers, rawBody: opts.rawBody });
  };

  async function newKey(agencyId = DEMO_AGENCY_ID): Promise<string> {
    const res = await sb.control<{ key: string }>("POST", `/agencies/${agencyId}/keys`, {});
    expect(res.status).toBe(201);
    return res.body.data.key;
  }

  async function newAgency(fields: Body = {}): Promise<{ agencyId: string; key: string }> {
    const res = await sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Booking Test Agency", ...fields });
    expect(res.status).toBe(201);
    return { agencyId: res.body.data.agencyId, key: await newKey(res.body.data.agencyId) };
  }

  async function wallet(agencyId = DEMO_AGENCY_ID): Promise<number> {
    return (await sb.control<{ creditUsedMinor: number }>("GET", `/agencies/${agencyId}`)).body.data.creditUsedMinor;
  }

  const advance = async (seconds: number) => expect((await sb.control("POST", "/clock/advance", { seconds })).status).toBe(200);

  const searchBodies: Record<ProductType, (over?: Body) => Body> = {
    hotel: (over = {}) => ({ productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", residency: "US", destination: "Barcelona", checkIn: day(30), checkOut: day(33), ...over }),
    flight: (over = {}) => ({ productType: "flight", occupancy: [{ adults: 1, childrenAges: [7] }], currency: "USD", market: "US", origin: "JFK", destination: "LHR", checkIn: day(30), checkOut: day(37), ...over }),
    activity: (over = {}) => ({ productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", destinationCode: "ES-BARCELONA", checkIn: day(30), ...over }),
    transfer: (over = {}) => ({
      productType: "transfer",
      occupancy: [{ adults: 2, childrenAges: [] }],
      currency: "USD",
      market: "US",
      pickupLocation: { type: "airport", code: "BCN" },
      dropoffLocation: { type: "address", code: "41.3874,2.1686" },
      pickupAt: `${day(30)}T10:00:00Z`,
      ...over,
    }),
  };

  /**
   * A price-checked quote: searches (with a fresh key unless given), then price-checks the rows
   * `pick` accepts until one's check satisfies `accept`.
   */
  async function quote(
    productType: ProductType,
    opts: { search?: Body; pick?: (r: ResultRow) => boolean; accept?: (c: PriceCheckResult, r: ResultRow) => boolean; key?: string; agencyId?: string } = {},
  ): Promise<Quote> {
    const agencyId = opts.agencyId ?? DEMO_AGENCY_ID;
    const key = opts.key ?? (await newKey(agencyId));
    const search = searchBodies[productType](opts.search);
    const created = await api<{ searchId: string }>("POST", "/search", { body: search, key, idem: null });
    if (created.status !== 201) throw new Error(`search failed: ${created.text}`);
    const page = await api<ResultRow[]>("GET", `/search/${created.body.data.searchId}/results?limit=500`, { key, idem: null });
    const candidates = page.body.data.filter(opts.pick ?? (() => true));
    for (const row of candidates.slice(0, 40)) {
      const checked = await api<PriceCheckResult>("POST", `/quotes/${row.rateQuoteId}/price-check`, { key, idem: null });
      if (checked.status !== 200) throw new Error(`price-check failed: ${checked.text}`);
      if (!opts.accept || opts.accept(checked.body.data, row)) return { row, check: checked.body.data, search, key, agencyId };
    }
    throw new Error(`no ${productType} row fits (${candidates.length} candidates)`);
  }

  /** One traveller per searched guest, with every detail any product may ask for. */
  function travelers(q: Quote, lead: TravelerBody = {}): TravelerBody[] {
    const s = q.search as unknown as SearchRequest;
    const person = (type: "adult" | "child", n: number, extra: TravelerBody): TravelerBody => ({
      type,
      title: type === "adult" ? (n % 2 ? "Mr" : "Ms") : "Miss",
      firstName: `Guest${n}`,
      lastName: "Traveller",
      dateOfBirth: type === "adult" ? "1985-04-12" : "2018-06-01",
      gender: n % 2 ? "male" : "female",
      passportNumber: `X${1000000 + n}`,
      passportExpiry: day(2000),
      nationality: "US",
      ...extra,
    });
    const list: TravelerBody[] = [];
    if (q.row.productType === "hotel") {
      s.occupancy.forEach((room, r) => {
        for (let a = 0; a < room.adults; a++) list.push(person("adult", list.length, { roomIndex: r }));
        for (const age of room.childrenAges) list.push(person("child", list.length, { roomIndex: r, age }));
      });
    } else {
      const adults = q.row.productType === "transfer" ? (s.passengers ?? s.occupancy[0]?.adults ?? 1) : s.occupancy.reduce((n, o) => n + o.adults, 0);
      for (let a = 0; a < adults; a++) list.push(person("adult", list.length, {}));
      for (const age of s.occupancy.flatMap((o) => o.childrenAges)) list.push(person("child", list.length, { age }));
    }
    list[0] = { ...list[0], firstName: "Ana", lastName: "Lopez", email: "ana.lopez@example.com", phone: "+34600111222", carrierName: "Iberia", flightNumber: "IB3151", ...lead };
    return list;
  }

  function answers(q: Quote, count: number): Body {
    const out: Body = {};
    for (const question of q.check.requirements.bookingQuestions) {
      const value = { text: "Hotel Arts, Carrer de la Marina 19", number: 1, date: day(29), boolean: true, select: question.options?.[0] ?? "" }[question.type];
      if (question.perTraveler) for (let i = 0; i < count; i++) out[`${question.code}:${i}`] = value;
      else out[question.code] = value;
    }
    return out;
  }

  /** A body that passes every rule of the quote; `over` replaces fields, `lead` the lead traveller's. */
  function body(q: Quote, over: Body = {}, lead: TravelerBody = {}): Body {
    const list = travelers(q, lead);
    const b: Body = { quoteId: q.row.rateQuoteId, travelers: list, paymentMethod: "credit" };
    if (q.check.changesAcknowledgementRequired) b.changesAcknowledged = true;
    if (q.check.packageRate) b.packageRateAcknowledged = true;
    if (q.check.requirements.panRequired) b.panNumber = "ABCDE1234F";
    if (q.check.requirements.bookingQuestions.length) b.bookingAnswers = answers(q, list.length);
    return { ...b, ...over };
  }

  const book = (b: Body, key: string, idem?: string | null) => api<{ bookingId: string; orderRef: string; state: string }>("POST", "/bookings", { body: b, key, idem });

  /** Books the quote (expects 201) and returns the stored booking. */
  async function booked(q: Quote, over: Body = {}, lead: TravelerBody = {}): Promise<Booking> {
    const res = await book(body(q, over, lead), q.key);
    expect(res.status, res.text).toBe(201);
    return stored(res.body.data.bookingId);
  }

  /** The stored booking with due time-driven moves applied (what any read sees). */
  const stored = (id: string): Booking => {
    const b = sb.services.bookings.get(id);
    if (!b) throw new Error(`no booking ${id}`);
    return b;
  };

  return { api, day, newKey, newAgency, wallet, advance, quote, travelers, body, book, booked, stored, searchBodies };
}

/** A hotel rate that can be held and cancelled for free (refundable, free cancellation ahead, no change to acknowledge). */
export const freeHotel = {
  pick: (r: ResultRow) => r.refundable,
  accept: (c: PriceCheckResult) => c.holdable && !c.changesAcknowledgementRequired && !c.packageRate && c.requirements.title === "none",
};
