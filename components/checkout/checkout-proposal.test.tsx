// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { okReply, routeFetch } from "@/lib/testing/scripted-fetch";
import { parseCriteria } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import hotelChange from "./__fixtures__/hotel-price-change.json";
import { Checkout, type CheckoutProps } from "./checkout";

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/checkout" }));


const hotelCriteria = parseCriteria(
  new URLSearchParams({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "2-7,1", res: "US" }),
)!;
const QUOTE = hotelChange.row.rateQuoteId;
const SID = hotelChange.searchId;
const priceCheckPath = (q: string) => `POST /api/quotes/${q}/price-check`;

function renderCheckout(proposal: CheckoutProps["proposal"]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Checkout quoteId={QUOTE} searchId={SID} criteria={hotelCriteria} currency="USD" proposal={proposal} />
    </QueryClientProvider>,
  );
}


beforeEach(() => {
  // Only Date moves under test control: the fixtures' times (22 Nov 2026) stay "now".
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T02:11:30Z"));
  sessionStorage.clear();
  Object.values(router).forEach((fn) => fn.mockReset());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Checkout opened from a proposal (issue 29, docs/proposals.md#re-finding-an-offer): the proposed
// and current prices side by side, the client as lead traveller, a changed price booked only once
// the advisor confirms the client accepted it, and the booking naming the proposal's item.

const PROPOSAL = {
  id: "5b0c1a52-7a3e-4c55-9d1e-2f0b7d1c9a11",
  itemId: "9f5f7c2e-1b7d-4e8e-8f7a-3c2d1e0f4a22",
  reference: "PR-7KQ2M9",
  title: "London in December",
  clientName: "Zoé Lefèvre",
  proposed: { cost: { amountMinor: 106_256, currency: "USD" }, clientPrice: { amountMinor: 116_900, currency: "USD" } },
  lead: { firstName: "Zoé", lastName: "Lefèvre", email: "zoe@example.com", phone: "+33 6 12 34 56 78" },
};
const pricePath = `GET /api/proposals/${PROPOSAL.id}/items/${PROPOSAL.itemId}/price`;

describe("Checkout from a proposal", () => {
  it("compares proposed and current prices, fills in the client, and books the item only once the new price is accepted", async () => {
    rememberSelectedRate(resultRowSchema.parse(hotelChange.row));
    const booked = hotelChange.bookingConfirmed.data;
    const calls = routeFetch({
      [priceCheckPath(QUOTE)]: okReply(hotelChange.priceCheck),
      [pricePath]: okReply({ proposed: PROPOSAL.proposed, now: { cost: { amountMinor: 113_694, currency: "USD" }, clientPrice: { amountMinor: 125_100, currency: "USD" } } }),
      "POST /api/bookings": { status: 201, body: hotelChange.bookingConfirmed },
      [`GET /api/bookings/${booked.bookingId}`]: okReply({ order: { totalSell: { amountMinor: 113694, currency: "USD" } } }),
    });
    const user = userEvent.setup();
    renderCheckout(PROPOSAL);

    const compare = await screen.findByTestId("proposal-compare");
    expect(compare).toHaveTextContent("For Zoé Lefèvre, from proposal PR-7KQ2M9");
    const changed = await screen.findByTestId("proposal-price-changed");
    await waitFor(() => expect(changed).toHaveTextContent("the client would pay $1,251.00 (+$82.00)"));
    expect(screen.getByRole("row", { name: /Client pays \$1,169\.00 \$1,251\.00/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Agency pays \$1,062\.56 \$1,136\.94/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/price"))).toBeDefined();

    // The client is the lead traveller: what the form starts with.
    const first = await screen.findAllByLabelText(/^First name/);
    expect(first[0]).toHaveValue("Zoé");
    expect(screen.getAllByLabelText(/^Last name/)[0]).toHaveValue("Lefèvre");

    const last = screen.getAllByLabelText(/^Last name/);
    for (const i of [1, 2, 3]) {
      await user.type(first[i]!, "Ana");
      await user.type(last[i]!, "Lopez");
    }
    await user.click(screen.getByRole("checkbox", { name: /The client accepts these changes/ }));
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    const accept = screen.getByRole("checkbox", { name: "The client accepted the new price of $1,251.00" });
    expect(accept).toHaveAccessibleDescription("Confirm that the client accepted the new price, or go back to the proposal.");
    expect(accept).toHaveFocus();
    expect(calls.some((c) => c.path === "/api/bookings")).toBe(false);

    await user.click(accept);
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    expect(await screen.findByRole("heading", { name: "Booking confirmed" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the proposal" })).toHaveAttribute("href", `/proposals/${PROPOSAL.id}`);
    const bookings = calls.filter((c) => c.path === "/api/bookings");
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.body).toMatchObject({
      quoteId: QUOTE,
      proposal: { id: PROPOSAL.id, itemId: PROPOSAL.itemId },
      travelers: [expect.objectContaining({ firstName: "Zoé", lastName: "Lefèvre" }), expect.anything(), expect.anything(), expect.anything()],
    });
  });

  it("the same price as proposed needs no more than the usual checks, and asks for no client price", async () => {
    rememberSelectedRate(resultRowSchema.parse(hotelChange.row));
    const calls = routeFetch({ [priceCheckPath(QUOTE)]: okReply(hotelChange.priceCheck) });
    renderCheckout({ ...PROPOSAL, proposed: { cost: { amountMinor: 113_694, currency: "USD" }, clientPrice: { amountMinor: 125_100, currency: "USD" } } });
    expect(await screen.findByTestId("proposal-price-same")).toHaveTextContent("Same price as proposed: the client pays $1,251.00.");
    expect(screen.queryByRole("checkbox", { name: /accepted the new price/ })).toBeNull();
    expect(calls.some((c) => c.path.endsWith("/price"))).toBe(false);
  });
});
