// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import activityContent from "@/components/options/__fixtures__/activity-content.json";
import activityRates from "@/components/options/__fixtures__/activity-rates.json";
import { OptionsSheet } from "@/components/options/options-sheet";
import fixtures from "@/components/results/__fixtures__/sandbox-rows.json";
import { SourceLabels } from "@/components/results/format";
import { ResultCard } from "@/components/results/result-cards";
import { groupRows, type ResultRow } from "@/components/results/types";
import { parseCriteria, type SearchCriteria } from "@/lib/search/criteria";
import type { PricingAnswer } from "@/lib/pricing/schema";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import { londonHotelGroups } from "@/components/results/filters/__fixtures__";
import { EMPTY_FILTERS, facetsOf } from "@/components/results/filters/filter-model";
import { FilterPanel } from "@/components/results/filters/filter-panel";
import { CLIENT_PRICES_KEY, ClientPricesProvider, PricingCountry } from "./client-prices";
import { ClientPricesSwitch } from "./client-prices-switch";

// The Client prices switch (issue 29): off, the screen shows the agency's cost and commission;
// on, every price on result cards, maps' neighbours, rate sheets and option sheets is the client
// price from the agency's rules for the search's destination, commission is hidden, and the cost
// is never shown in its place while the rules load or when they cannot be read.

process.env.TZ = "UTC";
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), replace: vi.fn() }), usePathname: () => "/search" }));

const PRICING: PricingAnswer = {
  currency: "USD",
  agencyCurrency: "USD",
  rounding: "ninety_nine",
  allowBelowCost: false,
  maxDiscountBp: 0,
  rules: [
    { productType: null, country: null, percentBp: 500, fixedMinor: 0 },
    { productType: "hotel", country: null, percentBp: 1000, fixedMinor: 0 },
    { productType: "hotel", country: "GB", percentBp: 2000, fixedMinor: 0 },
    { productType: "activity", country: null, percentBp: 1000, fixedMinor: 0 },
  ],
  updatedAt: "2026-11-20T09:00:00.000Z",
  updatedBy: "Ada Admin",
};

