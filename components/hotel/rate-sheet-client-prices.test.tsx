// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientPricesProvider, CLIENT_PRICES_KEY } from "@/components/pricing/client-prices";
import { formatMoney } from "@/lib/money";
import { clientPrice } from "@/lib/pricing/markup";
import { pricingOf, type PricingAnswer } from "@/lib/pricing/schema";
import { parseCriteria } from "@/lib/search/criteria";
import { parisSheet } from "./__fixtures__";
import { RateSheet } from "./rate-sheet";

// The hotel rate sheet with Client prices (issue 29): off, the cost and the commission of each
// rate; on, the client price of hotels in France (rows, the room's "from", each Select's name)
// and no commission.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), replace: vi.fn() }), usePathname: () => "/search" }));

const SID = "srch_paris";
const HOTEL = parisSheet.rows[0]!.canonicalProductId;
const criteria = parseCriteria(new URLSearchParams("type=hotel&to=city:2988507|Paris|FR&in=2026-12-10&out=2026-12-12&pax=2&res=FR"))!;
const PRICING: PricingAnswer = {
  currency: "EUR",
  agencyCurrency: "EUR",
  rounding: "whole",
  allowBelowCost: false,
  maxDiscountBp: 0,
  rules: [
    { productType: null, country: null, percentBp: 0, fixedMinor: 0 },
    { productType: "hotel", country: "FR", percentBp: 1000, fixedMinor: 500 },
  ],
  updatedAt: null,
  updatedBy: null,
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://desk.test").pathname;
      const data = path === "/api/agency/pricing" ? PRICING : path === `/api/search/${SID}/hotels/${HOTEL}/rates` && init?.method === "POST" ? parisSheet.rows : null;
      return new Response(JSON.stringify(data ? { data, meta: {}, error: null } : { data: null, meta: {}, error: { code: "not_found", message: "No such route in the test.", details: [] } }), {
        status: data ? 200 : 404,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("RateSheet with Client prices", () => {
  it("off shows the cost and the commission; on shows the client price everywhere on the sheet and no commission", async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    render(
      <QueryClientProvider client={client}>
        <ClientPricesProvider>
          <RateSheet searchId={SID} productId={HOTEL} criteria={criteria} hotelName="Hôtel" />
        </ClientPricesProvider>
      </QueryClientProvider>,
    );
    const row = parisSheet.rows[0]!;
    const cost = formatMoney(row.sellAmountMinor, "EUR");
    const expected = clientPrice({ amountMinor: row.sellAmountMinor, currency: "EUR" }, "hotel", "FR", pricingOf(PRICING));
    // €137.75 + 10% (€13.78) + €5.00 = €156.53 → €157.00.
    expect(expected.amountMinor).toBe(15_700);
    const price = formatMoney(expected.amountMinor, "EUR");

    const [select] = await screen.findAllByRole("button", { name: new RegExp(`^Select ${row.summary.rateName!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*, ${cost.replace(".", "\\.")}$`) });
    const item = select!.closest("li")!;
    expect(item).toHaveTextContent(cost);
    expect(item).toHaveTextContent(/Commission 14%/);

    await user.click(screen.getByRole("switch", { name: "Client prices" }));
    expect(localStorage.getItem(CLIENT_PRICES_KEY)).toBe("on");
    await waitFor(() => expect(item).toHaveTextContent(price));
    expect(item).not.toHaveTextContent(cost);
    expect(item).not.toHaveTextContent(/Commission/);
    expect(select!.getAttribute("aria-label")).toMatch(new RegExp(`, ${price.replace(".", "\\.")}$`));
    // No commission anywhere on the sheet, nor the cost of this rate.
    expect(screen.queryByText(/Commission/)).toBeNull();
    // Each room's "from" is a client price too: every one ends in .00 (whole units), as no cost here does.
    const froms = screen.getAllByText((_, el) => el?.tagName === "P" && /^\d+ rates? from /.test(el.textContent ?? ""));
    expect(froms.length).toBeGreaterThan(0);
    for (const f of froms) expect(f.textContent).toMatch(/^\d+ rates? from €[\d,]+\.00$/);
  });
});
