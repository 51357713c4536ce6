// Search UI benchmark (Playwright): `npx tsx bench/search-ui.ts`
// Starts a production server on :3200 (builds first when .next/BUILD_ID is missing; BENCH_BUILD=1
// rebuilds) with the sandbox at realistic source timings (SANDBOX_LATENCY_SCALE=1), or measures
// BENCH_BASE_URL. Desktop Chromium, signed in as the demo advisor. Every time is taken in the page
// on one clock (performance.now()) and "painted" means the end of the next frame after the DOM
// change (a requestAnimationFrame, then a task).
// 1. First row painted: a hotel search submitted from the form, from the end of the POST
//    /api/search response (the service has returned the search) to the first result card painted,
//    with its split; a big city (London, ~2,600 hotels) side by side with a small one (<50 hotels).
//    BENCH_RUNS (7) runs of each, interleaved, a fresh search every time.
// 2. Filter change: a star rating, "Refundable only" and a sort change, each toggled on and off
//    BENCH_TOGGLES (16) times, from the click to the list painted, with ~500 products loaded and
//    with one page (40) loaded, in two tabs of the same search, interleaved; long tasks counted.
// Prints figures and ratios, never asserts timings: the machine is shared and noisy.
import os from "node:os";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/constants";
import { DEMO_USERS } from "../lib/auth/config";
import { criteriaQuery, emptyCriteria, searchHref, toSearchRequest, type HotelCriteria, type Place } from "../lib/search/criteria";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";
import { NEXT_PAINT_JS } from "./support/page-script";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TOGGLES = Math.max(2, Number(process.env.BENCH_TOGGLES ?? 16));
const TARGET_PRODUCTS = 500;
const GLOBAL_TIMEOUT_MS = 10 * 60_000;
/** The desk lets one advisor start ~13 searches a minute (30 per key × 0.9, half each): stay under it. */
const SEARCH_SPACING_MS = 5_000;
const PORT = 3200;

/* ------------------------------------------------------------------ in the page */

