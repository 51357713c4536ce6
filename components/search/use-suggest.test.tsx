// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shouldRetry } from "@/app/providers";
import { ApiError, apiGet } from "@/lib/api-client";
import { suggestionsSchema } from "@/lib/tds/contract/schemas";
import { useSuggest } from "./use-suggest";

function stubFetch(status: number, body: unknown) {
  const fake = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fake);
  return fake;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiGet", () => {
  it("returns the parsed data of an envelope", async () => {
    const fake = stubFetch(200, { data: { cities: [{ name: "Rome", countryCode: "IT", cityRegionId: 7 }] }, meta: {}, error: null });
    const data = await apiGet("/api/suggest", suggestionsSchema, { query: { q: "Ro", limit: 6 } });
    expect(data).toEqual({ cities: [{ name: "Rome", countryCode: "IT", cityRegionId: 7, cityRegionIds: [] }], hotels: [], pois: [] });
    expect(fake.mock.calls[0]?.[0]).toBe("/api/suggest?q=Ro&limit=6");
  });

  it("throws an ApiError carrying status, code, message and details", async () => {
    stubFetch(400, {
      data: null,
      meta: {},
      error: { code: "validation_error", message: "Check the query.", details: [{ path: "limit", message: "1 to 15 per group." }] },
    });
    const error = await apiGet("/api/suggest", suggestionsSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_error",
      message: "Check the query.",
      details: [{ path: "limit", message: "1 to 15 per group." }],
    });
  });

  it("turns a failed connection into a network ApiError", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = await apiGet("/api/suggest", suggestionsSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("shouldRetry", () => {
  it.each([
    [new ApiError({ status: 0, code: "network_error", message: "" }), true],
    [new ApiError({ status: 503, code: "unavailable", message: "" }), true],
    [new ApiError({ status: 400, code: "validation_error", message: "" }), false],
    [new ApiError({ status: 429, code: "rate_limited", message: "" }), false],
    [new Error("bug"), false],
  ])("first failure %o → %s", (error, expected) => {
    expect(shouldRetry(0, error)).toBe(expected);
  });

  it("gives up after two retries", () => {
    expect(shouldRetry(2, new ApiError({ status: 500, code: "internal_error", message: "" }))).toBe(false);
  });
});

describe("useSuggest", () => {
  it("returns empty groups without a request under 2 characters", async () => {
    const fake = stubFetch(200, { data: { cities: [], hotels: [], pois: [] }, meta: {}, error: null });
    const { result } = renderHook(() => useSuggest(" a "), { wrapper });
    await new Promise((r) => setTimeout(r, 300));
    expect(result.current.data).toEqual({ cities: [], hotels: [], pois: [] });
    expect(result.current.isEnabled).toBe(false);
    expect(fake).not.toHaveBeenCalled();
  });

  it("asks once the debounce passes and passes an AbortSignal", async () => {
    const fake = stubFetch(200, { data: { cities: [{ name: "Rome", countryCode: "IT", cityRegionId: 7 }] }, meta: {}, error: null });
    const { result } = renderHook(() => useSuggest(" Rome "), { wrapper });
    await waitFor(() => expect(result.current.data.cities).toHaveLength(1));
    expect(fake).toHaveBeenCalledTimes(1);
    expect(fake.mock.calls[0]?.[0]).toBe("/api/suggest?q=Rome&limit=6");
    expect(fake.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });
});
