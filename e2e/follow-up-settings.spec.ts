import { mkdir } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The agency's voucher-before-travel setting (issue 30, job 4) on /admin/agency: an admin turns
// it on at 5 days, Save keeps it and a reload shows it; a bad number gets its sentence on the
// field, keeps what was typed, and sends nothing. Both projects run this file at once on one
// server: every test that saves saves the same (on, 5 days).

const SHOTS = process.env.SHOTS_DIR ?? "/work/shots/later";

async function voucherForm(page: Page): Promise<Locator> {
  const form = page.getByRole("form", { name: "Vouchers before travel" });
  await expect(form).toHaveAttribute("data-hydrated", "");
  return form;
}

test.describe("vouchers before travel", () => {
  test.use({ storageState: STORAGE_STATE.admin });

  test("an admin turns it on at 5 days: Save keeps it, a reload shows it", async ({ page, expectAccessible }, info) => {
    await page.goto("/admin/agency");
    const form = await voucherForm(page);
    await expectAccessible();
    const on = form.getByRole("checkbox", { name: "Email the voucher to the lead traveller before travel" });
    const days = form.getByLabel("Days before travel");
    if (!(await on.isChecked())) await on.check();
    await expect(days).toBeEnabled();
    await days.fill("5");
    await form.getByRole("button", { name: "Save setting" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Saved at \d{2}:\d{2}\.$/);

    await page.reload();
    const again = await voucherForm(page);
    await expect(again.getByRole("checkbox", { name: "Email the voucher to the lead traveller before travel" })).toBeChecked();
    await expect(again.getByLabel("Days before travel")).toHaveValue("5");
    await expect(again.getByRole("status")).toHaveText(/^On since \d{1,2} \w{3} \d{4}, set by .+\.$/);
    await expectAccessible();

    await mkdir(SHOTS, { recursive: true });
    await again.scrollIntoViewIfNeeded();
    await again.screenshot({ path: `${SHOTS}/voucher-setting-${info.project.name}.png` });
    await page.screenshot({ path: `${SHOTS}/agency-page-${info.project.name}.png`, fullPage: true });
  });

  test("a bad number: its sentence on the field, what was typed kept, nothing sent", async ({ page, expectAccessible }, info) => {
    await page.goto("/admin/agency");
    const form = await voucherForm(page);
    const puts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "PUT" && new URL(req.url()).pathname === "/api/agency/follow-ups") puts.push(req.url());
    });
    const on = form.getByRole("checkbox", { name: "Email the voucher to the lead traveller before travel" });
    if (!(await on.isChecked())) await on.check();
    const days = form.getByLabel("Days before travel");
    for (const bad of ["45", "two", "0"]) {
      await days.fill(bad);
      await form.getByRole("button", { name: "Save setting" }).click();
      await expect(days).toHaveAttribute("aria-invalid", "true");
      await expect(days).toHaveAccessibleDescription("Enter a whole number of days from 1 to 30.");
      await expect(days).toHaveValue(bad);
    }
    await expectAccessible();
    await mkdir(SHOTS, { recursive: true });
    await form.screenshot({ path: `${SHOTS}/voucher-setting-error-${info.project.name}.png` });
    expect(puts, "nothing was sent while the field was wrong").toEqual([]);

    // The handler says the same to anyone who gets past the form.
    const res = await page.request.put("/api/agency/follow-ups", { data: { voucherDaysBefore: 45 }, headers: { Origin: E2E_ORIGIN } });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details).toEqual([expect.objectContaining({ path: "voucherDaysBefore", message: "Enter a whole number of days from 1 to 30." })]);
  });
});