// Plain JavaScript installed as an init script: functions written in this file would be
// compiled by tsx with helpers (__name) that do not exist in the page.
const PAGE_HELPERS = String.raw`
(() => {
${NEXT_PAINT_JS}
  const longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push({ start: e.startTime, end: e.startTime + e.duration }); })
      .observe({ type: "longtask" });
  } catch {}
  const cardSelector = '[role="list"] [role="listitem"] article';
  /** What the advisor sees of the list: its size and the first products' names, in order. */
  const listSignature = () => {
    const list = document.querySelector('[role="list"][aria-label="Hotels"]');
    if (!list) return "no list";
    const items = [...list.querySelectorAll('[role="listitem"]')].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index)).slice(0, 5);
    return (items[0]?.getAttribute("aria-setsize") ?? "0") + "|" + items.map((i) => i.querySelector("h3")?.textContent ?? "").join("|");
  };
  window.__benchUi = {
    /** Resolves when the first result card has been painted (call before submitting the search). */
    armFirstCard() {
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(1000);
      window.__benchFirst = new Promise((resolve) => {
        const mo = new MutationObserver(() => {
          if (!document.querySelector(cardSelector)) return;
          mo.disconnect();
          const inserted = performance.now();
          nextPaint((painted) => resolve({ inserted, painted }));
        });
        mo.observe(document.documentElement, { childList: true, subtree: true });
      });
      return true;
    },
    async firstCard() {
      const { inserted, painted } = await window.__benchFirst;
      const res = performance.getEntriesByType("resource");
      const post = res.find((e) => e.initiatorType === "fetch" && new URL(e.name).pathname === "/api/search");
      const reads = res.filter((e) => /\/api\/search\/[^/]+\/results/.test(new URL(e.name).pathname)).sort((a, b) => a.startTime - b.startTime);
      const first = reads[0];
      if (!post || !first) return { error: "the POST /api/search or results request was not seen in the resource timings" };
      const rsc = res.find((e) => new URL(e.name).pathname === "/search" && e.startTime >= post.responseEnd && e.startTime <= first.startTime);
      return {
        rsc: rsc ? rsc.responseEnd - rsc.startTime : NaN,
        post: post.responseEnd - post.startTime,
        nav: first.startTime - post.responseEnd,
        results: first.responseEnd - first.startTime,
        render: painted - first.responseEnd,
        frame: painted - inserted,
        total: painted - post.responseEnd,
      };
    },
    /** Clicks (or picks the sort) and resolves when the changed list has been painted. */
    toggle(action) {
      const aside = document.querySelector('aside[aria-label="Filters"]');
      let target = null;
      if (action.kind === "stars") {
        target = [...(aside?.querySelectorAll('input[type="checkbox"]') ?? [])].find((i) => i.closest("label")?.textContent?.includes(action.stars + " stars")) ?? null;
      } else if (action.kind === "refundable") {
        target = aside?.querySelector('input[role="switch"]') ?? null;
      } else {
        target = [...document.querySelectorAll("select")].find((s) => [...s.options].some((o) => o.value === action.value)) ?? null;
      }
      if (!target) return Promise.resolve({ error: "control not found: " + JSON.stringify(action) });
      const before = listSignature();
      return new Promise((resolve) => {
        let start = 0;
        const timer = setTimeout(() => { mo.disconnect(); resolve({ error: "the list did not change within 10 s" }); }, 10000);
        const mo = new MutationObserver(() => {
          if (listSignature() === before) return;
          mo.disconnect();
          clearTimeout(timer);
          const changed = performance.now();
          nextPaint((painted) => resolve({ start, changed, painted }));
        });
        mo.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        start = performance.now();
        if (action.kind === "sort") {
          target.value = target.value === action.value ? "recommended" : action.value;
          target.dispatchEvent(new Event("change", { bubbles: true }));
        } else {
          target.click();
        }
      });
    },
    longTasksBetween(windows) {
      const hit = longTasks.filter((t) => windows.some(([a, b]) => t.start < b && t.end > a));
      return { count: hit.length, total: hit.reduce((n, t) => n + t.end - t.start, 0), max: Math.max(0, ...hit.map((t) => t.end - t.start)) };
    },
    longTasksAll() {
      return longTasks.length;
    },
    loadedProducts() {
      const p = [...document.querySelectorAll("p")].find((el) => /^Showing [\d,]+ hotel/.test(el.textContent ?? ""));
      return p ? Number(p.textContent.replace(/^Showing ([\d,]+).*$/s, "$1").replace(/,/g, "")) : 0;
    },
    filling() {
      return document.body.innerText.includes("More are still arriving");
    },
    resourceCount() {
      return performance.getEntriesByType("resource").length;
    },
  };
})();
`;

type FirstCard = { rsc: number; post: number; nav: number; results: number; render: number; frame: number; total: number };
type Toggle = { start: number; changed: number; painted: number };
type Action = { kind: "stars"; stars: number } | { kind: "refundable" } | { kind: "sort"; value: string };

