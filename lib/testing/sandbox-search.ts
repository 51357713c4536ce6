import { expect } from "vitest";
import { DEMO_AGENCY_ID } from "../sandbox/platform/agencies";
import type { CallResult, TestSandbox } from "./sandbox";
import type { ResultRow, SessionMeta } from "../sandbox/search/types";

/** Search tests' helpers (imported by tests only): request bodies, and calls that rotate keys to stay inside the per-key rate limits. */
export type Page = CallResult<ResultRow[]> & { body: { meta: { nextCursor: string | null; session: SessionMeta } } };

export function searchKit(sb: TestSandbox) {
  let key = sb.key;
  let calls = 0;
  const day = (n: number) => new Date(Date.parse(`${sb.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  /** A fresh key every 25 calls keeps every bucket (30 searches, 300 reads per minute) clear. */
  async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<CallResult<T>> {
    if (++calls > 25) {
      const made = await sb.control<{ key: string }>("POST", `/agencies/${DEMO_AGENCY_ID}/keys`, {});
      key = made.body.data.key;
      calls = 1;
    }
    return sb.call<T>(method, `/api/v1${path}`, { body, key });
  }

  const bodies = {
    hotel: (over: Record<string, unknown> = {}) => ({
      productType: "hotel",
      occupancy: [{ adults: 2, childrenAges: [] }],
      currency: "USD",
      market: "US",
      residency: "US",
      destination: "Barcelona",
      checkIn: day(30),
      checkOut: day(33),
      ...over,
    }),
    flight: (over: Record<string, unknown> = {}) => ({
      productType: "flight",
      occupancy: [{ adults: 2, childrenAges: [7] }],
      currency: "USD",
      market: "US",
      origin: "JFK",
      destination: "London",
      checkIn: day(30),
      ...over,
    }),
    activity: (over: Record<string, unknown> = {}) => ({
      productType: "activity",
      occupancy: [{ adults: 2, childrenAges: [7] }],
      currency: "USD",
      market: "US",
      destinationCode: "ES-BARCELONA",
      checkIn: day(30),
      ...over,
    }),
    transfer: (over: Record<string, unknown> = {}) => ({
      productType: "transfer",
      occupancy: [{ adults: 2, childrenAges: [7] }],
      currency: "USD",
      market: "US",
      pickupLocation: { type: "airport", code: "BCN" },
      dropoffLocation: { type: "address", code: "41.3874,2.1686" },
      pickupAt: `${day(30)}T10:00:00Z`,
      ...over,
    }),
  };

  async function create(body: unknown): Promise<string> {
    const res = await call<{ searchId: string }>("POST", "/search", body);
    if (res.status !== 201) throw new Error(`search not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.searchId;
  }

  const results = (id: string, query = "") => call<ResultRow[]>("GET", `/search/${id}/results${query ? `?${query}` : ""}`) as Promise<Page>;

  /** Every page of a search, following nextCursor. */
  async function readAll(id: string, query: string): Promise<{ pages: ResultRow[][]; rows: ResultRow[]; last: Page }> {
    const pages: ResultRow[][] = [];
    let cursor: string | null = null;
    let last: Page;
    do {
      last = await results(id, `${query}${cursor ? `&cursor=${cursor}` : ""}`);
      if (last.status !== 200) throw new Error(`page failed: ${JSON.stringify(last.body)}`);
      pages.push(last.body.data);
      cursor = last.body.meta.nextCursor;
    } while (cursor);
    return { pages, rows: pages.flat(), last };
  }

  return { call, day, bodies, create, results, readAll };
}

/** The envelope of an error, as every error test compares it whole. */
export const errorBody = (code: string, details: unknown[] = []) => ({
  data: null,
  meta: {},
  error: { code, message: expect.any(String), details },
});

/** One validation detail at `path`, whatever its wording. */
export const detail = (path: string) => ({ path, message: expect.any(String) });
