"use client";

import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, apiRequest } from "@/lib/api-client";
import { isResultRows, readResultsMeta } from "@/lib/tds/contract/answers";
import { isSessionFilling } from "@/lib/tds/contract/narrow";
import {
  arrivalMessage,
  latestSession,
  MIN_REREAD_GAP_MS,
  pageQuery,
  POLL_BACKOFF_MS,
  POLL_MS,
  rereadDue,
  rereadReason,
  settledMessage,
  type Counts,
  type ResultsPage,
} from "./live-results";
import { groupRows, type ResultGroup, type SessionInfo } from "./types";

const clock = () => Date.now();

export const resultsKey = (searchId: string, productType: string) => ["search-results", searchId, productType] as const;
export const sessionKey = (searchId: string) => ["search-session", searchId] as const;

async function readPage(
  searchId: string,
  query: { limit: number; groupByProduct?: true; cursor?: string },
  signal: AbortSignal,
): Promise<ResultsPage> {
  // Checked by hand (lib/tds/contract/answers.ts): the results page loads no schema library.
  const { data, meta, status } = await apiRequest("GET", `/api/search/${encodeURIComponent(searchId)}/results`, null, { query, signal });
  const read = readResultsMeta(meta);
  if (!isResultRows(data) || !read) {
    throw new ApiError({ status, code: "invalid_response", message: "The server sent results we couldn't read." });
  }
  return { rows: data, meta: read };
}

/**
 * Starts reading a new search's first page while the page navigates to its results, so the
 * list that mounts there finds it in the cache (or in flight) instead of asking only then.
 */
export function prefetchFirstPage(queryClient: QueryClient, searchId: string, productType: string): void {
  const base = pageQuery(productType);
  void queryClient.prefetchInfiniteQuery({
    queryKey: resultsKey(searchId, productType),
    queryFn: ({ signal }) => readPage(searchId, base, signal),
    initialPageParam: "",
  });
}

/** A search that is gone: past its 20-minute life (410), or purged / never ours (404). */
export function isExpiredError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "search_expired" || error.status === 410 || error.code === "not_found" || error.status === 404);
}

export type LiveResults = {
  status: "loading" | "error" | "expired" | "ready";
  error: ApiError | null;
  groups: ResultGroup[];
  rowCount: number;
  session: SessionInfo | null;
  filling: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: ApiError | null;
  fetchNextPage: () => void;
  /** Loaded pages are being re-read from the first page. */
  rereading: boolean;
  /** For a polite live region: what the last re-read brought. */
  announcement: string;
  retry: () => void;
};

const asApiError = (e: unknown): ApiError | null =>
  e instanceof ApiError ? e : e ? new ApiError({ status: 0, code: "unknown", message: "Something went wrong loading results." }) : null;

/**
 * A search's results as they fill. Page 1 renders as soon as it arrives; while the session is
 * filling a cheap read polls its meta, and when late or new rows are behind what is loaded,
 * the loaded pages are re-read from the first (one infinite-query refetch), keeping the list.
 */
export function useLiveResults(searchId: string, productType: string): LiveResults {
  const base = pageQuery(productType);
  const results = useInfiniteQuery({
    queryKey: resultsKey(searchId, productType),
    queryFn: ({ pageParam, signal }) => readPage(searchId, { ...base, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: "",
    getNextPageParam: (last: ResultsPage) => last.meta.nextCursor ?? undefined,
    // Re-reads are decided here from the session's meta, never by focus or remounts.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const data: InfiniteData<ResultsPage> | undefined = results.data;
  const pageMetas = useMemo(() => (data?.pages ?? []).map((p) => p.meta), [data]);
  const lastRead = pageMetas.at(-1)?.session ?? null;

  const poll = useQuery({
    queryKey: sessionKey(searchId),
    queryFn: async ({ signal }) => (await readPage(searchId, { ...base, limit: 1 }, signal)).meta.session,
    enabled: !!lastRead && isSessionFilling(lastRead.status),
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && !isSessionFilling(q.state.data.status) ? false : q.state.error ? POLL_BACKOFF_MS : POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (q) => !q.state.data || isSessionFilling(q.state.data.status),
  });

  const session = latestSession(pageMetas, results.dataUpdatedAt, poll.data, poll.dataUpdatedAt);

  const groups = useMemo(() => groupRows((data?.pages ?? []).flatMap((p) => p.rows)), [data]);
  const rowCount = useMemo(() => (data?.pages ?? []).reduce((n, p) => n + p.rows.length, 0), [data]);

  // Re-read when the pages are behind the session (spaced, never two at once).
  const lastRereadAt = useRef(0);
  const [announcement, setAnnouncement] = useState("");
  const { refetch, isFetching, isFetchingNextPage } = results;
  const reason = results.isSuccess ? rereadReason(pageMetas, session) : null;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!reason || isFetching) return;
    const now = clock();
    if (!rereadDue(reason, lastRereadAt.current, now)) {
      // Not yet: look again when the gap has passed (the poll may have stopped by then).
      const t = setTimeout(() => setTick((n) => n + 1), lastRereadAt.current + MIN_REREAD_GAP_MS - now + 10);
      return () => clearTimeout(t);
    }
    lastRereadAt.current = now;
    const before: Counts = { products: groups.length, rows: rowCount };
    // Announce what the re-read brought once it has landed (from its own answer: a re-read that
    // starts in the same render as a page lands would otherwise be taken as already done).
    void refetch({ cancelRefetch: false }).then((r) => {
      if (r.isError || !r.data) return;
      const rows = r.data.pages.flatMap((p) => p.rows);
      const after: Counts = { products: new Set(rows.map((row) => row.canonicalProductId)).size, rows: rows.length };
      const message = arrivalMessage(before, after, productType);
      if (message) setAnnouncement(message);
    });
  }, [reason, isFetching, refetch, groups.length, rowCount, tick, productType]);

  // "Show more" during a re-read waits for it: starting the next page would cancel the re-read.
  const [moreQueued, setMoreQueued] = useState(false);
  const { fetchNextPage, hasNextPage } = results;
  const requestMore = useCallback(() => {
    if (isFetching) setMoreQueued(true);
    else void fetchNextPage();
  }, [isFetching, fetchNextPage]);
  useEffect(() => {
    if (!moreQueued || isFetching) return;
    void fetchNextPage().finally(() => setMoreQueued(false));
  }, [moreQueued, isFetching, fetchNextPage]);

  // A search seen filling says once, politely, that it has settled.
  const filling = !!session && isSessionFilling(session.status);
  const [sawFilling, setSawFilling] = useState(false);
  if (filling && !sawFilling) setSawFilling(true);
  const settled = sawFilling && !filling && session ? settledMessage(session, productType) : null;

  const error = asApiError(results.error);
  const pollError = asApiError(poll.error);
  const expired = isExpiredError(results.error) || isExpiredError(poll.error);
  const status: LiveResults["status"] = expired
    ? "expired"
    : data
      ? "ready"
      : results.isError
        ? "error"
        : "loading";

  return {
    status,
    error: error ?? pollError,
    groups,
    rowCount,
    session,
    filling,
    hasNextPage,
    isFetchingNextPage: isFetchingNextPage || (moreQueued && isFetching),
    nextPageError: results.isFetchNextPageError ? error : null,
    fetchNextPage: requestMore,
    rereading: results.isRefetching && !isFetchingNextPage,
    announcement: settled ?? announcement,
    retry: () => void (data ? results.fetchNextPage() : results.refetch()),
  };
}
