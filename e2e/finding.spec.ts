import type { Page, TestInfo } from "@playwright/test";
import { bookHotel, outsideTheDesk, uniqueName } from "./bookings-kit";
import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";
import { SearchPage } from "./search-page";

// Finding things the way people type them: a booking by its lead guest's name without the
// accents, in the bookings search and the command palette; a destination despite a typo.

test.use({ storageState: STORAGE_STATE.advisor });

/** A picture of the page as the advisor sees it, kept with the test's results (to look at). */
async function picture(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

test.describe("finding what was typed", () => {
  test("the bookings search finds Réjeanne Lefèvre by 'rejeanne lefevre', in a fresh page and after a reload", async ({ page, request, sandbox }, testInfo) => {
    // Letters only, no digits, so the whole name is a word the test alone uses.
    const lastName = uniqueName("Lefèvre");
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { firstName: "Réjeanne", lastName });
    const typed = `rejeanne ${lastName.replace("è", "e")}`;

    await page.goto("/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await page.getByRole("searchbox").fill(typed);
    await expect(page.getByRole("link", { name: made.orderRef })).toBeVisible();
    await expect(page.getByText(`Réjeanne ${lastName}`).filter({ visible: true }).first()).toBeVisible();
    await picture(page, testInfo, "bookings-search-unaccented");

    await page.reload();
    await expect(page.getByRole("searchbox")).toHaveValue(typed);
    await expect(page.getByRole("link", { name: made.orderRef })).toBeVisible();
  });

  test("the command palette finds the booking by the unaccented last name, in upper case", async ({ page, request, sandbox }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a keyboard journey");
    const lastName = uniqueName("Lefèvre");
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { firstName: "Zoé", lastName });
    await page.goto("/bookings");
    await page.locator("[data-palette-ready]").waitFor({ state: "attached" });
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette.getByRole("combobox")).toBeFocused();
    await page.keyboard.type(lastName.replace("è", "e").toUpperCase());
    await expect(palette.getByRole("option", { name: new RegExp(made.orderRef) })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/bookings/${made.bookingId}`));
  });

  test("the destination field offers Paris for 'Pariss', says it corrected the typo, and searches Paris", async ({ page }, testInfo) => {
    // The desk corrects typos from the service's place names, loaded on the first typo and used
    // once at hand within a moment (lib/bff/suggest.ts): on a fresh, loaded server the first
    // "Pariss" can come back uncorrected. Wait until the names are there, as they are for every
    // advisor after the first typo of the day.
    await expect
      .poll(async () => ((await (await page.request.get("/api/suggest?q=Pariss")).json()) as { data?: { didYouMean?: string } }).data?.didYouMean, { timeout: 60_000 })
      .toBe("Paris");
    const search = new SearchPage(page);
    await search.goto();
    const destination = search.form("Hotels").getByRole("combobox", { name: "Destination" });
    await destination.click();
    await destination.pressSequentially("Pariss", { delay: 80 });
    const listbox = page.getByRole("listbox");
    const paris = listbox.getByRole("group", { name: /^Cities/ }).getByRole("option", { name: "Paris", exact: true });
    await expect(paris).toBeVisible();
    await expect(page.getByTestId("suggest-correction")).toHaveText(/Did you mean Paris\?\s*No places match “Pariss”\./);
    await expect(page.getByTestId("suggest-loading")).toHaveCount(0);
    await picture(page, testInfo, "suggest-pariss");

    await paris.click();
    await expect(destination).toHaveValue("Paris");
    await expect(listbox).toHaveCount(0);
  });
});
