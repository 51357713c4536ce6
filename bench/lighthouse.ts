// Lighthouse on the desk's key pages: `npx tsx bench/lighthouse.ts`
// Starts a production server on :3260 (builds first when .next/BUILD_ID is missing; BENCH_BUILD=1
// rebuilds), or measures BENCH_BASE_URL. Signs the demo advisor in, makes one hotel search through
// the desk (the sandbox at the e2e server's fast timings, so the search is complete), then runs
// Lighthouse 12 (performance and accessibility) on /login (signed out), /search, the results, a
// hotel page, checkout and /bookings, mobile (Lighthouse's default: Moto G4 emulation, simulated
// slow 4G and 4× CPU slowdown) and desktop, BENCH_LH_RUNS (1) runs each, and prints the medians
// with LCP, TBT and CLS, the first row being a bare one-page Next app of the same versions
// (bench/support/bare-next.ts, :3262), measured in the same runs. Chromium is Debian's (/usr/bin/chromium); nothing is downloaded.
// BENCH_LH_PAGES=/search,results measures only those pages; BENCH_LH_DETAIL=1 also prints, for each
// mobile run, the scripts' main-thread time and the long tasks (what the TBT is made of).
// BENCH_LH_DUMP=<dir> writes each run's whole Lighthouse report there (JSON), to look into.
// Prints figures, never asserts: the machine is shared and noisy.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { buildBare, startBare } from "./support/bare-next";
import { deskPages, signIn } from "./support/desk-pages";
import { serversNiced } from "./support/cpus";
import { startProdServer, type BenchServer } from "./support/prod-server";

const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1));
const PORT = 3260;
const BARE_PORT = 3262;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const ONLY = process.env.BENCH_LH_PAGES?.split(",").map((s) => s.trim()).filter(Boolean) ?? null;
const DETAIL = process.env.BENCH_LH_DETAIL === "1";

type Figures = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function audit(url: string, cookie: string | null, formFactor: "mobile" | "desktop", port: number): Promise<Figures> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, formFactor === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  if (process.env.BENCH_LH_DUMP) writeFileSync(`${process.env.BENCH_LH_DUMP}/${formFactor}-${url.replace(/^https?:\/\/[^/]+/, "").replace(/\W+/g, "_").slice(0, 40) || "root"}.json`, JSON.stringify(lhr));
  if (DETAIL && formFactor === "mobile") {
    type Item = { url: string; total?: number; scripting?: number; startTime?: number; duration?: number };
    const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []);
    const short = (u: string) => u.replace(/^https?:\/\/[^/]+/, "").slice(-48);
    console.log(`  ${url.replace(/^https?:\/\/[^/]+/, "").slice(0, 60)} (mobile): TBT ${Math.round(numeric("total-blocking-time"))} ms`);
    type Group = { group?: string; groupLabel?: string; duration?: number };
    const work = ((lhr.audits["mainthread-work-breakdown"]?.details as { items?: Group[] } | undefined)?.items ?? [])
      .map((g) => `${g.groupLabel ?? g.group} ${Math.round(g.duration ?? 0)}`)
      .join(", ");
    const diag = ((lhr.audits.diagnostics?.details as { items?: Record<string, number>[] } | undefined)?.items ?? [])[0];
    console.log(`    main thread (ms): ${work}`);
    const lcpNode = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
    const phases = ((lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined)?.items?.[1]?.items ?? [])
      .map((i) => `${i.phase} ${Math.round(i.timing ?? 0)}`)
      .join(", ");
    console.log(`    LCP ${Math.round(numeric("largest-contentful-paint"))} ms (${phases}): ${lcpNode?.slice(0, 110) ?? "?"}`);
    if (diag) console.log(`    tasks: ${diag.numTasks} (${diag.numTasksOver50ms} over 50 ms, ${diag.numTasksOver100ms} over 100 ms), ${Math.round(diag.totalTaskTime ?? 0)} ms in all, unthrottled`);
    for (const it of items("bootup-time").slice(0, 8)) console.log(`    script ${Math.round(it.total ?? 0)} ms (${Math.round(it.scripting ?? 0)} evaluating)  ${short(it.url)}`);
    for (const it of items("long-tasks").slice(0, 10)) console.log(`    long task at ${Math.round(it.startTime ?? 0)} ms: ${Math.round(it.duration ?? 0)} ms  ${short(it.url)}`);
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
  };
}

async function main() {
  let server: BenchServer | null = null;
  let bare: BenchServer | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    buildBare();
    bare = await startBare(BARE_PORT);
    const baseURL = process.env.BENCH_BASE_URL ?? (server = await startProdServer({ port: PORT, name: "bench-lighthouse" })).baseURL;
    const cookie = await signIn(baseURL);
    const pages = [
      { name: "bare Next page", url: `${bare.baseURL}/`, signedIn: false },
      ...(await deskPages(baseURL, cookie)).filter((p) => !ONLY || ONLY.includes(p.name)).map((p) => ({ ...p, url: `${baseURL}${p.path}` })),
    ];
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    console.log(`Lighthouse ${RUNS} run(s) per page and form factor against ${baseURL}, beside a bare Next page (${bare.baseURL})${serversNiced ? "; the servers at the lowest CPU priority (nice 19)" : ""}\n`);
    // Run by run over every page (not page by page), so a slower spell of this shared machine
    // falls on all the pages of one run, the bare one included, rather than on one page's runs.
    const got = pages.map(() => ({ mobile: [] as Figures[], desktop: [] as Figures[] }));
    for (let r = 0; r < RUNS; r++) {
      for (const [i, p] of pages.entries()) {
        for (const ff of ["mobile", "desktop"] as const) got[i]![ff].push(await audit(p.url, p.signedIn ? cookie : null, ff, chrome.port));
      }
      console.error(`run ${r + 1} of ${RUNS} done`);
    }
    const table: string[] = [
      "| page | mobile perf | mobile a11y | mobile LCP | mobile TBT | mobile CLS | desktop perf | desktop a11y | desktop CLS |",
      "|---|---|---|---|---|---|---|---|---|",
    ];
    for (const [i, p] of pages.entries()) {
      const m = (ff: "mobile" | "desktop", k: keyof Figures) => median(got[i]![ff].map((f) => f[k]));
      table.push(
        `| ${p.name} | ${m("mobile", "performance")} | ${m("mobile", "accessibility")} | ${(m("mobile", "lcpMs") / 1000).toFixed(1)} s | ${Math.round(m("mobile", "tbtMs"))} ms | ${m("mobile", "cls").toFixed(3)} | ${m("desktop", "performance")} | ${m("desktop", "accessibility")} | ${m("desktop", "cls").toFixed(3)} |`,
      );
    }
    console.log(`\nMedians of ${RUNS} run(s):\n${table.join("\n")}`);
  } finally {
    await chrome?.kill();
    await server?.stop();
    await bare?.stop();
  }
}

await main();
