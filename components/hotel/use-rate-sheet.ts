"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import * as z from "zod/mini";
import { ApiError, apiPost } from "@/lib/api-client";
import { isHotelRow } from "@/lib/tds/contract/narrow";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import type { HotelRow } from "@/components/results/types";

/** Quotes of a fresh rate sheet live 20 minutes (specification: quote and search lifetimes). */
export const QUOTE_LIFE_MS = 20 * 60_000;

// Rows are read as result rows (a future product type must not fail the sheet), then the hotel
// ones kept.
const rateSheetSchema = z.pipe(z.array(resultRowSchema), z.transform((rows): HotelRow[] => rows.filter(isHotelRow)));

export const rateSheetKey = (searchId: string, productId: string) => ["hotel-rate-sheet", searchId, productId] as const;

/**
 * The live rate sheet of one hotel. Every call queries every source, makes new quotes, extends the
 * search and counts against 60 calls a minute, so it runs once per visit and again only when the
 * advisor asks: never on focus, reconnect or remount, retried only when no response came at all.
 */
export function useRateSheet(searchId: string, productId: string) {
  return useQuery({
    queryKey: rateSheetKey(searchId, productId),
    queryFn: ({ signal }) =>
      apiPost(`/api/search/${encodeURIComponent(searchId)}/hotels/${encodeURIComponent(productId)}/rates`, rateSheetSchema, undefined, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    retry: (failures, error) => failures < 2 && error instanceof ApiError && error.isNetworkError,
  });
}

/** The current time, updated every `intervalMs` while `active`. */
export function useNow(intervalMs: number, active = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs, active]);
  return now;
}

/** True once `at` (ms since epoch) has passed; re-armed when `at` changes. */
export function usePassed(at: number | null): boolean {
  const [firedFor, setFiredFor] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return;
    // Timers cap at ~24.8 days; a quote's life is minutes.
    const t = setTimeout(() => setFiredFor(at), Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [at]);
  return at !== null && firedFor === at;
}
