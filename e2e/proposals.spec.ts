import type { Locator, Page } from "@playwright/test";
import type { PricingRequest } from "../lib/pricing/schema";
import { hotelHref, searchHref } from "../lib/search/criteria";
import { criteriaOf, dayFromNow, deskSearch } from "./checkout-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { SearchPage } from "./search-page";

// Building a proposal at the desk (issue 29), as an advisor: "Add to proposal" on a hotel's rate
// sheet with no proposal yet asks for the client (a new one) and starts the draft; a second hotel
// and a flight from another search join it, counted on the header's "Proposal" button; in the tray
// the second hotel becomes an alternative to the first, and a client price under the admin's limit
// is refused with a sentence on the field, what was typed kept. The proposal's page shares it
// (the link shown, the mail received by the tests' SMTP server), the list finds it by its client, the client's link opens
// without a session; withdrawn, the link answers 410. The client's own page and its choice are
// e2e/proposal-client.spec.ts's.

// The pricing every test that writes pricing writes (e2e/pricing.spec.ts): a 10% hotel markup
// ending in .99, no price below cost.
const PRICING: PricingRequest = {
  rounding: "ninety_nine",
  allowBelowCost: false,
  maxDiscountBp: 0,
  rules: [
    { productType: null, country: null, percentBp: 0, fixedMinor: 0 },
    { productType: "hotel", country: null, percentBp: 1000, fixedMinor: 0 },
  ],
};

/** The hotel's rate sheet, every rate in. */
async function rateSheet(page: Page): Promise<Locator> {
  const sheet = page.getByRole("region", { name: "Rooms and rates" });
  await expect(sheet.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
  await expect(sheet.getByText(/^\d+ rates? in \d+ room types?, cheapest first$/)).toBeVisible();
  return sheet;
}

const trayButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Proposal/ });

