import type { Route } from "@playwright/test";
import { hotelHref, searchHref, type SearchCriteria } from "../lib/search/criteria";
import { criteriaOf, dayFromNow, deskSearch } from "./checkout-kit";
import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";
import { expectPriceCheck, headingOf, isoDay, isSearchStart, isSuggestCall, recordFinished, recordRequests, SearchPage } from "./search-page";

test.use({ storageState: STORAGE_STATE.advisor });

/** Holds matching requests until `release()`, so a loading state can be seen for sure. */
function holdRequests(pattern: RegExp, method = "GET") {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    held++;
    await released;
    // A request the page gave up on meanwhile (an aborted fetch) cannot be continued.
    await route.fallback().catch(() => {});
  };
  return { pattern, handler, release: () => release(), count: () => held };
}

/** Searches return flights LHR → JFK through the form (out and back `out`/`back` days ahead); returns the number found. */
async function returnFlightsLondonNewYork(search: SearchPage, out: number, back: number): Promise<number> {
  await search.goto();
  const form = await search.open("Flights");
  await search.pick(form.getByRole("combobox", { name: "From" }), "LHR", /^Airports/, "London Heathrow Airport");
  await search.pick(form.getByRole("combobox", { name: "To" }), "JFK", /^Airports/, "John F Kennedy International Airport");
  await form.getByLabel("Departure", { exact: true }).fill(isoDay(out));
  await form.getByLabel("Return", { exact: true }).and(form.locator('input[type="date"]')).fill(isoDay(back));
  await search.submit("Flights");
  await search.expectResultsUrl("flight");
  return search.expectComplete("flight");
}

