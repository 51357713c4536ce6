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
//
//   npx tsx scripts/screenshots.ts --readme [baseURL]
//
// The README's pictures (docs/screens/*.png): an advisor's tour through search, live results,
// a rate sheet, checkout, the bookings desk, a booking and Needs attention, on `npm run dev`
// (baseURL defaults to http://localhost:3000; its first run makes the demo bookings). Nothing
// is booked: the tour stops at checkout's price check.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { DEMO_USERS } from "../lib/auth/config";
import { snapshotOf } from "../components/proposals/snapshot";
import { CHROMIUM_LAUNCH_OPTIONS, E2E_ORIGIN, VIEWPORTS } from "../e2e/constants";
import type { Proposal } from "../lib/proposals/model";
import { parseCriteria, toSearchRequest } from "../lib/search/criteria";
import type { HotelRow } from "../lib/tds/contract/types";

const readme = process.argv.includes("--readme") || process.argv.includes("--readme-proposals");
const [baseURL = readme ? "http://localhost:3000" : E2E_ORIGIN, ...paths] = process.argv.slice(2).filter((a) => !a.startsWith("--readme"));
const pages = paths.length > 0 ? paths : ["/login", "/search", "/bookings", "/attention", "/admin/overview", "/admin/users", "/admin/agency", "/admin/pricing", "/admin/outbox", "/admin/status", "/no-such-page"];
const signedOut = (p: string) => p.startsWith("/login") || p.startsWith("/invite/");
const demo = DEMO_USERS.find((u) => u.role === (readme || process.env.SCREENSHOT_AS === "advisor" ? "advisor" : "admin"))!;

async function signIn(context: BrowserContext): Promise<void> {
  const res = await context.request.post(new URL("/api/auth/login", baseURL).toString(), {
    data: { email: demo.email, password: demo.password },
    // Sign-in is a mutation: route()'s cross-site check wants the desk's own Origin.
    headers: { Origin: new URL(baseURL).origin },
  });
  if (!res.ok()) throw new Error(`Could not sign in as ${demo.email}: ${res.status()} ${await res.text()}`);
}

const outDir = path.resolve("test-results/screens");
mkdirSync(outDir, { recursive: true });

