import { bookHotel, outsideTheDesk, uniqueName } from "./bookings-kit";
import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The command palette, with the keyboard alone: jump to a booking by its order reference, start
// a search of another product, open a section.

test.use({ storageState: STORAGE_STATE.advisor });

/** The shortcut is live once the page has hydrated. */
const paletteReady = (page: import("@playwright/test").Page) => page.locator("[data-palette-ready]").waitFor({ state: "attached" });

test.describe("command palette", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "a keyboard journey"));

  test("finds a booking by its order reference and opens it, keyboard only", async ({ page, request, sandbox, expectAccessible }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Palette") });
    await page.goto("/search");
    await paletteReady(page);
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeVisible();
    await expect(palette.getByRole("combobox")).toBeFocused();
    await page.keyboard.type(made.orderRef);
    const option = palette.getByRole("option", { name: new RegExp(made.orderRef) });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expectAccessible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/bookings/${made.bookingId}`));
    await expect(palette).toHaveCount(0);
  });

  test("opens at once: nothing is fetched between the key and the dialog, and Esc gives the focus back", async ({ page }) => {
    // Issue 27, defect 11: the dialog used to be fetched on the first key (340 ms on a desktop).
    await page.goto("/bookings");
    await paletteReady(page);
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") fetched.push(r.url());
    });
    const search = page.getByRole("searchbox").or(page.getByRole("textbox")).first();
    await search.focus();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeVisible();
    await expect(palette.getByRole("combobox")).toBeFocused();
    expect(fetched, "scripts fetched between Ctrl+K and the palette").toEqual([]);
    // The backdrop covers the whole window, not the header it is opened from (whose backdrop-filter
    // once made it the box of the palette's fixed elements), and a click on it closes.
    const viewport = page.viewportSize()!;
    const backdrop = page.locator("[data-palette-backdrop]");
    await expect(backdrop).toBeVisible();
    expect(await backdrop.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await page.mouse.click(20, viewport.height - 20);
    await expect(palette).toHaveCount(0);
    await search.focus();
    await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette).toHaveCount(0);
    await expect(search).toBeFocused();
  });

  test("starts a search of another product and opens sections, with the shortcuts listed", async ({ page }) => {
    await page.goto("/bookings");
    await paletteReady(page);
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette.getByText("open or close")).toBeVisible();
    await page.keyboard.type("flight");
    await expect(palette.getByRole("option", { name: /Search flights/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?type=flight/);
    await expect(page.getByRole("tab", { name: /Flights/, selected: true }).or(page.getByRole("heading", { name: /flights/i })).first()).toBeVisible();

    await paletteReady(page);
    await page.keyboard.press("Control+k");
    await page.keyboard.type("attention");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/attention$/);
    await paletteReady(page);
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog", { name: "Command palette" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Command palette" })).toHaveCount(0);
  });
});
