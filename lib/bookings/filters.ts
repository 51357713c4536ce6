import * as z from "zod/mini";

// The bookings desk's filters as the URL holds them (/bookings?state=held&q=smith), so a link
// or a reload shows the same list, and as the query of GET /api/bookings. Values the service
// does not know fall back to the default rather than failing a hand-edited link.

/**
 * The states the list filters by: every badge the list shows. The service's `state` filter knows
 * `confirmed`, `held`, `cancelled` (with refunded and being cancelled) and `failed`; the others
 * the desk picks out of the service's pages (`stateQuery`).
 */
export const LIST_STATES = ["all", "confirmed", "held", "supplier_pending", "manual_review", "failed", "cancellation_pending", "cancelled"] as const;
export type ListState = (typeof LIST_STATES)[number];
export const LIST_TRIPS = ["all", "upcoming", "traveling", "past"] as const;
export const LIST_STATUSES = ["all", "active", "cancelled"] as const;
export const LIST_SORTS = ["desc", "asc"] as const;
/** Rows per page of the desk's list (the service allows 1 to 100). */
export const BOOKINGS_PAGE_SIZE = 25;
/** The service cuts `q` to 100 characters; the desk says so rather than cutting silently. */
export const QUERY_MAX = 100;

export type BookingFilters = {
  state: ListState;
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

/**
 * The filters a URL asks for; anything unknown or malformed reads as its default. A state says
 * by itself whether the bookings are active or cancelled, so a status beside it is dropped.
 */
export function parseBookingFilters(params: Params): BookingFilters {
  const raw = Object.fromEntries(["state", "trip", "status", "q", "sort", "mine"].map((k) => [k, first(params, k) ?? undefined]));
  const filters = filtersSchema.parse({ ...raw, q: raw.q ?? "" });
  return filters.state === "all" ? filters : { ...filters, status: "all" };
}

/* ------------------------------------------------------------ what is applied */

type ServiceState = "confirmed" | "held" | "cancelled" | "failed";
type Status = (typeof LIST_STATUSES)[number];

/** Every state the service's `cancelled` covers that is not being cancelled (whatever the service names that one). */
const SETTLED_CANCELLED = new Set(["cancelled", "refunded"]);

/**
 * How the list of one state is asked for: the service's own filter where it has one, else the
 * nearest it has and which of its rows the desk keeps (docs/bookings.md#the-list).
 */
export function stateQuery(state: ListState): { state?: ServiceState; status?: Exclude<Status, "all">; keep?: (rowState: string) => boolean } {
  switch (state) {
    case "all":
      return {};
    case "supplier_pending":
    case "manual_review":
      return { status: "active", keep: (s) => s === state };
    case "cancellation_pending":
      return { state: "cancelled", keep: (s) => !SETTLED_CANCELLED.has(s) };
    default:
      return { state };
  }
}

/** Active or cancelled: the group a state belongs to, as the service's `status` counts them. */
export function statusOfState(state: Exclude<ListState, "all">): Exclude<Status, "all"> {
  return state === "cancelled" || state === "cancellation_pending" ? "cancelled" : "active";
}

/**
 * The status the list shows, whatever the Status control was last set to: a state implies its
 * group, and with a travel period and no state the service leaves cancelled bookings out.
 */
export function appliedStatus(filters: Pick<BookingFilters, "state" | "trip" | "status">): Status {
  if (filters.state !== "all") return statusOfState(filters.state);
  if (filters.trip !== "all" && filters.status === "all") return "active";
  return filters.status;
}

/**
 * The filters after one control changed, kept consistent: choosing a state clears the status
 * (the state implies it); choosing a status the state does not belong to clears the state.
 */
export function changeFilters(current: BookingFilters, change: Partial<BookingFilters>): BookingFilters {
  const next = { ...current, ...change };
  if (change.state !== undefined && change.state !== "all") return { ...next, status: "all" };
  if (change.status !== undefined && current.state !== "all") {
    return change.status === statusOfState(current.state) ? { ...next, status: "all" } : { ...next, state: "all" };
  }
  return next;
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
    status: filters.status === "all" || filters.state !== "all" ? undefined : filters.status,
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
