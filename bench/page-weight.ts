// Page weight benchmark (Playwright): `npx tsx bench/page-weight.ts`
// The JavaScript Chromium loads for each page of the desk, against a bare Next.js page of the same
// next/react versions built alongside (issue 15). Starts the desk's production server on :3250
// (builds first when .next/BUILD_ID is missing; BENCH_BUILD=1 rebuilds) and builds and starts a
// one-page, one-button Next app in BENCH_BARE_DIR (/tmp/bare-next) on :3251, using this repo's
// node_modules through a symlink (nothing is downloaded; BENCH_BARE_BUILD=1 rebuilds it).
// Each page is loaded cold (a fresh browser context, no cache) and measured until the network is
// idle: every script response (resource type "script", or a .js URL) is taken decoded and
// re-gzipped here with zlib at its default level, so the figure is "JS at load, gzip" whatever the
// server's own compression does. Scripts loaded later (a tab opened, a dialog) are not counted;
// what a page fetches unasked once it has settled (the command palette's code, about 2 s after
// load) is watched for LATER_MS more and printed apart ("then N KB once settled").
// Pages: /login, /search, hotel results, a hotel page, checkout, /bookings, a booking's page (a
// hotel booked for the bench), /attention, and as the admin /admin/overview, /admin/users,
// /admin/agency and /admin/pricing; and, signed out, the client's proposal page /p/<token> (a
// proposal of two hotels from the bench's search, made and shared through the desk's API).
// Targets: every page ≤ bare + 100 KB gzip; /login ≤ bare + 50 KB; the client's page ≤ bare + 30 KB (issue 29). BENCH_VERBOSE=1 lists every
// script of every page with its gzip size.
import { gzipSync } from "node:zlib";
import { chromium, request, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { bookHotel, outsideTheDesk } from "../e2e/bookings-kit";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/constants";
import { SandboxClient } from "../e2e/fixtures";
import { DEMO_USERS } from "../lib/auth/config";
import { checkoutHref, hotelHref, parseCriteria, searchHref, toSearchRequest, type SearchCriteria } from "../lib/search/criteria";
import { buildBare, startBare } from "./support/bare-next";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";

const PORT = 3250;
const GLOBAL_TIMEOUT_MS = 15 * 60_000;
const KB = 1024;

/* ------------------------------------------------------------------ measuring */

type Weight = { page: string; url: string; files: number; raw: number; gzip: number; later: number; note?: string; scripts: Array<{ url: string; raw: number; gzip: number }> };
/** How long a page is watched after it is measured, for what it fetches once settled. */
const LATER_MS = 4_000;

/** Loads `url` in a fresh context (no cache) and sums the scripts it loads until the network is idle. */
async function weigh(
  browser: Browser,
  page: string,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
  ready?: (tab: Page) => Promise<void>,
): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  try {
    const tab = await context.newPage();
    const bodies: Array<Promise<{ url: string; raw: number; gzip: number } | null>> = [];
    const seen = new Set<string>();
    tab.on("response", (res) => {
      const req = res.request();
      const isScript = req.resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
      if (!isScript || seen.has(res.url()) || res.status() >= 300) return;
      seen.add(res.url());
      bodies.push(
        res.body().then(
          (b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b).length }),
          () => null,
        ),
      );
    });
    const response = await tab.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    // A page whose main part loads after a pause (a form's code once the products on sale are
    // known) is measured with it: network idle alone can come in that pause.
    const unready = ready ? await ready(tab).then(() => undefined, () => "not ready in 30 s") : undefined;
    await sleep(500);
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const landed = new URL(tab.url());
    const expected = new URL(url);
    const note =
      response && !response.ok()
        ? `HTTP ${response.status()}`
        : landed.pathname !== expected.pathname
          ? `landed on ${landed.pathname}`
          : unready;
    const sizes = (await Promise.all(bodies)).filter((s) => s !== null);
    // What the page fetches once it has settled, unasked (the command palette, about 2 s after
    // load): not JS at load, listed apart.
    const atLoad = bodies.length;
    await sleep(LATER_MS);
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const later = (await Promise.all(bodies.slice(atLoad))).filter((s) => s !== null);
    return {
      later: later.reduce((n, s) => n + s.gzip, 0),
      page,
      url,
      files: sizes.length,
      raw: sizes.reduce((n, s) => n + s.raw, 0),
      gzip: sizes.reduce((n, s) => n + s.gzip, 0),
      note,
      scripts: sizes,
    };
  } finally {
    await context.close();
  }
}

/* ------------------------------------------------------------------ the desk's pages */

