// What blocks the main thread while the desk's key pages load: `npx tsx bench/main-thread.ts`
// Lighthouse's mobile TBT (bench/lighthouse.ts) says how much; this says what. Loads each page
// (bench/support/desk-pages.ts) in Playwright at Lighthouse's mobile viewport with the CPU slowed
// 4× through CDP, records the long tasks (a PerformanceObserver installed before the page's own
// scripts) and a sampled CPU profile until BENCH_MT_SETTLE_MS (4000) after the load, and prints:
// the blocking time (the sum over long tasks of what exceeds 50 ms, as TBT counts it, from the
// first paint on and from navigation on), the long tasks, and the functions with the most self
// time, named with their file (a chunk of ours is named by the first of our modules it holds).
// Starts a production server on :3260 like bench/lighthouse.ts, or measures BENCH_BASE_URL, and
// measures first, side by side, a bare one-page Next app of the same versions (:3261).
// BENCH_MT_RUNS (3) loads per page (the medians are printed, the profile is the last run's);
// BENCH_MT_PAGES=/search,results picks pages; BENCH_MT_TOP (15) functions listed.
// Prints figures, never asserts: the machine is shared and noisy.
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/constants";
import { buildBare, startBare } from "./support/bare-next";
import { deskPages, signIn } from "./support/desk-pages";
import { sleep, startProdServer, type BenchServer } from "./support/prod-server";

const PORT = 3260;
const BARE_PORT = 3261;
const RUNS = Math.max(1, Number(process.env.BENCH_MT_RUNS ?? 3));
const SETTLE_MS = Number(process.env.BENCH_MT_SETTLE_MS ?? 4000);
const TOP = Number(process.env.BENCH_MT_TOP ?? 15);
const ONLY = process.env.BENCH_MT_PAGES?.split(",").map((s) => s.trim()).filter(Boolean);

type Task = { start: number; duration: number };
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string } } };
type Window = { ts: number; dur: number; kinds: Map<string, number> };
type Run = { tasks: Task[]; fcp: number; lcp: number; blockingFromFcp: number; blockingAll: number; profile: Profile; kinds: Map<string, number>; longest: Window[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const blocking = (tasks: Task[], from: number) => tasks.filter((t) => t.start >= from).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);

async function measure(browser: Browser, url: string, cookie: string | null): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    if (cookie) {
      const { origin } = new URL(url);
      await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin })));
    }
    await context.addInitScript(() => {
      const w = window as unknown as { __tasks: Array<{ start: number; duration: number }>; __fcp: number; __lcp: number };
      w.__tasks = [];
      w.__fcp = 0;
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = Math.round(e.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === "first-contentful-paint") w.__fcp = Math.round(e.startTime);
      }).observe({ type: "paint", buffered: true });
    });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"] });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    await sleep(SETTLE_MS);
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const { tasks, fcp, lcp } = await page.evaluate(() => {
      const w = window as unknown as { __tasks: Task[]; __fcp: number; __lcp: number };
      return { tasks: w.__tasks, fcp: w.__fcp, lcp: w.__lcp };
    });
    return { tasks, fcp, lcp, blockingFromFcp: blocking(tasks, fcp), blockingAll: blocking(tasks, 0), profile, ...insideLongTasks(trace.traceEvents) };
  } finally {
    await context.close();
  }
}

/**
 * What the long tasks (over 50 ms) of the page's main thread are made of: self time per trace
 * event kind (Layout, style, script evaluation and compilation, parsing, GC…), summed over them.
 * A script's evaluation or function call is named with its file.
 */
function insideLongTasks(events: TraceEvent[]): { kinds: Map<string, number>; longest: Window[] } {
  // The page's main thread: of the renderers' main threads, the one that ran the most tasks.
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const busy = (m: TraceEvent) => events.reduce((sum, e) => (e.pid === m.pid && e.tid === m.tid && e.name === "RunTask" ? sum + (e.dur ?? 0) : sum), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  const own = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const kinds = new Map<string, number>();
  const windows: Window[] = [];
  let mine = new Map<string, number>();
  const add = (k: string, us: number) => {
    kinds.set(k, (kinds.get(k) ?? 0) + us / 1000);
    mine.set(k, (mine.get(k) ?? 0) + us / 1000);
  };
  const label = (e: TraceEvent) => {
    const url = e.args?.data?.url;
    return (e.name === "EvaluateScript" || e.name === "FunctionCall" || e.name === "v8.compile") && url ? `${e.name} ${url.replace(/^.*\//, "")}` : e.name;
  };
  for (const task of own) {
    if (task.name !== "RunTask" || task.dur! < 50_000) continue;
    mine = new Map();
    windows.push({ ts: task.ts, dur: task.dur!, kinds: mine });
    const end = task.ts + task.dur!;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    // Self time: an event's duration less that of its direct children (events nest on one thread).
    const stack: Array<{ e: TraceEvent; child: number }> = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
        const top = stack.pop()!;
        add(label(top.e), top.e.dur! - top.child);
        if (stack.length) stack.at(-1)!.child += top.e.dur!;
      }
    };
    let direct = 0;
    for (const e of inside) {
      close(e.ts);
      if (!stack.length) direct += e.dur!;
      stack.push({ e, child: 0 });
    }
    close(Infinity);
    add("(task, untraced)", task.dur! - direct);
  }
  return { kinds, longest: windows.sort((a, b) => b.dur - a.dur).slice(0, 3) };
}

