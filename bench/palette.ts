// Command palette benchmark (Playwright): `npx tsx bench/palette.ts`
// How long Ctrl+K takes to show the palette (issue 27: median ≤ 100 ms from the key to the dialog
// painted, on a desktop and with the CPU slowed 4×). Starts a production server of this checkout on
// :3270 (builds first when .next/BUILD_ID is missing; BENCH_BUILD=1 rebuilds), signs the demo
// advisor in and opens /bookings in Chromium at a desktop viewport, each run in a fresh context (no
// cache), waits until the page is idle (its shortcut live, the network quiet, BENCH_PALETTE_SETTLE_MS
// more, 1000), then presses Ctrl+K, closes with Escape and presses it again, BENCH_PALETTE_OPENS (5)
// times: the first open of the page and the ones after.
// Every time is taken in the page on one clock: from the key event's own timestamp (so a busy main
// thread that delays the event counts too) to the end of the next frame after the dialog is in the
// DOM with its input (a requestAnimationFrame, then a task): "dialog painted"; and likewise to its
// first entry painted ("entries painted"). Also counted: the scripts requested between the key and
// the dialog painted (none should be: the key must not wait on the network).
// BENCH_PALETTE_BEFORE=<dir>: also serves an older checkout, built there (e.g. `git archive <commit>`
// with node_modules linked, its commit in <dir>/.commit), on :3271, run by run interleaved with this
// one, so before and after are measured side by side under the same load.
// BENCH_PALETTE_RUNS (10) page loads per server and CPU rate. BENCH_PALETTE_RATES=1,4 (the CPU
// slowdowns, through CDP's Emulation.setCPUThrottlingRate).
// Prints figures, never asserts timings: the machine is shared and noisy.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/constants";
import { signIn } from "./support/desk-pages";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";
import { NEXT_PAINT_JS } from "./support/page-script";

const PORT = Number(process.env.BENCH_PALETTE_PORT ?? 3270);
const RUNS = Math.max(1, Number(process.env.BENCH_PALETTE_RUNS ?? 10));
const OPENS = Math.max(2, Number(process.env.BENCH_PALETTE_OPENS ?? 5));
const SETTLE_MS = Number(process.env.BENCH_PALETTE_SETTLE_MS ?? 1000);
const RATES = (process.env.BENCH_PALETTE_RATES ?? "1,4").split(",").map(Number).filter((n) => n >= 1);
const BEFORE = process.env.BENCH_PALETTE_BEFORE;
const PAGE = "/bookings";

/* ------------------------------------------------------------------ in the page */

// Plain JavaScript installed as an init script (before the page's own scripts, so its capture-phase
// listener runs before the desk's): functions written in this file would be compiled by tsx with
// helpers (__name) that do not exist in the page.
const PAGE_HELPERS = String.raw`
(() => {
${NEXT_PAINT_JS}
  /** The palette's dialog once it is there with its input and has a size, else null. */
  const dialog = () => {
    for (const el of document.querySelectorAll('[role="dialog"], dialog[open]')) {
      const named = el.getAttribute("aria-label") ?? document.getElementById(el.getAttribute("aria-labelledby") ?? "")?.textContent ?? "";
      if (named.trim() !== "Command palette") continue;
      // Shown, not only laid out: the palette waits hidden (visibility) until the key.
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const input = el.querySelector("input");
      const box = el.getBoundingClientRect();
      if (input && box.width > 0 && box.height > 0) return el;
    }
    return null;
  };
  let pending = null;
  window.addEventListener("keydown", (e) => {
    if (e.key.toLowerCase() !== "k" || !(e.ctrlKey || e.metaKey) || dialog()) return;
    const key = e.timeStamp;
    pending = new Promise((resolve) => {
      const out = { key, dialog: NaN, entries: NaN, focused: false, scripts: 0 };
      let phase = "dialog";
      const timer = setTimeout(() => { mo.disconnect(); resolve({ ...out, error: "the palette was not shown within 15 s" }); }, 15000);
      const check = () => {
        const el = dialog();
        if (!el) return;
        if (phase === "dialog") {
          phase = "painting";
          nextPaint((t) => {
            out.dialog = t - key;
            out.focused = el.contains(document.activeElement) && document.activeElement.tagName === "INPUT";
            out.scripts = performance.getEntriesByType("resource").filter((r) => r.startTime >= key && r.startTime <= t && /\.m?js(\?|$)/.test(new URL(r.name).pathname)).length;
            phase = "entries";
            check();
          });
        } else if (phase === "entries" && el.querySelector('[role="option"]')) {
          phase = "done";
          mo.disconnect();
          nextPaint((t) => { clearTimeout(timer); resolve({ ...out, entries: t - key }); });
        }
      };
      const mo = new MutationObserver(check);
      mo.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
      check();
    });
  }, true);
  window.__benchPalette = {
    result: () => pending ?? Promise.resolve({ error: "no Ctrl+K keydown was seen" }),
    open: () => dialog() !== null,
  };
})();
`;

