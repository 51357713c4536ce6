import { CLIENT_ERROR_CODES, TdsConnectionError, TdsError, TdsResponseError, TdsTimeoutError } from "./tds/contract";
import { createTdsClient } from "./tds/client";

// The desk's health probe of the Travel Distribution Service: which product types are on
// sale in the agency's market, asked through the service client (lib/tds) with no retries,
// so the home page reports the first answer it gets.

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

  const client = createTdsClient({ baseUrl, apiKey, timeoutMs, maxRetries: 0, fetch: options.fetch });
  const started = performance.now();
  try {
    const { productTypes } = await client.capabilities(market);
    return { ok: true, endpoint, market, productTypes, latencyMs: performance.now() - started };
  } catch (err) {
    if (err instanceof TdsTimeoutError) return fail("timeout");
    if (err instanceof TdsConnectionError) return fail("unreachable");
    if (err instanceof TdsResponseError) return fail("invalid_response", { httpStatus: err.status ?? undefined });
    if (!(err instanceof TdsError) || err.status === null) return fail("unreachable");
    // A body that was not the service's envelope carries the client's own code: nothing the service said.
    const said = err.code !== CLIENT_ERROR_CODES.invalidResponse;
    return fail(problemFor(err.status), {
      httpStatus: err.status,
      ...(said ? { code: err.code, serviceMessage: err.message } : {}),
    });
  }
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
