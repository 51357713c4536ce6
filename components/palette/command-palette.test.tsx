// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, it, vi } from "vitest";
import { CommandPalette } from "./command-palette";

// Issue 27, defect 11: Ctrl+K must show the palette at once. Its code arrives once the page has
// settled and it is rendered hidden; the key then only shows it, in the same task as the key event
// (before, the key started a dynamic import and the dialog came a network round trip later).

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }) }));

beforeEach(() => {
  push.mockReset();
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ data: { rows: [], nextCursor: null }, meta: {}, error: null })));
});

function renderPalette() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CommandPalette isAdmin={false} />
    </QueryClientProvider>,
  );
}

/** The palette's panel, shown or not (hidden, it is out of the accessibility tree: no role query finds it). */
const paletteDialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Command palette"]');
const isShown = () => paletteDialog()!.style.visibility !== "hidden";

it("is rendered hidden once the page has settled, and Ctrl+K opens it in the key's own task, focused on its input", async () => {
  renderPalette();
  // Ready (tests and people can rely on the key) only once the dialog is in the page, closed.
  await screen.findByRole("button", { name: /command palette/i }).then((b) => expect.poll(() => b.hasAttribute("data-palette-ready"), { timeout: 10_000 }).toBe(true));
  expect(paletteDialog()).not.toBeNull();
  expect(isShown()).toBe(false);
  expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument();

  act(() => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true }));
  });
  // No await between the key and these: nothing is loaded, the dialog is shown synchronously.
  expect(isShown()).toBe(true);
  expect(screen.getByRole("dialog", { name: "Command palette" })).toBeVisible();
  expect(screen.getByRole("combobox")).toHaveFocus();

  act(() => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true }));
  });
  expect(isShown()).toBe(false);
});

it("opens from its button, clears what was typed when closed, and goes where Enter points", async () => {
  const user = userEvent.setup();
  renderPalette();
  await user.click(screen.getByRole("button", { name: /command palette/i }));
  const input = await screen.findByRole("combobox");
  await user.type(input, "attent");
  expect(screen.getByRole("option", { name: /Needs attention/ })).toHaveAttribute("aria-selected", "true");
  await user.keyboard("{Escape}");
  expect(isShown()).toBe(false);

  await user.click(screen.getByRole("button", { name: /command palette/i }));
  expect(screen.getByRole("combobox")).toHaveValue("");
  await user.type(screen.getByRole("combobox"), "my book");
  await user.keyboard("{ArrowDown}{ArrowUp}{Enter}");
  expect(push).toHaveBeenCalledWith("/bookings?mine=1");
  expect(isShown()).toBe(false);
});

it("moves the highlight with the arrow keys, wrapping at both ends", async () => {
  const user = userEvent.setup();
  renderPalette();
  await user.click(screen.getByRole("button", { name: /command palette/i }));
  await user.type(await screen.findByRole("combobox"), "search");
  const names = () => screen.getAllByRole("option").map((o) => [o.textContent, o.getAttribute("aria-selected")]);
  expect(names()[0]).toEqual([expect.stringMatching(/Search hotels/), "true"]);
  await user.keyboard("{ArrowUp}");
  expect(screen.getByRole("option", { name: /Search transfers/ })).toHaveAttribute("aria-selected", "true");
  await user.keyboard("{ArrowDown}{ArrowDown}");
  expect(screen.getByRole("option", { name: /Search flights/ })).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("combobox").getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: /Search flights/ }).id);
});

it("stays closed when Esc comes before the render that follows the key, and gives the focus back", async () => {
  const user = userEvent.setup();
  renderPalette();
  const button = await screen.findByRole("button", { name: /command palette/i });
  await expect.poll(() => button.hasAttribute("data-palette-ready"), { timeout: 10_000 }).toBe(true);
  button.focus();
  act(() => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true }));
  });
  expect(screen.getByRole("combobox")).toHaveFocus();
  await user.keyboard("{Escape}");
  await new Promise((resolve) => setTimeout(resolve, 100)); // past the frame and task the open state waits for
  expect(isShown()).toBe(false);
  expect(button).toHaveFocus();
});
