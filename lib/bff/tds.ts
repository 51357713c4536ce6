import { log, logContext } from "@/lib/log";
import { createTdsClient, type FetchLike, type TdsClient, type TdsClientConfig } from "@/lib/tds/client";
import { shapedTurn, type RateShaper } from "./rate-shaping";

/** Sends the desk's request ID with every call the request makes, so both sides' logs meet. */
function withRequestId(fetch: FetchLike): FetchLike {
  return (input, init) => {
    const requestId = logContext()?.requestId;
    if (!requestId) return fetch(input, init);
    const headers = new Headers(init.headers);
    headers.set("X-Request-Id", requestId);
    return fetch(input, { ...init, headers });
  };
}

/**
 * The desk's client of the service as the BFF uses it: every attempt shaped to the agency's
 * budget (its timeout counted from when it is sent, not while it waits for its place), and a 429
 * never waited out inside the call (the shaper already queued it; the
 * advisor is told to retry instead of a request hanging for the service's Retry-After).
 */
export function createBffTdsClient(config: TdsClientConfig & { shaper: RateShaper }): TdsClient {
  const { shaper, ...rest } = config;
  const base: FetchLike = rest.fetch ?? ((input, init) => fetch(input, init));
  return createTdsClient({
    ...rest,
    maxRetryAfterMs: 0,
    fetch: withRequestId(base),
    turn: shapedTurn(shaper),
    hooks: {
      ...rest.hooks,
      onResponse: (e) => {
        rest.hooks?.onResponse?.(e);
        // One line per service call: the endpoint without its query, status, duration (never the key).
        const trouble = e.error && (e.status === null || e.status >= 500);
        log[trouble ? "warn" : "info"](
          {
            service: { method: e.method, endpoint: new URL(e.url).pathname, status: e.status, durationMs: Math.round(e.durationMs), attempt: e.attempt },
            ...(e.error ? { errorCode: e.error.code } : {}),
            ...(e.requestId ? { serviceRequestId: e.requestId } : {}),
          },
          "service call",
        );
      },
    },
  });
}
