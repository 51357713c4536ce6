// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { PaletteDialog } from "./palette-dialog";

// The palette's pages and actions are found as people type them: any case, with or without accents.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }) }));

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ data: { rows: [], nextCursor: null }, meta: {}, error: null })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it.each([
  ["ATTÉNTION", /Needs attention/],
  ["SEARCH HÔTELS", /Search hotels/],
  ["flîght", /Search flights/],
])("“%s” finds %s", async (typed, entry) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaletteDialog open onOpenChange={() => {}} isAdmin={false} />
    </QueryClientProvider>,
  );
  await userEvent.setup().type(screen.getByRole("combobox"), typed);
  expect(await screen.findByRole("option", { name: entry })).toBeVisible();
});
