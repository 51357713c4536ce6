"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { apiGetChecked } from "@/lib/api-client";
import { readPlaceSuggestions, type PlaceSuggestions } from "@/lib/tds/contract/answers";

/** /api/suggest: the service's groups, and `didYouMean`, the place name they answer when the desk corrected a typo. */
export type Suggestions = PlaceSuggestions;
export type CitySuggestion = Suggestions["cities"][number];
export type HotelSuggestion = Suggestions["hotels"][number];
export type PoiSuggestion = Suggestions["pois"][number];
export type SuggestProductType = "hotel" | "flight" | "activity" | "transfer";

export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_MIN_CHARS = 2;

const EMPTY: Suggestions = { cities: [], hotels: [], pois: [] };

export const suggestQueryKey = (q: string, limit: number) => ["suggest", { q, limit }] as const;

/**
 * Autocomplete for places: debounced, nothing asked under two characters, and a request
 * left behind by further typing is aborted. Results stay on screen while the next load.
 * `productType` does not change the request (one cached answer serves every product);
 * the combobox filters the groups.
 */
export function useSuggest(
  query: string,
  options: { productType?: SuggestProductType; limit?: number; /** false: ask nothing yet (text the advisor has not typed). */ enabled?: boolean } = {},
) {
  const limit = options.limit ?? 6;
  // The service trims and cuts to 100 characters; doing it here keeps the cache keys equal.
  const q = useDebouncedValue(query.trim().slice(0, 100), SUGGEST_DEBOUNCE_MS);
  const enabled = (options.enabled ?? true) && q.length >= SUGGEST_MIN_CHARS;
  const typedEnough = (options.enabled ?? true) && query.trim().length >= SUGGEST_MIN_CHARS;

  const result = useQuery({
    queryKey: suggestQueryKey(q, limit),
    queryFn: ({ signal }) => apiGetChecked("/api/suggest", readPlaceSuggestions, { query: { q, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const active = enabled && typedEnough;
  return {
    /** Empty groups while fewer than two characters are typed. */
    data: active ? (result.data ?? EMPTY) : EMPTY,
    error: active ? result.error : null,
    isError: active && result.isError,
    isFetching: active && result.isFetching,
    /** Waiting for the debounce or the server: the shown groups may be about to change. */
    isBusy: typedEnough && (q !== query.trim().slice(0, 100) || result.isFetching),
    /** Whether the shown data answers the text as typed now (not a previous query). */
    isSettled: active && !result.isPlaceholderData && !result.isFetching && q === query.trim().slice(0, 100),
    /** The query text the shown data answers (the debounced one). */
    debouncedQuery: q,
    isEnabled: active,
  };
}
