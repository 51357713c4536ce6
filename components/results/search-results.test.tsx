// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchCriteria } from "@/lib/search/criteria";
import fixtures from "./__fixtures__/sandbox-rows.json";
import { SearchResults } from "./search-results";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }), usePathname: () => "/search" }));

const criteria: SearchCriteria = {
  productType: "hotel",
  place: { kind: "city", cityRegionId: 2643743, cityRegionIds: [2643743], name: "London", countryCode: "GB" },
  checkIn: "2027-01-10",
  checkOut: "2027-01-13",
  occupancy: [{ adults: 2, childrenAges: [] }],
  residency: "GB",
  near: null,
  propertyTypes: [],
  query: "",
  rateMode: "",
};
const completed = { status: "completed", batchProgress: { done: 1, total: 1 }, supplierOutcomes: fixtures.hotelMeta.session.supplierOutcomes };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stub(results: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith("/api/products/hotel-thumbnails") ? json({ data: {}, meta: {}, error: null }) : results(),
    ),
  );
}

function show(props: Partial<Parameters<typeof SearchResults>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SearchResults searchId="srch_1" criteria={criteria} onSearchAgain={() => {}} searchingAgain={false} {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SearchResults", () => {
  it("offers to search again when the search has expired", async () => {
    stub(() => json({ data: null, meta: {}, error: { code: "search_expired", message: "Search srch_1 expired.", details: [] } }, 410));
    const onSearchAgain = vi.fn();
    show({ onSearchAgain });
    expect(await screen.findByRole("heading", { name: "This search has expired — searches last 20 minutes" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Search again" }));
    expect(onSearchAgain).toHaveBeenCalledOnce();
  });

  it("shows the search is busy while searching again", async () => {
    stub(() => json({ data: null, meta: {}, error: { code: "not_found", message: "No such search.", details: [] } }, 404));
    show({ searchingAgain: true });
    expect(await screen.findByRole("button", { name: "Searching…" })).toBeDisabled();
  });

  it("shows loaded hotels with count, sort and paging line", async () => {
    stub(() => json({ data: fixtures.hotelRows, meta: { nextCursor: null, session: completed }, error: null }));
    show();
    expect(await screen.findByRole("heading", { name: "4 hotels" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: /priced/ })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Hotels" })).getAllByRole("listitem").length).toBeGreaterThan(0);
    expect(screen.getByText("Showing 4 hotels")).toBeInTheDocument();
  });

  it("with more pages at the service, says the count covers the loaded ones, and that a sort covers only them", async () => {
    stub(() => json({ data: fixtures.hotelRows, meta: { nextCursor: "c2", session: completed }, error: null }));
    show();
    expect(await screen.findByRole("heading", { name: "First 4 hotels loaded, more available" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "4 hotels" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("partial-note")).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "price_desc");
    expect(await screen.findByTestId("partial-note")).toHaveTextContent("Sorted among the 4 hotels loaded so far");
  });

  it("keeps the sort and filters in the address, and opens with them from a link", async () => {
    window.history.replaceState(null, "", "/search?type=hotel&sid=srch_1&sort=price_desc&refundable=1");
    stub(() => json({ data: fixtures.hotelRows, meta: { nextCursor: null, session: completed }, error: null }));
    show();
    expect(await screen.findByRole("combobox", { name: "Sort by" })).toHaveValue("price_desc");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "price_asc");
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("sort")).toBe("price_asc"));
    expect(new URLSearchParams(window.location.search).get("refundable")).toBe("1");
    expect(new URLSearchParams(window.location.search).get("sid")).toBe("srch_1");
    window.history.replaceState(null, "", "/");
  });

  it("while the sources are still answering with nothing yet, says it is finding hotels rather than 0", async () => {
    const pending = { status: "pending", batchProgress: { done: 0, total: 9 }, supplierOutcomes: [] };
    stub(() => json({ data: [], meta: { nextCursor: null, session: pending }, error: null }));
    show();
    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Finding hotels…" })).toBeInTheDocument();
    expect(screen.queryByText("0 hotels")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "No hotels matched" })).not.toBeInTheDocument();
  });

  it("says when no hotels matched", async () => {
    stub(() => json({ data: [], meta: { nextCursor: null, session: completed }, error: null }));
    const onEditSearch = vi.fn();
    show({ onEditSearch });
    expect(await screen.findByRole("heading", { name: "No hotels matched" })).toBeInTheDocument();
    // The form is collapsed above the results: a button opens it, no "form above" to look for.
    expect(screen.queryByText(/form above/)).not.toBeInTheDocument();
    screen.getByRole("button", { name: "Edit the search" }).click();
    expect(onEditSearch).toHaveBeenCalledOnce();
  });

  it("says when the search failed", async () => {
    stub(() => json({ data: [], meta: { nextCursor: null, session: { ...completed, status: "failed" } }, error: null }));
    show();
    expect(await screen.findByRole("heading", { name: "The search failed" })).toBeInTheDocument();
  });

  it("shows a sentence and Retry when results cannot load", async () => {
    stub(() => json({ data: null, meta: {}, error: { code: "upstream_unavailable", message: "The travel service is not answering.", details: [] } }, 503));
    show();
    expect(await screen.findByText("The travel service is not answering.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("says when no loaded result matches the filters, and clears them", async () => {
    stub(() => json({ data: fixtures.hotelRows, meta: { nextCursor: null, session: completed }, error: null }));
    show();
    await screen.findByRole("heading", { name: "4 hotels" });
    const filters = screen.getByRole("complementary", { name: "Filters" });
    // The late source (src-f84629d4) sells one hotel, non-refundable only.
    await userEvent.click(within(filters).getByRole("checkbox", { name: /Source F846/ }));
    expect(await screen.findByRole("heading", { name: "1 of 4 hotels" })).toBeInTheDocument();
    await userEvent.click(within(filters).getByRole("switch", { name: /Refundable only/ }));
    expect(await screen.findByRole("heading", { name: "No results match these filters" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByRole("heading", { name: "4 hotels" })).toBeInTheDocument();
  });

  it("opens the filters as a sheet from the Filters button (loaded on first use), and closes it", async () => {
    stub(() => json({ data: fixtures.hotelRows, meta: { nextCursor: null, session: completed }, error: null }));
    show();
    await screen.findByRole("heading", { name: "4 hotels" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" }, { timeout: 10_000 });
    await userEvent.click(within(sheet).getByRole("checkbox", { name: /Source F846/ }));
    // The page behind the sheet is hidden from assistive technology while it is open.
    await userEvent.click(await within(sheet).findByRole("button", { name: "Show 1 hotel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "1 of 4 hotels" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Filters (1)" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Filters (1)" }));
    expect(await screen.findByRole("dialog", { name: "Filters" })).toBeInTheDocument();
  });
});
