import type { Page } from "@playwright/test";
import { criteriaQuery, searchHref } from "../lib/search/criteria";
import { bookHotel, outsideTheDesk, uniqueName } from "./bookings-kit";
import { bookingsAtService, criteriaOf, dayFromNow, deskSearch, fillLead, sharedHotelQuote } from "./checkout-kit";
import { STORAGE_STATE } from "./constants";
import { expect, test, type SandboxClient } from "./fixtures";

// The desk when the travel service misbehaves: the sandbox's fault injection (docs/sandbox.md#faults)
// strikes the next N requests of one route with a 503, a 500, a 429, a slow, malformed or dropped
// answer. Each fault is narrowed to this test's own search, booking or name, so tests running
// alongside are untouched. Every journey must end with the advisor told what happened and a way
// on, nothing typed lost, and nothing booked, paid or cancelled twice.

type FaultKind = "unavailable" | "internal_error" | "slow" | "rate_limited" | "malformed" | "drop";
type Arm = { route: string; kind: FaultKind; count?: number; contains?: string; delayMs?: number; phase?: "before" | "after"; retryAfterSeconds?: number };

async function arm(sandbox: SandboxClient, fault: Arm): Promise<string> {
  const res = await sandbox.control<{ id: string }>("POST", "/faults", fault);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function disarm(sandbox: SandboxClient, id: string) {
  await sandbox.control("DELETE", `/faults/${id}`);
}

/** How many times the armed fault struck, or null once it is spent (and so gone). */
async function struck(sandbox: SandboxClient, id: string): Promise<number | null> {
  const res = await sandbox.control<{ items: Array<{ id: string; struck: number }> }>("GET", "/faults");
  return res.body.data.items.find((f) => f.id === id)?.struck ?? null;
}

async function stateAtService(sandbox: SandboxClient, bookingId: string): Promise<string> {
  return (await sandbox.api<{ order: { state: string } }>("GET", `/bookings/${bookingId}`)).body.data.order.state;
}

// Admins book too.
test.use({ storageState: STORAGE_STATE.admin });
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "the service's faults are the same on every layout"));

test.describe("search when the service fails", () => {
  const criteria = () => criteriaOf({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(70), out: dayFromNow(72), pax: "1", res: "US" });
  const hotels = (page: Page) => page.getByRole("list", { name: "Hotels", exact: true }).getByRole("listitem");

  test("results: the service answers 503 to every read; the page says so, and Retry shows the rows once it is back", async ({ page, request, sandbox }) => {
    test.slow();
    const c = criteria();
    const { searchId } = await deskSearch(request, c);
    const id = await arm(sandbox, { route: `GET /search/${searchId}/results`, kind: "unavailable", count: 200 });
    await page.goto(searchHref(c, searchId));
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load the results" });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText("did not answer in time");
    await disarm(sandbox, id);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(hotels(page).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "We couldn't load the results" })).toHaveCount(0);
  });

  test("results: a dropped answer and one slower than the desk waits are retried by the desk; the advisor only sees the rows", async ({ page, request, sandbox }) => {
    test.slow();
    const c = criteria();
    const { searchId } = await deskSearch(request, c);
    const drop = await arm(sandbox, { route: `GET /search/${searchId}/results`, kind: "drop" });
    const slow = await arm(sandbox, { route: `GET /search/${searchId}/results`, kind: "slow", delayMs: 12_000 });
    await page.goto(searchHref(c, searchId));
    await expect(hotels(page).first()).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText("We couldn't load the results")).toHaveCount(0);
    expect([await struck(sandbox, drop), await struck(sandbox, slow)]).toEqual([null, null]);
  });

  test("results: an answer that is not JSON gives a sentence and Retry, not a broken page", async ({ page, request, sandbox }) => {
    test.slow();
    const c = criteria();
    const { searchId } = await deskSearch(request, c);
    // The desk does not retry an unreadable answer; the browser asks three times before saying so.
    await arm(sandbox, { route: `GET /search/${searchId}/results`, kind: "malformed", count: 3 });
    await page.goto(searchHref(c, searchId));
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load the results" });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(hotels(page).first()).toBeVisible();
  });

  test("starting a search: a 500, then a 429; the form keeps what was typed and the next try searches", async ({ page, sandbox }) => {
    const c = criteriaOf({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(117), out: dayFromNow(119), pax: "1", res: "US" });
    const mine = `"checkIn":"${dayFromNow(117)}"`;
    await arm(sandbox, { route: "POST /search", kind: "internal_error", contains: mine });
    await page.goto(`/search?${criteriaQuery(c)}`);
    const form = page.getByRole("form", { name: "Hotels search" });
    await form.getByRole("button", { name: "Search hotels" }).click();
    await expect(page.getByText("The travel service had a problem. Try again in a moment.")).toBeVisible();
    await expect(form.getByRole("combobox").first()).toHaveValue(/Barcelona/);
    await arm(sandbox, { route: "POST /search", kind: "rate_limited", contains: mine, retryAfterSeconds: 3 });
    await form.getByRole("button", { name: "Search hotels" }).click();
    await expect(page.getByText(/limiting the agency's requests/)).toBeVisible();
    expect(new URL(page.url()).searchParams.has("sid")).toBe(false);
    await expect(form.getByRole("combobox").first()).toHaveValue(/Barcelona/);
    await form.getByRole("button", { name: "Search hotels" }).click();
    await page.waitForURL((url) => url.searchParams.has("sid"));
    await expect(hotels(page).first()).toBeVisible({ timeout: 30_000 });
  });
});

