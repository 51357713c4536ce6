// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PricingAnswer } from "@/lib/pricing/schema";
import { PricingAdmin } from "./pricing-admin";
import { PricingAdminSkeleton } from "./pricing-admin-skeleton";

// The Pricing page (issue 29) against a scripted /api: the example follows the form before
// anything is saved, each field is checked with a sentence, and one PUT carries every rule.

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { data, meta: {}, error: null } });

const NEVER_SET: PricingAnswer = {
  currency: "EUR",
  agencyCurrency: "EUR",
  rounding: "none",
  allowBelowCost: false,
  maxDiscountBp: 0,
  rules: [{ productType: null, country: null, percentBp: 0, fixedMinor: 0 }],
  updatedAt: null,
  updatedBy: null,
};

function installFetch(reply: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const call = { method: init?.method ?? "GET", path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const r = reply(call);
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderPage(initial: PricingAnswer = NEVER_SET) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PricingAdmin initial={initial} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => vi.unstubAllGlobals());

const example = () => screen.getByTestId("pricing-example");

describe("PricingAdmin", () => {
  it("never set: says so; the example follows the form (the issue's €1,234.56 hotel at €1,419.99), and one PUT saves every rule", async () => {
    const calls = installFetch((c) => ok({ ...NEVER_SET, ...(c.body as object), updatedAt: "2026-11-30T10:00:00.000Z", updatedBy: "Ada Admin" }));
    const user = userEvent.setup();
    const client = renderPage();
    expect(screen.getByTestId("pricing-empty")).toHaveTextContent("No markup is set yet.");
    expect(screen.getByText("Not set yet.")).toBeInTheDocument();
    expect(example()).toHaveTextContent("A hotel costing €1,234.56 is offered at €1,234.56.");

    await user.type(screen.getByRole("textbox", { name: "Hotels: percentage" }), "15");
    await user.click(screen.getByRole("radio", { name: /Ending in \.99/ }));
    expect(example()).toHaveTextContent("A hotel costing €1,234.56 is offered at €1,419.99.");
    // Flights have no rule of their own: the default (empty, 0%) applies.
    await user.selectOptions(screen.getByRole("combobox", { name: "Product" }), "flight");
    expect(example()).toHaveTextContent("A flight costing €1,234.56 is offered at €1,234.99.");

    await user.type(screen.getByRole("textbox", { name: "Percentage" }), "10");
    await user.type(screen.getByRole("textbox", { name: "Fixed amount" }), "20");
    await user.click(screen.getByRole("button", { name: "Add a country" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Country 1" }), "JP");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country 1: products" }), "hotel");
    await user.type(screen.getByRole("textbox", { name: "Country 1: percentage" }), "20");
    await user.selectOptions(screen.getByRole("combobox", { name: "Product" }), "hotel");
    await user.selectOptions(screen.getByRole("combobox", { name: "Destination" }), "JP");
    // 1,234.56 + 20% (246.91) = 1,481.47 → 1,481.99.
    expect(example()).toHaveTextContent("A hotel in Japan costing €1,234.56 is offered at €1,481.99.");
    expect(screen.getByText("Hotels in Japan")).toBeInTheDocument();
    await user.clear(screen.getByRole("textbox", { name: "Agency's cost" }));
    await user.type(screen.getByRole("textbox", { name: "Agency's cost" }), "100");
    expect(example()).toHaveTextContent("A hotel in Japan costing €100.00 is offered at €120.99.");

    await user.type(screen.getByRole("textbox", { name: "Largest advisor discount" }), "{Backspace}5");
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Save pricing" }));
    expect(await screen.findByText(/^Saved at \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: "PUT",
        path: "/api/agency/pricing",
        body: {
          rounding: "ninety_nine",
          allowBelowCost: false,
          maxDiscountBp: 500,
          rules: [
            { productType: null, country: null, percentBp: 1000, fixedMinor: 2000 },
            { productType: "hotel", country: null, percentBp: 1500, fixedMinor: 0 },
            { productType: "hotel", country: "JP", percentBp: 2000, fixedMinor: 0 },
          ],
        },
      },
    ]);
    // The Client prices switch reads what was saved without asking again.
    expect(client.getQueryData(["agency-pricing"])).toMatchObject({ rounding: "ninety_nine", maxDiscountBp: 500 });
    expect(screen.queryByTestId("pricing-empty")).toBeNull();
  });

  it("each mistake has its sentence on its field; nothing is sent until they are fixed", async () => {
    const calls = installFetch(() => ok(NEVER_SET));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole("textbox", { name: "Hotels: percentage" }), "12.345");
    await user.type(screen.getByRole("textbox", { name: "Flights: fixed amount" }), "-3");
    await user.type(screen.getByRole("textbox", { name: "Activities: percentage" }), "2000");
    await user.type(screen.getByRole("textbox", { name: "Transfers: fixed amount" }), "4.567");
    await user.click(screen.getByRole("button", { name: "Add a country" }));
    await user.click(screen.getByRole("button", { name: "Add a country" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Country 1" }), "FR");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country 2" }), "FR");
    await user.type(screen.getByRole("textbox", { name: "Country 1: percentage" }), "5");
    await user.type(screen.getByRole("textbox", { name: "Country 2: percentage" }), "6");
    await user.click(screen.getByRole("button", { name: "Save pricing" }));

    expect(await screen.findByRole("textbox", { name: "Hotels: percentage" })).toHaveAccessibleDescription("Use at most two decimals for the percentage, such as 12.75.");
    expect(screen.getByRole("textbox", { name: "Flights: fixed amount" })).toHaveAccessibleDescription("A fixed amount cannot be negative; use 0 for none.");
    expect(screen.getByRole("textbox", { name: "Activities: percentage" })).toHaveAccessibleDescription("A markup can be at most 1,000%.");
    expect(screen.getByRole("textbox", { name: "Transfers: fixed amount" })).toHaveAccessibleDescription("Use at most 2 decimals for EUR amounts.");
    expect(screen.getByRole("combobox", { name: "Country 2" })).toHaveAccessibleDescription("There is already a rule for everything in France; change that one instead.");
    expect(screen.getByText("Fix the highlighted fields to see the example.")).toBeInTheDocument();
    // Said beside the button too: the first field at fault may be far above it.
    expect(screen.getByRole("status")).toHaveTextContent("Nothing was saved: fix the fields marked in red.");
    expect(calls).toHaveLength(0);

    // A country row needs a percentage or an amount; removing the row clears its problem.
    await user.click(screen.getByRole("button", { name: "Remove country 2" }));
    await user.clear(screen.getByRole("textbox", { name: "Country 1: percentage" }));
    await user.click(screen.getByRole("button", { name: "Save pricing" }));
    expect(await screen.findByRole("textbox", { name: "Country 1: percentage" })).toHaveAccessibleDescription("Give a percentage or a fixed amount, or remove this row.");
    expect(screen.getByRole("combobox", { name: "Country 1" })).not.toHaveAccessibleDescription(/already/);
  });

  it("a saved pricing fills the form; a refusal from the desk is shown beside the Save button; JPY amounts take no decimals", async () => {
    const saved: PricingAnswer = {
      currency: "JPY",
      agencyCurrency: "JPY",
      rounding: "whole",
      allowBelowCost: true,
      maxDiscountBp: 1250,
      rules: [
        { productType: null, country: null, percentBp: 800, fixedMinor: 0 },
        { productType: "transfer", country: null, percentBp: 0, fixedMinor: 1500 },
        { productType: null, country: "JP", percentBp: 1000, fixedMinor: 0 },
      ],
      updatedAt: "2026-11-20T09:00:00.000Z",
      updatedBy: "Ada Admin",
    };
    installFetch(() => ({ status: 500, body: { data: null, meta: {}, error: { code: "internal_error", message: "Something went wrong on the desk's side. Try again; if it keeps happening, tell an admin.", details: [] } } }));
    const user = userEvent.setup();
    renderPage(saved);
    expect(screen.getByText("Last saved 20 Nov 2026 by Ada Admin.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Percentage" })).toHaveValue("8");
    expect(screen.getByRole("textbox", { name: "Transfers: fixed amount" })).toHaveValue("1500");
    expect(screen.getByRole("textbox", { name: "Transfers: percentage" })).toHaveValue("");
    // A row of its own replaces the default whole: its empty percentage is none, not the default's 8.
    expect(screen.getByRole("textbox", { name: "Transfers: percentage" })).toHaveAttribute("placeholder", "0");
    expect(screen.getByRole("textbox", { name: "Hotels: percentage" })).toHaveAttribute("placeholder", "8");
    expect(screen.getByRole("combobox", { name: "Country 1" })).toHaveValue("JP");
    expect(screen.getByRole("textbox", { name: "Largest advisor discount" })).toHaveValue("12.5");
    expect(screen.getByRole("checkbox", { name: /Advisors may sell below cost/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Whole units/ })).toBeChecked();
    expect(example()).toHaveTextContent("A hotel costing ¥123,456 is offered at ¥133,332.");

    await user.type(screen.getByRole("textbox", { name: "Fixed amount" }), "2.5");
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Fixed amount" })).toHaveAccessibleDescription("JPY amounts have no decimals.");
    await user.clear(screen.getByRole("textbox", { name: "Fixed amount" }));
    await user.click(screen.getByRole("button", { name: "Save pricing" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Something went wrong on the desk's side. Try again; if it keeps happening, tell an admin.")).toBeInTheDocument();
    expect(alert.nextElementSibling).toContainElement(screen.getByRole("button", { name: "Save pricing" }));
    expect(screen.queryByText(/^Saved at/)).toBeNull();
  });

  it("the loading state: the page's shape, announced, hidden from the reading order", () => {
    render(<PricingAdminSkeleton />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the agency's pricing…");
  });
});