type Envelope<T> = { data: T; meta: { session?: { status?: string } } };
type Row = { rateQuoteId: string; canonicalProductId: string; productType: string; sellAmountMinor: number; sellCurrency: string; summary: Record<string, unknown> };

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function signIn(context: BrowserContext, baseURL: string, role: "advisor" | "admin" = "advisor"): Promise<void> {
  const advisor = DEMO_USERS.find((u) => u.role === role)!;
  const res = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email: advisor.email, password: advisor.password },
    headers: { Origin: baseURL },
  });
  if (!res.ok()) throw new Error(`Could not sign in as ${advisor.email}: ${res.status()} ${await res.text()}`);
}

/** A hotel search through the desk's API, and its rows once they have settled. */
async function hotelSearch(context: BrowserContext, baseURL: string): Promise<{ criteria: SearchCriteria; searchId: string; rows: Row[] }> {
  const criteria = parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: day(60), out: day(62), pax: "1", res: "US" }), "US");
  if (!criteria) throw new Error("the benchmark's criteria do not parse");
  const made = await context.request.post(`${baseURL}/api/search`, { data: toSearchRequest(criteria), headers: { Origin: baseURL }, timeout: 30_000 });
  if (!made.ok()) throw new Error(`POST /api/search answered ${made.status()}: ${await made.text()}`);
  const searchId = ((await made.json()) as Envelope<{ searchId: string }>).data.searchId;
  let rows: Row[] = [];
  for (let i = 0; i < 80; i++) {
    const res = await context.request.get(`${baseURL}/api/search/${searchId}/results?limit=200`);
    const body = (await res.json()) as Envelope<Row[]>;
    rows = res.ok() ? body.data : [];
    if (rows.length > 0 && body.meta.session?.status !== "pending" && body.meta.session?.status !== "partial") break;
    await sleep(250);
  }
  if (rows.length === 0) throw new Error("the hotel search gave no rows");
  return { criteria, searchId, rows };
}

/** The client's proposal page (issue 29): signed out, its own budget. */
const CLIENT_PAGE = "client's proposal";

/**
 * A proposal of two of the search's hotels as alternatives, made and shared through the desk's
 * API as the advisor; its link's path (/p/<token>), opened signed out.
 */
async function shareProposal(context: BrowserContext, baseURL: string, rows: Row[]): Promise<string> {
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await context.request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } });
    if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as Envelope<T>).data;
  };
  // One currency per proposal.
  const hotels = rows.filter((r) => r.summary.isPackage !== true && r.sellCurrency === rows[0]!.sellCurrency).slice(0, 2);
  const client = await post<{ id: string }>("/api/clients", { name: "Bench Client", email: "bench.client@example.com", phone: "" });
  let proposal = await post<{ id: string; groups: Array<{ id: string }> }>("/api/proposals", { clientId: client.id, title: "Barcelona for the bench", note: "Two hotels to choose from.", validUntil: day(14) });
  for (const [i, r] of hotels.entries()) {
    const snapshot = {
      productType: "hotel",
      title: typeof r.summary.name === "string" ? r.summary.name : `Hotel ${i + 1}`,
      photoUrl: null,
      details: ["Breakfast included"],
      startsOn: day(60),
      endsOn: day(62),
      travellers: "1 adult",
      cancellation: "Free cancellation until 3 days before arrival",
      refundable: true,
      country: "ES",
      criteria: { productType: "hotel" },
      match: { hotelId: r.canonicalProductId },
    };
    proposal = await post(`/api/proposals/${proposal.id}/items`, {
      snapshot,
      cost: { amountMinor: r.sellAmountMinor, currency: r.sellCurrency },
      ...(i > 0 ? { groupId: proposal.groups[0]!.id } : {}),
    });
  }
  const shared = await post<{ url: string }>(`/api/proposals/${proposal.id}/share`, { send: false });
  return new URL(shared.url).pathname;
}

/* ------------------------------------------------------------------ main */