const slug = (p: string) => (p === "/" ? "home" : p.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-"));


const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The README's tour, as an advisor: each step waits for what it shows, then saves a PNG. */
async function readmeTour(browser: Browser): Promise<void> {
  const dir = path.resolve("docs/screens");
  mkdirSync(dir, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context);
  const page = await context.newPage();
  const at = (p: string) => new URL(p, baseURL).toString();
  const shot = async (name: string) => {
    // Next's development badge is not part of the product.
    await page.addStyleTag({ content: "nextjs-portal { display: none !important; }" });
    const file = path.join(dir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`saved ${path.relative(process.cwd(), file)}`);
  };
  const long = { timeout: 60_000 };

  await page.goto(at("/search"));
  const form = page.getByRole("form", { name: "Hotels search" });
  const destination = form.getByRole("combobox", { name: "Destination" });
  await form.getByLabel("Check-in", { exact: true }).fill(day(30));
  await form.getByLabel("Check-out", { exact: true }).fill(day(33));
  await destination.click();
  await destination.pressSequentially("Barcelona", { delay: 80 });
  const city = page.getByRole("listbox").getByRole("group", { name: /^Cities/ }).getByRole("option", { name: "Barcelona", exact: true });
  await city.waitFor();
  await page.getByTestId("suggest-loading").waitFor({ state: "detached" });
  await shot("1-search");
  await city.click();

  await form.getByRole("button", { name: "Search hotels" }).click();
  await page.waitForURL((url) => url.searchParams.has("sid"), long);
  const cards = page.getByRole("list", { name: "Hotels", exact: true }).getByRole("article");
  await cards.first().waitFor(long);
  await shot("2-results-filling");
  await page.getByRole("region", { name: "Search progress" }).getByRole("progressbar", { name: /^All / }).waitFor(long);
  await page.getByText("More are still arriving").waitFor({ state: "detached", ...long });
  await shot("3-results");

  await cards.first().getByRole("link", { name: /^See rooms at / }).click();
  const sheet = page.getByRole("region", { name: "Rooms and rates" });
  await sheet.getByText(/^\d+ rates? in \d+ room types?, cheapest first$/).waitFor(long);
  await page.evaluate(() => document.getElementById("rates")?.scrollIntoView());
  await sheet.evaluate((el) => el.scrollIntoView());
  await shot("4-rate-sheet");

  await sheet.getByRole("region").first().getByRole("button", { name: /^Select / }).first().click();
  await page.getByRole("region", { name: "Price check" }).getByTestId("live-price").waitFor(long);
  await shot("5-checkout");

  await page.goto(at("/bookings"));
  const rows = page.getByRole("link", { name: /^RV-/ });
  await rows.first().waitFor(long);
  await page.waitForLoadState("networkidle");
  await shot("6-bookings");

  // A hold: the page shows its deadline and the pay button.
  const held = page.getByRole("row").filter({ hasText: "Held" }).getByRole("link", { name: /^RV-/ });
  const open = (await held.count()) > 0 ? held.first() : rows.first();
  const orderRef = (await open.innerText()).trim();
  await open.click();
  await page.getByTestId("order-ref").filter({ hasText: orderRef }).waitFor(long);
  await page.waitForLoadState("networkidle");
  await shot("7-booking");

  await page.goto(at("/attention"));
  await page.waitForLoadState("networkidle");
  await shot("8-needs-attention");
  await context.close();
  await proposalTour(browser);
}

/**
 * The README's proposal pictures: a proposal of two hotels as alternatives (made through the
 * desk's API, as the tray makes it), on the advisor's page; then the client's link on a phone,
 * in a context with no session.
 */
async function proposalTour(browser: Browser): Promise<void> {
  const dir = path.resolve("docs/screens");
  // The agency's markup, as an admin sets it (/admin/pricing): 12 % on hotels, whole units.
  const admin = DEMO_USERS.find((u) => u.role === "admin")!;
  const adminApi = await browser.newContext();
  const origin = { Origin: new URL(baseURL).origin };
  await adminApi.request.post(new URL("/api/auth/login", baseURL).toString(), { data: { email: admin.email, password: admin.password }, headers: origin });
  const priced = await adminApi.request.put(new URL("/api/agency/pricing", baseURL).toString(), {
    data: { rounding: "whole", allowBelowCost: false, maxDiscountBp: 1000, rules: [{ productType: null, country: null, percentBp: 1200, fixedMinor: 0 }] },
    headers: origin,
  });
  if (!priced.ok()) throw new Error(`pricing: ${priced.status()} ${await priced.text()}`);
  await adminApi.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context);
  const api = context.request;
  const at = (p: string) => new URL(p, baseURL).toString();
  const headers = { Origin: new URL(baseURL).origin };
  const json = async <T>(res: Awaited<ReturnType<typeof api.get>>): Promise<T> => {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const criteria = parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: day(45), out: day(48), pax: "2", res: "US" }), "US")!;
  const { searchId } = await json<{ searchId: string }>(await api.post(at("/api/search"), { data: toSearchRequest(criteria), headers }));
  let rows: HotelRow[] = [];
  for (let i = 0; i < 40 && rows.length < 2; i++) {
    rows = (await json<HotelRow[]>(await api.get(at(`/api/search/${searchId}/results?limit=60`)))).filter((r) => r.productType === "hotel" && !r.summary.isPackage);
    rows = rows.filter((r, i, all) => all.findIndex((x) => x.canonicalProductId === r.canonicalProductId) === i);
    if (rows.length < 2) await new Promise((r) => setTimeout(r, 500));
  }
  const two = rows.slice(0, 2);
  const client = await json<{ id: string }>(await api.post(at("/api/clients"), { data: { name: "Camille Durand", email: "camille.durand@example.com", phone: "+33 6 12 34 56 78" }, headers }));
  let proposal = await json<Proposal>(
    await api.post(at("/api/proposals"), {
      data: { clientId: client.id, title: "Barcelona in spring", note: "Two hotels I like for your stay, both free to cancel. Tell me which one you prefer.", validUntil: day(10) },
      headers,
    }),
  );
  for (const row of two) {
    const item = { ...snapshotOf({ kind: "hotel", row, criteria, hotelName: row.summary.hotelName }), ...(proposal.groups[0] ? { groupId: proposal.groups[0].id } : {}) };
    proposal = await json<Proposal>(await api.post(at(`/api/proposals/${proposal.id}/items`), { data: item, headers }));
  }
  const { url } = await json<{ url: string }>(await api.post(at(`/api/proposals/${proposal.id}/share`), { data: { send: false }, headers }));

  const page = await context.newPage();
  await page.goto(at(`/proposals/${proposal.id}`), { waitUntil: "networkidle" });
  await page.getByRole("region", { name: "Share with the client" }).waitFor();
  await page.addStyleTag({ content: "nextjs-portal { display: none !important; }" });
  await page.screenshot({ path: path.join(dir, "9-proposal.png") });
  console.log("saved docs/screens/9-proposal.png");
  await context.close();

  const phone = await browser.newContext({ ...VIEWPORTS.narrow });
  const client_ = await phone.newPage();
  await client_.goto(new URL(new URL(url).pathname, baseURL).toString(), { waitUntil: "networkidle" });
  await client_.addStyleTag({ content: "nextjs-portal { display: none !important; }" });
  await client_.screenshot({ path: path.join(dir, "10-client-proposal.png"), fullPage: true });
  console.log("saved docs/screens/10-client-proposal.png");
  await phone.close();
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  if (process.argv.includes("--readme-proposals")) await proposalTour(browser);
  else if (readme) await readmeTour(browser);
  else for (const [name, options] of Object.entries(VIEWPORTS)) {
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
