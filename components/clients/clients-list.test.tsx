// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientListRow } from "@/lib/proposals/model";
import { errorReply, scriptFetch } from "@/lib/testing/scripted-fetch";
import { ClientsList } from "./clients-list";
import { clientsHref, DEFAULT_CLIENT_FILTERS, parseClientFilters, type ClientFilters } from "./filters";

// /clients: the agency's clients searched in the URL, each with their proposals, bookings and last
// activity; the empty, no-match, loading and error states.

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/clients", useSearchParams: () => new URLSearchParams() }));

const MARTA = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const row = (over: Partial<ClientListRow> = {}): ClientListRow => ({
  id: MARTA,
  name: "Marta García",
  email: "marta@example.com",
  phone: "+34 600 000 000",
  createdAt: "2026-11-01T10:00:00.000Z",
  proposalCount: 2,
  bookingCount: 1,
  lastActivityAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  ...over,
});
const page = (rows: unknown[], total = rows.length) => ({ status: 200, body: { data: rows, meta: { total }, error: null } });

function renderList(filters: ClientFilters = DEFAULT_CLIENT_FILTERS, admin = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ClientsList initialFilters={filters} admin={admin} />
    </QueryClientProvider>,
  );
}

beforeEach(() => Object.values(router).forEach((fn) => fn.mockReset()));
afterEach(() => vi.unstubAllGlobals());

describe("the clients' search in the URL", () => {
  it("reads what it knows and writes it back the same", () => {
    const f = parseClientFilters({ q: "  garcía ", page: "2", state: "sent" });
    expect(f).toEqual({ q: "garcía", page: 2 });
    expect(clientsHref(f)).toBe("/clients?q=garc%C3%ADa&page=2");
    expect(parseClientFilters({ q: ["a", "b"], page: "-1" })).toEqual({ q: "a", page: 1 });
    expect(parseClientFilters({ q: "x".repeat(150) }).q).toHaveLength(100);
    expect(clientsHref(DEFAULT_CLIENT_FILTERS)).toBe("/clients");
  });
});

describe("ClientsList", () => {
  it("lists each client with their contact, proposals, bookings and last activity, linked to their page; the search goes to the URL and the API", async () => {
    const calls = scriptFetch(() =>
      page([
        row(),
        row({ id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd", name: "Zoé Lefèvre", email: "zoe@example.com", phone: "", proposalCount: 0, bookingCount: 0, lastActivityAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
      ]),
    );
    const user = userEvent.setup();
    renderList();
    expect(screen.getByText("Loading clients…")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Clients" });
    const marta = within(table).getByRole("link", { name: "Marta García" });
    expect(marta).toHaveAttribute("href", `/clients/${MARTA}`);
    const martaRow = marta.closest("tr")!;
    expect(within(martaRow).getAllByText("marta@example.com")[0]).toBeInTheDocument();
    expect(within(martaRow).getByText("+34 600 000 000")).toBeInTheDocument();
    expect(within(martaRow).getByText("2 proposals")).toBeInTheDocument();
    expect(within(martaRow).getByText("1 booking")).toBeInTheDocument();
    // Relative, never an ISO date.
    expect(within(martaRow).getByText("2 h ago")).toBeVisible();
    const zoeRow = within(table).getByRole("link", { name: "Zoé Lefèvre" }).closest("tr")!;
    expect(within(zoeRow).getByText("No phone")).toBeInTheDocument();
    expect(within(zoeRow).getByText("3 days ago")).toBeVisible();
    expect(within(zoeRow).getByText("0 proposals")).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByText("2 clients")).toBeVisible();
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/clients/list", query: {} });
    // An advisor is told whose proposals are counted.
    expect(screen.getByText(/your proposals to them/)).toBeVisible();

    await user.type(screen.getByRole("searchbox", { name: "Search clients" }), "600 000");
    await waitFor(() => expect(router.replace).toHaveBeenLastCalledWith("/clients?q=600+000", { scroll: false }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: "600 000" }));
  });

  it("without any client explains where clients come from, and leads to the proposals", async () => {
    scriptFetch(() => page([]));
    renderList(DEFAULT_CLIENT_FILTERS, true);
    expect(await screen.findByRole("heading", { name: "No clients yet" })).toBeVisible();
    expect(screen.getByText(/A client is added when you start a proposal/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to proposals" })).toHaveAttribute("href", "/proposals");
    expect(screen.getByText(/every advisor's proposals to them/)).toBeVisible();
  });

  it("says when nothing matches the search, and clears it", async () => {
    const calls = scriptFetch(() => page([]));
    const user = userEvent.setup();
    renderList({ q: "nobody", page: 1 });
    expect(await screen.findByRole("heading", { name: "No client matches “nobody”" })).toBeVisible();
    expect(calls[0]?.query).toEqual({ q: "nobody" });
    await user.click(screen.getByRole("button", { name: "Clear the search" }));
    expect(router.replace).toHaveBeenLastCalledWith("/clients", { scroll: false });
    expect(screen.getByRole("searchbox", { name: "Search clients" })).toHaveValue("");
  });

  it("shows a failure as a sentence, and tries again", async () => {
    let fail = true;
    scriptFetch(() => (fail ? errorReply(503, "database_unavailable", "The desk's database is not answering.") : page([row()])));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText("The desk's database is not answering.")).toBeVisible();
    expect(screen.getByText("The clients could not be loaded")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Marta García" })).toBeVisible();
  });

  it("pages through a long list, the page in the URL", async () => {
    const calls = scriptFetch(() => page([row()], 60));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText("Page 1 of 3")).toBeVisible();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(router.replace).toHaveBeenLastCalledWith("/clients?page=2", { scroll: false });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: "2" }));
  });
});
