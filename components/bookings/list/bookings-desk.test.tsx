// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILTERS, type BookingFilters } from "@/lib/bookings/filters";
import listPage from "../__fixtures__/list-page.json";
import { BookingsDesk } from "./bookings-desk";

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/bookings", useSearchParams: () => new URLSearchParams() }));

type Reply = { status: number; body: unknown } | ((url: URL) => { status: number; body: unknown });
const ok = (data: unknown) => ({ status: 200, body: { data, meta: {}, error: null } });
const fail = (status: number, code: string, message: string) => ({ status, body: { data: null, meta: {}, error: { code, message, details: [] } } });

function installFetch(routes: Record<string, Reply>) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://desk.test");
      calls.push(url);
      const route = routes[url.pathname];
      const reply = typeof route === "function" ? route(url) : (route ?? fail(404, "not_found", "No such route."));
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const me = { id: "u1", name: "Alex Advisor" };
const rows = listPage.rows.map((r, i) => ({ ...r, bookedBy: i === 0 ? me : i === 1 ? { id: "u2", name: "Ben Advisor" } : null }));
const summaries = (url: URL) =>
  ok({
    items: Object.fromEntries(
      (url.searchParams.get("ids") ?? "").split(",").map((id, i) => [id, { productType: "hotel", leadGuest: `Guest ${i}`, travelers: 2, item: i === 2 ? "DXB ⇄ LAX" : null, travelStart: null, travelEnd: null }]),
    ),
    missing: [],
  });

function renderDesk(filters: BookingFilters = DEFAULT_FILTERS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BookingsDesk initialFilters={filters} me={me} />
    </QueryClientProvider>,
  );
}

