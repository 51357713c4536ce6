import type { APIRequestContext } from "@playwright/test";
import { checkoutHref } from "../lib/search/criteria";
import { uniqueName } from "./bookings-kit";
import { bookingsAtService, criteriaOf, dayFromNow, deskSearch, waitForForm, type Row } from "./checkout-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// What the service refuses, met through the desk as an advisor meets it: a package rate asks for
// the package terms and the lead's email and phone before it is booked; an activity the party
// cannot book (adults only, with a child) is not offered, and where it is asked for anyway the
// checkout says why in a sentence.

test.use({ storageState: STORAGE_STATE.advisor });
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "the service's rules are the same on every layout"));

type Check = { packageRate: boolean; changesAcknowledgementRequired: boolean; requirements: { leadContact: boolean; title: string } };

async function priceCheck(request: APIRequestContext, quoteId: string): Promise<Check | null> {
  const res = await request.post(`/api/quotes/${encodeURIComponent(quoteId)}/price-check`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  return res.ok() ? ((await res.json()) as { data: Check }).data : null;
}

test("a package rate: the checkout asks for the package terms and the lead's email and phone, and books once both are given", async ({ page, request, sandbox }) => {
  const criteria = criteriaOf({ type: "hotel", to: "text:|Barcelona", q: "sandbox:package-rate", in: dayFromNow(70), out: dayFromNow(72), pax: "1", res: "US" });
  const { searchId, rows } = await deskSearch(request, criteria);
  // Every row says what its price-check will: a package rate.
  expect(rows.filter((r) => r.summary.isPackage !== true)).toEqual([]);
  let row: Row | null = null;
  for (const r of rows.filter((r) => r.summary.requiresGuestTitle !== true).slice(0, 8)) {
    const check = await priceCheck(request, r.rateQuoteId);
    if (check && !check.changesAcknowledgementRequired) {
      expect(check).toMatchObject({ packageRate: true, requirements: { leadContact: true } });
      row = r;
      break;
    }
  }
  expect(row, "a package rate that holds its price").not.toBeNull();
  const lastName = uniqueName("Package");

  await page.goto(checkoutHref(row!.rateQuoteId, searchId, criteria));
  await waitForForm(page);
  await expect(page.getByRole("heading", { name: "Package rate" })).toBeVisible();
  const ack = page.getByRole("checkbox", { name: "The client accepts the package terms" });
  const lead = page.getByTestId("traveler-0");
  const email = lead.getByLabel(/^Email/);
  const phone = lead.getByLabel(/^Mobile phone/);
  await expect(email).toBeVisible();
  await expect(phone).toBeVisible();

  // The name alone is not enough: nothing is sent, and each missing answer says so.
  await lead.getByLabel(/^First name/).fill("Paula");
  await lead.getByLabel(/^Last name/).fill(lastName);
  await page.getByRole("button", { name: "Book and pay now" }).click();
  await expect(ack).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  expect(await bookingsAtService(sandbox, lastName)).toHaveLength(0);

  await email.fill("paula@example.com");
  await phone.fill("+34 600 111 222");
  await ack.check();
  await page.getByRole("button", { name: "Book and pay now" }).click();
  await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible({ timeout: 30_000 });
  expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
});

test("activities: two adults are offered the wine tasting, a family with a child of 8 is not; asked for the family anyway, the checkout says why", async ({ page, request }) => {
  const WINE = "Paris Wine Tasting Experience";
  const day = dayFromNow(45);
  const couple = criteriaOf({ type: "activity", to: "text:|Paris", in: day, pax: "2" });
  const family = criteriaOf({ type: "activity", to: "text:|Paris", in: day, pax: "2-8" });
  const adults = await deskSearch(request, couple);
  const wine = adults.rows.find((r) => r.summary.activityName === WINE);
  expect(wine, "two adults may book the wine tasting").toBeDefined();
  const withChild = await deskSearch(request, family);
  expect(withChild.rows.map((r) => r.summary.activityName)).not.toContain(WINE);

  // The couple's wine tasting opened for the family (the link's travellers changed): its options
  // are asked for that mix, the service refuses it, and the advisor reads a sentence and a way back.
  await page.goto(checkoutHref(wine!.rateQuoteId, adults.searchId, family));
  await expect(page.getByRole("heading", { name: "Not available for this group of travellers" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("This activity is not available for this group of travellers.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("live-price")).toHaveCount(0);
});
