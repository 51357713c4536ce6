// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import fixtures from "./__fixtures__/sandbox-rows.json";
import { useLiveResults } from "./use-live-results";

// A hotel search as the service fills it: page 1 is read while pending, the poll sees it go
// partial, then 3 late rows, then completed. The rows come from a real sandbox search.
const [first, second, third] = [fixtures.hotelRows[0], fixtures.hotelRows[4], fixtures.hotelRows[5]];
const lateRow = { ...fixtures.hotelRows[6]!, canonicalProductId: first!.canonicalProductId, _id: "row_late", supplier: "src-late" };
const outcomes = [{ supplier: "src-a", status: "pending", latencyMs: 900, rateCount: 3 }];
const sessionAt = (status: string, done: number, lateArrivals?: number) => ({
  status,
  batchProgress: { done, total: 3 },
  ...(lateArrivals === undefined ? {} : { lateArrivals }),
  supplierOutcomes: outcomes,
});
const envelope = (data: unknown[], session: unknown, nextCursor: string | null = "cursor-2") =>
  new Response(JSON.stringify({ data, meta: { nextCursor, session }, error: null }), { status: 200, headers: { "content-type": "application/json" } });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe("useLiveResults", () => {
  it("renders page 1 at once, polls while filling, re-reads from the first page when lateArrivals rises, and stops when completed", async () => {
    const polls = [sessionAt("partial", 1, 0), sessionAt("partial", 2, 3), sessionAt("completed", 3, 3)];
    let pageReads = 0;
    const calls: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://desk.test");
      calls.push(`${url.pathname}?${url.searchParams}`);
      if (url.searchParams.get("limit") === "1") {
        const s = polls.shift() ?? sessionAt("completed", 3, 3);
        return envelope([first], s);
      }
      pageReads++;
      return pageReads === 1
        ? envelope([first, second, third], sessionAt("pending", 0))
        : envelope([first, lateRow, second, third], sessionAt("partial", 2, 3));
    });
    vi.stubGlobal("fetch", fetchMock);

    const { result } = renderHook(() => useLiveResults("srch_1", "hotel"), { wrapper });

    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.groups.map((g) => g.productId)).toEqual([first!.canonicalProductId, second!.canonicalProductId, third!.canonicalProductId]);
    expect(result.current.filling).toBe(true);
    expect(calls[0]).toBe("/api/search/srch_1/results?limit=40&groupByProduct=true");

    // lateArrivals 0 → 3: the loaded pages are read again from the first page, the late row joins its hotel.
    await waitFor(() => expect(result.current.groups[0]?.rows).toHaveLength(2), { timeout: 8000 });
    expect(pageReads).toBe(2);
    const reread = calls.filter((c) => c.includes("limit=40"));
    expect(reread).toEqual(["/api/search/srch_1/results?limit=40&groupByProduct=true", "/api/search/srch_1/results?limit=40&groupByProduct=true"]);
    expect(result.current.groups.map((g) => g.productId)).toEqual([first!.canonicalProductId, second!.canonicalProductId, third!.canonicalProductId]);
    await waitFor(() => expect(result.current.announcement).toBe("1 more rate arrived from slower sources"));

    // Completed: polling stops.
    await waitFor(() => expect(result.current.session?.status).toBe("completed"), { timeout: 5000 });
    expect(result.current.filling).toBe(false);
    expect(result.current.announcement).toBe("Search complete: all 3 batches priced.");
    const pollsSoFar = calls.filter((c) => c.includes("limit=1&")).length;
    expect(pollsSoFar).toBe(3);
    await new Promise((r) => setTimeout(r, 2600));
    expect(calls.filter((c) => c.includes("limit=1&")).length).toBe(pollsSoFar);
    expect(pageReads).toBe(2);
  }, 20_000);

  it("reads the next page with the cursor and keeps products in rank order", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://desk.test");
      return url.searchParams.get("cursor") === "cursor-2"
        ? envelope([third], sessionAt("completed", 3), null)
        : envelope([first, second], sessionAt("completed", 3), "cursor-2");
    });
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useLiveResults("srch_2", "hotel"), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    result.current.fetchNextPage();
    await waitFor(() => expect(result.current.groups).toHaveLength(3));
    expect(result.current.hasNextPage).toBe(false);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe("/api/search/srch_2/results?limit=40&groupByProduct=true&cursor=cursor-2");
    // A completed search is never polled.
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes("limit=1&"))).toBe(false);
  });

  it("says what a re-read brought when it starts as a next page lands with more late arrivals", async () => {
    // Page 2 is read after 2 rates arrived late on page 1's hotels: the pages are re-read at once.
    let page1Reads = 0;
    let page2Reads = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://desk.test");
      if (url.searchParams.get("limit") === "1") return envelope([first], sessionAt("partial", 1, page2Reads > 0 ? 2 : 0));
      if (url.searchParams.get("cursor") === "cursor-2") {
        page2Reads++;
        return envelope([third], sessionAt("partial", 1, 2), "cursor-3");
      }
      page1Reads++;
      return page1Reads === 1
        ? envelope([first, second], sessionAt("partial", 1, 0))
        : envelope([first, lateRow, { ...lateRow, _id: "row_late_2" }, second], sessionAt("partial", 1, 2));
    });
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useLiveResults("srch_5", "hotel"), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    result.current.fetchNextPage();
    await waitFor(() => expect(result.current.rowCount).toBe(5), { timeout: 5000 });
    expect(page1Reads).toBe(2);
    await waitFor(() => expect(result.current.announcement).toBe("2 more rates arrived from slower sources"));
  });

  it("reports an expired search", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        new Response(JSON.stringify({ data: null, meta: {}, error: { code: "search_expired", message: "Search expired.", details: [] } }), { status: 410 }),
      ),
    );
    const { result } = renderHook(() => useLiveResults("srch_3", "flight"), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("expired"));
  });

  it("pages other products by 50 rows without grouping on the service", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => envelope(fixtures.flightRows, sessionAt("completed", 1), null));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useLiveResults("srch_4", "flight"), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/search/srch_4/results?limit=50");
    expect(result.current.rowCount).toBe(fixtures.flightRows.length);
  });
});
