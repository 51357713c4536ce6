import { createTdsClient, type FetchLike, type TdsClient, type TdsClientConfig } from "@/lib/tds";
import { shapedFetch, type RateShaper } from "./rate-shaping";

/**
 * The desk's client of the service as the BFF uses it: every attempt shaped to the agency's
 * budget, and a 429 never waited out inside the call (the shaper already queued it; the
 * advisor is told to retry instead of a request hanging for the service's Retry-After).
 */
export function createBffTdsClient(config: TdsClientConfig & { shaper: RateShaper }): TdsClient {
  const { shaper, ...rest } = config;
  const base: FetchLike = rest.fetch ?? ((input, init) => fetch(input, init));
  return createTdsClient({
    ...rest,
    maxRetryAfterMs: 0,
    fetch: shapedFetch(shaper, base),
    hooks: {
      ...rest.hooks,
      onResponse: (e) => {
        rest.hooks?.onResponse?.(e);
        if (e.error && (e.status === null || e.status >= 500)) {
          // Service-side trouble is worth a line in the server log (never the key or the URL's query).
          console.warn(`[bff] service ${e.method} ${new URL(e.url).pathname} attempt ${e.attempt}: ${e.error.code}${e.requestId ? ` (service request ${e.requestId})` : ""}`);
        }
      },
    },
  });
}
