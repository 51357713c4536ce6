"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchAgencyPricing } from "./pricing-engine";

/** GET /api/agency/pricing: the rules the Client prices switch applies; the Pricing page updates it when it saves. */
export const agencyPricingQuery = {
  queryKey: ["agency-pricing"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchAgencyPricing(signal),
  staleTime: 5 * 60_000,
};

export function useAgencyPricing(enabled = true) {
  return useQuery({ ...agencyPricingQuery, enabled });
}
