// The clients list's search, in its URL (/clients?q=garcia&page=2), so a search can be reloaded,
// shared and come back to, as /proposals and /bookings do.

export type ClientFilters = { q: string; page: number };
export const DEFAULT_CLIENT_FILTERS: ClientFilters = { q: "", page: 1 };
export const CLIENT_QUERY_MAX = 100;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseClientFilters(params: Record<string, string | string[] | undefined>): ClientFilters {
  const page = Number(first(params.page));
  return {
    q: (first(params.q) ?? "").trim().slice(0, CLIENT_QUERY_MAX),
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

export function clientsHref(f: ClientFilters): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.page > 1) p.set("page", String(f.page));
  const query = p.toString();
  return query ? `/clients?${query}` : "/clients";
}

export const clientHref = (id: string) => `/clients/${encodeURIComponent(id)}`;
