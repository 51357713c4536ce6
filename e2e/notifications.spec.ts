import { expect, test } from "./fixtures";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";

// The notification centre (issue 30): the bell's count, kept live by the server-sent event stream
// (a notification arrives without a reload), the panel grouped by day, Mark all read, Escape back
// to the bell; and the email choice on /settings/notifications, kept after a reload. The desk's
// jobs are off on the e2e server: the notification is the test one a person sends themselves,
// delivered as every other (lib/notifications/proof.test.ts runs the jobs with no browser).
// SHOTS_DIR=/some/dir saves the panel and the page at desktop and narrow widths.

const shot = async (page: import("@playwright/test").Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

test.describe("notifications", () => {
  test.use({ storageState: STORAGE_STATE.advisor });

  test("a notification arrives live; the panel lists it under Today; mark all read; Escape gives focus back to the bell", async ({ page, expectAccessible }) => {
    // From nothing unread, whatever an earlier run left.
    expect((await page.request.post("/api/notifications/read", { headers: { origin: E2E_ORIGIN }, data: { all: true } })).status()).toBe(200);
    await page.goto("/settings/notifications");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName("Notifications");
    // The stream connects once the page has settled: a notification sent before that is in its first count.
    await expect(page.getByTestId("notification-bell")).toBeVisible();
    await page.getByRole("button", { name: "Send me a test notification" }).click();
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await expect(panel.getByRole("heading", { name: "Today" })).toBeVisible();
    await expect(panel.getByRole("link", { name: /Test notification/ }).first()).toBeVisible();
    const listed = await panel.getByRole("link", { name: /Test notification/ }).count();
    await expectAccessible();
    await shot(page, "panel-desktop");

    // Another, while the panel is open: it appears in the list, no reload.
    const sent = await page.request.post("/api/notifications/test", { headers: { origin: E2E_ORIGIN } });
    expect(sent.status()).toBe(201);
    await expect(panel.getByRole("link", { name: /Test notification/ })).toHaveCount(listed + 1);
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");

    await panel.getByRole("button", { name: "Mark all read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await bell.click();
    await expect(panel.getByRole("heading", { name: "Today" })).toBeVisible();
    await shot(page, "panel-narrow");
    await page.keyboard.press("Escape");
  });

  test("the email choice is saved and kept after a reload", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /Signed in as/ }).click();
    await page.getByRole("link", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const settled = page.getByRole("checkbox", { name: /Booking settled/ });
    const digest = page.getByRole("checkbox", { name: /Morning digest/ });
    await expect(digest).toBeChecked();
    await expect(settled).not.toBeChecked();
    await expectAccessible();
    await shot(page, "settings-desktop");

    await settled.check();
    await digest.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Booking settled/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Morning digest/ })).not.toBeChecked();

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "settings-narrow");
    // Back to the defaults, for the next run on the same data.
    await page.getByRole("button", { name: "Back to the defaults" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  });
});

test.describe("the bell's stream", () => {
  // The admin: nobody else's test sends them notifications, so the count is this test's alone.
  test.use({ storageState: STORAGE_STATE.admin });

  test("a stream that drops mid-way is taken up again by itself, and the bell catches up with what came meanwhile", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one network journey, on one count");
    expect((await page.request.post("/api/notifications/read", { headers: { origin: E2E_ORIGIN }, data: { all: true } })).status()).toBe(200);
    // The first stream answers its count and then ends, as a proxy dropping it would; the second is
    // held until a notification was sent while none was open; then it goes through to the desk.
    let streams = 0;
    let letThrough!: () => void;
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route("**/api/notifications/stream", async (route) => {
      streams += 1;
      if (streams === 1) {
        return route.fulfill({ status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache" }, body: 'retry: 500\nevent: unread\ndata: {"unread":0}\n\n' });
      }
      if (streams === 2) await gate;
      return route.continue();
    });
    await page.goto("/admin/jobs");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.hover(); // the live part at once, rather than once the page has settled
    await expect.poll(() => streams, { timeout: 15_000 }).toBe(2);
    await expect(bell).toHaveAccessibleName("Notifications");

    expect((await page.request.post("/api/notifications/test", { headers: { origin: E2E_ORIGIN } })).status()).toBe(201);
    letThrough();
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

    // And the stream it reconnected is live: the next one arrives without a reload.
    expect((await page.request.post("/api/notifications/test", { headers: { origin: E2E_ORIGIN } })).status()).toBe(201);
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
    expect(streams).toBe(2);
    await page.request.post("/api/notifications/read", { headers: { origin: E2E_ORIGIN }, data: { all: true } });
  });
});
