import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "/work/main/e2e/constants";
const base = "http://127.0.0.1:3100";
const paths = process.argv.slice(2);
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
for (const vp of [{ width: 1350, height: 940 }, { width: 412, height: 823 }]) {
  const ctx = await browser.newContext({ viewport: vp });
  const login = await ctx.request.post(base + "/api/auth/login", { data: { email: "advisor@agency-desk.test", password: "desk-advisor-demo" }, headers: { origin: base } });
  if (login.status() !== 200) throw new Error("login " + login.status());
  if (!process.env.SID) {
    const r = await ctx.request.post(base + "/api/search", { headers: { origin: base }, data: {"productType":"hotel","occupancy":[{"adults":2,"childrenAges":[]}],"residency":"US","checkIn":"2027-01-10","checkOut":"2027-01-12","destination":"Barcelona"} });
    process.env.SID = (await r.json()).data.searchId;
    await new Promise((r) => setTimeout(r, 3000));
  }
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    (window as any).__shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as any[]) {
        if (e.hadRecentInput) continue;
        (window as any).__shifts.push({ t: Math.round(e.startTime), v: +e.value.toFixed(4), src: (e.sources || []).map((s: any) => {
          const n = s.node as Element | null;
          const d = n ? `${n.nodeName.toLowerCase()}${n.id ? "#" + n.id : ""}.${(n.getAttribute?.("class") || "").split(" ").slice(0, 4).join(".")} "${(n.textContent || "").trim().slice(0, 40)}"` : "?";
          return `${d} ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`;
        }) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const p of paths) {
    await page.goto(base + p.replace("SID", process.env.SID!));
    await page.waitForTimeout(4000);
    const shifts = await page.evaluate(() => (window as any).__shifts);
    console.log(`\n== ${vp.width} ${p} total ${shifts.reduce((a: number, s: any) => a + s.v, 0).toFixed(3)}`);
    for (const s of shifts) console.log(s.t, s.v, "\n   " + s.src.join("\n   "));
  }
  await ctx.close();
}
await browser.close();