/** Self time per function (ms at the throttled rate), named "function  file:line". */
function selfTimes(profile: Profile, chunkNames: Map<string, string>, window?: { ts: number; dur: number }): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.ts || at > window.ts + window.dur)) continue;
    const node = byId.get(profile.samples[i]!)!;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    const file = url ? (chunkNames.get(url) ?? url.replace(/^https?:\/\/[^/]+/, "")) : "";
    const key = `${functionName || "(anonymous)"}  ${file}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ""}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** A chunk's URL named by the first of our modules in it, else the first package's name. */
async function nameChunks(baseURL: string, profile: Profile): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const urls = new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u.includes("/_next/static/chunks/")));
  for (const url of urls) {
    const text = await (await fetch(url.replace(/^https?:\/\/[^/]+/, baseURL))).text().catch(() => "");
    const ours = text.match(/\[project\]\/((?:components|lib|app)\/[^\s"'\]]+)/)?.[1];
    const pkg = text.match(/node_modules\/((?:@[^/]+\/)?[^/\s"']+)/)?.[1];
    const short = url.replace(/^.*\/chunks\//, "");
    names.set(url, `${short}${ours ? ` (${ours}…)` : pkg ? ` (${pkg}…)` : ""}`);
  }
  return names;
}

async function main() {
  let server: BenchServer | null = null;
  let bare: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    buildBare();
    bare = await startBare(BARE_PORT);
    const baseURL = process.env.BENCH_BASE_URL ?? (server = await startProdServer({ port: PORT, name: "bench-main-thread" })).baseURL;
    const cookie = await signIn(baseURL);
    const list = [
      { name: "bare Next page", url: `${bare.baseURL}/`, signedIn: false },
      ...(await deskPages(baseURL, cookie)).filter((p) => !ONLY || ONLY.includes(p.name)).map((p) => ({ ...p, url: `${baseURL}${p.path}` })),
    ];
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const table = ["| page | FCP | LCP | blocking after FCP (TBT-like) | blocking from navigation | long tasks | longest |", "|---|---|---|---|---|---|---|"];
    for (const p of list) {
      const runs: Run[] = [];
      for (let r = 0; r < RUNS; r++) runs.push(await measure(browser, p.url, p.signedIn ? cookie : null));
      const last = runs.at(-1)!;
      console.log(`\n${p.name} (last of ${RUNS} runs, 4× CPU): FCP ${last.fcp} ms, LCP ${last.lcp} ms, blocking after FCP ${last.blockingFromFcp} ms`);
      for (const t of last.tasks) console.log(`  long task at ${t.start} ms: ${t.duration} ms`);
      const names = await nameChunks(new URL(p.url).origin, last.profile);
      console.log("  inside long tasks, by kind:");
      for (const [kind, ms] of [...last.kinds].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${kind}`);
      console.log("  functions (CPU profile, self time):");
      for (const [fn, ms] of selfTimes(last.profile, names).slice(0, TOP)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${fn}`);
      for (const w of last.longest) {
        const parts = [...w.kinds].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
        console.log(`  the ${(w.dur / 1000).toFixed(0)} ms task: ${parts.join(", ")}; functions by self time:`);
        for (const [fn, ms] of selfTimes(last.profile, names, w).slice(0, 8)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${fn}`);
      }
      table.push(
        `| ${p.name} | ${median(runs.map((r) => r.fcp))} ms | ${median(runs.map((r) => r.lcp))} ms | ${median(runs.map((r) => r.blockingFromFcp))} ms | ${median(runs.map((r) => r.blockingAll))} ms | ${median(runs.map((r) => r.tasks.length))} | ${median(runs.map((r) => Math.max(0, ...r.tasks.map((t) => t.duration))))} ms |`,
      );
    }
    console.log(`\nMedians of ${RUNS} run(s), mobile viewport, 4× CPU:\n${table.join("\n")}`);
  } finally {
    await browser?.close();
    await server?.stop();
    await bare?.stop();
  }
}

await main();
