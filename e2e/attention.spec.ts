import { formatInstant } from "../lib/format/dates";
import type { BookingDetail } from "../lib/tds/contract";
import { bookHotel, bookNearHold, outsideTheDesk, uniqueName } from "./bookings-kit";
import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// Needs attention as an advisor meets it: bookings made outside the desk are learned by a check
// with the service ("Check now"), listed with why and by when, dealt with in place, and gone
// from the list once dealt with.

test.use({ storageState: STORAGE_STATE.advisor });

test.describe("needs attention", () => {
  test("a hold nearing its payment deadline is listed, paid in place, and leaves the list", async ({ page, request, sandbox, expectAccessible }) => {
    // A booking made outside the desk, a check with the service, an accessibility scan and a payment
    // through its dialog: about 20 s on an idle machine, and past 30 s at load 14 (seen).
    test.slow();
    const made = await bookNearHold(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Due") });
    expect(made.state).toBe("held");

    await page.goto("/attention");
    await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
    await page.getByRole("button", { name: "Check now" }).click();
    const row = page.getByTestId("attention-row").filter({ hasText: made.orderRef });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText("Hold not paid");
    // The hold's payment deadline, named as on its booking page, in the browser's zone (UTC here).
    const detail = (await sandbox.api<BookingDetail>("GET", `/bookings/${made.bookingId}`)).body.data;
    await expect(row.getByTestId("attention-deadline")).toHaveText(`Pay by ${formatInstant(detail.order.held!.paymentDeadline, "UTC")}`);
    await expect(row).toContainText(/ · in \d/);
    await expect(page.getByTestId("freshness")).toContainText(/Checked with the travel service (just now|\d+ s ago)/);
    await expect(page.getByTestId("attention-badge").filter({ visible: true }).first()).toBeVisible();
    await expectAccessible();

    await row.getByRole("button", { name: "Pay the hold" }).click();
    const hold = row.getByRole("region", { name: /Held:/ });
    await hold.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("dialog").getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByTestId("attention-outcome")).toContainText(`${made.orderRef}: Paid from the agency's credit`);
    // No longer a hold to pay (its free cancellation and its voucher may still ask for attention).
    await expect(page.getByTestId("attention-row").filter({ hasText: made.orderRef }).filter({ hasText: "Hold not paid" })).toHaveCount(0);
  });

  test("a pending booking is listed until the supplier confirms it", async ({ page, request, sandbox }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the hold journey covers the narrow layout");
    test.slow();
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: `${uniqueName("Waits")} sandbox:supplier-pending` });
    expect(made.state).toBe("supplier_pending");

    await page.goto("/attention");
    await page.getByRole("button", { name: "Check now" }).click();
    const row = page.getByTestId("attention-row").filter({ hasText: made.orderRef });
    await expect(row).toContainText("Waiting for the supplier", { timeout: 20_000 });

    // The provider answers after 2 virtual minutes; following it here sees the answer.
    await sandbox.control("POST", "/clock/advance", { seconds: 150 });
    await row.getByRole("button", { name: "Check status" }).click();
    await expect(page.getByTestId("attention-outcome")).toContainText(`${made.orderRef}: The supplier has answered`, { timeout: 30_000 });
    await expect(page.getByTestId("attention-row").filter({ hasText: made.orderRef })).toHaveCount(0);
  });

  test("Mine lists only the advisor's own bookings; the choice is in the address", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one layout is enough");
    await page.goto("/attention");
    await page.getByRole("button", { name: "Mine" }).click();
    await expect(page).toHaveURL(/\/attention\?mine=1$/);
    await expect(page.getByRole("button", { name: "Mine" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Mine" })).toHaveAttribute("aria-pressed", "true");
    // Bookings made outside the desk have no advisor: they are never "mine".
    await expect(page.getByTestId("attention-row").or(page.getByText(/Nothing needs attention/)).first()).toBeVisible();
  });
});
