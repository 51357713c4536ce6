import { DEMO_USERS } from "../lib/auth/config";
import { E2E_SMTP_PORT, STORAGE_STATE } from "./constants";
import { mailTo } from "./mail";
import { expect, test } from "./fixtures";

// The outbox (docs/mail.md): the e2e server sends the desk's mail through the tests' own SMTP
// server (e2e/mail-sink.ts), and the outbox says so; an admin sends a test mail, it arrives at that
// server from the agency's name, and the outbox shows it sent, its HTML in a sandboxed frame; an
// advisor is refused. The outbox without a mail server (kept, not sent) is the components' and the
// BFF's tests' (outbox-admin.test.tsx, outbox.test.ts).

const DEMO_ADMIN_EMAIL = DEMO_USERS.find((u) => u.role === "admin")!.email;

test.describe("the outbox", () => {
  test.describe("as an admin", () => {
    test.use({ storageState: STORAGE_STATE.admin });

    test("says where mail goes; a test mail reaches the mail server, lands in the list and opens with its headers, HTML and text", async ({ page, expectAccessible }) => {
      await page.goto("/bookings");
      await page.getByRole("navigation", { name: "Main" }).filter({ visible: true }).getByRole("link", { name: "Outbox" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
      await expect(page.getByRole("region", { name: "How the desk sends mail" }).getByRole("heading", { name: `Mail is sent through 127.0.0.1:${E2E_SMTP_PORT}` })).toBeVisible();

      const before = (await mailTo(DEMO_ADMIN_EMAIL, { count: 0 })).length;
      await page.getByRole("button", { name: "Send a test mail" }).first().click();
      await expect(page.getByRole("status")).toHaveText(`Test mail sent to ${DEMO_ADMIN_EMAIL}.`);
      const arrived = (await mailTo(DEMO_ADMIN_EMAIL, { count: before + 1 })).filter((m) => m.kind === "test");
      expect(arrived.at(-1)).toMatchObject({ subject: "Test mail from the agency desk", envelope: { from: "desk@agency.example" } });
      expect(arrived.at(-1)!.text).toContain(`It went through the mail server at 127.0.0.1:${E2E_SMTP_PORT}`);
      const mail = page.getByRole("list", { name: "Mail" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Test mail from the agency desk" }) }).first();
      await expect(mail).toContainText("Sent");
      await expectAccessible();

      await page.getByRole("combobox", { name: "Kind" }).selectOption("test");
      await expect(page).toHaveURL(/\/admin\/outbox\?kind=test$/);
      await page.getByRole("link", { name: "Test mail from the agency desk" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Test mail from the agency desk" })).toBeVisible();
      await expect(page.getByText(/^Accepted by the mail server on /)).toBeVisible();
      const headers = page.getByRole("region", { name: "Headers" });
      await expect(headers).toContainText("Avery Admin");
      const frame = page.getByTitle("The mail's HTML: Test mail from the agency desk");
      await expect(frame).toHaveAttribute("sandbox", "");
      await expect(page.frameLocator('iframe[title^="The mail\'s HTML"]').getByText(/This is a test mail you sent from the desk's outbox/)).toBeVisible();
      await page.getByRole("tab", { name: "Text" }).click();
      await expect(page.getByText(/It went through the mail server at 127\.0\.0\.1:\d+, from desk@agency\.example\./)).toBeVisible();
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
