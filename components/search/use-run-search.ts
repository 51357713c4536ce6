"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiPostChecked } from "@/lib/api-client";
import { searchHref, toSearchRequest, type SearchCriteria } from "@/lib/search/criteria";
import { isSearchCreated } from "@/lib/tds/contract/narrow";

// The results' code, with the prefetch of their first page (search-results.tsx passes it on). One
// import() for both: with an import() of its own, use-live-results was built as a module apart
// from the rest of the results' code, and hotel results loaded about 0.4 KB more (issue 15, page
// weight; bench/page-weight.ts).
const loadResults = () => import("@/components/results/search-results");

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
      const { searchId } = await apiPostChecked("/api/search", isSearchCreated, toSearchRequest(criteria));
      return { searchId, criteria };
    },
    onSuccess: async ({ searchId, criteria }) => {
      // Loaded by now (asked for with the POST); without it the results page simply asks itself.
      const results = await loadResults().catch(() => null);
      results?.prefetchFirstPage(queryClient, searchId, criteria.productType);
      const href = searchHref(criteria, searchId);
      if (options.replace) router.replace(href, { scroll: false });
      else router.push(href);
    },
  });
}
