// Saves full-page PNGs of the desk's pages at desktop and narrow widths, to look at.
//
//   npx tsx scripts/screenshots.ts [baseURL] [path ...]
//
// baseURL defaults to the e2e server (http://127.0.0.1:3100; `npx playwright test`
// starts one, or run `bash scripts/e2e-server.sh` with its env). Each path is shot
// twice per width: as loaded, and with JavaScript off, which freezes streamed sections
// in their loading state. Files land in test-results/screens/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, E2E_ORIGIN, VIEWPORTS } from "../e2e/constants";

const [baseURL = E2E_ORIGIN, ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/no-such-page"];
const outDir = path.resolve("test-results/screens");
mkdirSync(outDir, { recursive: true });

const slug = (p: string) => (p === "/" ? "home" : p.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-"));

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ ...options, javaScriptEnabled });
      const page = await context.newPage();
      for (const p of pages) {
        const file = path.join(outDir, `${slug(p)}${javaScriptEnabled ? "" : "-loading"}-${name}.png`);
        if (javaScriptEnabled) {
          await page.goto(new URL(p, baseURL).toString(), { waitUntil: "networkidle" });
        } else {
          // Without JavaScript React cannot swap streamed content in, so the Suspense
          // fallbacks (the loading state) stay on screen.
          await page.goto(new URL(p, baseURL).toString(), { waitUntil: "commit" });
          await page.waitForLoadState("domcontentloaded");
        }
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${path.relative(process.cwd(), file)}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
