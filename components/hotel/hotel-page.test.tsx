// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutHref, parseCriteria, searchHref, toSearchRequest } from "@/lib/search/criteria";
import { recallSelectedRate } from "@/lib/search/selected-rate";
import type { HotelContent } from "@/lib/tds/contract/types";
import { contentByShape, londonSheet } from "./__fixtures__";
import { HotelPage } from "./hotel-page";

const router = { push: vi.fn(), replace: vi.fn(), back: vi.fn(), prefetch: vi.fn(), refresh: vi.fn(), forward: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/search", useSearchParams: () => new URLSearchParams() }));

const SID = "srch_53996d13ce6cc083";
const HOTEL = "htl_gb0dnkynr";
const criteria = parseCriteria(new URLSearchParams("type=hotel&to=city:2643743|London|GB&in=2026-12-01&out=2026-12-04&pax=2&res=GB"))!;

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { data, meta: {}, error: null } });
const fail = (status: number, code: string, message: string): Reply => ({ status, body: { data: null, meta: {}, error: { code, message, details: [] } } });

type Call = { method: string; path: string; body: unknown };

/** Answers by path; a rate sheet can be held back until `release()` to see the progress state. */
function installFetch(routes: { rates: () => Reply; search?: () => Reply }) {
  const calls: Call[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let hold = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const method = init?.method ?? "GET";
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      let reply: Reply;
      if (url.pathname === `/api/products/hotel/${HOTEL}`) reply = ok(contentByShape.strings);
      else if (url.pathname === `/api/search/${SID}/hotels/${HOTEL}/rates` && method === "POST") {
        if (hold) await held;
        reply = routes.rates();
      } else if (url.pathname === "/api/search" && method === "POST") reply = routes.search?.() ?? fail(500, "internal_error", "No.");
      else reply = fail(404, "not_found", `No route ${url.pathname}`);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return {
    calls,
    holdRates: () => {
      hold = true;
    },
    release: () => release(),
  };
}

function renderPage(c = criteria, initialContent: HotelContent | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <HotelPage searchId={SID} productId={HOTEL} criteria={c} initialContent={initialContent} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const fn of Object.values(router)) fn.mockReset();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("HotelPage", () => {
  it("shows the content the server had on its first render, and does not ask for it again", () => {
    const api = installFetch({ rates: () => ok(londonSheet.rows) });
    api.holdRates();
    renderPage(criteria, contentByShape.strings as unknown as HotelContent);
    // Synchronously: in the first HTML and in the hydrating render, not after a request.
    expect(screen.getByRole("heading", { level: 1, name: "The Harbour Royal Rooms" })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === `/api/products/hotel/${HOTEL}`)).toHaveLength(0);
    api.release();
  });

  it("shows progress while the sources answer, then rooms grouped, and Select opens checkout for that quote", async () => {
    const api = installFetch({ rates: () => ok(londonSheet.rows) });
    api.holdRates();
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText("Checking live rates with every source…")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Checking live rates" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh rates" })).toBeDisabled();
    expect(await screen.findByRole("heading", { level: 1, name: "The Harbour Royal Rooms" })).toBeInTheDocument();

    api.release();
    expect(await screen.findByText(/Prices held until/)).toBeInTheDocument();
    const sheet = screen.getByRole("region", { name: "Rooms and rates" });
    const rooms = within(sheet).getAllByRole("heading", { level: 3 });
    expect(rooms.map((h) => h.textContent)).toEqual(["Twin room", "Superior room", "Deluxe room", "Family room"]);
    expect(screen.getByRole("button", { name: "Refresh rates" })).toBeEnabled();

    // The cheapest twin-room rate comes first, priced for the whole stay.
    const twin = screen.getByRole("region", { name: "Twin room" });
    const first = within(twin).getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent("$763.87");
    expect(first).toHaveTextContent("total for 3 nights, 1 room");
    expect(first).toHaveTextContent("Package rate");

    await user.click(within(first).getByRole("button", { name: /^Select/ }));
    const cheapest = londonSheet.rows.find((r) => r.sellAmountMinor === 76387)!;
    expect(router.push).toHaveBeenCalledWith(checkoutHref(cheapest.rateQuoteId, SID, criteria));
    expect(recallSelectedRate(cheapest.rateQuoteId)).toMatchObject({ row: { _id: cheapest._id }, context: { hotelName: "The Harbour Royal Rooms" } });

    const rateCalls = api.calls.filter((c) => c.path.endsWith("/rates"));
    expect(rateCalls).toHaveLength(1);
  });

  it("reassures the advisor when the sources take more than eight seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = installFetch({ rates: () => ok(londonSheet.rows) });
      api.holdRates();
      renderPage();
      await screen.findByText("Checking live rates with every source…");
      expect(screen.queryByText(/Some sources take longer to answer/)).toBeNull();
      await vi.advanceTimersByTimeAsync(9000);
      expect(await screen.findByText(/Some sources take longer to answer/)).toBeInTheDocument();
      expect(screen.getByText(/^\s*(9|1\d)\s*s$/)).toBeInTheDocument();
      api.release();
      expect(await screen.findByText(/Prices held until/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the ticking elapsed time out of the live status, so it is not read out every second", async () => {
    const api = installFetch({ rates: () => ok(londonSheet.rows) });
    api.holdRates();
    renderPage();
    const status = (await screen.findByText("Checking live rates with every source…")).closest("[role=status]");
    expect(status).not.toBeNull();
    expect(status).not.toHaveTextContent(/Elapsed|\d+\s*s$/);
    expect(screen.getByText("Elapsed:", { exact: false })).toBeInTheDocument();
    api.release();
    await screen.findByText(/Prices held until/);
  });

  it("filters to refundable rates", async () => {
    installFetch({ rates: () => ok(londonSheet.rows) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(/Prices held until/);
    await user.click(screen.getByRole("checkbox", { name: "Refundable only" }));
    const sheet = screen.getByRole("region", { name: "Rooms and rates" });
    expect(within(sheet).queryByText("Non-refundable")).toBeNull();
    const refundable = londonSheet.rows.filter((r) => r.refundable).length;
    expect(screen.getByText(`${refundable} of ${londonSheet.rows.length} rates shown`)).toBeInTheDocument();
  });

  it("refreshes the rates only when asked", async () => {
    const api = installFetch({ rates: () => ok(londonSheet.rows) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(/Prices held until/);
    await user.click(screen.getByRole("button", { name: "Refresh rates" }));
    await screen.findByText(/Prices held until/);
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith("/rates"))).toHaveLength(2));
  });

  it("offers to run the same search again when the search has expired", async () => {
    const api = installFetch({
      rates: () => fail(410, "search_expired", "This search has expired."),
      search: () => ({ status: 201, body: { data: { searchId: "srch_new" }, meta: {}, error: null } }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("This search has expired — searches last 20 minutes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Search again" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(searchHref(criteria, "srch_new")));
    const search = api.calls.find((c) => c.path === "/api/search");
    expect(search).toMatchObject({ method: "POST", body: toSearchRequest(criteria) });
  });

  it("says when the hotel is not part of the search, and leads back to the results", async () => {
    installFetch({ rates: () => fail(404, "not_found", "Not found.") });
    renderPage();
    expect(await screen.findByText("This hotel is not part of this search")).toBeInTheDocument();
    const back = screen.getAllByRole("link", { name: /Back to results/ });
    expect(back.some((a) => a.getAttribute("href") === searchHref(criteria, SID))).toBe(true);
  });

  it("explains the rate limit and lets the advisor retry", async () => {
    let n = 0;
    const api = installFetch({ rates: () => (n++ === 0 ? fail(429, "rate_limited", "Too many requests.") : ok(londonSheet.rows)) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Too many rate checks in the last minute")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/Prices held until/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith("/rates"))).toHaveLength(2);
  });

  it("has a designed empty state", async () => {
    installFetch({ rates: () => ok([]) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "No rooms are available for these dates" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Search again" })).toBeEnabled();
  });

  it("marks the rates stale when their 20 minutes pass and blocks Select until refreshed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installFetch({ rates: () => ok(londonSheet.rows) });
      renderPage();
      await screen.findByText(/Prices held until/);
      expect(screen.getAllByRole("button", { name: /^Select/ })[0]).toBeEnabled();
      await vi.advanceTimersByTimeAsync(20 * 60_000 + 1000);
      expect(await screen.findByText("These prices are no longer held")).toBeInTheDocument();
      for (const b of screen.getAllByRole("button", { name: /^Select/ })) expect(b).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("disables Select with a reason when the URL lost the search criteria", async () => {
    installFetch({ rates: () => ok(londonSheet.rows) });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <HotelPage searchId={SID} productId={HOTEL} criteria={null} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Search again to select a rate")).toBeInTheDocument();
    const select = screen.getAllByRole("button", { name: /^Select/ })[0]!;
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription(/lost the search details/);
  });
});
