// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaletteDialog } from "./palette-dialog";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }) }));

const row = (id: string, orderRef: string) => ({
  _id: id,
  orderRef,
  state: "confirmed",
  totalSell: { amountMinor: 1000, currency: "USD" },
  firstItem: { productType: "hotel", hotelName: "Flores Inn" },
  createdAt: "2026-11-20T10:00:00Z",
  bookedBy: null,
});

beforeEach(() => {
  push.mockReset();
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Element.prototype.scrollIntoView = () => {};
  // "fl" finds a booking (its hotel's name); "flight" finds none.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const q = new URL(String(input), "http://desk.test").searchParams.get("q");
      const rows = q === "fl" ? [row("bkg_1", "RV-2026-FLORES1")] : [];
      return new Response(JSON.stringify({ data: { rows, nextCursor: null }, meta: {}, error: null }), { headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPalette() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PaletteDialog open onOpenChange={() => {}} isAdmin={false} />
    </QueryClientProvider>,
  );
}

describe("PaletteDialog", () => {
  it("keeps an entry highlighted when the highlighted booking goes away as the advisor types on, so Enter opens it", async () => {
    const user = userEvent.setup();
    renderPalette();
    const input = screen.getByRole("combobox");
    await user.type(input, "fl");
    const booking = await screen.findByRole("option", { name: /RV-2026-FLORES1/ });
    await expect.poll(() => booking.getAttribute("aria-selected")).toBe("true");

    await user.type(input, "ight");
    expect(await screen.findByText("No booking matches.")).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /RV-2026-FLORES1/ })).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: /Search flights/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(push).toHaveBeenCalledWith("/search?type=flight");
  });
});

describe("PaletteDialog's empty and error states", () => {
  it("says once that nothing matches, and says so when bookings cannot be looked up", async () => {
    const user = userEvent.setup();
    renderPalette();
    const input = screen.getByRole("combobox");
    await user.type(input, "zzqx");
    expect(await screen.findByText(/No booking or page matches “zzqx”/)).toBeInTheDocument();
    expect(screen.queryByText("No booking matches.")).not.toBeInTheDocument();

    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ data: null, meta: {}, error: { code: "upstream_unavailable", message: "The travel service is not answering.", details: [] } }, { status: 503 })));
    await user.clear(input);
    await user.type(input, "smith");
    expect(await screen.findByText("Bookings could not be looked up just now.")).toBeInTheDocument();
    expect(screen.queryByText(/No booking or page matches/)).not.toBeInTheDocument();
  });
});
