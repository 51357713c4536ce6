// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutHref, parseCriteria, searchHref, toSearchRequest, type SearchCriteria } from "@/lib/search/criteria";
import { recallSelectedRate } from "@/lib/search/selected-rate";
import activityContent from "./__fixtures__/activity-content.json";
import activityRates from "./__fixtures__/activity-rates.json";
import transferRates from "./__fixtures__/transfer-rates.json";
import { OptionsSheet } from "./options-sheet";

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/search" }));

type Reply = { status: number; body: unknown };
type Call = { method: string; path: string; body: unknown };
const ok = (data: unknown, status = 200): Reply => ({ status, body: { data, meta: {}, error: null } });
const fail = (status: number, code: string, message: string): Reply => ({ status, body: { data: null, meta: {}, error: { code, message, details: [] } } });

/** A fetch answering our /api routes from `routes` ("METHOD /path" → reply or a function of the call count). */
function installFetch(routes: Record<string, Reply | ((n: number) => Reply)>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const method = init?.method ?? "GET";
      const key = `${method} ${url.pathname}`;
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const route = routes[key];
      const reply = typeof route === "function" ? route(n) : (route ?? fail(404, "not_found", "No such route in the test."));
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const SID = "srch_a81e7302fe54ebe9";
const activityCriteria = parseCriteria(new URLSearchParams({ type: "activity", to: "destination:ES-BARCELONA|Barcelona|ES", in: "2026-12-06", pax: "2" }))!;
const transferCriteria = parseCriteria(
  new URLSearchParams({
    type: "transfer",
    from: "airport:BCN|Barcelona Airport|ES",
    to: "address:41.3874,2.1686|Plaça de Catalunya",
    at: "2026-12-06T14:30",
    back: "2026-12-10T09:00",
    pax: "2",
  }),
)!;
const ratesPath = (productId: string) => `POST /api/search/${SID}/products/${productId}/rates`;

function renderSheet(productId: string, criteria: SearchCriteria | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <OptionsSheet searchId={SID} productId={productId} criteria={criteria} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // Only Date: the fixtures' cancellation deadlines (Dec 2026) must stay in the future.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T02:10:00Z"));
  sessionStorage.clear();
  Object.values(router).forEach((fn) => fn.mockReset());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("activity sheet", () => {
  it("groups sessions by modality, marks the cheapest, and Select opens checkout with the quote", async () => {
    installFetch({ [ratesPath("act_s5nlom")]: ok(activityRates), "GET /api/products/activity/act_s5nlom": ok(activityContent) });
    const user = userEvent.setup();
    renderSheet("act_s5nlom", activityCriteria);

    expect(screen.getByRole("status")).toHaveTextContent("Loading the options…");
    expect(await screen.findByRole("heading", { level: 1, name: "Sunset Cruise with Drinks in Barcelona" })).toBeInTheDocument();

    const standard = screen.getByRole("region", { name: "Standard seating" });
    const premium = screen.getByRole("region", { name: "Premium deck with drinks" });
    expect(within(standard).getAllByRole("listitem")).toHaveLength(6);
    expect(within(premium).getAllByRole("listitem")).toHaveLength(6);
    expect(within(standard).getByText("6 sessions · from $111.90")).toBeInTheDocument();

    // Sessions in time order: 18:30 twice (two sources), 20:00 twice, 21:30 twice.
    const times = within(standard)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("time")?.textContent);
    expect(times).toEqual(["18:30", "18:30", "20:00", "20:00", "21:30", "21:30"]);

    const cheapestRow = screen.getByText("Cheapest").closest("li")!;
    expect(within(cheapestRow).getByText("21:30")).toBeInTheDocument();
    expect(within(cheapestRow).getByText("$111.90")).toBeInTheDocument();
    expect(screen.getAllByText("Cheapest")).toHaveLength(1);

    // Content loads beside the options.
    expect(await screen.findByRole("heading", { name: "Meeting point" })).toBeInTheDocument();
    expect(screen.getByText(/passenger pier in the port of Barcelona/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Select 18:30 Standard seating, free cancellation, $125.63" }));
    const chosen = activityRates.find((r) => r.sellAmountMinor === 12563)!;
    expect(router.push).toHaveBeenCalledWith(checkoutHref(chosen.rateQuoteId, SID, activityCriteria));
    expect(recallSelectedRate(chosen.rateQuoteId)?.row._id).toBe(chosen._id);
    // One navigation at a time: the other options wait.
    expect(screen.getByRole("button", { name: "Select 21:30 Standard seating, non-refundable, $111.90" })).toBeDisabled();
  });

  it("filters by modality with chips", async () => {
    installFetch({ [ratesPath("act_s5nlom")]: ok(activityRates), "GET /api/products/activity/act_s5nlom": ok(activityContent) });
    const user = userEvent.setup();
    renderSheet("act_s5nlom", activityCriteria);
    const chips = within(await screen.findByRole("group", { name: "Show options of" }));
    await user.click(chips.getByRole("button", { name: /Premium deck with drinks/ }));
    expect(chips.getByRole("button", { name: /Premium deck with drinks/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("region", { name: "Standard seating" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Select / })).toHaveLength(6);
    await user.click(chips.getByRole("button", { name: /All/ }));
    expect(screen.getAllByRole("button", { name: /^Select / })).toHaveLength(12);
  });

  it("keeps the options usable when the content fails", async () => {
    installFetch({
      [ratesPath("act_s5nlom")]: ok(activityRates),
      "GET /api/products/activity/act_s5nlom": fail(502, "upstream_error", "The travel service did not answer."),
    });
    renderSheet("act_s5nlom", activityCriteria);
    expect(await screen.findByText(/The description could not be loaded/)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Select / })).toHaveLength(12);
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  });
});

describe("transfer sheet", () => {
  it("shows round trips with both legs, legs sold per direction, and selects a vehicle", async () => {
    installFetch({ [ratesPath("trf_804a0559")]: ok(transferRates) });
    const user = userEvent.setup();
    renderSheet("trf_804a0559", transferCriteria);

    expect(await screen.findByRole("heading", { level: 1, name: /^Barcelona Airport \(BCN\)\s+to\s+Plaça de Catalunya$/ })).toBeInTheDocument();
    const round = screen.getByRole("region", { name: "Round trip" });
    const roundRows = within(round).getAllByRole("listitem");
    expect(roundRows.map((li) => within(li).getByRole("heading").textContent)).toEqual(["Standard sedan", "Minivan", "Executive sedan"]);
    expect(roundRows[0]).toHaveTextContent("Outbound Sun, Dec 6, 14:30 · Return Thu, Dec 10, 09:00");
    expect(within(roundRows[0]!).getByText("Cheapest")).toBeInTheDocument();
    expect(within(roundRows[0]!).getByText("both directions")).toBeInTheDocument();

    const outbound = screen.getByRole("region", { name: /^Outbound/ });
    const back = screen.getByRole("region", { name: /^Return/ });
    expect(within(outbound).getAllByRole("listitem")).toHaveLength(2);
    expect(within(back).getAllByRole("listitem")[0]).toHaveTextContent("Pickup Thu, Dec 10, 09:00");
    // Cheapest outbound ($54.40) plus cheapest return ($54.40), to compare with the round trips.
    expect(within(outbound).getByText(/Cheapest both ways: \$108\.80/)).toBeInTheDocument();
    expect(screen.getByText(/Flight details are required/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Select Standard sedan (private), round trip, free cancellation, $99.79" }));
    const chosen = transferRates.find((r) => r.summary.tripType === "round" && r.summary.vehicle === "Standard sedan")!;
    expect(router.push).toHaveBeenCalledWith(checkoutHref(chosen.rateQuoteId, SID, transferCriteria));
  });
});

describe("states", () => {
  it("says when the product has no saved options", async () => {
    installFetch({ [ratesPath("act_gone")]: ok([]) });
    renderSheet("act_gone", activityCriteria);
    expect(await screen.findByRole("heading", { name: "No saved options for this product" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to results" })).toHaveAttribute("href", searchHref(activityCriteria, SID));
    expect(screen.getByRole("button", { name: "Search again" })).toBeEnabled();
  });

  it("offers to search again with the same criteria when the search has expired", async () => {
    const calls = installFetch({
      [ratesPath("act_s5nlom")]: fail(410, "search_expired", "This search has expired."),
      "POST /api/search": ok({ searchId: "srch_new" }, 201),
    });
    const user = userEvent.setup();
    renderSheet("act_s5nlom", activityCriteria);
    expect(await screen.findByRole("heading", { name: "This search has expired — searches last 20 minutes" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Search again" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(searchHref(activityCriteria, "srch_new")));
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/search");
    expect(post?.body).toEqual(toSearchRequest(activityCriteria));
  });

  it("cannot search again without criteria, and says why", async () => {
    installFetch({ [ratesPath("act_s5nlom")]: fail(410, "search_expired", "This search has expired.") });
    renderSheet("act_s5nlom", null);
    const button = await screen.findByRole("button", { name: "Search again" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/does not carry the search's criteria/);
  });

  it("says when the search does not know the product", async () => {
    installFetch({ [ratesPath("act_s5nlom")]: fail(404, "not_found", "We could not find that.") });
    renderSheet("act_s5nlom", activityCriteria);
    expect(await screen.findByRole("heading", { name: "This product is not part of this search" })).toBeInTheDocument();
  });

  it("shows other errors as a sentence with Retry", async () => {
    installFetch({
      [ratesPath("act_s5nlom")]: (n) => (n === 1 ? fail(503, "service_unavailable", "The travel service is busy; try again in a moment.") : ok(activityRates)),
      "GET /api/products/activity/act_s5nlom": ok(activityContent),
    });
    const user = userEvent.setup();
    renderSheet("act_s5nlom", activityCriteria);
    expect(await screen.findByText("The travel service is busy; try again in a moment.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Standard seating" })).toBeInTheDocument();
  });
});