test.describe("checkout when the service fails", () => {
  // The desk tries each booking several times under these faults, with waits between tries.
  test.slow();
  const confirmed = (page: Page) => expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible({ timeout: 45_000 });
  /** Books, acknowledging what the service asks. */
  const book = async (page: Page) => {
    await page.getByRole("button", { name: "Book and pay now" }).click();
    const acks = page.getByRole("checkbox", { name: /accepts/ });
    const heading = page.getByRole("heading", { name: "Booking confirmed" });
    await expect(heading.or(acks.first()).first()).toBeVisible({ timeout: 45_000 });
    if (!(await heading.isVisible())) {
      for (const box of await acks.all()) await box.check();
      await page.getByRole("button", { name: /^(Book and pay now|Try again)$/ }).first().click();
    }
  };

  test("a 500 before the booking was made: the desk tries again with the same key; one booking, confirmed", async ({ page, request, sandbox }) => {
    const { href } = await sharedHotelQuote(request);
    const lastName = uniqueName("Fivehundred");
    const id = await arm(sandbox, { route: "POST /bookings", kind: "internal_error", contains: lastName });
    await page.goto(href);
    await fillLead(page, "Ines", lastName);
    await book(page);
    await confirmed(page);
    expect(await struck(sandbox, id)).toBeNull();
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });

  test("the connection drops after the booking was made: the desk's retry gets the same booking, not a second", async ({ page, request, sandbox }) => {
    const { href } = await sharedHotelQuote(request);
    const lastName = uniqueName("Severed");
    await arm(sandbox, { route: "POST /bookings", kind: "drop", contains: lastName });
    await page.goto(href);
    await fillLead(page, "Olga", lastName);
    await book(page);
    await confirmed(page);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });

  test("an unreadable answer after the booking was made: the advisor is told, Try again finds the same booking", async ({ page, request, sandbox }) => {
    const { href } = await sharedHotelQuote(request);
    const lastName = uniqueName("Garbled");
    await arm(sandbox, { route: "POST /bookings", kind: "malformed", contains: lastName });
    await page.goto(href);
    await fillLead(page, "Gale", lastName);
    await page.getByRole("button", { name: "Book and pay now" }).click();
    await expect(page.getByText("We could not confirm whether the booking went through")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("traveler-0").getByLabel(/^Last name/)).toHaveValue(lastName);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
    await page.getByRole("button", { name: "Try again" }).first().click();
    await confirmed(page);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });

  test("the service is down for every try: nothing booked, nothing lost, and booking once it is back books once", async ({ page, request, sandbox }) => {
    const { href } = await sharedHotelQuote(request);
    const lastName = uniqueName("Outage");
    const id = await arm(sandbox, { route: "POST /bookings", kind: "unavailable", contains: lastName, count: 50 });
    await page.goto(href);
    await fillLead(page, "Uma", lastName);
    await page.getByRole("button", { name: "Book and pay now" }).click();
    await expect(page.getByText("We could not confirm whether the booking went through")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText("did not answer in time")).toBeVisible();
    await expect(page.getByTestId("traveler-0").getByLabel(/^First name/)).toHaveValue("Uma");
    await expect(page.getByTestId("traveler-0").getByLabel(/^Last name/)).toHaveValue(lastName);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(0);
    await disarm(sandbox, id);
    await page.getByRole("button", { name: /^(Try again|Book and pay now)$/ }).first().click();
    await confirmed(page);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });

  test("the price check is slower than the desk waits: a sentence and a way on, then the booking is made once", async ({ page, request, sandbox }) => {
    const { href, row } = await sharedHotelQuote(request);
    const lastName = uniqueName("Slowcheck");
    // Held back 21 s before it is handled: past the desk's 20 s for a price check (not retried: a check is not idempotent).
    const id = await arm(sandbox, { route: `POST /quotes/${row.rateQuoteId}/price-check`, kind: "slow", phase: "before", delayMs: 21_000 });
    await page.goto(href);
    const retry = page.getByRole("button", { name: /^(Check again|Check the price again|Try again)$/ });
    await expect(retry.first()).toBeVisible({ timeout: 45_000 });
    expect(await struck(sandbox, id)).toBeNull();
    await retry.first().click();
    await fillLead(page, "Sam", lastName);
    await book(page);
    await confirmed(page);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });

  test("the service limits the agency's bookings: the advisor is told, and the desk sends the same booking again once the wait is over", async ({ page, request, sandbox }) => {
    const { href } = await sharedHotelQuote(request);
    const lastName = uniqueName("Throttled");
    await arm(sandbox, { route: "POST /bookings", kind: "rate_limited", contains: lastName, retryAfterSeconds: 3 });
    await page.goto(href);
    await fillLead(page, "Tara", lastName);
    await page.getByRole("button", { name: "Book and pay now" }).click();
    await expect(page.getByText("The travel service is busy: booking in a moment…")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("traveler-0").getByLabel(/^Last name/)).toHaveValue(lastName);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(0);
    await confirmed(page);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
  });
});

