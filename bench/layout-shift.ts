// Layout shifts of the desk's key pages, element by element: `npx tsx bench/layout-shift.ts`
// What Lighthouse's CLS figure (bench/lighthouse.ts) does not say: which elements moved, when, and
// by how much. Loads each page (bench/support/desk-pages.ts) in Playwright at Lighthouse's two
// viewports — mobile 412×823 at device scale 1.75 with the CPU slowed 4× through CDP, desktop
// 1350×940 — records every 'layout-shift' entry with its sources (a PerformanceObserver installed
// before the page's own scripts) for BENCH_CLS_SETTLE_MS (6000) after the load, and prints the
// page's CLS (the largest session window, as Lighthouse counts it) with each shift's sources.
// Starts a production server on :3260 like bench/lighthouse.ts, or measures BENCH_BASE_URL.
// BENCH_CLS_RUNS (1) loads per page and form factor; BENCH_CLS_PAGES=hotel,/search picks pages;
// BENCH_CLS_SHOTS=dir saves a screenshot of each page once settled.
import { mkdirSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/constants";
import { deskPages, signIn } from "./support/desk-pages";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";

const PORT = 3260;
const RUNS = Math.max(1, Number(process.env.BENCH_CLS_RUNS ?? 1));
const SETTLE_MS = Number(process.env.BENCH_CLS_SETTLE_MS ?? 6000);
const ONLY = process.env.BENCH_CLS_PAGES?.split(",").map((s) => s.trim()).filter(Boolean);
const SHOTS = process.env.BENCH_CLS_SHOTS;

const FORM_FACTORS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, cpu: 4 },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false, cpu: 1 },
} as const;
type FormFactor = keyof typeof FORM_FACTORS;

type Rect = { x: number; y: number; width: number; height: number };
type Source = { node: string; previousRect: Rect; currentRect: Rect };
type Shift = { value: number; startTime: number; hadRecentInput: boolean; sources: Source[] };

/** Runs in the page before its own scripts: keeps every layout shift with a readable name of each moved node. */
const OBSERVER = `(() => {
  const describe = (n) => {
    if (!n) return "(gone)";
    const el = n.nodeType === 1 ? n : n.parentElement;
    if (!el) return "#text";
    const path = [];
    for (let e = el; e && e !== document.body && path.length < 3; e = e.parentElement) {
      const cls = typeof e.className === "string" ? e.className.trim().split(/\\s+/).slice(0, 4).join(".") : "";
      path.unshift(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (cls ? "." + cls : ""));
    }
    const text = (el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 50);
    return (n.nodeType === 3 ? "#text in " : "") + path.join(" > ") + (text ? ' "' + text + '"' : "");
  };
  const rect = (r) => ({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) });
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({
        value: e.value,
        startTime: Math.round(e.startTime),
        hadRecentInput: e.hadRecentInput,
        sources: (e.sources || []).map((s) => ({ node: describe(s.node), previousRect: rect(s.previousRect), currentRect: rect(s.currentRect) })),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();`;

/** CLS as Lighthouse and web-vitals count it: the largest session window (gaps < 1 s, windows ≤ 5 s). */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let best = 0;
  let windowValue = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.hadRecentInput) continue;
    if (s.startTime - last > 1000 || s.startTime - windowStart > 5000) {
      windowValue = 0;
      windowStart = s.startTime;
    }
    windowValue += s.value;
    last = s.startTime;
    best = Math.max(best, windowValue);
  }
  return best;
}

async function measure(browser: Browser, url: string, cookie: string | null, ff: FormFactor, shotPath: string | null): Promise<Shift[]> {
  const { cpu, ...device } = FORM_FACTORS[ff];
  const context = await browser.newContext({ ...device, ...(cookie ? { extraHTTPHeaders: { cookie } } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await sleep(SETTLE_MS);
    // Read before the screenshot: a full-page shot resizes the viewport, which moves things.
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    if (shotPath) await page.screenshot({ path: shotPath, fullPage: true });
    return shifts;
  } finally {
    await context.close();
  }
}

async function main() {
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    const baseURL = process.env.BENCH_BASE_URL ?? (server = await startProdServer({ port: PORT, name: "bench-layout-shift" })).baseURL;
    const cookie = await signIn(baseURL);
    const list = (await deskPages(baseURL, cookie)).filter((p) => !ONLY || ONLY.includes(p.name));
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const table = ["| page | mobile CLS | desktop CLS |", "|---|---|---|"];
    for (const p of list) {
      const cls: Record<FormFactor, number[]> = { mobile: [], desktop: [] };
      for (let r = 0; r < RUNS; r++) {
        for (const ff of ["mobile", "desktop"] as const) {
          const shot = SHOTS && r === 0 ? `${SHOTS}/${p.name.replace(/\W+/g, "") || "page"}-${ff}.png` : null;
          const shifts = await measure(browser, `${baseURL}${p.path}`, p.signedIn ? cookie : null, ff, shot);
          const value = cumulativeLayoutShift(shifts);
          cls[ff].push(value);
          console.log(`\n${p.name} ${ff} run ${r + 1}: CLS ${value.toFixed(4)} (${shifts.length} shift${shifts.length === 1 ? "" : "s"})`);
          for (const s of shifts) {
            console.log(`  ${s.value.toFixed(4)} at ${s.startTime} ms${s.hadRecentInput ? " (after input)" : ""}`);
            for (const src of s.sources) {
              const a = src.previousRect;
              const b = src.currentRect;
              console.log(`    ${src.node}\n      ${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height}`);
            }
          }
        }
      }
      const worst = (ff: FormFactor) => Math.max(...cls[ff]).toFixed(4);
      table.push(`| ${p.name} | ${worst("mobile")} | ${worst("desktop")} |`);
    }
    console.log(`\nWorst of ${RUNS} run(s):\n${table.join("\n")}`);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

await main();
