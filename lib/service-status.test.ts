import { describe, expect, it } from "vitest";
import { checkService, describeEndpoint } from "./service-status";

const KEY = "tdsk_SecretKeyThatMustNeverBeShown000000000000000";
const base = { baseUrl: "http://127.0.0.1:3100/sandbox/", apiKey: KEY, market: "US" };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const fakeFetch = (handler: Handler) => (async (input: RequestInfo | URL, init?: RequestInit) =>
  handler(String(input), init ?? {})) as typeof fetch;

const envelope = (data: unknown, error: unknown = null) => ({ data, meta: {}, error });

describe("checkService", () => {
  it("asks for the market's capabilities with the key in a header, and lists the product types", async () => {
    let seen: { url: string; key: string | null } | undefined;
    const status = await checkService({
      ...base,
      fetch: fakeFetch((url, init) => {
        seen = { url, key: new Headers(init.headers).get("x-api-key") };
        return Response.json(envelope({ productTypes: ["hotel", "flight"] }));
      }),
    });
    expect(seen).toEqual({ url: "http://127.0.0.1:3100/sandbox/api/v1/search/capabilities?market=US", key: KEY });
    expect(status).toMatchObject({ ok: true, endpoint: "127.0.0.1:3100/sandbox", productTypes: ["hotel", "flight"] });
  });

  it.each([
    [401, "unauthorized", "unauthorized"],
    [403, "agreement_unsigned", "forbidden"],
    [429, "rate_limited", "rate_limited"],
    [400, "validation_error", "rejected"],
    [503, "supplier_unavailable", "service_error"],
  ])("maps HTTP %i (%s) to %s", async (httpStatus, code, problem) => {
    const status = await checkService({
      ...base,
      fetch: fakeFetch(() =>
        Response.json(envelope(null, { code, message: `Bad key ${KEY}`, details: [] }), { status: httpStatus }),
      ),
    });
    expect(status).toMatchObject({ ok: false, problem, code, httpStatus, serviceMessage: "Bad key [redacted]" });
    expect(JSON.stringify(status)).not.toContain(KEY);
  });

  it("reports an unreachable service, a timeout and an unreadable answer", async () => {
    const unreachable = await checkService({
      ...base,
      fetch: fakeFetch(() => {
        throw new TypeError("fetch failed");
      }),
    });
    expect(unreachable).toMatchObject({ ok: false, problem: "unreachable" });

    const timeout = await checkService({
      ...base,
      timeoutMs: 20,
      fetch: fakeFetch(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          }),
      ),
    });
    expect(timeout).toMatchObject({ ok: false, problem: "timeout" });

    const html = await checkService({ ...base, fetch: fakeFetch(() => new Response("<html>", { status: 200 })) });
    expect(html).toMatchObject({ ok: false, problem: "invalid_response", httpStatus: 200 });

    const wrongShape = await checkService({ ...base, fetch: fakeFetch(() => Response.json(envelope({ types: [] }))) });
    expect(wrongShape).toMatchObject({ ok: false, problem: "invalid_response" });

    const gateway = await checkService({ ...base, fetch: fakeFetch(() => new Response("Bad gateway", { status: 502 })) });
    expect(gateway).toMatchObject({ ok: false, problem: "service_error", httpStatus: 502 });
  });
});

describe("describeEndpoint", () => {
  it("shows host and path only", () => {
    expect(describeEndpoint("https://user:pw@tds.example.com/v/?x=1")).toBe("tds.example.com/v");
  });
});
