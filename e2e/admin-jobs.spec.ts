import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The admin's page of the jobs (docs/follow-ups.md#the-admins-page). The e2e server runs no jobs
// (JOBS=off, e2e/constants.ts): the page says so plainly, still lists every job of the registry
// with its schedule, and a retry is refused with jobs_not_running. A dead letter listed and sent
// again is the BFF's test's (app/api/admin/jobs/jobs.test.ts, with an engine running).

test.describe("the jobs' page", () => {
  test.describe("as an admin", () => {
    test.use({ storageState: STORAGE_STATE.admin });

    test("reached from the user menu; says this server runs no jobs, lists the jobs with their schedules; nothing failed", async ({ page, expectAccessible }) => {
      await page.goto("/bookings");
      await page.getByRole("button", { name: /Avery Admin/ }).click();
      await page.getByRole("link", { name: "Jobs" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
      await expect(page.getByText(/^This server runs no jobs \(JOBS=off\)/)).toBeVisible();

      const jobs = page.getByRole("list", { name: "Jobs" });
      const scan = jobs.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pending scan" }) });
      await expect(scan).toContainText("Runs every minute");
      await expect(scan.getByRole("definition")).toHaveCount(5);
      await expect(jobs.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pending refresh" }) })).toContainText("Runs when another job or a person queues it");
      await expect(page.getByRole("region", { name: "Failed jobs" })).toContainText("No job is failing and none is waiting for an admin.");
      await expectAccessible();

      const retry = await page.request.post("/api/admin/jobs/dead-letters/5b0e3c1e-8f5d-4c47-9d2a-2f1d3b2c9a10/retry", { headers: { Origin: E2E_ORIGIN } });
      expect(retry.status()).toBe(409);
      expect((await retry.json()).error).toMatchObject({ code: "jobs_not_running" });
    });
  });

  test.describe("as an advisor", () => {
    test.use({ storageState: STORAGE_STATE.advisor });

    test("the page is closed: 403 page and 403 API, and no link to it", async ({ page }) => {
      const answer = await page.goto("/admin/jobs");
      expect(answer?.status()).toBe(403);
      await expect(page.getByRole("link", { name: "Jobs" })).toHaveCount(0);
      const api = await page.request.get("/api/admin/jobs");
      expect(api.status()).toBe(403);
      expect((await api.json()).error).toMatchObject({ code: "forbidden" });
    });
  });
});
