"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiPost } from "@/lib/api-client";
import { searchHref, toSearchRequest, type SearchCriteria } from "@/lib/search/criteria";
import { searchCreatedSchema } from "@/lib/tds/contract/schemas";

const loadLiveResults = () => import("@/components/results/use-live-results");
const loadResults = () => Promise.all([loadLiveResults(), import("@/components/results/search-results")]);

/**
 * Starts a search (POST /api/search) and opens its results at /search?<criteria>&sid=…, so the
 * URL can be shared and reloaded. Used by the search form and by "Search again" wherever a search
 * or quote has expired. Never retried on its own: a failed start is shown to the advisor.
 */
export function useRunSearch(options: { replace?: boolean } = {}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["run-search"],
    mutationFn: async (criteria: SearchCriteria) => {
      // The results' code is not part of the pages that start searches: it loads while the service starts this one.
      loadResults().catch(() => {});
      const { searchId } = await apiPost("/api/search", searchCreatedSchema, toSearchRequest(criteria));
      return { searchId, criteria };
    },
    onSuccess: async ({ searchId, criteria }) => {
      // Loaded by now (asked for with the POST); without it the results page simply asks itself.
      const live = await loadLiveResults().catch(() => null);
      live?.prefetchFirstPage(queryClient, searchId, criteria.productType);
      const href = searchHref(criteria, searchId);
      if (options.replace) router.replace(href, { scroll: false });
      else router.push(href);
    },
  });
}
