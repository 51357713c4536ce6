import type { Page } from "@playwright/test";
import { DEMO_USERS } from "../lib/auth/config";
import { parseCriteria, checkoutHref, toSearchRequest } from "../lib/search/criteria";
import { bookHotel, bookRoundTransfer, outsideTheDesk, uniqueName } from "./bookings-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The bookings desk as advisors and admins use it after the sale: find a booking, open it,
// follow it, pay, cancel, print and email its voucher. Bookings are made for each test through
// the desk's API (so the ledger knows who made them), with names no other test uses.

test.use({ storageState: STORAGE_STATE.advisor });

const advisorName = DEMO_USERS.find((u) => u.role === "advisor")!.name;

async function openBooking(page: Page, bookingId: string) {
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("bookings desk", () => {
  test("find a booking by the lead guest's name, open it, print its voucher without prices", async ({ page, request, sandbox, context, expectAccessible }) => {
    test.slow(); // a booking made through the service, two accessibility scans and a voucher window: 24 s on a quiet machine
    const lastName = uniqueName("Quill");
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { firstName: "Mara", lastName });

    await page.goto("/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await expectAccessible();
    await page.getByRole("searchbox").fill(lastName);
    await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
    const link = page.getByRole("link", { name: made.orderRef });
    await expect(link).toBeVisible();
    await expect(page.getByText(`Mara ${lastName}`).filter({ visible: true }).first()).toBeVisible();

    // A reload shows the same list.
    await page.reload();
    await expect(page.getByRole("searchbox")).toHaveValue(lastName);
    await expect(page.getByRole("link", { name: made.orderRef })).toBeVisible();

    await page.getByRole("link", { name: made.orderRef }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${made.bookingId}`));
    await expect(page.getByText(made.orderRef).first()).toBeVisible();
    await expect(page.getByText(`Mara ${lastName}`).filter({ visible: true }).first()).toBeVisible();
    await expectAccessible();

    const [voucher] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /Without prices/ }).click()]);
    await voucher.waitForLoadState();
    expect(new URL(voucher.url()).searchParams.get("prices")).toBe("without");
    await expect(voucher.locator("body")).toContainText(made.orderRef);
    await expect(voucher.locator("body")).not.toContainText("$");

    await page.getByRole("link", { name: /Back to bookings/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  });

  test("an unknown booking ID answers 404 with the designed page; a booking met for the first time answers 200", async ({ page, request, sandbox }) => {
    const missing = await page.goto("/bookings/bk_no_such_booking_anywhere");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This booking could not be found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to bookings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();

    // Made outside the desk, so the desk first meets it on its page: read once, on the server.
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Found") });
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/bookings/${made.bookingId}`) reads.push(r.url());
    });
    const found = await page.goto(`/bookings/${made.bookingId}`);
    expect(found?.status()).toBe(200);
    await expect(page.getByText(made.orderRef).first()).toBeVisible();
    expect(reads).toEqual([]);
  });

  test("the State filter finds a booking pending confirmation; the Status control says what a travel period applies; both in the URL", async ({ page, request, sandbox }) => {
    const lastName = uniqueName("Pends");
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: `${lastName} sandbox:supplier-pending` });
    expect(made.state).toBe("supplier_pending");
    await page.goto(`/bookings?q=${lastName}`);
    const filters = page.getByRole("region", { name: "Filters" });
    await filters.getByLabel("State").selectOption({ label: "Pending confirmation" });
    await expect(page).toHaveURL(/state=supplier_pending/);
    await expect(page.getByRole("link", { name: made.orderRef })).toBeVisible();
    await expect(page.getByText("Pending confirmation").filter({ visible: true }).last()).toBeVisible();
    // A state says whether its bookings are active: the Status control shows it.
    await expect(filters.getByLabel("Status")).toHaveValue("active");
    await filters.getByLabel("State").selectOption({ label: "In review" });
    await expect(page).toHaveURL(/state=manual_review/);
    await expect(page.getByRole("heading", { name: "Nothing matches these filters" })).toBeVisible();

    // A travel period alone leaves cancelled bookings out: Status reads Active, and Cancelled still works.
    await page.goto("/bookings?trip=upcoming");
    await expect(filters.getByLabel("Status")).toHaveValue("active");
    await expect(filters.getByText("With a travel period, the list shows active bookings")).toBeVisible();
    await filters.getByLabel("Status").selectOption({ label: "Cancelled" });
    await expect(page).toHaveURL(/trip=upcoming&status=cancelled/);
    await page.reload();
    await expect(filters.getByLabel("Status")).toHaveValue("cancelled");
    await expect(filters.getByLabel("Travel")).toHaveValue("upcoming");
  });

  test("pay a hold before its deadline: a double click pays once", async ({ page, request, sandbox, expectAccessible }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Holder"), hold: true });
    expect(made.state).toBe("held");
    await openBooking(page, made.bookingId);
    const hold = page.getByRole("region", { name: /Held:/ });
    await expect(hold).toBeVisible();
    await expect(hold.getByTestId("hold-countdown")).toContainText(/left/);
    await expectAccessible();

    await hold.getByRole("button", { name: /^Pay / }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Paid from the agency's credit");
    await dialog.getByRole("button", { name: /^Pay / }).dblclick();
    await expect(page.getByTestId("step-outcome")).toContainText("Paid from the agency's credit. The booking is now confirmed.");
    await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

    const detail = await request.get(`/api/bookings/${made.bookingId}`);
    const history = ((await detail.json()) as { data: { history: Array<{ action: string; outcome: string }> } }).data.history;
    expect(history.filter((h) => h.action === "pay")).toEqual([expect.objectContaining({ outcome: "succeeded" })]);
  });

  test("cancel with a refund: the confirmation states the refund expected, the answer explains it", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Refund"), refundable: true });
    await openBooking(page, made.bookingId);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("cancel-estimate")).toContainText(/Free cancellation: \$[\d,.]+ expected back/);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByTestId("step-outcome")).toContainText("Refunded: the amount due goes back to the agency's credit.");
    await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  });

  test("cancel without a refund: a non-refundable rate", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Norefund"), refundable: false });
    await openBooking(page, made.bookingId);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("cancel-estimate")).toContainText("No refund expected");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByTestId("step-outcome")).toContainText("No refund is due under the cancellation policy.");
  });

  test("follow a pending booking until it confirms", async ({ page, request, sandbox }) => {
    test.slow();
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: `${uniqueName("Waits")} sandbox:supplier-pending` });
    expect(made.state).toBe("supplier_pending");
    await openBooking(page, made.bookingId);
    const pending = page.getByTestId("follow-pending");
    await expect(pending).toContainText("Waiting for the provider to confirm");
    await expect(pending).toContainText(/Last checked/);
    // The provider answers after 2 virtual minutes; the page's next check (15 s at most) sees it.
    await sandbox.control("POST", "/clock/advance", { seconds: 150 });
    await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(pending).toHaveCount(0);
  });

  test("email the voucher with two cc addresses; the sandbox's outbox has it", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Mailer") });
    await openBooking(page, made.bookingId);
    await page.getByRole("button", { name: "Email voucher" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(/^To/)).toHaveValue("client@example.com");
    await dialog.getByLabel("Copy to (cc)").fill("one@example.com, two@example.com, not-an-address");
    await dialog.getByLabel("Sender name").fill("Sunny Days Travel");
    await dialog.getByRole("button", { name: "Send voucher" }).click();
    await expect(dialog.getByText("“not-an-address” is not an email address.")).toBeVisible();
    await dialog.getByLabel("Copy to (cc)").fill("one@example.com, two@example.com");
    await dialog.getByRole("button", { name: "Send voucher" }).click();
    await expect(page.getByTestId("step-outcome")).toContainText("client@example.com");
    await expect(page.getByTestId("step-outcome")).toContainText("one@example.com, two@example.com");

    const outbox = await sandbox.control<{ items: Array<{ bookingId: string; to: string[]; cc: string[]; agencyName: string }> }>("GET", "/outbox");
    const sent = outbox.body.data.items.filter((m) => m.bookingId === made.bookingId);
    expect(sent).toEqual([expect.objectContaining({ to: ["client@example.com"], cc: ["one@example.com", "two@example.com"], agencyName: "Sunny Days Travel" })]);
    await expect(page.getByText(/Emailed the voucher/)).toBeVisible();
  });

});

