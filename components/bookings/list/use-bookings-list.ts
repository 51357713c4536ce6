"use client";

import { keepPreviousData, useInfiniteQuery, useQueries, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { apiGet, apiRequest } from "@/lib/api-client";
import { listQuery, type BookingFilters } from "@/lib/bookings/filters";
import { bookingListResponseSchema, bookingSummariesResponseSchema, type BookingSummary } from "@/lib/bookings/schemas";

/** The list asks again for summaries the BFF could not give yet (it reads a dozen a call), this often, a few times. */
const SUMMARY_RETRY_MS = 5_000;
const SUMMARY_ATTEMPTS = 8;

/**
 * The agency's bookings, one service page at a time (cursor paging, never the whole list). Each
 * page says how many of the service's bookings it looked through: a page the desk filters itself
 * (Mine, a state the service cannot filter by) may look through hundreds to find a few, or none.
 */
export function useBookingsList(filters: BookingFilters) {
  return useInfiniteQuery({
    queryKey: ["bookings", filters],
    queryFn: async ({ pageParam, signal }) => {
      const { data, meta } = await apiRequest("GET", "/api/bookings", bookingListResponseSchema, { query: listQuery(filters, pageParam), signal });
      return { ...data, lookedThrough: typeof meta.scannedRows === "number" ? meta.scannedRows : data.rows.length };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/**
 * What the rows lack (lead guest, item, dates), one request per loaded page. IDs the BFF could
 * not read yet come back `missing` and are asked for again a little later.
 */
export function useBookingSummaries(pages: Array<{ rows: Array<{ _id: string }> }>) {
  const queryClient = useQueryClient();
  type Answer = z.output<typeof bookingSummariesResponseSchema> & { attempt: number };
  const results = useQueries({
    queries: pages.map((page) => {
      const ids = page.rows.map((r) => r._id);
      const queryKey = ["booking-summaries", ids] as const;
      return {
        queryKey,
        queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Answer> => {
          const before = queryClient.getQueryData<Answer>(queryKey);
          const answer = await apiGet("/api/bookings/summaries", bookingSummariesResponseSchema, { query: { ids: ids.join(",") }, signal });
          // What an earlier answer gave stays: each call fills in more.
          return { ...answer, items: { ...before?.items, ...answer.items }, attempt: (before?.attempt ?? 0) + 1 };
        },
        enabled: ids.length > 0,
        staleTime: Infinity,
        refetchInterval: (q: { state: { data?: Answer } }) =>
          q.state.data && q.state.data.missing.length > 0 && q.state.data.attempt < SUMMARY_ATTEMPTS ? SUMMARY_RETRY_MS : false,
      };
    }),
  });
  const items = new Map<string, BookingSummary>();
  /** Rows whose summary is still to come (shown as loading, not as missing). */
  const pending = new Set<string>();
  results.forEach((r, i) => {
    const ids = pages[i]?.rows.map((row) => row._id) ?? [];
    if (r.data) {
      for (const [id, s] of Object.entries(r.data.items)) items.set(id, s);
      if (r.data.attempt < SUMMARY_ATTEMPTS) for (const id of r.data.missing) pending.add(id);
    } else if (r.isPending) {
      for (const id of ids) pending.add(id);
    }
  });
  return { items, pending };
}
