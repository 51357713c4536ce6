import { z } from "zod";

// The desk's health probe of the Travel Distribution Service: which product types are on
// sale in the agency's market. A stand-in until lib/tds (the service client) exists; then
// it should call that client's capabilities operation instead of fetch.

export type ServiceProblem =
  | "unreachable"
  | "timeout"
  | "unauthorized"
  | "forbidden"
  | "rate_limited"
  | "rejected"
  | "service_error"
  | "invalid_response";

export type ServiceStatus =
  | { ok: true; endpoint: string; market: string; productTypes: string[]; latencyMs: number }
  | {
      ok: false;
      endpoint: string;
      market: string;
      problem: ServiceProblem;
      /** A sentence for a person. */
      message: string;
      /** What the service itself said, if anything (the key, should it be echoed, is redacted). */
      serviceMessage?: string;
      httpStatus?: number;
      code?: string;
    };

const capabilitiesEnvelope = z.object({
  data: z.object({ productTypes: z.array(z.string()) }),
  error: z.null().optional(),
});

const errorEnvelope = z.object({
  error: z.object({ code: z.string(), message: z.string().optional() }),
});

type Options = {
  baseUrl: string;
  apiKey: string;
  market: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Where the service is, for display: host and path, without query or credentials. */
export function describeEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.host}${url.pathname.replace(/\/$/, "")}`;
  } catch {
    return baseUrl;
  }
}

const sentences: Record<ServiceProblem, string> = {
  unreachable: "The service could not be reached. Check TDS_BASE_URL and that the service is up.",
  timeout: "The service did not answer in time.",
  unauthorized: "The service did not accept the agency's API key. Check TDS_API_KEY.",
  forbidden: "The service refused the agency's request.",
  rate_limited: "The service is limiting requests right now. Try again in a minute.",
  rejected: "The service rejected the request.",
  service_error: "The service failed to answer the request.",
  invalid_response: "The service answered with something the desk could not read.",
};

export async function checkService(options: Options): Promise<ServiceStatus> {
  const { baseUrl, apiKey, market, timeoutMs = 10_000 } = options;
  const doFetch = options.fetch ?? fetch;
  const endpoint = describeEndpoint(baseUrl);
  const fail = (problem: ServiceProblem, extra: { serviceMessage?: string; httpStatus?: number; code?: string } = {}) => {
    const { serviceMessage, ...rest } = extra;
    return {
      ok: false as const,
      endpoint,
      market,
      problem,
      message: sentences[problem],
      ...rest,
      ...(serviceMessage ? { serviceMessage: redact(serviceMessage, apiKey) } : {}),
    };
  };

  const url = `${baseUrl.replace(/\/+$/, "")}/api/v1/search/capabilities?market=${encodeURIComponent(market)}`;
  const started = performance.now();
  let res: Response;
  try {
    res = await doFetch(url, {
      headers: { "X-API-Key": apiKey, Accept: "application/json" },
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    return fail(name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable");
  }
  const latencyMs = performance.now() - started;

  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return fail(res.ok ? "invalid_response" : problemFor(res.status), { httpStatus: res.status });
  }

  if (res.ok) {
    const parsed = capabilitiesEnvelope.safeParse(body);
    if (!parsed.success) return fail("invalid_response", { httpStatus: res.status });
    return { ok: true, endpoint, market, productTypes: parsed.data.data.productTypes, latencyMs };
  }

  const error = errorEnvelope.safeParse(body);
  return fail(problemFor(res.status), {
    httpStatus: res.status,
    ...(error.success ? { code: error.data.error.code, serviceMessage: error.data.error.message } : {}),
  });
}

function problemFor(status: number): ServiceProblem {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "service_error";
  return "rejected";
}

function redact(text: string, secret: string): string {
  const trimmed = text.trim().slice(0, 300);
  return secret ? trimmed.split(secret).join("[redacted]") : trimmed;
}