beforeEach(() => Object.values(router).forEach((fn) => fn.mockReset()));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("BookingsDesk", () => {
  it("shows a page of bookings with who booked them, then their lead guests; Show more asks for the next cursor", async () => {
    const calls = installFetch({
      "/api/bookings": (url) => (url.searchParams.get("cursor") === "c2" ? ok({ rows: [{ ...rows[3]!, _id: "bk_more", orderRef: "RV-2026-MORE0001" }], nextCursor: null }) : ok({ rows, nextCursor: "c2" })),
      "/api/bookings/summaries": summaries,
    });
    const user = userEvent.setup();
    renderDesk();
    const table = await screen.findByRole("table", { name: "The agency's bookings" });
    const first = within(table).getByRole("link", { name: rows[0]!.orderRef });
    expect(first).toHaveAttribute("href", `/bookings/${rows[0]!._id}`);
    const firstRow = first.closest("tr")!;
    expect(within(firstRow).getByText("You")).toBeInTheDocument();
    expect(within(firstRow).getByText("Palace Embassy Row Lodge")).toBeInTheDocument();
    expect(within(firstRow).getByText("$835.92")).toBeInTheDocument();
    expect(await within(firstRow).findByText("Guest 0")).toBeInTheDocument();
    expect(within(first.closest("tbody")!).getByText("Ben Advisor")).toBeInTheDocument();
    expect(within(table).getAllByText("Outside the desk").length).toBe(3);
    // A flight's item comes from its summary.
    expect(within(table).getByText("DXB ⇄ LAX")).toBeInTheDocument();
    expect(screen.getByText("Showing 5 bookings · more available")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show more bookings" }));
    expect(await within(table).findByRole("link", { name: "RV-2026-MORE0001" })).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === "/api/bookings").map((u) => u.searchParams.get("cursor"))).toEqual([null, "c2"]);
    expect(screen.getByText("All 6 bookings shown")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more bookings" })).toBeNull();
  });

  it("an unknown state is shown as it comes; a summary that cannot be had shows a dash", async () => {
    installFetch({
      "/api/bookings": ok({ rows: [{ ...rows[0]!, state: "cancellation_pending" }], nextCursor: null }),
      "/api/bookings/summaries": fail(502, "service_unreachable", "The travel service could not be reached."),
    });
    renderDesk();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Cancellation pending")).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText("—")).toBeInTheDocument());
  });

  it("empty: no bookings yet, or nothing matches the filters", async () => {
    installFetch({ "/api/bookings": ok({ rows: [], nextCursor: null }) });
    renderDesk();
    expect(await screen.findByRole("heading", { name: "No bookings yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start a search" })).toHaveAttribute("href", "/search");
    cleanup();
    renderDesk({ ...DEFAULT_FILTERS, state: "held" });
    expect(await screen.findByRole("heading", { name: "Nothing matches these filters" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole("button", { name: "Clear filters" })[0]!);
    expect(router.replace).toHaveBeenLastCalledWith("/bookings", { scroll: false });
  });

  it("an error says why and tries again", async () => {
    let n = 0;
    installFetch({ "/api/bookings": () => (++n === 1 ? fail(504, "service_timeout", "The travel service did not answer in time.") : ok({ rows, nextCursor: null })), "/api/bookings/summaries": summaries });
    const user = userEvent.setup();
    renderDesk();
    expect(await screen.findByText("The travel service did not answer in time.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("filters and the debounced search go into the URL and the request", async () => {
    const calls = installFetch({ "/api/bookings": ok({ rows, nextCursor: null }), "/api/bookings/summaries": summaries });
    renderDesk();
    await screen.findByRole("table");
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "held" } });
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?state=held", { scroll: false });
    fireEvent.click(screen.getByRole("button", { name: "Mine" }));
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?mine=1&state=held", { scroll: false });
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText("Search bookings"), { target: { value: "Seeger" } });
    expect(router.replace).not.toHaveBeenCalledWith(expect.stringContaining("q="), expect.anything());
    act(() => vi.advanceTimersByTime(350));
    vi.useRealTimers();
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?mine=1&state=held&q=Seeger", { scroll: false });
    await waitFor(() => expect(calls.some((u) => u.pathname === "/api/bookings" && u.searchParams.get("q") === "Seeger" && u.searchParams.get("mine") === "1")).toBe(true));
    fireEvent.change(screen.getByLabelText("Search bookings"), { target: { value: "x".repeat(101) } });
    expect(screen.getByText("Only the first 100 characters are searched.")).toBeInTheDocument();
  });

  it("the State filter offers every badge the list shows; the choice goes into the URL and the request", async () => {
    const calls = installFetch({ "/api/bookings": ok({ rows, nextCursor: null }), "/api/bookings/summaries": summaries });
    renderDesk();
    await screen.findByRole("table");
    const state = screen.getByLabelText("State");
    expect(within(state).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Any state",
      "Confirmed",
      "Held · not paid",
      "Pending confirmation",
      "In review",
      "Failed",
      "Cancellation pending",
      "Cancelled or refunded",
    ]);
    for (const [value, label] of [
      ["supplier_pending", "Pending confirmation"],
      ["manual_review", "In review"],
      ["cancellation_pending", "Cancellation pending"],
    ] as const) {
      fireEvent.change(state, { target: { value } });
      expect(router.replace).toHaveBeenLastCalledWith(`/bookings?state=${value}`, { scroll: false });
      expect(within(state).getByRole("option", { name: label })).toHaveProperty("selected", true);
      await waitFor(() => expect(calls.some((u) => u.pathname === "/api/bookings" && u.searchParams.get("state") === value)).toBe(true));
    }
  });

  it("the Status control says what is applied: Active with a travel period, the state's group with a state; Cancelled still works", async () => {
    const calls = installFetch({ "/api/bookings": ok({ rows, nextCursor: null }), "/api/bookings/summaries": summaries });
    renderDesk({ ...DEFAULT_FILTERS, trip: "upcoming" });
    await screen.findByRole("table");
    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    expect(status.selectedOptions[0]).toHaveTextContent("Active");
    expect(within(status).getByRole("option", { name: "Active and cancelled" })).toBeDisabled();
    expect(screen.getByText("With a travel period, the list shows active bookings; choose Status: Cancelled to see the cancelled ones.")).toBeInTheDocument();

    fireEvent.change(status, { target: { value: "cancelled" } });
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?trip=upcoming&status=cancelled", { scroll: false });
    expect(status.selectedOptions[0]).toHaveTextContent("Cancelled");
    await waitFor(() => expect(calls.some((u) => u.searchParams.get("status") === "cancelled" && u.searchParams.get("trip") === "upcoming")).toBe(true));

    // A state says which group it is in; choosing the other group lets go of the state.
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "held" } });
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?state=held&trip=upcoming", { scroll: false });
    expect(status.selectedOptions[0]).toHaveTextContent("Active");
    fireEvent.change(status, { target: { value: "cancelled" } });
    expect(router.replace).toHaveBeenLastCalledWith("/bookings?trip=upcoming&status=cancelled", { scroll: false });
    expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe("all");
  });

  it("a filter the desk applies finds nothing in the first pages: it looks a little further, then says how far and offers to go on", async () => {
    const pageOf = (cursor: string | null) => {
      const n = cursor ? Number(cursor.slice(1)) : 0;
      // Three empty pages of 500 looked through each, then a match.
      return n < 3 ? { status: 200, body: { data: { rows: [], nextCursor: `c${n + 1}` }, meta: { scannedPages: 5, scannedRows: 500 }, error: null } } : ok({ rows: [{ ...rows[0]!, state: "manual_review" }], nextCursor: null });
    };
    const calls = installFetch({ "/api/bookings": (url) => pageOf(url.searchParams.get("cursor")), "/api/bookings/summaries": summaries });
    const user = userEvent.setup();
    renderDesk({ ...DEFAULT_FILTERS, state: "manual_review" });
    expect(await screen.findByRole("heading", { name: "None in the first 1,000 bookings" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Nothing matches these filters" })).toBeNull();
    expect(calls.filter((u) => u.pathname === "/api/bookings")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Look further" }));
    const table = await screen.findByRole("table");
    expect(within(table).getByText("In review")).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === "/api/bookings").map((u) => u.searchParams.get("cursor"))).toEqual([null, "c1", "c2", "c3"]);
    expect(screen.getByText("All 1 booking shown")).toBeInTheDocument();
  });
});
