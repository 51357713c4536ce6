import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, VIEWPORTS } from "../e2e/constants";
const base = "http://127.0.0.1:3100";
const day = (n: number) => { const d = new Date(); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };
const out = "/tmp/shots";
const which = process.argv[2] ?? "desktop";
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const ctx = await browser.newContext({ ...VIEWPORTS[which as "desktop"] });
await ctx.request.post(`${base}/api/auth/login`, { data: { email: "advisor@agency-desk.test", password: "desk-advisor-demo" } });
const page = await ctx.newPage();
const shot = async (name: string, full = true) => { await page.screenshot({ path: `${out}/${name}-${which}.png`, fullPage: full }); console.log("saved", name); };
async function go(url: string) { await page.goto(base + url); }
try {
  await go("/search"); await page.waitForSelector("form"); await page.waitForTimeout(500); await shot("01-search-hotel");
  for (const t of ["Flights", "Activities", "Transfers"]) { await page.getByRole("tab", { name: t }).click(); await page.waitForTimeout(400); await shot(`02-search-${t}`); }
  await go(`/search?type=hotel&to=city:2643743|London|GB&in=${day(30)}&out=${day(33)}&pax=2&res=US`);
  await page.getByRole("button", { name: "Search hotels" }).click();
  await page.waitForURL(/sid=/);
  await page.waitForSelector("article", { timeout: 30000 }); await shot("03-results-partial", false);
  await page.waitForTimeout(12000); await shot("04-results-complete", false);
  const filtersBtn = page.getByRole("button", { name: /^Filters/ });
  if (await filtersBtn.isVisible()) { await filtersBtn.click(); await page.waitForTimeout(500); await shot("05-filters-dialog", false); await page.keyboard.press("Escape"); }
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Map" }).click(); await page.waitForTimeout(800); await shot("06-map", false);
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "List" }).click();
  const link = page.getByRole("link", { name: /^See rooms at/ }).first();
  await link.click(); await page.waitForURL(/hotels\//); await page.waitForTimeout(600); await shot("07-hotel-loading");
  await page.getByText(/cheapest first$/).waitFor({ timeout: 30000 }); await page.waitForTimeout(500); await shot("08-hotel-loaded");
  await page.getByRole("button", { name: /^Select / }).first().click(); await page.waitForURL(/checkout/); await page.getByTestId("live-price").waitFor({timeout: 20000}); await shot("09-checkout");
  await go(`/search?type=flight&trip=return&from=airport:LHR|London Heathrow Airport|GB&to=airport:JFK|John F Kennedy International Airport|US&in=${day(30)}&out=${day(37)}&pax=1&cabin=economy`);
  await page.getByRole("button", { name: "Search flights" }).click(); await page.waitForURL(/sid=/); await page.waitForSelector("article", { timeout: 30000 }); await page.waitForTimeout(1500); await shot("10-flights", false);
  await go(`/search?type=activity&to=destination:ES-BARCELONA|Barcelona|ES&in=${day(30)}&pax=2`);
  await page.getByRole("button", { name: "Search activities" }).click(); await page.waitForURL(/sid=/); await page.waitForSelector("article", { timeout: 30000 }); await page.waitForTimeout(1500); await shot("11-activities", false);
  await page.getByRole("link", { name: /^See options for/ }).first().click(); await page.waitForURL(/options\//); await page.waitForTimeout(2500); await shot("12-activity-options");
  await go(`/search?type=transfer&from=airport:BCN|Barcelona International Airport|ES&to=address:41.3874,2.1686|Plaça de Catalunya|&at=${day(30)}T10:30&back=${day(35)}T18:00&pax=2`);
  await page.getByRole("button", { name: "Search transfers" }).click(); await page.waitForURL(/sid=/); await page.waitForSelector("article", { timeout: 30000 }); await page.waitForTimeout(1500); await shot("13-transfers", false);
  await page.getByRole("link", { name: /^See vehicles for/ }).first().click(); await page.waitForURL(/options\//); await page.waitForTimeout(2500); await shot("14-transfer-options");
  await go(`/search?type=flight&trip=oneway&from=airport:LHR|London Heathrow Airport|GB&to=airport:JFK|JFK|US&in=${day(30)}&pax=1&sid=srch_gone000000000000`); await page.waitForTimeout(2500); await shot("15-expired");
  await go(`/search?type=hotel&to=text:Qqzzxx&in=${day(30)}&out=${day(31)}&pax=2&res=US`);
  await page.getByRole("button", { name: "Search hotels" }).click(); await page.waitForURL(/sid=/); await page.waitForTimeout(6000); await shot("16-hotel-empty", false);
} catch (e) { console.error(e); await shot("zz-error"); }
await browser.close();
