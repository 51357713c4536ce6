import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The outbox (docs/mail.md): the e2e server sets no SMTP_URL, so the desk keeps its mail and says
// so; an admin sends a test mail and reads it, its HTML in a sandboxed frame; an advisor is refused.

test.describe("the outbox", () => {
  test.describe("as an admin", () => {
    test.use({ storageState: STORAGE_STATE.admin });

    test("says mail is kept, not sent; a test mail lands in the list and opens with its headers, HTML and text", async ({ page, expectAccessible }) => {
      await page.goto("/bookings");
      await page.getByRole("navigation", { name: "Main" }).filter({ visible: true }).getByRole("link", { name: "Outbox" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
      await expect(page.getByRole("region", { name: "How the desk sends mail" }).getByRole("heading", { name: "Mail is kept here, not sent" })).toBeVisible();

      await page.getByRole("button", { name: "Send a test mail" }).first().click();
      await expect(page.getByRole("status")).toHaveText("Test mail kept in the outbox: no mail server is set, so nothing was sent.");
      const mail = page.getByRole("list", { name: "Mail" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Test mail from the agency desk" }) }).first();
      await expect(mail).toContainText("Kept");
      await expectAccessible();

      await page.getByRole("combobox", { name: "Kind" }).selectOption("test");
      await expect(page).toHaveURL(/\/admin\/outbox\?kind=test$/);
      await page.getByRole("link", { name: "Test mail from the agency desk" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Test mail from the agency desk" })).toBeVisible();
      await expect(page.getByText("Kept in the outbox: no mail server was set, so it was not sent.")).toBeVisible();
      const headers = page.getByRole("region", { name: "Headers" });
      await expect(headers).toContainText("Avery Admin");
      const frame = page.getByTitle("The mail's HTML: Test mail from the agency desk");
      await expect(frame).toHaveAttribute("sandbox", "");
      await expect(page.frameLocator('iframe[title^="The mail\'s HTML"]').getByText(/This is a test mail you sent from the desk's outbox/)).toBeVisible();
      await page.getByRole("tab", { name: "Text" }).click();
      await expect(page.getByText(/No mail server is set \(SMTP_URL\), so it was kept in the desk's outbox and not sent\./)).toBeVisible();
      await expectAccessible();

      await page.getByRole("main").getByRole("link", { name: "Outbox" }).click();
      await expect(page).toHaveURL(/\/admin\/outbox\?kind=test$/);
    });
  });

  test.describe("as an advisor", () => {
    test.use({ storageState: STORAGE_STATE.advisor });

    test("the outbox is closed: 403 page and 403 API", async ({ page }) => {
      const answer = await page.goto("/admin/outbox");
      expect(answer?.status()).toBe(403);
      await expect(page.getByRole("link", { name: "Outbox" })).toHaveCount(0);
      const api = await page.request.get("/api/admin/outbox");
      expect(api.status()).toBe(403);
      expect((await api.json()).error).toMatchObject({ code: "forbidden" });
    });
  });
});
