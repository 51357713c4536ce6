import * as z from "zod/mini";
import { apiGet, apiPost, apiRequest } from "@/lib/api-client";
import type { AddItemRequest, Client, ClientInput, Proposal, ProposalListRow, ProposalState, UpdateItemRequest, UpdateProposalRequest } from "@/lib/proposals/model";

// The desk's calls to /api/proposals and /api/clients. Answers are the BFF's own (it checked them
// against lib/proposals/model.ts), so the browser checks only their shape's anchor — an id, a
// list — and loads no schema of the whole proposal.

const hasId = (v: unknown): boolean => typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string";
const proposalSchema = z.custom<Proposal>((v) => hasId(v) && Array.isArray((v as { items?: unknown }).items));
const rowsSchema = z.custom<ProposalListRow[]>((v) => Array.isArray(v) && v.every(hasId));
const clientSchema = z.custom<Client>(hasId);
const clientsSchema = z.custom<Client[]>((v) => Array.isArray(v) && v.every(hasId));
const shareSchema = z.custom<ShareAnswer>((v) => typeof v === "object" && v !== null && typeof (v as { url?: unknown }).url === "string" && hasId((v as { proposal?: unknown }).proposal));

export type ShareAnswer = { proposal: Proposal; url: string; mail: { status: "sent" | "kept" | "failed" } | null };

export const proposalKey = (id: string) => ["proposal", id] as const;
export const proposalsKey = ["proposals"] as const;

const at = (id: string) => `/api/proposals/${encodeURIComponent(id)}`;

export const getProposal = (id: string, signal?: AbortSignal) => apiGet(at(id), proposalSchema, { signal });

export async function listProposals(query: { state?: ProposalState; q?: string; mine?: boolean; page?: number }, signal?: AbortSignal) {
  const res = await apiRequest("GET", "/api/proposals", rowsSchema, {
    query: { state: query.state, q: query.q || undefined, mine: query.mine ? 1 : undefined, page: query.page && query.page > 1 ? query.page : undefined },
    signal,
  });
  const total = typeof res.meta.total === "number" ? res.meta.total : res.data.length;
  return { rows: res.data, total };
}

export const createProposal = (body: { clientId: string; title: string; note?: string; validUntil: string }) => apiPost("/api/proposals", proposalSchema, body);
export const updateProposal = (id: string, body: UpdateProposalRequest) => apiRequest("PATCH", at(id), proposalSchema, { body }).then((r) => r.data);
export const addItem = (id: string, body: AddItemRequest) => apiPost(`${at(id)}/items`, proposalSchema, body);
export const updateItem = (id: string, itemId: string, body: UpdateItemRequest) =>
  apiRequest("PATCH", `${at(id)}/items/${encodeURIComponent(itemId)}`, proposalSchema, { body }).then((r) => r.data);
export const removeItem = (id: string, itemId: string) => apiRequest("DELETE", `${at(id)}/items/${encodeURIComponent(itemId)}`, proposalSchema).then((r) => r.data);
export const shareProposal = (id: string, send: boolean) => apiPost(`${at(id)}/share`, shareSchema, { send });
export const withdrawProposal = (id: string) => apiPost(`${at(id)}/withdraw`, proposalSchema, {});

export const findClients = (q: string, signal?: AbortSignal) => apiGet("/api/clients", clientsSchema, { query: { q: q || undefined }, signal });
export const createClient = (body: ClientInput) => apiPost("/api/clients", clientSchema, body);

/** POST /api/proposals/:id/items/:itemId/refind's answer (lib/bff/proposal-refind.ts RefindAnswer). */
export type OfferNow = {
  quoteId: string;
  title: string;
  subtitle: string | null;
  refundable: boolean;
  cost: { amountMinor: number; currency: string };
  clientPrice: { amountMinor: number; currency: string };
  checkoutHref: string;
};
export type RefindAnswer = {
  itemId: string;
  proposed: { cost: OfferNow["cost"]; clientPrice: OfferNow["clientPrice"] };
  found: OfferNow | null;
  alternatives: OfferNow[];
};
const refindSchema = z.custom<RefindAnswer>((v) => typeof v === "object" && v !== null && typeof (v as { itemId?: unknown }).itemId === "string" && Array.isArray((v as { alternatives?: unknown }).alternatives));
export const refindItem = (id: string, itemId: string) => apiPost(`${at(id)}/items/${encodeURIComponent(itemId)}/refind`, refindSchema, {});