test.describe("the agency profile and the voucher email", () => {
  // The profile is the agency's: both projects set the same values, so running side by side is harmless.
  const AGENCY = "Sunny Days Travel";

  test("an admin sets the agency's name and logo once; an advisor's voucher email starts with it, marks what it requires and says when prices were left off", async ({ browser, request, sandbox }) => {
    test.slow(); // two people in two browsers and a booking made through the service
    const admin = await browser.newContext({ storageState: STORAGE_STATE.admin });
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin/agency");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Agency profile" })).toBeVisible();
    const name = adminPage.getByRole("textbox", { name: /^Agency name/ });
    await name.fill("Sunny\tDays");
    await name.blur();
    await expect(name).toHaveAccessibleDescription("Write the name on one line, without tabs or other special characters.");
    await name.fill(AGENCY);
    await adminPage.getByRole("textbox", { name: "Reply-to email" }).fill("");
    await adminPage.getByRole("button", { name: "Save profile" }).click();
    await expect(adminPage.getByText(/^Saved at \d\d:\d\d\.$/)).toBeVisible();
    // A 1×1 PNG as the logo; an SVG is refused before it is sent.
    const logo = adminPage.getByLabel("Logo image file");
    await logo.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect(adminPage.getByRole("region", { name: "Logo" }).getByRole("alert")).toContainText("SVG images can carry scripts");
    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64") });
    const img = adminPage.getByRole("img", { name: "The agency's logo" });
    await expect(img).toBeVisible();
    const served = await adminPage.request.get((await img.getAttribute("src"))!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    await admin.close();

    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Sender") });
    const advisor = await browser.newContext({ storageState: STORAGE_STATE.advisor });
    const page = await advisor.newPage();
    await openBooking(page, made.bookingId);
    await page.getByRole("button", { name: "Email voucher" }).click();
    const dialog = page.getByRole("dialog");
    const sender = dialog.getByRole("textbox", { name: /^Sender name/ });
    await expect(sender).toHaveValue(AGENCY);
    await expect(sender).toHaveAttribute("aria-required", "true");
    await expect(dialog.getByText("Separate addresses with commas or new lines. At most 50 addresses in all, the client's included.")).toBeVisible();
    // Left empty, it says so as soon as it is left, before Send.
    await sender.fill("");
    await sender.blur();
    await expect(sender).toHaveAccessibleDescription("Enter the name the client sees as the sender.");
    await sender.fill(AGENCY);
    await expect(sender).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Leave prices off the voucher").check();
    await dialog.getByRole("button", { name: "Send voucher" }).click();
    await expect(page.getByTestId("step-outcome")).toContainText("Prices were left off.");
    const outbox = await sandbox.control<{ items: Array<{ bookingId: string; agencyName: string }> }>("GET", "/outbox");
    expect(outbox.body.data.items.filter((m) => m.bookingId === made.bookingId)).toEqual([expect.objectContaining({ agencyName: AGENCY })]);
    await advisor.close();
  });
});