const call = <T>(page: Page, expression: string, ms: number, what: string): Promise<T> =>
  withTimeout(page.evaluate(expression) as Promise<T>, ms, what);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out after ${ms / 1000} s: ${what}`)), ms);
    }),
  ]);
}

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

/* ------------------------------------------------------------------ set-up */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function signIn(context: BrowserContext, baseURL: string): Promise<void> {
  const advisor = DEMO_USERS.find((u) => u.role === "advisor")!;
  const res = await context.request.post(`${baseURL}/api/auth/login`, { data: { email: advisor.email, password: advisor.password }, headers: { Origin: baseURL } });
  if (!res.ok()) throw new Error(`Could not sign in as ${advisor.email}: ${res.status()} ${await res.text()}`);
}

type City = { name: string; countryCode: string; hotelCount: number; cityRegionId: number; cityRegionIds: number[] };

async function findCity(context: BrowserContext, baseURL: string, queries: string[], fits: (c: City) => boolean): Promise<City> {
  for (const q of queries) {
    const res = await context.request.get(`${baseURL}/api/suggest`, { params: { q, limit: 5 } });
    if (!res.ok()) throw new Error(`GET /api/suggest?q=${q} answered ${res.status()}`);
    const { data } = (await res.json()) as { data: { cities: City[] } };
    const city = data.cities.find(fits);
    if (city) return city;
  }
  throw new Error(`No city among ${queries.join(", ")} fits the benchmark`);
}

const hotelSearch = (city: City): HotelCriteria => {
  const place: Place = { kind: "city", cityRegionId: city.cityRegionId, cityRegionIds: city.cityRegionIds, name: city.name, countryCode: city.countryCode };
  return { ...emptyCriteria("hotel", "US"), place, checkIn: day(40), checkOut: day(43) };
};

/** Waits before starting another search so the advisor's search budget is never the thing measured. */
let lastSearchAt = 0;
async function spaceSearches(): Promise<void> {
  const wait = lastSearchAt + SEARCH_SPACING_MS - Date.now();
  if (wait > 0) await sleep(wait);
  lastSearchAt = Date.now();
}

/* ------------------------------------------------------------------ figure 1 */

async function firstRow(page: Page, criteria: HotelCriteria): Promise<FirstCard> {
  await page.goto(`/search?${criteriaQuery(criteria)}`, { waitUntil: "load", timeout: 30_000 });
  // The tabs render once capabilities have loaded on the client, i.e. the form is hydrated.
  await page.getByRole("tab", { name: "Hotels" }).waitFor({ timeout: 30_000 });
  const submit = page.getByRole("button", { name: "Search hotels" });
  await submit.waitFor({ timeout: 10_000 });
  await spaceSearches();
  await call(page, "window.__benchUi.armFirstCard()", 5_000, "arming the first-card observer");
  await submit.click();
  const r = await call<FirstCard | { error: string }>(page, "window.__benchUi.firstCard()", 45_000, `the first result card of ${criteria.place?.name}`);
  if ("error" in r) throw new Error(`${criteria.place?.name}: ${r.error}`);
  // Leave the page so its polling of the filling search does not spend the results budget.
  await page.goto("about:blank");
  return r;
}

/* ------------------------------------------------------------------ figure 2 */

async function openResults(context: BrowserContext, baseURL: string, criteria: HotelCriteria): Promise<{ sid: string }> {
  await spaceSearches();
  const res = await context.request.post(`${baseURL}/api/search`, { data: toSearchRequest(criteria), headers: { Origin: baseURL }, timeout: 30_000 });
  if (!res.ok()) throw new Error(`POST /api/search answered ${res.status()}: ${await res.text()}`);
  const { data } = (await res.json()) as { data: { searchId: string } };
  return { sid: data.searchId };
}

async function settle(page: Page, what: string): Promise<void> {
  await page.getByRole("list", { name: "Hotels" }).waitFor({ timeout: 45_000 });
  await until(`${what}: the search to finish filling`, 90_000, async () => !(await page.evaluate("window.__benchUi.filling()")));
  // Then quiet: no request (re-read, thumbnails) for 1.5 s.
  let seen = -1;
  let quietSince = Date.now();
  await until(`${what}: the network to be quiet`, 60_000, async () => {
    const n = await page.evaluate<number>("window.__benchUi.resourceCount()");
    if (n !== seen) {
      seen = n;
      quietSince = Date.now();
    }
    return Date.now() - quietSince >= 1_500;
  });
}

async function loadProducts(page: Page, target: number): Promise<number> {
  let loaded = await page.evaluate<number>("window.__benchUi.loadedProducts()");
  const more = page.getByRole("button", { name: "Show more results" });
  while (loaded < target) {
    if (!(await more.isVisible())) break;
    const before = loaded;
    // A click from script does not scroll, so the list's own load-on-scroll stays out of the way.
    await more.evaluate((b: HTMLButtonElement) => b.click());
    await until(`page ${Math.ceil(before / 40) + 1} of results`, 45_000, async () => {
      loaded = await page.evaluate<number>("window.__benchUi.loadedProducts()");
      return loaded > before;
    });
  }
  await page.evaluate("window.scrollTo(0, 0)");
  return loaded;
}

/* ------------------------------------------------------------------ output */

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const med = (xs: number[]) => pct(xs, 50);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "–").padStart(7);
const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(2)}` : "–").padStart(7);

/* ------------------------------------------------------------------ main */

