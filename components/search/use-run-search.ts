"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { prefetchFirstPage } from "@/components/results/use-live-results";
import { apiPost } from "@/lib/api-client";
import { searchHref, toSearchRequest, type SearchCriteria } from "@/lib/search/criteria";
import { searchCreatedSchema } from "@/lib/tds/schemas";

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
      const { searchId } = await apiPost("/api/search", searchCreatedSchema, toSearchRequest(criteria));
      return { searchId, criteria };
    },
    onSuccess: ({ searchId, criteria }) => {
      prefetchFirstPage(queryClient, searchId, criteria.productType);
      const href = searchHref(criteria, searchId);
      if (options.replace) router.replace(href, { scroll: false });
      else router.push(href);
    },
  });
}