async function main(): Promise<void> {
  buildBare();
  const servers: BenchServer[] = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop().catch(() => {})));
  const globalTimer = setTimeout(() => {
    console.error(`Gave up: the benchmark took more than ${GLOBAL_TIMEOUT_MS / 60_000} minutes.`);
    void stopAll().finally(() => process.exit(1));
  }, GLOBAL_TIMEOUT_MS);
  let browser: Browser | undefined;
  try {
    servers.push(await startBare(3251));
    const bare = servers[0]!.baseURL;
    servers.push(await startProdServer({ port: PORT, name: "bench-weight" }));
    const baseURL = servers[1]!.baseURL;
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

    const signer = await browser.newContext();
    await signIn(signer, baseURL);
    const { criteria, searchId, rows } = await hotelSearch(signer, baseURL);
    const state = await signer.storageState();
    const row = rows.find((r) => r.summary.isPackage !== true && r.summary.requiresGuestTitle !== true) ?? rows[0]!;
    const proposalPath = await shareProposal(signer, baseURL, rows);
    await signer.close();
    // A confirmed hotel booking for a booking's page, made straight at the sandbox with a key of
    // the bench's own (the e2e suite's way of booking outside the desk).
    const api = await request.newContext({ baseURL });
    const sandbox = new SandboxClient(api);
    const { bookingId } = await bookHotel(await outsideTheDesk(api, sandbox), sandbox, { lastName: "Bench" });
    await api.dispose();
    const admin = await browser.newContext();
    await signIn(admin, baseURL, "admin");
    const adminState = await admin.storageState();
    await admin.close();

    const results: Weight[] = [];
    const measure = async (page: string, url: string, signedIn: boolean | "admin", ready?: (tab: Page) => Promise<void>) => {
      console.error(`Loading ${page} (${url})…`);
      results.push(await weigh(browser!, page, url, signedIn === "admin" ? adminState : signedIn ? state : undefined, ready));
    };
    const visible = (pick: (tab: Page) => Locator) => (tab: Page) => pick(tab).first().waitFor({ state: "visible", timeout: 30_000 });
    await measure("bare Next page", `${bare}/`, false);
    await measure("/login (signed out)", `${baseURL}/login`, false, visible((t) => t.getByRole("button", { name: "Sign in" })));
    await measure("/search", `${baseURL}/search`, true, visible((t) => t.getByRole("combobox", { name: "Destination" })));
    await measure("hotel results", `${baseURL}${searchHref(criteria, searchId)}`, true, visible((t) => t.getByRole("link", { name: /See rooms/ })));
    await measure("hotel page", `${baseURL}${hotelHref(searchId, row.canonicalProductId, criteria)}`, true);
    await measure("checkout", `${baseURL}${checkoutHref(row.rateQuoteId, searchId, criteria)}`, true);
    await measure("/bookings", `${baseURL}/bookings`, true, visible((t) => t.getByRole("heading", { level: 1 })));
    await measure("a booking", `${baseURL}/bookings/${bookingId}`, true, visible((t) => t.getByRole("button", { name: "Email voucher" })));
    await measure("/attention", `${baseURL}/attention`, true, visible((t) => t.getByRole("heading", { level: 1 })));
    await measure("/admin/overview", `${baseURL}/admin/overview`, "admin", visible((t) => t.getByRole("heading", { level: 1 })));
    await measure("/admin/users", `${baseURL}/admin/users`, "admin", visible((t) => t.getByRole("heading", { level: 1 })));
    await measure("/admin/agency", `${baseURL}/admin/agency`, "admin", visible((t) => t.getByRole("heading", { level: 1 })));
    await measure("/admin/pricing", `${baseURL}/admin/pricing`, "admin", visible((t) => t.getByTestId("pricing-example")));
    await measure(CLIENT_PAGE, `${baseURL}${proposalPath}`, false, visible((t) => t.getByRole("button", { name: "Send my choice" })));

    const base = results[0]!.gzip;
    const kb = (n: number) => (n / KB).toFixed(1);
    console.log(`\nJS loaded at page load, re-gzipped (zlib default level), cold cache, until network idle; Chromium ${browser.version()}`);
    console.log(`${"page".padEnd(22)}${"files".padStart(6)}${"raw KB".padStart(9)}${"gzip KB".padStart(9)}${"vs bare".padStart(9)}${"target".padStart(9)}  met`);
    for (const r of results) {
      const isBare = r === results[0];
      const budget = isBare ? NaN : r.page.startsWith("/login") ? 50 : r.page === CLIENT_PAGE ? 30 : 100;
      const diff = (r.gzip - base) / KB;
      const met = isBare ? "" : diff <= budget ? "yes" : `NO (+${(diff - budget).toFixed(1)})`;
      console.log(
        `${r.page.padEnd(22)}${String(r.files).padStart(6)}${kb(r.raw).padStart(9)}${kb(r.gzip).padStart(9)}${(isBare ? "" : `+${diff.toFixed(1)}`).padStart(9)}${(isBare ? "" : `+${budget}`).padStart(9)}  ${met}${r.later ? `  then ${kb(r.later)} KB once settled` : ""}${r.note ? `  (${r.note})` : ""}`,
      );
    }
    if (process.env.BENCH_VERBOSE === "1") {
      for (const r of results) {
        console.log(`\n${r.page}: ${r.url}`);
        for (const s of [...r.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(7)} KB  ${new URL(s.url).pathname}`);
      }
    }
  } finally {
    clearTimeout(globalTimer);
    await browser?.close().catch(() => {});
    await stopAll();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`\npage-weight benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
