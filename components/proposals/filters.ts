import { PROPOSAL_STATES, type ProposalState } from "@/lib/proposals/model";

// The proposals list's filters, in its URL (/proposals?state=sent&q=garcia&mine=1&page=2), so a
// filtered list can be reloaded, shared and come back to, as /bookings does.

export type ProposalFilters = { state: ProposalState | "all"; q: string; mine: boolean; page: number };
export const DEFAULT_PROPOSAL_FILTERS: ProposalFilters = { state: "all", q: "", mine: false, page: 1 };
export const PROPOSAL_QUERY_MAX = 100;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseProposalFilters(params: Record<string, string | string[] | undefined>): ProposalFilters {
  const state = first(params.state);
  const page = Number(first(params.page));
  return {
    state: (PROPOSAL_STATES as readonly string[]).includes(state ?? "") ? (state as ProposalState) : "all",
    q: (first(params.q) ?? "").trim().slice(0, PROPOSAL_QUERY_MAX),
    mine: first(params.mine) === "1",
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

export function proposalsHref(f: ProposalFilters): string {
  const p = new URLSearchParams();
  if (f.state !== "all") p.set("state", f.state);
  if (f.q) p.set("q", f.q);
  if (f.mine) p.set("mine", "1");
  if (f.page > 1) p.set("page", String(f.page));
  const query = p.toString();
  return query ? `/proposals?${query}` : "/proposals";
}

export const isFiltered = (f: ProposalFilters) => f.state !== "all" || f.q !== "" || f.mine;
