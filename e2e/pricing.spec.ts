import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { formatMoney, minorDigits } from "../lib/money";
import { parseScaled } from "../lib/pricing/decimal";
import { clientPrice, type Pricing } from "../lib/pricing/markup";
import type { PricingRequest } from "../lib/pricing/schema";
import { searchHref } from "../lib/search/criteria";
import { criteriaOf, dayFromNow, deskSearch } from "./checkout-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";
import { SearchPage } from "./search-page";

// Agency pricing (issue 29) in a browser: an admin sets a 10% hotel markup rounded to .99 on
// /admin/pricing; an advisor turns Client prices on and sees, on the hotel results and on a
// hotel's rate sheet, the price lib/pricing makes of the cost the same screen shows with the
// switch off, with no commission; off again, the cost is back. Advisors cannot open the page nor
// save pricing.
//
// Every test that writes the pricing writes this same one (both projects run this file at once on
// one server), so none of them can change what another one expects.

const TARGET: PricingRequest = {
  rounding: "ninety_nine",
  allowBelowCost: false,
  maxDiscountBp: 0,
  rules: [
    { productType: null, country: null, percentBp: 0, fixedMinor: 0 },
    { productType: "hotel", country: null, percentBp: 1000, fixedMinor: 0 },
  ],
};
const pricingIn = (currency: string): Pricing => ({
  settings: { currency, rounding: TARGET.rounding, allowBelowCost: TARGET.allowBelowCost, maxDiscountBp: TARGET.maxDiscountBp },
  rules: TARGET.rules,
});

