import * as z from "zod/mini";

// The bookings desk's filters as the URL holds them (/bookings?state=held&q=smith), so a link
// or a reload shows the same list, and as the query of GET /api/bookings. Values the service
// does not know fall back to the default rather than failing a hand-edited link.

export const LIST_STATES = ["all", "confirmed", "held", "cancelled", "failed"] as const;
export const LIST_TRIPS = ["all", "upcoming", "traveling", "past"] as const;
export const LIST_STATUSES = ["all", "active", "cancelled"] as const;
export const LIST_SORTS = ["desc", "asc"] as const;
/** Rows per page of the desk's list (the service allows 1 to 100). */
export const BOOKINGS_PAGE_SIZE = 25;
/** The service cuts `q` to 100 characters; the desk says so rather than cutting silently. */
export const QUERY_MAX = 100;

export type BookingFilters = {
  state: (typeof LIST_STATES)[number];
  trip: (typeof LIST_TRIPS)[number];
  status: (typeof LIST_STATUSES)[number];
  q: string;
  sort: (typeof LIST_SORTS)[number];
  /** Only the signed-in advisor's own bookings (the ledger's `mine=1`). */
  mine: boolean;
};

export const DEFAULT_FILTERS: BookingFilters = { state: "all", trip: "all", status: "all", q: "", sort: "desc", mine: false };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function first(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

const oneOf = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  z.catch(z.enum(values as unknown as [T[number], ...T[number][]]), fallback);

const filtersSchema = z.object({
  state: oneOf(LIST_STATES, "all"),
  trip: oneOf(LIST_TRIPS, "all"),
  status: oneOf(LIST_STATUSES, "all"),
  q: z.pipe(z.catch(z.string(), ""), z.transform((q) => q.trim().slice(0, QUERY_MAX))),
  sort: oneOf(LIST_SORTS, "desc"),
  mine: z.pipe(z.catch(z.optional(z.string()), undefined), z.transform((v) => v === "1" || v === "true")),
});

/** The filters a URL asks for; anything unknown or malformed reads as its default. */
export function parseBookingFilters(params: Params): BookingFilters {
  const raw = Object.fromEntries(["state", "trip", "status", "q", "sort", "mine"].map((k) => [k, first(params, k) ?? undefined]));
  return filtersSchema.parse({ ...raw, q: raw.q ?? "" });
}

/** The URL's query for `filters`: defaults left out, so the plain list is plain `/bookings`. */
export function bookingFiltersToSearchParams(filters: BookingFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.mine) out.set("mine", "1");
  if (filters.state !== "all") out.set("state", filters.state);
  if (filters.trip !== "all") out.set("trip", filters.trip);
  if (filters.status !== "all") out.set("status", filters.status);
  if (filters.q) out.set("q", filters.q);
  if (filters.sort !== "desc") out.set("sort", filters.sort);
  return out;
}

export function bookingsHref(filters: BookingFilters): string {
  const qs = bookingFiltersToSearchParams(filters).toString();
  return qs ? `/bookings?${qs}` : "/bookings";
}

/** Whether anything narrows the list (an empty list then means "nothing matches", not "no bookings yet"). */
export function isFiltered(filters: BookingFilters): boolean {
  return filters.state !== "all" || filters.trip !== "all" || filters.status !== "all" || filters.q !== "" || filters.mine;
}

/** The query of GET /api/bookings for one page. */
export function listQuery(filters: BookingFilters, cursor?: string | null, limit = BOOKINGS_PAGE_SIZE) {
  return {
    limit,
    cursor: cursor ?? undefined,
    state: filters.state === "all" ? undefined : filters.state,
    trip: filters.trip === "all" ? undefined : filters.trip,
    status: filters.status === "all" ? undefined : filters.status,
    q: filters.q || undefined,
    sort: filters.sort === "desc" ? undefined : filters.sort,
    mine: filters.mine ? "1" : undefined,
  };
}

/** The booking page's link, which remembers the list it came from (for "Back to bookings"). */
export function bookingHref(bookingId: string, from?: BookingFilters): string {
  const path = `/bookings/${encodeURIComponent(bookingId)}`;
  const back = from ? bookingFiltersToSearchParams(from).toString() : "";
  return back ? `${path}?from=${encodeURIComponent(back)}` : path;
}
