// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorReply, scriptFetch } from "@/lib/testing/scripted-fetch";
import { client, listRow, PROPOSAL_ID } from "./__fixtures__/proposals";
import { DEFAULT_PROPOSAL_FILTERS, parseProposalFilters, proposalsHref, type ProposalFilters } from "./filters";
import { ProposalsList } from "./proposals-list";

// /proposals: the list with its filters in the URL, and its empty, loading and error states.

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/proposals", useSearchParams: () => new URLSearchParams() }));

const page = (rows: unknown[], total = rows.length) => ({ status: 200, body: { data: rows, meta: { total }, error: null } });

function renderList(filters: ProposalFilters = DEFAULT_PROPOSAL_FILTERS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProposalsList initialFilters={filters} />
    </QueryClientProvider>,
  );
}

beforeEach(() => Object.values(router).forEach((fn) => fn.mockReset()));
afterEach(() => vi.unstubAllGlobals());

describe("proposals filters in the URL", () => {
  it("reads what it knows and writes it back the same", () => {
    const f = parseProposalFilters({ state: "viewed", q: "  garcía ", mine: "1", page: "2" });
    expect(f).toEqual({ state: "viewed", q: "garcía", mine: true, page: 2 });
    expect(proposalsHref(f)).toBe("/proposals?state=viewed&q=garc%C3%ADa&mine=1&page=2");
    expect(parseProposalFilters({ state: "lost", page: "-3", mine: "yes" })).toEqual(DEFAULT_PROPOSAL_FILTERS);
    expect(proposalsHref(DEFAULT_PROPOSAL_FILTERS)).toBe("/proposals");
  });
});

describe("ProposalsList", () => {
  it("lists proposals with their state, client, views and total; filters go to the URL and to the API", async () => {
    const calls = scriptFetch(() =>
      page([
        listRow(),
        listRow({ id: "22222222-2222-4222-8222-222222222222", reference: "PR-AAAA22", title: "Rome for two", state: "chosen", views: { count: 3, lastAt: new Date(Date.now() - 2 * 3_600_000).toISOString() }, total: { fromMinor: 99_000, toMinor: 99_000, currency: "EUR" } }),
      ]),
    );
    const user = userEvent.setup();
    renderList();
    const table = await screen.findByRole("table", { name: "Proposals" });
    const rome = within(table).getByRole("link", { name: "Rome for two" });
    expect(rome).toHaveAttribute("href", "/proposals/22222222-2222-4222-8222-222222222222");
    const romeRow = rome.closest("tr")!;
    expect(within(romeRow).getByText("Client chose")).toBeVisible();
    expect(within(romeRow).getByText("Opened 3 times, last 2 h ago")).toBeInTheDocument();
    expect(within(romeRow).getByText("€990.00")).toBeVisible();
    // The client's name opens the client's page, the rest of the row the proposal.
    expect(within(romeRow).getByRole("link", { name: client.name })).toHaveAttribute("href", `/clients/${client.id}`);
    expect(within(table).getByRole("link", { name: "Paris in December" })).toHaveAttribute("href", `/proposals/${PROPOSAL_ID}`);
    expect(screen.getByText("2 proposals")).toBeVisible();

    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "viewed");
    expect(router.replace).toHaveBeenLastCalledWith("/proposals?state=viewed", { scroll: false });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ state: "viewed" }));

    await user.click(screen.getByRole("button", { name: "Mine" }));
    expect(router.replace).toHaveBeenLastCalledWith("/proposals?state=viewed&mine=1", { scroll: false });
    await user.type(screen.getByRole("searchbox", { name: "Search proposals" }), "rome");
    await waitFor(() => expect(router.replace).toHaveBeenLastCalledWith("/proposals?state=viewed&q=rome&mine=1", { scroll: false }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ state: "viewed", q: "rome", mine: "1" }));
  });

  it("says when nothing matches the filters, and clears them", async () => {
    scriptFetch(() => page([]));
    const user = userEvent.setup();
    renderList({ state: "booked", q: "nobody", mine: true, page: 1 });
    expect(await screen.findByRole("heading", { name: "No proposal matches these filters" })).toBeVisible();
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0]!);
    expect(router.replace).toHaveBeenLastCalledWith("/proposals", { scroll: false });
  });

  it("without any proposal explains how to make one", async () => {
    scriptFetch(() => page([]));
    renderList();
    expect(await screen.findByRole("heading", { name: "No proposals yet" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Search for offers" })).toHaveAttribute("href", "/search");
  });

  it("shows the failure as a sentence, and tries again", async () => {
    let fail = true;
    scriptFetch(() => (fail ? errorReply(503, "database_unavailable", "The desk's database is not answering.") : page([listRow()])));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText("The desk's database is not answering.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Paris in December" })).toBeVisible();
  });

  it("pages through long lists", async () => {
    const calls = scriptFetch(() => page([listRow()], 60));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText("Page 1 of 3")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(router.replace).toHaveBeenLastCalledWith("/proposals?page=2", { scroll: false });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: "2" }));
  });
});
