import { getEnv } from "@/lib/env";
import type { FetchLike } from "@/lib/tds/client";
import { errorJson } from "./envelope";
import { BFF_ERRORS, SERVICE_ERRORS } from "./errors";

// The floor of bench/bff-floor.ts: the service's results page forwarded as it came, with the
// agency's key, in the same server as the BFF, but with no session, no validation, no shaping,
// no logging and no envelope of ours. It exists only to measure what the BFF adds over the
// cheapest proxy there could be, so it answers only when BENCH_PASSTHROUGH=1 (never set in
// production use); otherwise 404 `not_found`, like any unknown path.

type Context = { params: Promise<Record<string, string | string[] | undefined>> };
export type PassthroughSettings = { enabled: boolean; baseUrl: string; apiKey: string };

const notFound = () => errorJson(404, "not_found", SERVICE_ERRORS.not_found.message);

export function passthroughResults(
  settings: () => PassthroughSettings = () => {
    const env = getEnv();
    return { enabled: env.benchPassthrough, baseUrl: env.TDS_BASE_URL, apiKey: env.TDS_API_KEY };
  },
  doFetch: FetchLike = (input, init) => fetch(input, init),
) {
  return async (req: Request, context: Context): Promise<Response> => {
    const { enabled, baseUrl, apiKey } = settings();
    if (!enabled) return notFound();
    const { searchId } = await context.params;
    if (typeof searchId !== "string") return notFound();
    const target = `${baseUrl}/api/v1/search/${encodeURIComponent(searchId)}/results${new URL(req.url).search}`;
    try {
      const res = await doFetch(target, { headers: { "X-API-Key": apiKey, Accept: "application/json" }, cache: "no-store", signal: req.signal });
      // Read whole, as any proxy that looks at the answer must; then sent on byte for byte.
      const body = await res.arrayBuffer();
      return new Response(body, { status: res.status, headers: { "Content-Type": res.headers.get("content-type") ?? "application/json", "Cache-Control": "no-store" } });
    } catch {
      return errorJson(502, "service_unreachable", BFF_ERRORS.service_unreachable.message);
    }
  };
}