async function main(): Promise<void> {
  const loadStart = os.loadavg()[0]!;
  const given = process.env.BENCH_BASE_URL?.replace(/\/$/, "");
  const server: BenchServer = given
    ? { baseURL: given, latencyScale: "as that server runs (not set here)", stop: async () => {} }
    : await startProdServer({ port: PORT, name: "bench", env: { SANDBOX_LATENCY_SCALE: "1" } });
  const { baseURL } = server;

  const globalTimer = setTimeout(() => {
    console.error(`Gave up: the benchmark took more than ${GLOBAL_TIMEOUT_MS / 60_000} minutes.`);
    void server.stop().finally(() => process.exit(1));
  }, GLOBAL_TIMEOUT_MS);

  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript({ content: PAGE_HELPERS });
    await signIn(context, baseURL);
    const big = await findCity(context, baseURL, ["London"], (c) => c.name === "London" && c.countryCode === "GB");
    const small = await findCity(context, baseURL, ["Krakow", "Porto Alegre", "Valencia"], (c) => c.hotelCount >= 10 && c.hotelCount < 50);
    const page = await context.newPage();

    // Figure 1
    const searches = { big: hotelSearch(big), small: hotelSearch(small) };
    console.error(`Figure 1: ${RUNS} + 1 warm-up searches each of ${big.name} and ${small.name}…`);
    await firstRow(page, searches.big);
    await firstRow(page, searches.small);
    const first = { big: [] as FirstCard[], small: [] as FirstCard[] };
    for (let i = 0; i < RUNS; i++) {
      // Alternating which goes first, so neither always follows the other's leftovers.
      for (const which of i % 2 ? (["small", "big"] as const) : (["big", "small"] as const)) {
        first[which].push(await firstRow(page, searches[which]));
      }
    }
    await page.close();

    // Figure 2: two tabs on one London search, one with the first page, one with ~500 products.
    console.error(`Figure 2: loading ${TARGET_PRODUCTS} products of ${big.name}…`);
    const { sid } = await openResults(context, baseURL, searches.big);
    const few = await context.newPage();
    await few.goto(searchHref(searches.big, sid), { timeout: 30_000 });
    await settle(few, "one page");
    const many = await context.newPage();
    await many.goto(searchHref(searches.big, sid), { timeout: 30_000 });
    await settle(many, "first page, second tab");
    const manyLoaded = await loadProducts(many, TARGET_PRODUCTS);
    await settle(many, `${manyLoaded} products`);
    const fewLoaded = await few.evaluate<number>("window.__benchUi.loadedProducts()");
    if (manyLoaded < TARGET_PRODUCTS) console.error(`Only ${manyLoaded} products could be loaded (the search has no more).`);

    const starsIn = async (p: Page) => p.evaluate<string>(`[...document.querySelectorAll('aside[aria-label="Filters"] label')].map((l) => l.textContent).join(" ")`);
    const labels = [await starsIn(few), await starsIn(many)];
    const stars = [4, 3, 5, 2].find((s) => labels.every((l) => l.includes(`${s} stars`)));
    const actions: Array<[string, Action]> = [
      ...(stars ? ([[`${stars}★ filter`, { kind: "stars", stars }]] as Array<[string, Action]>) : []),
      ["Refundable only", { kind: "refundable" }],
      ["sort: price high–low", { kind: "sort", value: "price_desc" }],
    ];
    console.error(`Figure 2: ${TOGGLES} toggles of each of ${actions.map(([n]) => n).join(", ")} with ${manyLoaded} and ${fewLoaded} products…`);
    const toggles = new Map<string, { many: number[]; few: number[]; manyWin: Array<[number, number]>; fewWin: Array<[number, number]>; misses: number }>();
    for (const [name, action] of actions) {
      const t = { many: [] as number[], few: [] as number[], manyWin: [] as Array<[number, number]>, fewWin: [] as Array<[number, number]>, misses: 0 };
      toggles.set(name, t);
      for (let i = 0; i < TOGGLES; i++) {
        for (const [which, p] of i % 2 ? ([["few", few], ["many", many]] as const) : ([["many", many], ["few", few]] as const)) {
          await p.bringToFront();
          await sleep(120);
          const r = await call<Toggle | { error: string }>(p, `window.__benchUi.toggle(${JSON.stringify(action)})`, 15_000, `${name} with ${which === "many" ? manyLoaded : fewLoaded} products`);
          if ("error" in r) {
            t.misses++;
            console.error(`${name} (${which}): ${r.error}`);
            continue;
          }
          t[which].push(r.painted - r.start);
          (which === "many" ? t.manyWin : t.fewWin).push([r.start, r.painted]);
        }
      }
    }
    const longTasks = async (p: Page, windows: Array<[number, number]>) =>
      p.evaluate<{ count: number; total: number; max: number }>(`window.__benchUi.longTasksBetween(${JSON.stringify(windows)})`);
    await sleep(200); // long-task entries are delivered after the task

    // Output
    const version = browser.version();
    const cpu = os.cpus();
    console.log(`\nSearch UI, production build at ${baseURL}; sandbox latency scale ${server.latencyScale}`);
    console.log(`${cpu.length} cores (${cpu[0]?.model.trim() ?? "?"}), load average ${loadStart.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}; Chromium ${version}, 1440×900; Node ${process.version}`);

    console.log(`\n1. Hotel search: the service returns the search (POST /api/search responseEnd) → first result card painted`);
    console.log(`   ${RUNS} runs each, interleaved, fresh searches; ms, median (p90)`);
    const cols: Array<[string, keyof FirstCard]> = [
      ["FIGURE", "total"],
      ["POST", "post"],
      ["→request", "nav"],
      ["results", "results"],
      ["render", "render"],
    ];
    console.log(`   ${"city".padEnd(26)}${cols.map(([h]) => h.padStart(15)).join("")}`);
    const row = (label: string, rs: FirstCard[]) =>
      console.log(`   ${label.padEnd(26)}${cols.map(([, k]) => `${ms(med(rs.map((r) => r[k])))} (${ms(pct(rs.map((r) => r[k]), 90)).trim()})`.padStart(15)).join("")}`);
    row(`${big.name} (${big.hotelCount.toLocaleString("en-US")} hotels)`, first.big);
    row(`${small.name} (${small.hotelCount} hotels)`, first.small);
    console.log(
      `   ${"ratio big / small".padEnd(26)}${cols.map(([, k]) => `${ratio(med(first.big.map((r) => r[k])), med(first.small.map((r) => r[k])))}`.padStart(15)).join("")}`,
    );
    console.log(`   FIGURE = →request + results + render. →request: POST end to the first results request, i.e. the client navigation to ?sid=,`);
    console.log(`   of which the RSC request of /search: ${ms(med(first.big.map((r) => r.rsc))).trim()} ms (big), ${ms(med(first.small.map((r) => r.rsc))).trim()} ms (small), median.`);
    console.log(`   render: results response end to the first card painted; of it, insertion → painted frame: ${ms(med(first.big.map((r) => r.frame))).trim()} ms (big), ${ms(med(first.small.map((r) => r.frame))).trim()} ms (small).`);

    console.log(`\n2. Filter change over loaded products: click → list changed and painted (ms, median / p90 over ${TOGGLES} toggles on and off)`);
    console.log(`   ${"change".padEnd(18)}${`${manyLoaded} products`.padStart(20)}${`${fewLoaded} products`.padStart(20)}${"ratio".padStart(10)}`);
    const allMany: Array<[number, number]> = [];
    const allFew: Array<[number, number]> = [];
    for (const [name, t] of toggles) {
      allMany.push(...t.manyWin);
      allFew.push(...t.fewWin);
      console.log(
        `   ${name.padEnd(18)}${`${ms(med(t.many)).trim()} / ${ms(pct(t.many, 90)).trim()}`.padStart(20)}${`${ms(med(t.few)).trim()} / ${ms(pct(t.few, 90)).trim()}`.padStart(20)}${ratio(med(t.many), med(t.few)).padStart(10)}${t.misses ? `  (${t.misses} without a visible change)` : ""}`,
      );
    }
    const lm = await longTasks(many, allMany);
    const lf = await longTasks(few, allFew);
    const lt = (l: { count: number; total: number; max: number }, n: number) => `${l.count} in ${n} toggles, ${l.total.toFixed(0)} ms in all, longest ${l.max.toFixed(0)} ms`;
    console.log(`   long tasks (>50 ms) during the toggles: ${manyLoaded} products: ${lt(lm, allMany.length)}; ${fewLoaded} products: ${lt(lf, allFew.length)}`);
    const seen = [await many.evaluate<number>("window.__benchUi.longTasksAll()"), await few.evaluate<number>("window.__benchUi.longTasksAll()")];
    console.log(`   (the observer works: ${seen[0]} and ${seen[1]} long tasks seen in those tabs since they opened, loading included)`);
  } finally {
    clearTimeout(globalTimer);
    await browser.close().catch(() => {});
    await server.stop();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`\nsearch-ui benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