test.describe("the bookings desk when the service fails", () => {
  test("paying a hold whose answer is dropped: paid once, and the page says so", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Droppay"), hold: true });
    await arm(sandbox, { route: `POST /bookings/${made.bookingId}/pay`, kind: "drop" });
    await page.goto(`/bookings/${made.bookingId}`);
    const hold = page.getByRole("region", { name: /Held:/ });
    await hold.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("dialog").getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByTestId("step-outcome")).toContainText("Paid from the agency's credit. The booking is now confirmed.", { timeout: 30_000 });
    const detail = await request.get(`/api/bookings/${made.bookingId}`);
    const history = ((await detail.json()) as { data: { history: Array<{ action: string; outcome: string }> } }).data.history;
    expect(history.filter((h) => h.action === "pay")).toEqual([expect.objectContaining({ outcome: "succeeded" })]);
    expect(await stateAtService(sandbox, made.bookingId)).toBe("confirmed");
  });

  test("cancelling while the service is down: the advisor is told and the booking stands; once it is back, cancelled once", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Downcancel"), refundable: true });
    const id = await arm(sandbox, { route: `POST /bookings/${made.bookingId}/cancel`, kind: "unavailable", count: 50 });
    await page.goto(`/bookings/${made.bookingId}`);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText(/did not answer in time|could not confirm/).first()).toBeVisible({ timeout: 30_000 });
    expect((await stateAtService(sandbox, made.bookingId))).toBe("confirmed");
    await disarm(sandbox, id);
    const again = dialog.getByRole("button", { name: /^(Cancel booking|Try again)$/ });
    if (await again.first().isVisible()) await again.first().click();
    else {
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    }
    await expect(page.getByTestId("step-outcome")).toContainText("Refunded", { timeout: 30_000 });
    expect((await stateAtService(sandbox, made.bookingId))).toBe("refunded");
  });

  test("cancelling with an unreadable answer after it went through: the desk finds it cancelled, refunded once", async ({ page, request, sandbox }) => {
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Garblecancel"), refundable: true });
    await arm(sandbox, { route: `POST /bookings/${made.bookingId}/cancel`, kind: "malformed" });
    await page.goto(`/bookings/${made.bookingId}`);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    // The desk reads the booking again when an answer is lost: it finds it refunded, or says it did not hear back.
    const unheard = page.getByText("We did not hear back about the cancellation");
    const refunded = page.getByText("Cancelled and refunded to the agency's credit.");
    await expect(unheard.or(refunded).first()).toBeVisible({ timeout: 30_000 });
    expect(await stateAtService(sandbox, made.bookingId)).toBe("refunded");
    // Either way it ends refunded: Try again when the desk says it did not hear back (the page may settle first).
    await expect(async () => {
      if (await refunded.isVisible()) return;
      const retry = dialog.getByRole("button", { name: "Try again" });
      if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
      await expect(refunded).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText("Refund on cancellation")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  });

  test("paying a hold while the service limits the agency: told to wait, paid once on the next try; a slow detail still opens", async ({ page, request, sandbox }) => {
    test.slow();
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName: uniqueName("Waitpay"), hold: true });
    await arm(sandbox, { route: `GET /bookings/${made.bookingId}`, kind: "slow", delayMs: 12_000 });
    await page.goto(`/bookings/${made.bookingId}`);
    const hold = page.getByRole("region", { name: /Held:/ });
    await expect(hold).toBeVisible({ timeout: 45_000 });
    await arm(sandbox, { route: `POST /bookings/${made.bookingId}/pay`, kind: "rate_limited", retryAfterSeconds: 2 });
    await hold.getByRole("button", { name: /^Pay / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("The travel service is busy").first()).toBeVisible({ timeout: 30_000 });
    expect(await stateAtService(sandbox, made.bookingId)).toBe("held");
    await dialog.getByRole("button", { name: /^(Try again|Pay .*)$/ }).first().click();
    await expect(page.getByTestId("step-outcome")).toContainText("Paid from the agency's credit. The booking is now confirmed.", { timeout: 30_000 });
    expect(await stateAtService(sandbox, made.bookingId)).toBe("confirmed");
  });

  test("the bookings list while the service fails: a designed error with Retry, then the booking", async ({ page, request, sandbox }) => {
    const lastName = uniqueName("Listfail");
    const made = await bookHotel(await outsideTheDesk(request, sandbox), sandbox, { lastName });
    const id = await arm(sandbox, { route: "GET /bookings", kind: "internal_error", contains: lastName, count: 50 });
    await page.goto(`/bookings?q=${lastName}`);
    const alert = page.getByRole("alert").first();
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText(/travel service/);
    await disarm(sandbox, id);
    await page.getByRole("button", { name: /^(Retry|Try again)$/ }).first().click();
    await expect(page.getByRole("link", { name: made.orderRef })).toBeVisible({ timeout: 15_000 });
  });
});
