import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { checkoutHref, parseCriteria, toSearchRequest, type SearchCriteria } from "../lib/search/criteria";
import { E2E_ORIGIN } from "./constants";
import type { SandboxClient } from "./fixtures";

// Checkout as an advisor meets it from a link: a search made through the desk (so the BFF
// remembers the rows it handed out), then the checkout page opened in the browser with nothing
// in its storage, filled in and booked. The sandbox is then asked how many bookings carry the
// test's own last name: exactly one, whatever happened on the way.

export type Row = {
  rateQuoteId: string;
  canonicalProductId: string;
  refundable: boolean;
  productType: string;
  sellAmountMinor: number;
  sellCurrency: string;
  summary: Record<string, unknown>;
};
type Envelope<T> = { data: T; meta: Record<string, unknown>; error: { code: string; message: string } | null };

export const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export function criteriaOf(params: Record<string, string>): SearchCriteria {
  const c = parseCriteria(new URLSearchParams(params), "US");
  if (!c) throw new Error(`not criteria: ${JSON.stringify(params)}`);
  return c;
}

/** A search through the desk's API as the signed-in person of `request`; its rows once some have come. */
export async function deskSearch(request: APIRequestContext, criteria: SearchCriteria): Promise<{ searchId: string; rows: Row[] }> {
  // The e2e server's budgets are raised (E2E_RATE_LIMIT_SCALE): a 429 here is a failure, never a wait.
  const made = await request.post("/api/search", { data: toSearchRequest(criteria), headers: { Origin: E2E_ORIGIN } });
  expect(made.status(), await made.text()).toBe(201);
  const searchId = ((await made.json()) as Envelope<{ searchId: string }>).data.searchId;
  let rows: Row[] = [];
  for (let i = 0; i < 40; i++) {
    const page = await request.get(`/api/search/${searchId}/results?limit=200`);
    const body = (await page.json()) as Envelope<Row[]> & { meta: { session?: { status?: string } } };
    rows = page.ok() ? body.data : [];
    if (rows.length > 0 && body.meta.session?.status !== "pending" && body.meta.session?.status !== "partial") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(rows.length, "the search gave no rows").toBeGreaterThan(0);
  return { searchId, rows };
}

/**
 * One plain hotel search a worker shares between its checkout tests (each books a quote of its
 * own), which saves each of them the search's seconds. Renewed after 12 minutes, well inside a
 * search's 20-minute life.
 */
const shared = new Map<string, { at: number; criteria: SearchCriteria; searchId: string; rows: Row[]; used: Set<string> }>();
export async function sharedHotelQuote(request: APIRequestContext, want: (r: Row) => boolean = () => true) {
  // Each test has a request context of its own: the search is shared by whom it is made for.
  const who = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).sort().join("; ");
  let s = shared.get(who);
  if (!s || Date.now() - s.at > 12 * 60_000) {
    const criteria = criteriaOf({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(60), out: dayFromNow(62), pax: "1", res: "US" });
    s = { at: Date.now(), criteria, ...(await deskSearch(request, criteria)), used: new Set() };
    shared.set(who, s);
  }
  // About one hotel rate in ten comes back from its price-check dearer or stricter, which the
  // advisor must then accept; which ones depends on the dates, so a journey that books "a plain
  // rate" price-checks its candidates and takes one that holds its price and terms.
  for (const row of s.rows) {
    if (s.used.has(row.rateQuoteId) || row.summary.isPackage === true || row.summary.requiresGuestTitle === true || !want(row)) continue;
    s.used.add(row.rateQuoteId);
    if (!(await holdsItsPrice(request, row.rateQuoteId))) continue;
    return { criteria: s.criteria, searchId: s.searchId, row, href: checkoutHref(row.rateQuoteId, s.searchId, s.criteria) };
  }
  throw new Error("no unused hotel rate left in the shared search");
}

type Check = { changesAcknowledgementRequired: boolean; packageRate: boolean; requirements: { bookingQuestions: unknown[] } };

/** Whether a quote's price-check asks nothing of the advisor: no change to accept, no package terms, no booking questions. */
export async function holdsItsPrice(request: APIRequestContext, quoteId: string): Promise<boolean> {
  const res = await request.post(`/api/quotes/${encodeURIComponent(quoteId)}/price-check`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  if (!res.ok()) return false;
  const check = ((await res.json()) as Envelope<Check>).data;
  return !check.changesAcknowledgementRequired && !check.packageRate && check.requirements.bookingQuestions.length === 0;
}

/** How many bookings of the agency carry this (unique) last name, at the service itself. */
export async function bookingsAtService(sandbox: SandboxClient, lastName: string): Promise<Array<{ _id: string; state: string }>> {
  const res = await sandbox.api<{ rows: Array<{ _id: string; state: string }> }>("GET", `/bookings?q=${encodeURIComponent(lastName)}&limit=50`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.rows;
}

const visible = async (l: Locator) => (await l.count()) > 0 && (await l.first().isVisible());

/** The live price is checked and the form laid out. */
export async function waitForForm(page: Page) {
  await expect(page.getByTestId("live-price")).toBeVisible({ timeout: 20_000 });
}

/** Names the lead traveller, and gives what this rate may also ask of the lead (title, email, phone). */
export async function fillLead(page: Page, firstName: string, lastName: string) {
  await waitForForm(page);
  const lead = page.getByTestId("traveler-0");
  await lead.getByLabel(/^First name/).fill(firstName);
  await lead.getByLabel(/^Last name/).fill(lastName);
  if (await visible(lead.getByLabel(/^Title/))) await lead.getByLabel(/^Title/).selectOption("Ms");
  if (await visible(lead.getByLabel(/^Email/))) await lead.getByLabel(/^Email/).fill("client@example.com");
  if (await visible(lead.getByLabel(/^Mobile phone/))) await lead.getByLabel(/^Mobile phone/).fill("+1 415 555 0123");
}

/** Submits; acknowledges what the service asks to be acknowledged on the way. */
export async function book(page: Page, button: RegExp | string = "Book and pay now") {
  await page.getByRole("button", { name: button }).click();
  const acks = page.getByRole("checkbox", { name: /accepts/ });
  const outcome = page.locator("[data-outcome-heading]");
  const attention = page.getByText("Some details need attention");
  await expect(outcome.or(acks.first()).or(attention).first()).toBeVisible({ timeout: 20_000 });
  if (!(await outcome.isVisible())) {
    expect(await acks.count(), "the form refused the details").toBeGreaterThan(0);
    for (const box of await acks.all()) await box.check();
    await page.getByRole("button", { name: button }).click();
  }
  await expect(outcome).toBeVisible({ timeout: 30_000 });
}
