// Saves full-page PNGs of the desk's pages at desktop and narrow widths, to look at.
//
//   npx tsx scripts/screenshots.ts [baseURL] [path ...]
//
// baseURL defaults to the e2e server (http://127.0.0.1:3100; `npx playwright test`
// starts one, or run `bash scripts/e2e-server.sh` with its env). Each path is shot
// twice per width: as loaded, and with JavaScript off, which freezes streamed sections
// in their loading state. Files land in test-results/screens/. Pages other than /login
// and /invite/… are shot signed in as the demo admin (SCREENSHOT_AS=advisor for the
// advisor), so the server needs the demo users (SEED_DEMO_USERS, on in dev and e2e).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import { DEMO_USERS } from "../lib/auth/config";
import { CHROMIUM_LAUNCH_OPTIONS, E2E_ORIGIN, VIEWPORTS } from "../e2e/constants";

const [baseURL = E2E_ORIGIN, ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/login", "/", "/search", "/bookings", "/attention", "/admin/overview", "/admin/users", "/no-such-page"];
const signedOut = (p: string) => p.startsWith("/login") || p.startsWith("/invite/");
const demo = DEMO_USERS.find((u) => u.role === (process.env.SCREENSHOT_AS === "advisor" ? "advisor" : "admin"))!;

async function signIn(context: BrowserContext): Promise<void> {
  const res = await context.request.post(new URL("/api/auth/login", baseURL).toString(), {
    data: { email: demo.email, password: demo.password },
  });
  if (!res.ok()) throw new Error(`Could not sign in as ${demo.email}: ${res.status()} ${await res.text()}`);
}

const outDir = path.resolve("test-results/screens");
mkdirSync(outDir, { recursive: true });

const slug = (p: string) => (p === "/" ? "home" : p.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-"));

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    for (const javaScriptEnabled of [true, false]) {
      const contexts = {
        out: await browser.newContext({ ...options, javaScriptEnabled }),
        in: await browser.newContext({ ...options, javaScriptEnabled }),
      };
      if (pages.some((p) => !signedOut(p))) await signIn(contexts.in);
      for (const p of pages) {
        const context = contexts[signedOut(p) ? "out" : "in"];
        const page = context.pages()[0] ?? (await context.newPage());
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
      await contexts.out.close();
      await contexts.in.close();
    }
  }
} finally {
  await browser.close();
}