test.describe("building a proposal", () => {
  test.use({ storageState: STORAGE_STATE.advisor });

  test("two hotels as alternatives and a flight, priced with the markup; shared, found in the list, withdrawn", async ({ page, browser, expectAccessible }) => {
    test.slow(); // two searches, two rate sheets, a share and two fresh contexts
    const admin = await browser.newContext({ storageState: STORAGE_STATE.admin, baseURL: E2E_ORIGIN });
    const set = await admin.request.put("/api/agency/pricing", { data: PRICING, headers: { Origin: E2E_ORIGIN } });
    expect(set.status(), await set.text()).toBe(200);
    await admin.close();

    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const clientName = `Marta Proposal ${stamp}`;
    const clientEmail = `marta.${stamp}@example.com`;

    // The first hotel: no proposal yet, so the tray asks for the client.
    const hotels = criteriaOf({ type: "hotel", to: "city:3128760|Barcelona|ES", in: dayFromNow(50), out: dayFromNow(52), pax: "2", res: "US" });
    const { searchId, rows } = await deskSearch(page.request, hotels);
    const productIds = [...new Set(rows.map((r) => r.canonicalProductId))];
    expect(productIds.length, "two hotels in the search").toBeGreaterThanOrEqual(2);

    await page.goto(hotelHref(searchId, productIds[0]!, hotels));
    const firstName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    let sheet = await rateSheet(page);
    await sheet.getByRole("button", { name: /^Add to proposal:/ }).first().click();
    const tray = page.getByRole("dialog", { name: "Proposal" });
    await expect(tray.getByRole("heading", { name: "Start a proposal" })).toBeVisible();
    await expect(tray.getByText("Waiting to be added once the proposal is started:")).toBeVisible();
    await expectAccessible();

    await tray.getByRole("button", { name: "New client" }).click();
    await tray.getByLabel(/^Name/).fill(clientName);
    await tray.getByLabel(/^Email/).fill(clientEmail);
    await tray.getByRole("button", { name: "Save client" }).click();
    await expect(tray.getByText(`For ${clientName} (${clientEmail})`)).toBeVisible();
    await tray.getByLabel("Title").fill(`Barcelona for ${clientName}`);
    await tray.getByRole("button", { name: "Start the proposal" }).click();

    await expect(tray.getByRole("heading", { name: `Barcelona for ${clientName}` })).toBeVisible();
    const first = tray.getByRole("listitem", { name: firstName });
    await expect(first).toBeVisible();
    // The markup applied: a client price ending in .99 above the cost, a positive margin.
    await expect(first.getByText("Client price", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(/\.99/);
    await expect(first.getByText("Margin", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(/^\$\d[\d,]*\.\d\d \(\d+\.\d%\)$/);
    await page.keyboard.press("Escape");
    await expect(tray).toBeHidden();
    await expect(trayButton(page)).toHaveText(/^Proposal · 1,/);

    // The second hotel joins the draft at once.
    await page.goto(hotelHref(searchId, productIds[1]!, hotels));
    const secondName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    sheet = await rateSheet(page);
    await sheet.getByRole("button", { name: /^Add to proposal:/ }).first().click();
    // The toast (the same words are announced to screen readers in a status line of their own).
    await expect(page.getByRole("paragraph").filter({ hasText: /^Added to PR-\w+: .+\. 2 items in the proposal\.$/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Added to PR-\w+: .+\. 2 items in the proposal\.$/ })).toHaveCount(1);
    await expect(trayButton(page)).toHaveText(/^Proposal · 2,/);

    // A flight from another search.
    const flights = criteriaOf({ type: "flight", trip: "oneway", from: "airport:MAD|Madrid Barajas|ES", to: "airport:BCN|Barcelona El Prat|ES", in: dayFromNow(50), pax: "2" });
    const flightSearch = await deskSearch(page.request, flights);
    const search = new SearchPage(page);
    await page.goto(searchHref(flights, flightSearch.searchId));
    await search.expectComplete("flight", { timeout: 20_000 });
    await search.list("Flights").getByRole("article").first().getByRole("button", { name: /^Add to proposal:/ }).click();
    await expect(trayButton(page)).toHaveText(/^Proposal · 3,/);

    // The tray from the header, by keyboard: Esc closes it and the focus is back on its button.
    await trayButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(tray).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tray).toBeHidden();
    await expect(trayButton(page)).toBeFocused();

    // In the tray: the second hotel an alternative to the first; a price under the limit refused.
    await trayButton(page).click();
    await expect(tray).toBeVisible();
    const second = tray.getByRole("listitem", { name: secondName });
    const firstGroup = await tray.getByRole("region").filter({ has: page.getByRole("listitem", { name: firstName }) }).getAttribute("aria-labelledby");
    expect(firstGroup).toMatch(/^group-/);
    await second.getByRole("combobox", { name: "Group" }).selectOption(firstGroup!.slice("group-".length));
    await expect(tray.getByText("Alternatives: the client picks one of 2")).toBeVisible();
    await expect(tray.getByRole("region")).toHaveCount(2);

    const price = tray.getByRole("listitem", { name: firstName }).getByLabel(/^Client price/);
    await price.fill("1");
    await price.press("Enter");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription(/\S/);
    await expect(price).toHaveValue("1");
    await expectAccessible();

    // The proposal's page: shared by mail, which the client receives (the tests' SMTP server) from
    // the agency, with the link and no cost; the link opens with no session.
    await tray.getByRole("link", { name: "Client, note and sharing" }).click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    const proposalUrl = page.url();
    await expect(page.getByRole("heading", { level: 1, name: `Barcelona for ${clientName}` })).toBeVisible();
    const share = page.getByRole("region", { name: "Share with the client" });
    await expect(share.getByText("Not shared yet.")).toBeVisible();
    await expect(share.getByRole("checkbox", { name: `Email the link to ${clientEmail}` })).toBeChecked();
    await share.getByRole("button", { name: "Share", exact: true }).click();
    const link = share.getByRole("textbox", { name: "The client's link" });
    await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/);
    await expect(share.getByText("The link was emailed to the client.")).toBeVisible();
    await expect(page.getByText("Sent", { exact: true })).toBeVisible();
    await expectAccessible();
    const url = await link.inputValue();

    const [mail] = await mailTo(clientEmail);
    expect(mail!.kind).toBe("proposal");
    expect(mail!.subject).toContain(`Barcelona for ${clientName}`);
    expect(mail!.to).toContain(clientEmail);
    expect(mail!.text).toContain(url);
    expect(mail!.html).toContain(`href="${url}"`);
    expect(mail!.replyTo).not.toBe("");
    // What the client reads never shows what the agency pays for it.
    expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toMatch(/\bcost\b|commission|margin|quote/i);

    // The list finds it by its client, the filters in the address (sent: nobody opened it yet).
    await page.goto("/proposals");
    await expect(page.getByRole("heading", { level: 1, name: "Proposals" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search proposals" }).fill(clientName);
    await expect(page).toHaveURL(new RegExp(`/proposals\\?q=${encodeURIComponent(clientName).replace(/%20/g, "(\\+|%20)")}$`));
    await page.getByRole("combobox", { name: "State" }).selectOption("sent");
    await expect(page).toHaveURL(/state=sent/);
    const row = page.getByRole("row").filter({ hasText: clientName });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Sent")).toBeVisible();
    await expect(row.getByText("3 items", { exact: false })).toBeVisible();
    await expectAccessible();
    await page.reload();
    await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("sent");
    await expect(page.getByRole("row").filter({ hasText: clientName })).toHaveCount(1);

    // The client's link opens without a session, and the proposal counts the visit.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const opened = await visitor.request.get(url);
    expect(opened.status()).toBe(200);
    await page.goto(proposalUrl);
    await expect(page.getByTestId("proposal-views")).toHaveText(/^Opened (once|\d+ times)/);

    // Withdrawn: the link answers 410.
    await page.getByRole("region", { name: "Share with the client" }).getByRole("button", { name: "Withdraw" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw this proposal?" });
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Withdrawn", { exact: true })).toBeVisible();
    const gone = await visitor.request.get(url);
    expect(gone.status()).toBe(410);
    await visitor.close();
  });

  test("the Proposals section is in the navigation and the palette; an unknown proposal says so", async ({ page }) => {
    await page.goto("/bookings");
    const nav = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
    await nav.getByRole("link", { name: "Proposals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Proposals" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Proposals" })).toHaveAttribute("aria-current", "page");

    const missing = await page.goto("/proposals/not-a-proposal");
    expect(missing?.status()).toBe(404);
    await page.goto("/proposals/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("This proposal does not exist")).toBeVisible();
  });
});