type Open = { key: number; dialog: number; entries: number; focused: boolean; scripts: number; error?: string };

/* ------------------------------------------------------------------ a run */

async function run(browser: Browser, server: Server, rate: number): Promise<Open[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const { origin } = new URL(server.baseURL);
    await context.addCookies(server.cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin })));
    await context.addInitScript(PAGE_HELPERS);
    const page = await context.newPage();
    if (rate > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate });
    await page.goto(`${server.baseURL}${PAGE}`, { waitUntil: "load", timeout: 60_000 });
    await page.locator("[data-palette-ready]").waitFor({ state: "attached", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    await sleep(SETTLE_MS);
    const opens: Open[] = [];
    for (let i = 0; i < OPENS; i++) {
      await page.keyboard.press("Control+k");
      const open = (await page.evaluate("window.__benchPalette.result()")) as Open;
      if (open.error) throw new Error(`${server.label}, ${rate}× CPU, open ${i + 1}: ${open.error}`);
      if (!open.focused) throw new Error(`${server.label}, ${rate}× CPU, open ${i + 1}: the palette's input was not focused when it was painted`);
      opens.push(open);
      await page.keyboard.press("Escape");
      await page.waitForFunction("!window.__benchPalette.open()", undefined, { timeout: 10_000 });
      await sleep(300);
    }
    return opens;
  } finally {
    await context.close();
  }
}

/* ------------------------------------------------------------------ figures */

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
};
const ms = (n: number) => (Number.isNaN(n) ? "—" : `${Math.round(n).toLocaleString("en-US")} ms`);
const fig = (xs: number[]) => `${ms(quantile(xs, 0.5))} / ${ms(quantile(xs, 0.9))}`;

type Server = BenchServer & { label: string; cookie: string };

async function main() {
  const servers: Server[] = [];
  let browser: Browser | null = null;
  try {
    const start = async (label: string, port: number, name: string, dir?: string) => {
      const s = await startProdServer({ port, name, dir });
      servers.push({ ...s, label, cookie: await signIn(s.baseURL) });
    };
    if (BEFORE) {
      const commit = existsSync(path.join(BEFORE, ".commit")) ? readFileSync(path.join(BEFORE, ".commit"), "utf8").trim().slice(0, 7) : path.basename(BEFORE);
      await start(`before (${commit})`, PORT + 1, "bench-palette-before", BEFORE);
    }
    await start(BEFORE ? "after (this checkout)" : "this checkout", PORT, "bench-palette");
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const all = new Map<string, { first: Open[]; again: Open[] }>();
    for (const rate of RATES) {
      for (let r = 0; r < RUNS; r++) {
        for (const server of servers) {
          const opens = await run(browser, server, rate);
          const key = `${server.label}|${rate}`;
          const into = all.get(key) ?? { first: [], again: [] };
          into.first.push(opens[0]!);
          into.again.push(...opens.slice(1));
          all.set(key, into);
          console.error(`${server.label}, ${rate}× CPU, run ${r + 1}/${RUNS}: ${opens.map((o) => Math.round(o.dialog)).join(", ")} ms`);
        }
      }
    }
    console.log(`\nCtrl+K on ${PAGE}, desktop viewport; medians / p90 of ${RUNS} page loads (first open) and ${RUNS * (OPENS - 1)} opens after it; scripts requested between the key and the dialog painted (median)`);
    const table = ["| server | CPU | first open: dialog painted | first: entries painted | first: scripts | later opens: dialog painted | later: entries painted |", "|---|---|---|---|---|---|---|"];
    for (const rate of RATES) {
      for (const server of servers) {
        const { first, again } = all.get(`${server.label}|${rate}`)!;
        table.push(
          `| ${server.label} | ${rate}× | ${fig(first.map((o) => o.dialog))} | ${fig(first.map((o) => o.entries))} | ${quantile(first.map((o) => o.scripts), 0.5)} | ${fig(again.map((o) => o.dialog))} | ${fig(again.map((o) => o.entries))} |`,
        );
      }
    }
    console.log(table.join("\n"));
  } finally {
    await browser?.close();
    for (const s of servers) await s.stop();
  }
}

await main();