test.describe("as an admin", () => {
  // Admins book and cancel too.
  test.use({ storageState: STORAGE_STATE.admin });

  test("cancel one leg of a round-trip transfer", async ({ page, request, sandbox }) => {
    const made = await bookRoundTransfer({ request }, sandbox, { lastName: uniqueName("Legs") });
    await openBooking(page, made.bookingId);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Return journey only").click();
    await expect(dialog.getByRole("radio", { name: "Return journey only" })).toBeChecked();
    await expect(dialog.getByTestId("cancel-estimate")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel the return journey" }).click();
    await expect(page.getByTestId("step-outcome")).toBeVisible();
    // The outbound journey can still be cancelled on its own.
    await expect(page.getByRole("button", { name: "Cancel the outbound journey" })).toBeVisible();
  });

  test("open a booking from checkout's outcome", async ({ page, request }) => {
    const criteria = parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(50), out: dayFromNow(52), pax: "1", res: "US" }), "US")!;
    const search = await request.post("/api/search", { data: toSearchRequest(criteria), headers: { Origin: E2E_ORIGIN } });
    expect(search.status(), await search.text()).toBe(201);
    const searchId = ((await search.json()) as { data: { searchId: string } }).data.searchId;
    const results = await request.get(`/api/search/${searchId}/results?limit=50`);
    const rows = ((await results.json()) as { data: Array<{ rateQuoteId: string; refundable: boolean; summary: { isPackage?: boolean } }> }).data;
    const row = rows.find((r) => r.refundable && !r.summary.isPackage)!;
    await page.goto(checkoutHref(row.rateQuoteId, searchId, criteria));
    const lastName = uniqueName("Checkout");
    await page.getByLabel(/^First name/).first().fill("Lena");
    await page.getByLabel(/^Last name/).first().fill(lastName);
    for (const [label, value] of [
      [/^Email/, "lena@example.com"],
      [/^Mobile phone/, "+1 415 555 0123"],
    ] as const) {
      const field = page.getByLabel(label).first();
      if (await field.isVisible()) await field.fill(value);
    }
    const title = page.getByLabel(/^Title/).first();
    if (await title.isVisible()) await title.selectOption("Ms");
    await page.getByRole("button", { name: "Book and pay now" }).click();
    const ack = page.getByRole("checkbox", { name: /accepts/ });
    if (await ack.isVisible().catch(() => false)) {
      for (const box of await page.getByRole("checkbox", { name: /accepts/ }).all()) await box.check();
      await page.getByRole("button", { name: "Book and pay now" }).click();
    }
    await page.getByRole("link", { name: "View booking" }).click();
    await expect(page).toHaveURL(/\/bookings\/bk_/);
    await expect(page.getByText(`Lena ${lastName}`).first()).toBeVisible();
    await expect(page.getByText("You").first()).toBeVisible();
  });

  test("an admin sees an advisor's booking with who booked it", async ({ page, browser, sandbox, expectAccessible }) => {
    const advisor = await browser.newContext({ storageState: STORAGE_STATE.advisor, baseURL: E2E_ORIGIN });
    const lastName = uniqueName("Booked");
    const made = await bookHotel({ request: advisor.request }, sandbox, { lastName });
    await advisor.close();

    await page.goto(`/bookings?q=${lastName}`);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: made.orderRef }) });
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: made.orderRef }) });
    await expect(row.or(card).first()).toContainText(advisorName);
    await expectAccessible();
    await page.getByRole("link", { name: made.orderRef }).click();
    await expect(page.getByText(`Booked by ${advisorName}`).first()).toBeVisible();
  });
});

function dayFromNow(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}