test.describe("search", () => {
  test('typing "Barcelona" at normal speed makes at most two suggest calls, one more for each pause the page takes', async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto();
    const calls = recordRequests(page, isSuggestCall);
    const destination = search.form("Hotels").getByRole("combobox", { name: "Destination" });
    // A keystroke every 100 ms, each timed as the page took it: a call may only follow a pause of
    // the debounce (SUGGEST_DEBOUNCE_MS, 200 ms). On a loaded machine a keystroke can take longer
    // than that to be handled, and such a pause may rightly ask; otherwise at most two calls.
    await destination.click();
    let pauses = 0;
    let previous: number | null = null;
    for (const key of "Barcelona") {
      await destination.press(key); // returns once the page has taken the key
      const taken = Date.now();
      if (previous !== null && taken - previous >= 200) pauses += 1;
      previous = taken;
      await page.waitForTimeout(100);
    }
    await expect(page.getByRole("listbox").getByRole("option", { name: "Barcelona" }).first()).toBeVisible();
    await expect(page.getByTestId("suggest-loading")).toHaveCount(0);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(2 + pauses);
    // The last call asked for the whole word.
    expect(new URL(calls.at(-1)!.url()).searchParams.get("q")).toBe("Barcelona");
  });

  test("hotels: a city by keyboard, results fill, filter, a hotel's live rates, Select opens checkout", async ({
    page,
    expectAccessible,
  }) => {
    test.slow();
    const search = new SearchPage(page);
    await search.goto();
    await expectAccessible();

    const form = search.form("Hotels");
    await search.pick(form.getByRole("combobox", { name: "Destination" }), "Barcelona", /^Cities/, "Barcelona");
    const checkIn = isoDay(30);
    const checkOut = isoDay(33);
    await form.getByLabel("Check-in", { exact: true }).fill(checkIn);
    await form.getByLabel("Check-out", { exact: true }).fill(checkOut);
    await expect(form.getByTestId("nights")).toHaveText("3 nights");

    // The first page of results is held back so the loading state is seen, then let through.
    // A hotel's page (its code and data) is fetched when its link is reached for, not for every card in view.
    const hotelPages = recordRequests(page, (req) => /^\/search\/[^/]+\/hotels\/[^/]+$/.test(new URL(req.url()).pathname));
    const firstRead = holdRequests(/\/api\/search\/[^/]+\/results/);
    await page.route(firstRead.pattern, firstRead.handler);
    await search.submit("Hotels");
    const params = await search.expectResultsUrl("hotel");
    expect(params.get("to")).toMatch(/^city:3128760/);
    expect(params.get("in")).toBe(checkIn);
    expect(params.get("out")).toBe(checkOut);
    await expect(page.getByRole("region", { name: "Current search" })).toContainText("Barcelona");
    await expect(search.resultsHeading).toHaveText("Finding hotels…");
    await expect(page.getByRole("status", { name: "Loading hotels" })).toBeVisible();
    firstRead.release();
    await page.unroute(firstRead.pattern, firstRead.handler);

    await expect(search.progress.getByRole("progressbar")).toBeVisible();
    const total = await search.expectComplete("hotel", { timeout: 20_000 });
    expect(total).toBeGreaterThan(0);
    const cards = search.list("Hotels").getByRole("article");
    await expect(cards.first()).toBeVisible();
    await expectAccessible();

    // Filter by the best-populated star rating: the heading counts what the filter keeps.
    const kept = await search.filterByBest("Star rating", "hotel", total);
    await expect(cards.first()).toBeVisible();

    // The same filtered hotels on the map (drawn without tiles, so it works offline), then back to the list.
    const view = page.getByRole("group", { name: "View" });
    await view.getByRole("button", { name: "Map" }).click();
    const map = page.getByRole("region", { name: /^Map of hotels/ });
    await expect(map).toBeVisible();
    const markers = map.getByRole("group", { name: /^\d+ markers?;/ });
    await expect(markers.getByRole("button").first()).toBeVisible();
    await view.getByRole("button", { name: "List" }).click();
    await expect(map).toHaveCount(0);
    await expect(search.resultsHeading).toHaveText(headingOf(kept, total, "hotels"));

    // Open the first hotel; its live rate sheet is held back until its progress state shows.
    const firstCard = cards.first();
    const hotelName = (await firstCard.getByRole("heading", { level: 3 }).innerText()).trim();
    expect(hotelPages, "no hotel page prefetched while the results show").toHaveLength(0);
    await firstCard.getByRole("link", { name: `See rooms at ${hotelName}` }).hover();
    await expect.poll(() => hotelPages.length, { message: "the hotel's page is prefetched once its link is pointed at" }).toBeGreaterThan(0);
    const rates = holdRequests(/\/api\/search\/[^/]+\/hotels\/[^/]+\/rates/, "POST");
    await page.route(rates.pattern, rates.handler);
    // Each rate sheet queries every source and counts against 60 a minute: one per visit.
    const rateSheets = recordFinished(page, (req) => req.method() === "POST" && rates.pattern.test(req.url()));
    await firstCard.getByRole("link", { name: `See rooms at ${hotelName}` }).click();
    await page.waitForURL(/\/search\/[^/]+\/hotels\/[^/?]+\?/);
    await expect(page.getByRole("heading", { level: 1, name: hotelName })).toBeVisible();
    const sheet = page.getByRole("region", { name: "Rooms and rates" });
    await expect(sheet.getByRole("progressbar", { name: "Checking live rates" })).toBeVisible();
    await expect(sheet.getByText("Checking live rates with every source…")).toBeVisible();
    // The sheet shows its progress as its request starts: the request may reach the route a moment later.
    await expect.poll(() => rates.count()).toBeGreaterThanOrEqual(1);
    rates.release();
    await page.unroute(rates.pattern, rates.handler);

    await expect(sheet.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
    await expect(sheet.getByText(/^\d+ rates? in \d+ room types?, cheapest first$/)).toBeVisible();
    const rooms = sheet.getByRole("region");
    await expect(rooms.first().getByRole("heading", { level: 3 })).toBeVisible();
    await expect(sheet.getByText(/^Prices held until/)).toBeVisible();
    expect(rateSheets).toHaveLength(1);
    await expectAccessible();

    const select = rooms.first().getByRole("button", { name: /^Select / }).first();
    await expect(select).toBeEnabled();
    await select.click();
    const checkout = await expectPriceCheck(page);
    expect(new URL(page.url()).searchParams.get("sid")).toBe(params.get("sid"));
    await expect(page.getByRole("complementary", { name: "What is being booked" })).toContainText(hotelName);
    await expect(checkout).toBeVisible();
  });

  test("flights: LHR to JFK one-way by keyboard, filter by stops, flight cards, Select opens checkout", async ({ page }) => {
    test.slow(); // three pages, each priced live
    const search = new SearchPage(page);
    await search.goto();
    const form = await search.open("Flights");
    const oneWay = form.getByRole("radio", { name: "One-way" });
    await oneWay.check({ force: true });
    await expect(oneWay).toBeChecked();
    await expect(form.getByLabel("Return", { exact: true }).and(form.locator('input[type="date"]'))).toHaveCount(0);
    await search.pick(form.getByRole("combobox", { name: "From" }), "LHR", /^Airports/, "London Heathrow Airport");
    await search.pick(form.getByRole("combobox", { name: "To" }), "JFK", /^Airports/, "John F Kennedy International Airport");
    const depart = isoDay(30);
    await form.getByLabel("Departure", { exact: true }).fill(depart);
    await search.submit("Flights");

    const params = await search.expectResultsUrl("flight");
    expect(params.get("trip")).toBe("oneway");
    expect(params.get("from")).toMatch(/^airport:LHR/);
    expect(params.get("to")).toMatch(/^airport:JFK/);
    expect(params.get("in")).toBe(depart);
    const flights = await search.expectComplete("flight");
    await search.filterByBest("Stops", "flight", flights);
    const card = search.list("Flights").getByRole("article").first();
    await expect(card).toContainText("LHR");
    await expect(card).toContainText("JFK");
    await card.getByRole("link", { name: /^Select / }).first().click();
    await expectPriceCheck(page);
  });

  test("activities: Barcelona by keyboard, filter by source, See options shows the sessions, Select opens checkout", async ({ page }) => {
    test.slow(); // three pages, each priced live
    const search = new SearchPage(page);
    await search.goto();
    const form = await search.open("Activities");
    await search.pick(form.getByRole("combobox", { name: "Destination" }), "Barcelona", /^Airports/, "Barcelona");
    const day = isoDay(30);
    await form.getByLabel("Date", { exact: true }).fill(day);
    await search.submit("Activities");

    const params = await search.expectResultsUrl("activity");
    expect(params.get("to")).toMatch(/^destination:ES-BARCELONA/);
    expect(params.get("in")).toBe(day);
    const activities = await search.expectComplete("activity");
    await search.filterByBest("Source", "activity", activities);
    const card = search.list("Activities").getByRole("article").first();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    await card.getByRole("link", { name: `See options for ${name}` }).click();

    await page.waitForURL(/\/search\/[^/]+\/options\/[^/?]+\?/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const sessions = page.getByRole("region", { name: "Choose a session" });
    await expect(sessions.getByRole("region").first().getByRole("heading")).toBeVisible();
    await sessions.getByRole("button", { name: /^Select / }).first().click();
    await expectPriceCheck(page);
  });

  test("transfers: BCN airport to an address, filter by source, See vehicles, Select opens checkout", async ({ page }) => {
    test.slow(); // three pages, each priced live
    const search = new SearchPage(page);
    await search.goto();
    const form = await search.open("Transfers");
    await search.pick(form.getByRole("combobox", { name: "Pick up from" }), "BCN", /^Airports/, "Barcelona International Airport");
    await form.getByRole("radiogroup", { name: "Drop off at: type" }).getByRole("radio", { name: "Address" }).check({ force: true });
    await form.getByLabel("Drop off at — Address").fill("Plaça de Catalunya, Barcelona");
    await form.getByLabel("Drop off at — Coordinates").fill("41.3874,2.1686");
    const at = `${isoDay(30)}T10:30`;
    await form.getByLabel("Pickup date and time").fill(at);
    await search.submit("Transfers");

    const params = await search.expectResultsUrl("transfer");
    expect(params.get("from")).toMatch(/^airport:BCN/);
    expect(params.get("to")).toMatch(/^address:41\.3874,2\.1686/);
    expect(params.get("at")).toBe(at);
    const transfers = await search.expectComplete("transfer");
    await search.filterByBest("Source", "transfer", transfers);
    const card = search.list("Transfers").getByRole("article").first();
    // The route reads as the advisor named it.
    await expect(card).toContainText("Barcelona International Airport (BCN)");
    await expect(card).toContainText("Plaça de Catalunya, Barcelona");
    await card.getByRole("link", { name: /^See vehicles for / }).click();

    await page.waitForURL(/\/search\/[^/]+\/options\/[^/?]+\?/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Barcelona International Airport");
    const vehicles = page.getByRole("main").getByRole("region").first();
    await expect(vehicles.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await vehicles.getByRole("button", { name: /^Select / }).first().click();
    await expectPriceCheck(page);
  });

  test("a results URL reloads into the same results without starting a new search", async ({ page }) => {
    const search = new SearchPage(page);
    const count = await returnFlightsLondonNewYork(search, 31, 38);
    const url = page.url();

    const starts = recordRequests(page, isSearchStart);
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(search.resultsHeading).toHaveText(new RegExp(`^(First )?${count} flights?( loaded, more available)?$`));
    await expect(search.list("Flights").getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Current search" })).toContainText("LHR → JFK");
    expect(starts).toHaveLength(0);
  });

  test("the price range: a thumb dragged with the pointer, then moved by a key, filters the list; the range survives a reload", async ({ page }) => {
    test.slow(); // a live flight search, then a reload
    const search = new SearchPage(page);
    const total = await returnFlightsLondonNewYork(search, 33, 40);

    const { panel, close } = await search.filters();
    const min = panel.getByRole("slider", { name: "Minimum price" });
    const max = panel.getByRole("slider", { name: "Maximum price" });
    const from = Number(await min.inputValue());
    const track = (await panel.getByRole("group", { name: "Total price" }).getByTestId("range-track").boundingBox())!;
    // The lower thumb sits at the track's left end (thumbs are 20 px wide): drag it to about the middle.
    await page.mouse.move(track.x + 10, track.y + track.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.5, track.y + track.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await min.inputValue())).toBeGreaterThan(from);
    await expect(page).toHaveURL(/[?&]price=\d+-\d+/);
    const to = Number(await max.inputValue());
    await max.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Number(await max.inputValue())).toBeLessThan(to);
    await expect(min).toHaveAttribute("aria-valuetext", /^\$[\d,]+$/);
    await close();

    const heading = new RegExp(`^[\\d,]+ of (First )?${total} flights?`);
    await expect(search.resultsHeading).toHaveText(heading);
    const kept = await search.resultsHeading.innerText();
    const range = new URL(page.url()).searchParams.get("price");
    await page.reload();
    await expect(search.resultsHeading).toHaveText(kept);
    expect(new URL(page.url()).searchParams.get("price")).toBe(range);
  });

  test("a search that is gone says so and Search again starts it anew with the same criteria", async ({ page }) => {
    const search = new SearchPage(page);
    const criteria = {
      productType: "flight",
      trip: "oneway",
      origin: { kind: "airport", code: "LHR", name: "London Heathrow Airport", countryCode: "GB" },
      destination: { kind: "airport", code: "JFK", name: "John F Kennedy International Airport", countryCode: "US" },
      departDate: isoDay(32),
      returnDate: "",
      slices: [],
      cabinClass: "economy",
      occupancy: [{ adults: 1, childrenAges: [] }],
    } as const;
    const gone = "srch_e2e0000000000000";
    const starts = recordRequests(page, isSearchStart);
    await page.goto(searchHref(criteria as unknown as SearchCriteria, gone));
    const expired = page.getByRole("alert").filter({ hasText: "This search has expired" });
    await expect(expired).toBeVisible();
    await expect(page.getByRole("region", { name: "Current search" })).toContainText("LHR → JFK");
    expect(starts).toHaveLength(0);

    await expired.getByRole("button", { name: "Search again" }).click();
    await page.waitForURL((url) => url.searchParams.has("sid") && url.searchParams.get("sid") !== gone);
    expect(starts).toHaveLength(1);
    const params = new URL(page.url()).searchParams;
    expect(params.get("from")).toMatch(/^airport:LHR/);
    expect(params.get("in")).toBe(criteria.departDate);
    await search.expectComplete("flight");
    await expect(expired).toHaveCount(0);
  });

  test("a stay with check-out before check-in, or over 30 nights, is refused in the form and keeps what was typed", async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto();
    const starts = recordRequests(page, isSearchStart);
    const form = search.form("Hotels");
    const destination = form.getByRole("combobox", { name: "Destination" });
    await destination.fill("Barcelona");
    const checkIn = form.getByLabel("Check-in", { exact: true });
    const checkOut = form.getByLabel("Check-out", { exact: true });
    await checkIn.fill(isoDay(40));
    await checkOut.fill(isoDay(38));
    await page.keyboard.press("Escape");
    await search.submit("Hotels");
    await expect(checkIn).toHaveAttribute("aria-invalid", "true");
    await expect(checkIn).toHaveAccessibleDescription("Check-out must be after check-in.");
    await expect(checkIn).toBeFocused();

    await checkOut.fill(isoDay(40 + 31));
    await search.submit("Hotels");
    await expect(checkOut).toHaveAccessibleDescription("A stay can be at most 30 nights.");
    await expect(destination).toHaveValue("Barcelona");
    await expect(checkIn).toHaveValue(isoDay(40));
    expect(new URL(page.url()).searchParams.has("sid")).toBe(false);
    expect(starts).toHaveLength(0);
  });

  test("the form's checks, loaded on demand, lost to the network: a sentence, what was typed kept, and the next try searches", async ({ page }) => {
    // The rules that check a search are fetched once the page settles (search-form-shell.tsx).
    // Every script that holds them is dropped until the network "comes back".
    let dropped = 0;
    await page.route("**/_next/static/chunks/**", async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (!body.includes("This value is not accepted")) return await route.fulfill({ response, body });
        dropped++;
        await route.abort("internetdisconnected");
      } catch {
        // The page moved on while the script was read: nothing left to answer.
      }
    });
    const search = new SearchPage(page);
    await search.goto();
    const starts = recordRequests(page, isSearchStart);
    const form = search.form("Hotels");
    await search.pick(form.getByRole("combobox", { name: "Destination" }), "Barcelona", /^Cities/, "Barcelona");
    await form.getByLabel("Check-in", { exact: true }).fill(isoDay(40));
    await form.getByLabel("Check-out", { exact: true }).fill(isoDay(42));
    await page.keyboard.press("Escape");

    await search.submit("Hotels");
    await expect(form.getByText("We couldn't load the search form's checks. Check your connection and try again.")).toBeVisible();
    expect(dropped).toBeGreaterThan(0);
    expect(starts).toHaveLength(0);
    await expect(form.getByRole("combobox", { name: "Destination" })).toHaveValue("Barcelona");
    await expect(form.getByLabel("Check-in", { exact: true })).toHaveValue(isoDay(40));

    // The network is back.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await search.submit("Hotels");
    await search.expectResultsUrl("hotel");
    await expect(form.getByText(/couldn't load the search form's checks/)).toHaveCount(0);
    expect(starts).toHaveLength(1);
  });
});

test.describe("a hotel page from a link", () => {
  test("has the hotel's name and photo in its first HTML, before any script runs", async ({ browser, request }) => {
    const criteria = criteriaOf({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(45), out: dayFromNow(47), pax: "2", res: "US" });
    const { searchId, rows } = await deskSearch(request, criteria);
    const href = hotelHref(searchId, rows[0]!.canonicalProductId, criteria);
    const content = await request.get(`/api/products/hotel/${encodeURIComponent(rows[0]!.canonicalProductId)}`);
    expect(content.status()).toBe(200);
    const hotel = ((await content.json()) as { data: { name: string } }).data;

    // A fresh browser that runs no script: what it shows is the server's HTML alone.
    const context = await browser.newContext({ storageState: STORAGE_STATE.advisor, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1, name: hotel.name })).toBeVisible();
      await expect(page.getByRole("img").first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
