"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { agencyProfileResponseSchema } from "@/lib/agency/profile";

/** GET /api/agency, shared by every form that starts from the profile; the Agency page updates it when it saves. */
export const agencyProfileQuery = {
  queryKey: ["agency-profile"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/agency", agencyProfileResponseSchema, { signal }),
  staleTime: 5 * 60_000,
};

export function useAgencyProfile() {
  return useQuery(agencyProfileQuery);
}