type Reply = { status: number; body: unknown } | Promise<never>;
const ok = (data: unknown) => ({ status: 200, body: { data, meta: {}, error: null } });
function installFetch(routes: Record<string, () => Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const key = `${init?.method ?? "GET"} ${url.pathname}`;
      calls.push(key);
      const reply = await (routes[key]?.() ?? { status: 404, body: { data: null, meta: {}, error: { code: "not_found", message: "No such route in the test.", details: [] } } });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function Desk({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return (
    <QueryClientProvider client={client}>
      <ClientPricesProvider>{children}</ClientPricesProvider>
    </QueryClientProvider>
  );
}

const parse = (rows: unknown[]): ResultRow[] => rows.map((r) => resultRowSchema.parse(r));
const london: SearchCriteria = {
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

function hotelCard(criteria: SearchCriteria, rows: unknown[] = fixtures.commissionHotelRows) {
  const [group] = groupRows(parse(rows));
  return (
    <Desk>
      <ClientPricesSwitch />
      <ResultCard group={group!} ctx={{ searchId: "srch_1", criteria, sources: new SourceLabels() }} thumbnail={{ state: "none" } as never} selected={false} onSelect={() => {}} />
    </Desk>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("Client prices on result cards", () => {
  it("off: the cost and the commission; on: the client price for the destination's rule, no commission; kept for the next page", async () => {
    const calls = installFetch({ "GET /api/agency/pricing": () => ok(PRICING) });
    const user = userEvent.setup();
    const [row] = groupRows(parse(fixtures.commissionHotelRows))[0]!.rows;
    const cost = row!.sellAmountMinor;
    const { unmount } = render(hotelCard(london));
    const card = screen.getByRole("article");
    const switchButton = screen.getByRole("switch", { name: "Client prices" });
    expect(switchButton).toHaveAttribute("aria-checked", "false");
    const costText = new Intl.NumberFormat("en-US", { style: "currency", currency: row!.sellCurrency }).format(cost / 100);
    expect(card).toHaveTextContent(costText);
    expect(card).toHaveTextContent(/Commission 12%/);
    // Off, the rules are not even asked for.
    expect(calls).toEqual([]);

    await user.click(switchButton);
    expect(switchButton).toHaveAttribute("aria-checked", "true");
    expect(localStorage.getItem(CLIENT_PRICES_KEY)).toBe("on");
    // Hotels in Great Britain: +20%, then .99.
    const client = Math.ceil((Math.round(cost * 1.2) - 99) / 100) * 100 + 99;
    const clientText = new Intl.NumberFormat("en-US", { style: "currency", currency: row!.sellCurrency }).format(client / 100);
    await waitFor(() => expect(card).toHaveTextContent(clientText));
    expect(card).not.toHaveTextContent(costText);
    expect(card).not.toHaveTextContent(/Commission/);
    expect(calls).toEqual(["GET /api/agency/pricing"]);
    unmount();

    // Another page, later: still on; a hotel elsewhere gets the hotels' rule (+10%).
    render(hotelCard({ ...london, place: { kind: "text", name: "Somewhere" } }));
    const elsewhere = Math.ceil((Math.round(cost * 1.1) - 99) / 100) * 100 + 99;
    const elsewhereText = new Intl.NumberFormat("en-US", { style: "currency", currency: row!.sellCurrency }).format(elsewhere / 100);
    expect(screen.getByRole("switch", { name: "Client prices" })).toHaveAttribute("aria-checked", "true");
    await waitFor(() => expect(screen.getByRole("article")).toHaveTextContent(elsewhereText));

    await user.click(screen.getByRole("switch", { name: "Client prices" }));
    expect(localStorage.getItem(CLIENT_PRICES_KEY)).toBeNull();
    expect(screen.getByRole("article")).toHaveTextContent(costText);
    expect(screen.getByRole("article")).toHaveTextContent(/Commission 12%/);
  });

  it("while the rules load, and when they cannot be read, no price is shown rather than the cost", async () => {
    let fail = false;
    let release: (() => void) | undefined;
    installFetch({
      "GET /api/agency/pricing": () =>
        fail
          ? { status: 500, body: { data: null, meta: {}, error: { code: "internal_error", message: "Something went wrong on the desk's side.", details: [] } } }
          : (new Promise((resolve) => (release = () => resolve(ok(PRICING) as never))) as Promise<never>),
    });
    localStorage.setItem(CLIENT_PRICES_KEY, "on");
    const [row] = groupRows(parse(fixtures.hotelRows))[0]!.rows;
    const costText = new Intl.NumberFormat("en-US", { style: "currency", currency: row!.sellCurrency }).format(row!.sellAmountMinor / 100);
    const { unmount } = render(hotelCard(london, fixtures.hotelRows));
    const card = screen.getByRole("article");
    expect(within(card).getByText("Client price loading")).toBeInTheDocument();
    expect(card).not.toHaveTextContent(costText);
    await waitFor(() => expect(release).toBeDefined()); // the rules are asked for once their code has loaded
    await act(async () => release?.());
    await waitFor(() => expect(within(card).queryByText("Client price loading")).toBeNull());
    unmount();

    fail = true;
    render(hotelCard(london, fixtures.hotelRows));
    expect(await screen.findByRole("alert")).toHaveTextContent("The agency's pricing could not be read, so no price is shown.");
    expect(within(screen.getByRole("article")).getByText("Client price unavailable")).toBeInTheDocument();
    expect(screen.getByRole("article")).not.toHaveTextContent(costText);
  });
});

describe("the rules are asked for only where prices are shown", () => {
  it("on, a page without prices (the sign-in page) sends no request", async () => {
    const calls = installFetch({ "GET /api/agency/pricing": () => ok(PRICING) });
    localStorage.setItem(CLIENT_PRICES_KEY, "on");
    render(
      <Desk>
        <p>Sign in</p>
      </Desk>,
    );
    await act(async () => {});
    expect(calls).toEqual([]);
  });
});

describe("Client prices on an option sheet", () => {
  it("each session, the 'from' of its group and its Select say the client price (activities +10%, .99)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T02:10:00Z"));
    try {
      const SID = "srch_a81e7302fe54ebe9";
      installFetch({
        "GET /api/agency/pricing": () => ok(PRICING),
        [`POST /api/search/${SID}/products/act_s5nlom/rates`]: () => ok(activityRates),
        "GET /api/products/activity/act_s5nlom": () => ok(activityContent),
      });
      const criteria = parseCriteria(new URLSearchParams({ type: "activity", to: "destination:ES-BARCELONA|Barcelona|ES", in: "2026-12-06", pax: "2" }))!;
      const user = userEvent.setup();
      render(
        <Desk>
          <OptionsSheet searchId={SID} productId="act_s5nlom" criteria={criteria} />
        </Desk>,
      );
      const standard = await screen.findByRole("region", { name: "Standard seating" });
      expect(standard).toHaveTextContent("6 sessions · from $111.90");
      await user.click(screen.getByRole("switch", { name: "Client prices" }));
      // $111.90 + 10% = $123.09 → $123.99.
      await waitFor(() => expect(standard).toHaveTextContent("6 sessions · from $123.99"));
      expect(standard).not.toHaveTextContent("$111.90");
      const selects = within(standard).getAllByRole("button", { name: /^.*\$\d/ });
      expect(selects.length).toBeGreaterThan(0);
      for (const b of selects) expect(b.getAttribute("aria-label")).toMatch(/\.99$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("Client prices on the results' price filter", () => {
  it("the filter still works on the cost, and says its amounts as client prices for the destination", async () => {
    installFetch({ "GET /api/agency/pricing": () => ok(PRICING) });
    const user = userEvent.setup();
    const groups = londonHotelGroups();
    const facets = facetsOf(groups, "hotel", EMPTY_FILTERS);
    render(
      <Desk>
        <ClientPricesSwitch />
        <PricingCountry country="GB">
          <FilterPanel productType="hotel" facets={facets} filters={EMPTY_FILTERS} currency="USD" onChange={() => {}} />
        </PricingCountry>
      </Desk>,
    );
    const min = screen.getByRole<HTMLInputElement>("slider", { name: /Minimum price/ });
    const lowCost = Number(min.value);
    const whole = (minor: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(minor / 100);
    expect(min).toHaveAttribute("aria-valuetext", whole(lowCost * 100));

    await user.click(screen.getByRole("switch", { name: "Client prices" }));
    // Hotels in Great Britain: +20%, .99 (shown whole, rounded).
    const client = Math.ceil((lowCost * 100 * 1.2 - 99) / 100) * 100 + 99;
    await waitFor(() => expect(min).toHaveAttribute("aria-valuetext", whole(client)));
    // The slider's values are still the cost's: filtering means the same rows.
    expect(Number(min.value)).toBe(lowCost);
  });
});
