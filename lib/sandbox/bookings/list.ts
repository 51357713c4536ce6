import { z } from "zod";
import { SandboxError, validationError, type ErrorDetail } from "../platform/errors";
import { queryObject } from "../platform/validate";
import type { AllServices } from "../services";
import type { Booking, Money } from "./model";
import type { ProductType } from "../search/types";
import { fold } from "../catalog/suggest";

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
export const LIST_Q_MAX = 100;

const STATES = ["all", "confirmed", "held", "cancelled", "failed"] as const;
const TRIPS = ["all", "upcoming", "traveling", "past"] as const;
const SORTS = ["desc", "asc"] as const;
const KNOWN = ["limit", "cursor", "state", "trip", "status", "q", "sort"];

export type ListQuery = {
  limit: number;
  /** `seq` of the last row of the previous page. */
  after: number | null;
  state: (typeof STATES)[number];
  trip: (typeof TRIPS)[number];
  status: "all" | "active" | "cancelled";
  q: string;
  sort: (typeof SORTS)[number];
};

export type ListRow = {
  _id: string;
  orderRef: string;
  state: string;
  totalSell: Money;
  firstItem: { productType: ProductType; hotelName: string | null; checkIn: string; checkOut: string; confirmation: string | null };
  createdAt: string;
};

/** Cancelled, being cancelled (the sandbox's `cancellation_pending`) or refunded: the list's "cancelled". */
const CANCELLED = new Set<string>(["cancellation_pending", "cancelled", "refunded"]);
export const isCancelledState = (state: string) => CANCELLED.has(state);

/* Cursors carry the sort and the `seq` of the last row: a binary search finds the next page at any depth. */
const cursorSchema = z.tuple([z.literal(1), z.enum(SORTS), z.number().int().min(0)]);

export function encodeListCursor(sort: ListQuery["sort"], seq: number): string {
  return Buffer.from(JSON.stringify([1, sort, seq])).toString("base64url");
}

function decodeListCursor(text: string, sort: ListQuery["sort"]): number {
  const bad = (message: string) =>
    new SandboxError(400, "validation_error", message, { details: [{ path: "cursor", message }] });
  let raw: unknown = null;
  if (/^[A-Za-z0-9_-]{1,200}$/.test(text)) {
    try {
      raw = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    } catch {
      raw = null;
    }
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw bad("The cursor is malformed; pass data.nextCursor exactly as it was returned.");
  const [, cursorSort, seq] = parsed.data;
  if (cursorSort !== sort) throw bad(`The cursor was issued for sort=${cursorSort}; page with the same sort.`);
  return seq;
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** GET /bookings query. An empty value counts as absent (forms send `state=`); `status` never fails. */
export function parseListQuery(url: string): ListQuery {
  const raw = queryObject(url);
  const details: ErrorDetail[] = Object.keys(raw)
    .filter((k) => !KNOWN.includes(k))
    .map((k) => ({ path: k, message: `Unknown field "${k}".` }));
  const v = (k: string) => (raw[k] === "" ? undefined : raw[k]);
  const q: ListQuery = { limit: LIST_DEFAULT_LIMIT, after: null, state: "all", trip: "all", status: "all", q: "", sort: "desc" };

  const limitText = v("limit");
  if (limitText !== undefined) {
    const n = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (n >= 1 && n <= LIST_MAX_LIMIT) q.limit = n;
    else details.push({ path: "limit", message: `Expected an integer from 1 to ${LIST_MAX_LIMIT}.` });
  }
  const enumField = <T extends string>(key: string, values: readonly T[], set: (value: T) => void) => {
    const value = v(key);
    if (value === undefined) return;
    if (oneOf(values, value)) set(value);
    else details.push({ path: key, message: `Expected one of ${values.join(", ")}.` });
  };
  enumField("state", STATES, (s) => (q.state = s));
  enumField("trip", TRIPS, (t) => (q.trip = t));
  enumField("sort", SORTS, (s) => (q.sort = s));
  const status = v("status");
  if (status === "active" || status === "cancelled") q.status = status;
  // Case and accents do not count: "rejeanne" finds "Réjeanne" (docs/contract-decisions.md).
  q.q = fold((v("q") ?? "").trim().slice(0, LIST_Q_MAX));

  if (details.length) {
    throw validationError(`The request query failed validation (${details.length} problem${details.length === 1 ? "" : "s"}).`, details);
  }
  const cursor = v("cursor");
  if (cursor !== undefined) q.after = decodeListCursor(cursor, q.sort);
  return q;
}

export function listRow(b: Booking): ListRow {
  const f = b.firstItem;
  return {
    _id: b.id,
    orderRef: b.orderRef,
    state: b.state,
    totalSell: { amountMinor: b.totalSell.amountMinor, currency: b.totalSell.currency },
    firstItem: { productType: f.productType, hotelName: f.hotelName, checkIn: f.checkIn, checkOut: f.checkOut, confirmation: f.confirmation },
    createdAt: b.createdAt,
  };
}

// Stored bookings are replaced, never mutated, on change: a cache keyed by the object stays right.
const haystacks = new WeakMap<Booking, string>();
function haystack(b: Booking): string {
  let text = haystacks.get(b);
  if (text === undefined) {
    text = fold([b.orderRef, b.leadGuest, b.firstItem.hotelName ?? "", b.firstItem.confirmation ?? ""].join("\u0000"));
    haystacks.set(b, text);
  }
  return text;
}

/**
 * The filters of one request. A trip filter without a state filter leaves cancelled bookings out
 * unless `status=cancelled` asks for them (spec: GET /bookings `trip`).
 */
export function listFilter(q: ListQuery, today: string): (b: Booking) => boolean {
  const hideCancelled = q.trip !== "all" && q.state === "all" && q.status !== "cancelled";
  return (b) => {
    const cancelled = isCancelledState(b.state);
    if (q.state === "cancelled" ? !cancelled : q.state !== "all" && b.state !== q.state) return false;
    if (q.status === "cancelled" ? !cancelled : q.status === "active" && cancelled) return false;
    if (hideCancelled && cancelled) return false;
    const { checkIn, checkOut } = b.firstItem;
    if (q.trip === "upcoming" && !(checkIn > today)) return false;
    if (q.trip === "traveling" && !(checkIn <= today && today <= checkOut)) return false;
    if (q.trip === "past" && !(checkOut < today)) return false;
    return q.q === "" || haystack(b).includes(q.q);
  };
}

/** First index whose seq is greater than `seq` (the array is in ascending seq order). */
function upperBound(list: readonly Booking[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.seq ?? 0) <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One page: seek to the cursor by binary search, then scan forward applying the filters. */
export function listBookings(services: AllServices, agencyId: string, q: ListQuery): { rows: ListRow[]; nextCursor: string | null } {
  const list = services.bookings.forAgency(agencyId);
  const match = listFilter(q, services.clock.today());
  const step = q.sort === "asc" ? 1 : -1;
  let i =
    q.sort === "asc"
      ? q.after === null ? 0 : upperBound(list, q.after)
      : q.after === null ? list.length - 1 : upperBound(list, q.after - 1) - 1;
  const rows: ListRow[] = [];
  let lastSeq = 0;
  let more = false;
  for (; i >= 0 && i < list.length; i += step) {
    const stored = list[i];
    if (!stored) continue;
    const b = services.bookings.settle(stored);
    if (!match(b)) continue;
    if (rows.length === q.limit) {
      more = true;
      break;
    }
    rows.push(listRow(b));
    lastSeq = b.seq;
  }
  return { rows, nextCursor: more ? encodeListCursor(q.sort, lastSeq) : null };
}
