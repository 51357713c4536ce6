import * as z from "zod/mini";
import { apiGet, apiRequest } from "@/lib/api-client";
import type { ClientListRow, ClientOverview, UpdateClientRequest } from "@/lib/proposals/model";

// The desk's calls for the clients' pages (/api/clients/list, /api/clients/:id). As for
// proposals (components/proposals/api.ts), the browser checks only each answer's anchor: the BFF
// built it from lib/proposals/model.ts's types.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const hasId = (v: unknown): boolean => isObject(v) && typeof v.id === "string";
const rowsSchema = z.custom<ClientListRow[]>((v) => Array.isArray(v) && v.every(hasId));
const overviewSchema = z.custom<ClientOverview>((v) => isObject(v) && hasId(v.client) && Array.isArray(v.proposals) && Array.isArray(v.bookings));

export const clientKey = (id: string) => ["client", id] as const;
/** The list's queries (not the proposal picker's, which are ["clients", q]). */
export const clientListKey = ["client-list"] as const;

const at = (id: string) => `/api/clients/${encodeURIComponent(id)}`;

export async function listClients(query: { q?: string; page?: number }, signal?: AbortSignal) {
  const res = await apiRequest("GET", "/api/clients/list", rowsSchema, {
    query: { q: query.q || undefined, page: query.page && query.page > 1 ? query.page : undefined },
    signal,
  });
  const total = typeof res.meta.total === "number" ? res.meta.total : res.data.length;
  return { rows: res.data, total };
}

export const getClient = (id: string, signal?: AbortSignal) => apiGet(at(id), overviewSchema, { signal });
export const updateClient = (id: string, body: UpdateClientRequest) => apiRequest("PATCH", at(id), overviewSchema, { body }).then((r) => r.data);
