import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, VIEWPORTS } from "../e2e/constants";
const base = "http://127.0.0.1:3100";
const day = (n: number) => { const d = new Date(); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };
const which = (process.argv[2] ?? "desktop") as "desktop";
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const ctx = await browser.newContext({ ...VIEWPORTS[which] });
await ctx.request.post(`${base}/api/auth/login`, { data: { email: "advisor@agency-desk.test", password: "desk-advisor-demo" } });
const page = await ctx.newPage();
const shot = async (name: string) => { await page.screenshot({ path: `/tmp/shots/${name}-${which}.png`, fullPage: false }); console.log("saved", name); };
const hotel = (extra: string) => `/search?type=hotel&to=city:2643743|London|GB&in=${day(40)}&out=${day(42)}&pax=2&res=US${extra}`;
try {
  await page.goto(base + `/search?type=hotel&to=text:|Qqzzxx&in=${day(30)}&out=${day(31)}&pax=2&res=US`);
  await page.getByRole("button", { name: "Search hotels" }).click(); await page.waitForURL(/sid=/); await page.waitForTimeout(7000); await shot("20-hotel-empty");
  await page.goto(base + hotel("&q=sandbox:fail-search"));
  await page.getByRole("button", { name: "Search hotels" }).click(); await page.waitForURL(/sid=/); await page.waitForTimeout(7000); await shot("21-hotel-failed");
  await page.goto(base + hotel("&q=sandbox:slow-search"));
  await page.getByRole("button", { name: "Search hotels" }).click(); await page.waitForURL(/sid=/); await page.waitForTimeout(1500); await shot("22-hotel-pending");
  await page.waitForTimeout(11000); await shot("23-hotel-slow-after");
} catch (e) { console.error(e); await shot("zz-error2"); }
await browser.close();
