import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, E2E_ORIGIN, E2E_PORT, VIEWPORTS, e2eServerEnv } from "./e2e/constants";

const CI = !!process.env.CI;

export default defineConfig({
  testDir: "e2e",
  // The tests' own SMTP server, which the e2e server sends the desk's mail through (e2e/mail.ts).
  globalSetup: "./e2e/mail-sink.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : "list",
  use: {
    baseURL: E2E_ORIGIN,
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs the demo advisor and admin in once and saves their cookies (STORAGE_STATE).
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    { name: "desktop", use: { ...VIEWPORTS.desktop }, dependencies: ["setup"] },
    { name: "narrow", use: { ...VIEWPORTS.narrow }, dependencies: ["setup"] },
  ],
  webServer: {
    // A production build on fresh data dirs; scripts/test-all.sh builds first and sets
    // E2E_SKIP_BUILD so the build is not done twice. The script prints the build and the
    // server's start-up; the server's log then goes to E2E_SERVER_LOG, and a failed test shows
    // the lines of its own time (e2e/fixtures.ts).
    command: `bash scripts/e2e-server.sh ${E2E_PORT}`,
    url: `${E2E_ORIGIN}/api/health`,
    reuseExistingServer: !CI,
    timeout: 240_000,
    env: e2eServerEnv,
    stdout: "pipe",
    stderr: "pipe",
  },
});
