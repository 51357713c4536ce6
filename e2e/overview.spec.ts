import { DEMO_USERS } from "../lib/auth/config";
import { bookHotel, uniqueName } from "./bookings-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The agency overview: an admin sees the booking an advisor just made, under that advisor; an
// advisor cannot open it (the page and the API answer 403).

const advisorName = DEMO_USERS.find((u) => u.role === "advisor")!.name;

test.describe("agency overview", () => {
  test.describe("as an admin", () => {
    test.use({ storageState: STORAGE_STATE.admin });

    test("shows the booking an advisor just made, under the advisor, with a table beside each chart", async ({ page, browser, sandbox, expectAccessible }) => {
      const advisor = await browser.newContext({ storageState: STORAGE_STATE.advisor, baseURL: E2E_ORIGIN });
      await bookHotel({ request: advisor.request }, sandbox, { lastName: uniqueName("Counted") });
      await advisor.close();

      await page.goto("/admin/overview");
      await expect(page.getByRole("heading", { level: 1, name: "Agency overview" })).toBeVisible();
      await page.getByRole("button", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(/range=7/);
      const byAdvisor = page.getByTestId("by-advisor");
      const row = byAdvisor.getByRole("row").filter({ has: page.getByRole("rowheader", { name: advisorName }) });
      await expect(row).toBeVisible();
      expect(Number((await row.getByRole("cell").first().textContent())?.trim())).toBeGreaterThanOrEqual(1);
      // The day's sales stand as a bar of the chart beside the table.
      const salesChart = page.getByRole("region", { name: "Sales per day" }).getByTestId("bars-chart");
      await expect(salesChart).toBeVisible();
      expect(await salesChart.locator("[data-bar]").evaluateAll((bars) => bars.filter((b) => b.getBoundingClientRect().height > 1).length)).toBeGreaterThanOrEqual(1);
      await expectAccessible();
    });
  });

  test.describe("as an advisor", () => {
    test.use({ storageState: STORAGE_STATE.advisor });

    test("the overview is closed: 403 page and 403 API", async ({ page }) => {
      const answer = await page.goto("/admin/overview");
      expect(answer?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Overview" })).toHaveCount(0);
      const api = await page.request.get("/api/admin/overview");
      expect(api.status()).toBe(403);
      expect((await api.json()).error).toMatchObject({ code: "forbidden" });
    });
  });
});