/** The admin's pricing set through the API, for the advisor's tests that may run before the admin's. */
async function setTargetPricing(request: APIRequestContext) {
  const res = await request.put("/api/agency/pricing", { data: TARGET, headers: { Origin: E2E_ORIGIN } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An amount as the desk shows it ("$1,234.56"), back in minor units; the round trip proves the reading. */
function minorOf(text: string, currency: string): number {
  const minor = parseScaled(text.replace(/[^\d.,]/g, ""), minorDigits(currency));
  expect(typeof minor, `"${text}" as an amount`).toBe("number");
  expect(formatMoney(minor as number, currency)).toBe(text);
  return minor as number;
}

/** The client price of a hotel costing what `costText` says, as lib/pricing makes it with the admin's rules. */
const clientText = (costText: string, currency: string, country: string | null) =>
  formatMoney(clientPrice({ amountMinor: minorOf(costText, currency), currency }, "hotel", country, pricingIn(currency)).amountMinor, currency);

const shownPrices = (scope: Locator) => scope.getByTestId("shown-price").allInnerTexts();

/**
 * The first card that says `text`: the list is virtualised (only cards near the viewport are in
 * it), so it is scrolled down, card by card, until one does.
 */
async function firstCardSaying(cards: Locator, text: RegExp): Promise<Locator> {
  for (let i = 0; i < 40; i++) {
    const found = cards.filter({ hasText: text });
    if ((await found.count()) > 0) return found.first();
    await cards.last().scrollIntoViewIfNeeded();
  }
  throw new Error(`no card says ${text}`);
}

/** /admin/pricing's form, once it takes typing (hydrated: what is typed before is replaced by the saved values). */
async function pricingForm(page: Page): Promise<Locator> {
  const form = page.getByRole("form", { name: "Agency pricing" });
  await expect(form).toHaveAttribute("data-hydrated", "");
  return form;
}

async function turn(page: Page, scope: Locator, on: boolean) {
  const sw = scope.getByRole("switch", { name: "Client prices" });
  await expect(sw).toHaveAttribute("aria-checked", String(!on));
  await sw.click();
  await expect(sw).toHaveAttribute("aria-checked", String(on));
}

test.describe("agency pricing", () => {
  test.describe("as the demo admin", () => {
    test.use({ storageState: STORAGE_STATE.admin });

    test("sets a 10% hotel markup rounded to .99: the example follows, Save keeps it, a reload shows it", async ({ page, expectAccessible }) => {
      await page.goto("/admin/pricing");
      await expect(page).toHaveTitle("Pricing · Agency Desk");
      await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
      await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
      await expectAccessible();

      const form = await pricingForm(page);
      const hotels = form.getByLabel("Hotels: percentage");
      await hotels.fill("10");
      await form.getByRole("radio", { name: /^Ending in \.99/ }).check();
      // The example (a hotel costing 1,234.56 in the agency's currency) follows before anything is saved.
      const cost = formatMoney(123_456, "USD");
      const offered = formatMoney(clientPrice({ amountMinor: 123_456, currency: "USD" }, "hotel", null, pricingIn("USD")).amountMinor, "USD");
      expect(offered).toBe("$1,358.99");
      await expect(page.getByTestId("pricing-example")).toHaveText(`A hotel costing ${cost} is offered at ${offered}.`);
      await expect(form.getByRole("status")).toHaveText(/^(Unsaved changes|Last saved .+\.)$/);

      await form.getByRole("button", { name: "Save pricing" }).click();
      await expect(form.getByRole("status")).toHaveText(/^Saved at \d{2}:\d{2}\.$/);
      await expect(page.getByTestId("pricing-empty")).toHaveCount(0);

      await page.reload();
      await expect(form.getByLabel("Hotels: percentage")).toHaveValue("10");
      await expect(form.getByRole("radio", { name: /^Ending in \.99/ })).toBeChecked();
      await expect(form.getByLabel("Flights: percentage")).toHaveValue("");
      await expect(form.getByRole("status")).toHaveText(/^Last saved \d{1,2} \w{3} \d{4} by Avery Admin\.$/);
      await expect(page.getByTestId("pricing-example")).toHaveText(`A hotel costing ${cost} is offered at ${offered}.`);
      await expectAccessible();
    });

    test("bad input: a sentence on the field, what was typed kept, nothing sent", async ({ page, expectAccessible }) => {
      await page.goto("/admin/pricing");
      const form = await pricingForm(page);
      const puts: string[] = [];
      page.on("request", (req) => {
        if (req.method() === "PUT" && new URL(req.url()).pathname === "/api/agency/pricing") puts.push(req.url());
      });

      const hotels = form.getByLabel("Hotels: percentage");
      await hotels.fill("-5");
      const fixed = form.getByLabel("Fixed amount", { exact: true });
      await fixed.fill("12.345");
      await form.getByRole("button", { name: "Save pricing" }).click();

      await expect(hotels).toHaveAttribute("aria-invalid", "true");
      await expect(hotels).toHaveAccessibleDescription("The percentage cannot be negative; use 0 for none.");
      await expect(hotels).toHaveValue("-5");
      await expect(fixed).toHaveAttribute("aria-invalid", "true");
      await expect(fixed).toHaveAccessibleDescription("Use at most 2 decimals for USD amounts.");
      await expect(fixed).toHaveValue("12.345");
      await expect(page.getByText("Fix the highlighted fields to see the example.")).toBeVisible();
      await expect(form.getByRole("status")).toHaveText("Nothing was saved: fix the fields marked in red.");
      await expectAccessible();

      // Mended, the sentence goes as the field is left.
      await hotels.fill("10");
      await hotels.blur();
      await expect(hotels).toHaveAttribute("aria-invalid", "false");
      await expect(form.getByText("The percentage cannot be negative; use 0 for none.")).toHaveCount(0);
      expect(puts, "nothing was sent while a field was wrong").toEqual([]);
    });
  });

  test.describe("as the demo advisor", () => {
    test.use({ storageState: STORAGE_STATE.advisor });

    test("Client prices on the hotel results and a rate sheet: the marked-up price, no commission; off, the cost again", async ({ page, browser }) => {
      test.slow();
      const admin = await browser.newContext({ storageState: STORAGE_STATE.admin, baseURL: E2E_ORIGIN });
      await setTargetPricing(admin.request);
      await admin.close();

      // Barcelona picked (Spain), commissionable rates: two of the sandbox's three hotel sources then state a commission.
      const criteria = criteriaOf({ type: "hotel", to: "city:3128760|Barcelona|ES", in: dayFromNow(45), out: dayFromNow(48), pax: "2", res: "US", rate: "commissionable" });
      const country = "ES";
      const { searchId, rows } = await deskSearch(page.request, criteria);
      const currency = rows[0]!.sellCurrency;
      expect(new Set(rows.map((r) => r.sellCurrency)), "one currency across the search").toEqual(new Set([currency]));

      const search = new SearchPage(page);
      await page.goto(searchHref(criteria, searchId));
      await search.expectComplete("hotel", { timeout: 20_000 });
      const list = search.list("Hotels");
      const cards = list.getByRole("article");
      await expect(cards.first()).toBeVisible();

      // Off: the cost, and the commission the source states.
      const card = await firstCardSaying(cards, /Commission \d/);
      await card.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
      const hotelCard = cards.filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
      const cost = (await hotelCard.getByTestId("shown-price").innerText()).trim();
      const client = clientText(cost, currency, country);
      expect(minorOf(client, currency)).toBeGreaterThan(minorOf(cost, currency));

      // On: the client price, no commission anywhere in the list.
      await turn(page, page.locator("main"), true);
      // The switch is above the list: back to where the card is.
      await page.evaluate((y) => window.scrollTo(0, y), scrolled);
      await expect(hotelCard.getByTestId("shown-price")).toHaveText(client);
      await expect(hotelCard).not.toContainText("Commission");
      await expect(list).not.toContainText("Commission");
      // Every card in view shows a client price, each what lib/pricing makes of a cost ending in .99.
      for (const text of await shownPrices(list)) expect(text).toMatch(/\.99$/);

      // The hotel's rate sheet keeps the switch on (this browser's setting).
      await hotelCard.getByRole("link", { name: `See rooms at ${name}` }).click();
      await page.waitForURL(/\/search\/[^/]+\/hotels\/[^/?]+\?/);
      const sheet = page.getByRole("region", { name: "Rooms and rates" });
      await expect(sheet.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
      await expect(sheet.getByText(/^\d+ rates? in \d+ room types?, cheapest first$/)).toBeVisible();
      await expect(sheet.getByRole("switch", { name: "Client prices" })).toHaveAttribute("aria-checked", "true");
      await expect(sheet.getByTestId("shown-price").first()).toHaveText(/\.99$/);
      const onPrices = await shownPrices(sheet);
      const onFroms = await sheet.getByText(/^\d+ rates? from /).allInnerTexts();
      await expect(sheet).not.toContainText("Commission");

      // Off on the sheet: the costs, commission back; each client price was lib/pricing's of its cost.
      await turn(page, sheet, false);
      await expect(sheet.getByText(/^Commission /).first()).toBeVisible();
      const costs = await shownPrices(sheet);
      expect(costs.length).toBeGreaterThan(0);
      expect(onPrices).toEqual(costs.map((c) => clientText(c, currency, country)));
      const froms = await sheet.getByText(/^\d+ rates? from /).allInnerTexts();
      expect(onFroms).toEqual(froms.map((line) => line.replace(/from (.+)$/, (_, c: string) => `from ${clientText(c.trim(), currency, country)}`)));

      // Back on the results, off too: the cost and the commission again.
      await page.goBack();
      await search.expectComplete("hotel", { timeout: 20_000 });
      await expect(page.locator("main").getByRole("switch", { name: "Client prices" })).toHaveAttribute("aria-checked", "false");
      await page.evaluate((y) => window.scrollTo(0, y), scrolled);
      await expect(hotelCard.getByTestId("shown-price")).toHaveText(cost);
      await expect(hotelCard).toContainText(/Commission \d/);
    });

    test("the Pricing page and saving pricing are for admins: a designed 403 and a 403 answer", async ({ page, expectAccessible }) => {
      const answer = await page.goto("/admin/pricing");
      expect(answer?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
      await expect(page.getByText("403 · Admins only")).toBeVisible();
      await expect(page.getByRole("link", { name: "Pricing" })).toHaveCount(0);
      await expectAccessible();

      const put = await page.request.put("/api/agency/pricing", { data: TARGET, headers: { Origin: E2E_ORIGIN } });
      expect(put.status()).toBe(403);
      expect((await put.json()).error).toMatchObject({ code: "forbidden" });
      // Reading the rules is an advisor's (Client prices needs them).
      const read = await page.request.get("/api/agency/pricing");
      expect(read.status()).toBe(200);
    });
  });
});
