"use client";

import { keepPreviousData, useInfiniteQuery, useQueries } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { listQuery, type BookingFilters } from "@/lib/bookings/filters";
import { bookingListResponseSchema, bookingSummariesResponseSchema, type BookingSummary } from "@/lib/bookings/schemas";

/** The list asks again for summaries the BFF could not give yet (its per-call budget), this often, a few times. */
const SUMMARY_RETRY_MS = 15_000;
const SUMMARY_RETRIES = 6;

/** The agency's bookings, one service page at a time (cursor paging, never the whole list). */
export function useBookingsList(filters: BookingFilters) {
  return useInfiniteQuery({
    queryKey: ["bookings", filters],
    queryFn: ({ pageParam, signal }) => apiGet("/api/bookings", bookingListResponseSchema, { query: listQuery(filters, pageParam), signal }),
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
  const results = useQueries({
    queries: pages.map((page) => {
      const ids = page.rows.map((r) => r._id);
      return {
        queryKey: ["booking-summaries", ids],
        queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/bookings/summaries", bookingSummariesResponseSchema, { query: { ids: ids.join(",") }, signal }),
        enabled: ids.length > 0,
        staleTime: Infinity,
        refetchInterval: (q: { state: { data?: { missing: string[] }; dataUpdateCount: number } }) =>
          q.state.data && q.state.data.missing.length > 0 && q.state.dataUpdateCount <= SUMMARY_RETRIES ? SUMMARY_RETRY_MS : false,
      };
    }),
  });
  const items = new Map<string, BookingSummary>();
  const pending = new Set<string>();
  results.forEach((r, i) => {
    const ids = pages[i]?.rows.map((row) => row._id) ?? [];
    if (r.data) {
      for (const [id, s] of Object.entries(r.data.items)) items.set(id, s);
      const retrying = r.data.missing.length > 0 && r.dataUpdatedAt > 0 && r.isFetching;
      if (retrying) for (const id of r.data.missing) pending.add(id);
    } else if (r.isPending && !r.isError) {
      for (const id of ids) pending.add(id);
    }
  });
  return { items, pending };
}
