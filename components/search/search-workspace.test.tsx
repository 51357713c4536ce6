// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseCriteria, type SearchCriteria } from "@/lib/search/criteria";
import { addDays, toIsoDate } from "./search-limits";
import { SearchWorkspace } from "./search-workspace";

const router = { push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/search" }));
// The other products' cards (components/results/offer-cards-lazy.ts): which results start loading them.
const preloadOfferCards = vi.hoisted(() => vi.fn());
vi.mock("@/components/results/offer-cards-lazy", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/components/results/offer-cards-lazy")>()),
  preloadOfferCards,
}));
vi.mock("@/components/results/search-results", async () => ({
  // Passed on for whoever starts a search (use-run-search.ts), as the real module does.
  prefetchFirstPage: (await import("@/components/results/use-live-results")).prefetchFirstPage,
  SearchResults: (p: { searchId: string; searchingAgain: boolean; onSearchAgain: () => void }) => (
    <section aria-label="Search results">
      results of {p.searchId}
      <button type="button" onClick={p.onSearchAgain}>
        Search again
      </button>
    </section>
  ),
}));

const TODAY = toIsoDate(new Date());
// From the same "today" the form is given, so a run that straddles midnight agrees with it.
const inDays = (n: number) => toIsoDate(addDays(new Date(`${TODAY}T12:00:00`), n));

const SUGGEST: Record<string, unknown> = {
  lond: {
    cities: [{ name: "London", countryCode: "GB", stateName: null, hotelCount: 2600, cityRegionId: 2643743, cityRegionIds: [2643743] }],
    hotels: [{ canonicalId: "htl_gb1aul4t2", name: "London Cosmo Hotel", cityName: "London", starRating: 4.5, countryCode: "GB" }],
    pois: [
      { kind: "destination", name: "London", code: "GB-LONDON", countryCode: "GB" },
      { kind: "airport", name: "London Heathrow Airport", code: "LHR", countryCode: "GB" },
    ],
  },
  paris: {
    cities: [{ name: "Paris", countryCode: "FR", stateName: null, hotelCount: 2000, cityRegionId: 2988507, cityRegionIds: [2988507] }],
    hotels: [],
    pois: [{ kind: "airport", name: "Paris Charles de Gaulle Airport", code: "CDG", countryCode: "FR" }],
  },
  rome: { cities: [], hotels: [], pois: [{ kind: "airport", name: "Rome Fiumicino Airport", code: "FCO", countryCode: "IT" }] },
  cosmo: {
    cities: [],
    hotels: [{ canonicalId: "htl_gb1aul4t2", name: "London Cosmo Hotel", cityName: "London", starRating: 4.5, countryCode: "GB" }],
    pois: [],
  },
};

type SearchReply = { status: number; body: unknown };
const envelope = (data: unknown) => ({ data, meta: {}, error: null });
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

function installFetch(options: { productTypes?: string[]; search?: () => SearchReply } = {}) {
  const searches: unknown[] = [];
  const calls: URL[] = [];
  const fake = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://desk.test");
    calls.push(url);
    switch (url.pathname) {
      case "/api/capabilities":
        return json(200, envelope({ productTypes: options.productTypes ?? ["hotel", "flight", "activity", "transfer"] }));
      case "/api/suggest": {
        const q = (url.searchParams.get("q") ?? "").toLowerCase();
        const key = Object.keys(SUGGEST).find((k) => q.startsWith(k.slice(0, q.length)) && q.length >= 2 && k.startsWith(q.slice(0, 4)));
        return json(200, envelope(key ? SUGGEST[key] : { cities: [], hotels: [], pois: [] }));
      }
      case "/api/destinations": {
        const cursor = url.searchParams.get("cursor");
        if (url.searchParams.get("productType") === "transfer") {
          // A first page of areas only (not pickup points), then the airports.
          const items = cursor
            ? [{ code: "BCN", name: "Barcelona International Airport", cityName: "Barcelona", countryCode: "ES", kind: "transfer_airport" }]
            : [{ code: "ES-BARCELONA", name: "Barcelona", cityName: "Barcelona", countryCode: "ES", kind: "transfer_destination" }];
          return json(200, envelope({ items, nextCursor: cursor ? null : "page2" }));
        }
        const items = cursor
          ? [{ code: "PT-LISBON", name: "Lisbon", cityName: "Lisbon", countryCode: "PT", kind: "activity_destination" }]
          : [
              { code: "GB-LONDON", name: "London", cityName: "London", countryCode: "GB", kind: "activity_destination" },
              { code: "FR-PARIS", name: "Paris", cityName: "Paris", countryCode: "FR", kind: "activity_destination" },
            ];
        return json(200, envelope({ items, nextCursor: cursor ? null : "page2" }));
      }
      case "/api/search": {
        searches.push(JSON.parse(String(init?.body)));
        const reply = options.search?.() ?? { status: 201, body: envelope({ searchId: `srch_${searches.length}` }) };
        return json(reply.status, reply.body);
      }
      default:
        return json(404, { data: null, meta: {}, error: { code: "not_found", message: "Not found.", details: [] } });
    }
  });
  vi.stubGlobal("fetch", fake);
  return { searches, calls };
}

function renderWorkspace(query = "", sid: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const criteria = parseCriteria(new URLSearchParams(query), "US");
  const view = (c: SearchCriteria | null, s: string | null) => (
    <QueryClientProvider client={client}>
      <SearchWorkspace initialCriteria={c} sid={s} currency="USD" market="US" today={TODAY} />
    </QueryClientProvider>
  );
  const result = render(view(criteria, sid));
  return { ...result, rerenderWith: (q: string, s: string | null) => result.rerender(view(parseCriteria(new URLSearchParams(q), "US"), s)) };
}

/** The shown product's form, once its fields (loaded on demand) are in. */
const formOf = (product: string) => screen.findByRole("form", { name: `${product} search` }, { timeout: 5_000 });

/** Types into a suggest combobox and picks the option with the keyboard. */
async function pickSuggestion(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, text: string, option: string | RegExp) {
  const input = screen.getByRole("combobox", { name: label });
  await user.click(input);
  await user.type(input, text);
  const listbox = await screen.findByRole("listbox");
  const [target] = await within(listbox).findAllByRole("option", { name: option });
  const options = within(listbox).getAllByRole("option");
  for (let i = 0; i <= options.indexOf(target!); i++) await user.keyboard("{ArrowDown}");
  await user.keyboard("{Enter}");
  await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
}

// The forms load on demand; their first import in a test run (React Aria, react-hook-form) takes
// longer than a findBy waits, so they are loaded once before the tests.
beforeAll(() => Promise.all([import("./hotel-fields"), import("./flight-fields"), import("./activity-fields"), import("./transfer-fields"), import("./hotel-options")]), 60_000);

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SearchWorkspace – tabs", () => {
  it("shows a tab per product on sale, in order, and a guide when nothing was searched", async () => {
    installFetch({ productTypes: ["transfer", "hotel", "activity"] });
    renderWorkspace();
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Hotels", "Activities", "Transfers"]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { name: "Search hotels" })).toBeInTheDocument();
  });

  it("says so when the URL's product is not on sale", async () => {
    installFetch({ productTypes: ["hotel"] });
    renderWorkspace("type=flight");
    expect(await screen.findByText("Flights are not on sale in your agency's market (US).")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Hotels" })).toHaveAttribute("aria-selected", "true");
  });

  it("switching tabs updates the URL, keeps each tab's values and carries the party over", async () => {
    installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=hotel&pax=3");
    await formOf("Hotels");
    await user.type(screen.getByRole("combobox", { name: "Destination" }), "Somewhere");
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("tab", { name: "Activities" }));

    await formOf("Activities");
    expect(router.replace).toHaveBeenLastCalledWith("/search?type=activity", { scroll: false });
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("3 adults");

    await user.click(screen.getByRole("tab", { name: "Hotels" }));

    await formOf("Hotels");
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("Somewhere");
  });

  it("keeps a hotel's rooms when the advisor only looks at another tab, and carries a changed party back", async () => {
    installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=hotel&pax=2-5,2");
    await formOf("Hotels");
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("2 rooms · 4 adults · 1 child");

    await user.click(screen.getByRole("tab", { name: "Flights" }));

    await formOf("Flights");
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("4 adults · 1 child");
    await user.click(screen.getByRole("tab", { name: "Activities" }));
    await formOf("Activities");
    await user.click(screen.getByRole("tab", { name: "Hotels" }));
    await formOf("Hotels");
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("2 rooms · 4 adults · 1 child");
    expect(screen.getByLabelText("Age of child 1 in room 1")).toHaveValue("5");

    await user.click(screen.getByRole("tab", { name: "Activities" }));

    await formOf("Activities");
    await user.click(screen.getByRole("button", { name: "More adults" }));
    await user.click(screen.getByRole("tab", { name: "Hotels" }));
    await formOf("Hotels");
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("1 room · 5 adults · 1 child");
  });

  it("shows a sentence and a retry when the products on sale cannot be loaded", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        fail
          ? json(503, { data: null, meta: {}, error: { code: "service_unavailable", message: "The service is busy. Try again shortly.", details: [] } })
          : json(200, envelope({ productTypes: ["hotel"] })),
      ),
    );
    const user = userEvent.setup();
    renderWorkspace();
    expect(await screen.findByText("The products on sale could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("tab", { name: "Hotels" })).toBeInTheDocument();
  });
});

describe("SearchWorkspace – hotel form", () => {
  it("picks a city with the keyboard, fills the stay and posts the search body", async () => {
    const { searches, calls } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=hotel");
    await formOf("Hotels");

    await pickSuggestion(user, "Destination", "Lond", "London");
    fireEvent.change(screen.getByLabelText("Check-in"), { target: { value: inDays(10) } });
    fireEvent.change(screen.getByLabelText("Check-out"), { target: { value: inDays(13) } });
    expect(screen.getByTestId("nights")).toHaveTextContent("3 nights");
    await user.click(screen.getByRole("button", { name: "More children in room 1" }));
    // A new child has no age until one is chosen: never a silent default.
    expect(screen.getByLabelText("Age of child 1 in room 1")).toHaveValue("-1");
    await user.selectOptions(screen.getByLabelText("Age of child 1 in room 1"), "8");
    await user.selectOptions(screen.getByLabelText("Guest nationality"), "GB");

    await user.click(screen.getByRole("button", { name: /^More options/ }));
    // The options' fields load when the panel is first opened.
    await user.click(await screen.findByRole("checkbox", { name: "Resort" }, { timeout: 5_000 }));
    await user.type(screen.getByLabelText("Hotel name or keywords"), "spa");
    await user.click(screen.getByRole("radio", { name: "Commissionable" }));
    expect(screen.getByRole("button", { name: /^More options/ })).toHaveTextContent("More options3 options in use");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual({
      productType: "hotel",
      occupancy: [{ adults: 2, childrenAges: [8] }],
      residency: "GB",
      checkIn: inDays(10),
      checkOut: inDays(13),
      destinationCityRegionId: 2643743,
      destinationCountryCode: "GB",
      propertyTypes: ["resort"],
      query: "spa",
      rateMode: "commissionable",
    });
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(1));
    expect(router.push.mock.calls[0]![0]).toMatch(/^\/search\?type=hotel&to=city%3A2643743%7CLondon%7CGB&.*&sid=srch_1$/);
    // The first page of results is asked for while the page navigates, grouped by hotel.
    const first = calls.find((u) => u.pathname === "/api/search/srch_1/results");
    expect(first?.searchParams.get("groupByProduct")).toBe("true");
    expect(first?.searchParams.has("cursor")).toBe(false);
  });

  it("validates before submitting: no request, sentences on the fields, focus on the first", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=hotel");
    await formOf("Hotels");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    expect(await screen.findByText("Choose a city, hotel or area, or type a place name.")).toBeInTheDocument();
    expect(screen.getByText("Choose a check-in date.")).toBeInTheDocument();
    expect(searches).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Destination" })).toHaveFocus());
  });

  it("opens More options when one of its fields is refused, so the advisor sees why", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace(`type=hotel&to=city:2643743%7CLondon%7CGB&in=${inDays(5)}&out=${inDays(8)}&near=51.5,-0.12,60`);
    await formOf("Hotels");
    const more = screen.getByRole("button", { name: /^More options/ });
    expect(more).toHaveAttribute("aria-expanded", "true");
    await user.click(more);
    expect(more).toHaveAttribute("aria-expanded", "false");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    const error = await screen.findByText("Latitude is -90 to 90, longitude -180 to 180, and the radius 0.5 to 50 km.");
    expect(searches).toHaveLength(0);
    expect(more).toHaveAttribute("aria-expanded", "true");
    expect(error).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText("Latitude")).toHaveFocus());

    // Fixing the value keeps the panel open while the advisor types.
    await user.clear(screen.getByLabelText("Radius (km)"));
    await user.type(screen.getByLabelText("Radius (km)"), "5");
    expect(screen.queryByText(/radius 0.5 to 50 km\.$/)).not.toBeInTheDocument();
    expect(more).toHaveAttribute("aria-expanded", "true");
  });

  it("puts a BFF validation_error on its field and keeps every value", async () => {
    const { searches } = installFetch({
      search: () => ({
        status: 400,
        body: {
          data: null,
          meta: {},
          error: { code: "validation_error", message: "Check the highlighted fields.", details: [{ path: "checkOut", message: "A stay is at most 30 nights." }] },
        },
      }),
    });
    const user = userEvent.setup();
    renderWorkspace(`type=hotel&to=text:%7CSoho&in=${inDays(5)}&out=${inDays(8)}&pax=2&res=FR`);
    await formOf("Hotels");
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("Soho");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ destination: "Soho", residency: "FR" });
    expect(await screen.findByText("A stay can be at most 30 nights.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("Soho");
    expect(screen.getByLabelText("Check-in")).toHaveValue(inDays(5));
    expect(screen.getByLabelText("Guest nationality")).toHaveValue("FR");
    expect(screen.getByRole("button", { name: "Search hotels" })).toBeEnabled();
    expect(router.push).not.toHaveBeenCalled();
  });

  it("shows other failures in a callout with a retry, and searches once per click", async () => {
    let attempt = 0;
    const { searches } = installFetch({
      search: () =>
        ++attempt === 1
          ? { status: 429, body: { data: null, meta: {}, error: { code: "rate_limited", message: "Too many searches. Wait a moment.", details: [] } } }
          : { status: 201, body: envelope({ searchId: "srch_ok" }) },
    });
    const user = userEvent.setup();
    renderWorkspace(`type=hotel&to=text:%7CSoho&in=${inDays(5)}&out=${inDays(8)}`);
    await formOf("Hotels");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    expect(await screen.findByText("Too many searches. Wait a moment.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(1));
    expect(searches).toHaveLength(2);
  });
});

describe("SearchWorkspace – flight form", () => {
  it("multi-city: picks airports with the keyboard per flight, adds a third flight, posts slices", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=flight&trip=multi");
    await formOf("Flights");
    expect(screen.getByRole("radio", { name: "Multi-city" })).toBeChecked();

    await pickSuggestion(user, "From (flight 1)", "Lond", /London Heathrow/);
    await pickSuggestion(user, "To (flight 1)", "Pari", /Charles de Gaulle/);
    fireEvent.change(screen.getByLabelText("Date (flight 1)"), { target: { value: inDays(20) } });
    await pickSuggestion(user, "From (flight 2)", "Pari", /Charles de Gaulle/);
    await pickSuggestion(user, "To (flight 2)", "Rome", /Fiumicino/);
    fireEvent.change(screen.getByLabelText("Date (flight 2)"), { target: { value: inDays(24) } });

    await user.click(screen.getByRole("button", { name: "Add flight" }));
    // A new flight starts where the last one landed.
    expect(screen.getByRole("combobox", { name: "From (flight 3)" })).toHaveValue("Rome Fiumicino Airport");
    await user.type(screen.getByRole("combobox", { name: "To (flight 3)" }), "lhr");
    fireEvent.change(screen.getByLabelText("Date (flight 3)"), { target: { value: inDays(21) } });
    await user.selectOptions(screen.getByLabelText("Cabin"), "business");

    await user.click(screen.getByRole("button", { name: "Search flights" }));
    expect(await screen.findByText("Flight 3 can't leave before flight 2.")).toBeInTheDocument();
    expect(searches).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Date (flight 3)"), { target: { value: inDays(28) } });
    await user.click(screen.getByRole("button", { name: "Search flights" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual({
      productType: "flight",
      occupancy: [{ adults: 1, childrenAges: [] }],
      cabinClass: "business",
      slices: [
        { origin: "LHR", destination: "CDG", date: inDays(20) },
        { origin: "CDG", destination: "FCO", date: inDays(24) },
        { origin: "FCO", destination: "LHR", date: inDays(28) },
      ],
    });
  });

  it("disables Add flight at six flights and says why", async () => {
    installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=flight&trip=multi");
    await formOf("Flights");
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole("button", { name: "Add flight" }));
    expect(screen.getByRole("button", { name: "Add flight" })).toBeDisabled();
    expect(screen.getByText("A trip can have at most 6 flights.")).toBeInTheDocument();
  });

  it("prefills a return trip from the URL", async () => {
    installFetch();
    renderWorkspace(`type=flight&trip=return&from=airport:LHR%7CLondon+Heathrow%7CGB&to=airport:JFK%7CNew+York+JFK%7CUS&in=${inDays(3)}&out=${inDays(9)}&cabin=first&pax=2-5`);
    await formOf("Flights");
    expect(screen.getByRole("combobox", { name: "From" })).toHaveValue("London Heathrow");
    expect(screen.getByRole("combobox", { name: "To" })).toHaveValue("New York JFK");
    expect(screen.getByLabelText("Departure")).toHaveValue(inDays(3));
    expect(screen.getByLabelText("Return", { selector: "input[type=date]" })).toHaveValue(inDays(9));
    expect(screen.getByLabelText("Cabin")).toHaveValue("first");
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("2 adults · 1 child");
  });
});

describe("SearchWorkspace – activity form", () => {
  it("browses destinations, pages with More, picks one and posts destinationCode", async () => {
    const { searches, calls } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=activity");
    await formOf("Activities");

    await user.click(screen.getByRole("button", { name: "Browse destinations" }));
    const dialog = await screen.findByRole("dialog", { name: "Activity destinations" });
    await within(dialog).findByRole("option", { name: /Paris/ });
    await user.click(within(dialog).getByRole("button", { name: "More destinations" }));
    await user.click(await within(dialog).findByRole("option", { name: /Lisbon/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("Lisbon");
    expect(calls.some((u) => u.pathname === "/api/destinations" && u.searchParams.get("cursor") === "page2")).toBe(true);

    fireEvent.change(screen.getByLabelText("Date"), { target: { value: inDays(7) } });
    await user.click(screen.getByRole("button", { name: "Search activities" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual({ productType: "activity", occupancy: [{ adults: 2, childrenAges: [] }], checkIn: inDays(7), destinationCode: "PT-LISBON" });
  });

  it("picks a destination suggestion with the keyboard", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace(`type=activity&in=${inDays(7)}`);
    await formOf("Activities");
    await pickSuggestion(user, "Destination", "Lond", "London");
    await user.click(screen.getByRole("button", { name: "Search activities" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ destinationCode: "GB-LONDON" });
  });
});

describe("SearchWorkspace – transfer form", () => {
  it("airport to an address with a return journey and a passengers override", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=transfer");
    await formOf("Transfers");

    await pickSuggestion(user, "Pick up from", "Lond", /Heathrow/);
    const dropoff = screen.getByRole("radiogroup", { name: "Drop off at: type" });
    await user.click(within(dropoff).getByRole("radio", { name: "Address" }));
    await user.type(screen.getByLabelText("Drop off at — Address"), "Office");
    await user.type(screen.getByLabelText("Drop off at — Coordinates"), "51.5,north");
    fireEvent.change(screen.getByLabelText("Pickup date and time"), { target: { value: `${inDays(4)}T09:30` } });
    await user.click(screen.getByRole("switch", { name: "Return journey" }));
    fireEvent.change(screen.getByLabelText("Return date and time"), { target: { value: `${inDays(6)}T18:00` } });
    await user.type(screen.getByLabelText("Passengers"), "3");

    await user.click(screen.getByRole("button", { name: "Search transfers" }));
    expect(await screen.findByText(/Give the drop-off address's coordinates as latitude,longitude/)).toBeInTheDocument();
    expect(searches).toHaveLength(0);

    await user.clear(screen.getByLabelText("Drop off at — Coordinates"));
    await user.type(screen.getByLabelText("Drop off at — Coordinates"), "51.5138, -0.0984");
    await user.click(screen.getByRole("button", { name: "Search transfers" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual({
      productType: "transfer",
      occupancy: [{ adults: 2, childrenAges: [] }],
      pickupLocation: { type: "airport", code: "LHR" },
      dropoffLocation: { type: "address", code: "51.5138,-0.0984" },
      pickupAt: `${inDays(4)}T09:30:00`,
      returnAt: `${inDays(6)}T18:00:00`,
      passengers: 3,
    });
  });

  it("with Return journey on, an empty return time is refused, not priced one way; turning it off searches one way", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace(`type=transfer&at=${inDays(4)}T09:30&from=airport:LHR%7CHeathrow%7CGB&to=address:51.5138,-0.0984%7COffice`);
    await formOf("Transfers");
    await user.click(screen.getByRole("switch", { name: "Return journey" }));
    await user.click(screen.getByRole("button", { name: "Search transfers" }));
    expect(await screen.findByText("Choose the return date and time, or turn off Return journey.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Return date and time")).toHaveFocus());
    expect(searches).toHaveLength(0);

    await user.click(screen.getByRole("switch", { name: "Return journey" }));
    await user.click(screen.getByRole("button", { name: "Search transfers" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).not.toHaveProperty("returnAt");
  });

  it("browsing airports reads past pages of areas, and the pick fills the pickup", async () => {
    const { calls } = installFetch();
    const user = userEvent.setup();
    renderWorkspace("type=transfer");
    await formOf("Transfers");
    await user.click(screen.getAllByRole("button", { name: "Browse airports" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Transfer airports" });
    const airport = await within(dialog).findByRole("option", { name: /Barcelona International Airport/ });
    expect(within(dialog).getAllByRole("option")).toHaveLength(1);
    await user.click(airport);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("combobox", { name: "Pick up from" })).toHaveValue("Barcelona International Airport");
    const pages = calls.filter((u) => u.pathname === "/api/destinations");
    expect(pages.map((u) => [u.searchParams.get("limit"), u.searchParams.get("cursor")])).toEqual([
      ["100", null],
      ["100", "page2"],
    ]);
  });

  it("a hotel pickup offers hotels only and sends the canonicalId", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    renderWorkspace(`type=transfer&at=${inDays(4)}T09:30&to=airport:LHR%7CHeathrow%7CGB`);
    await formOf("Transfers");
    const pickup = screen.getByRole("radiogroup", { name: "Pick up from: type" });
    await user.click(within(pickup).getByRole("radio", { name: "Hotel" }));
    const input = screen.getByRole("combobox", { name: "Pick up from" });
    await user.type(input, "Lond");
    const listbox = await screen.findByRole("listbox");
    await within(listbox).findByRole("option", { name: /London Cosmo Hotel/ });
    expect(within(listbox).queryByRole("option", { name: /Heathrow/ })).not.toBeInTheDocument();
    await user.keyboard("{ArrowDown}{Enter}");
    await user.click(screen.getByRole("button", { name: "Search transfers" }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ pickupLocation: { type: "hotel", code: "htl_gb1aul4t2" }, dropoffLocation: { type: "airport", code: "LHR" } });
  });
});

describe("SearchWorkspace – results", () => {
  it("with a sid shows the summary and results; Edit search opens the form; Search again replaces", async () => {
    const { searches } = installFetch();
    const user = userEvent.setup();
    const q = `type=hotel&to=city:2643743%7CLondon%7CGB&in=2026-12-01&out=2026-12-04&pax=2`;
    renderWorkspace(q, "srch_old");
    expect(await screen.findByTestId("search-summary")).toHaveTextContent("London·, 1 Dec – 4 Dec 2026·, 3 nights·, 1 room, 2 adults");
    expect(screen.getByRole("region", { name: "Search results" })).toHaveTextContent("results of srch_old");
    expect(screen.queryByRole("button", { name: "Search hotels" })).toBeNull();
    // Folded under results, the form is not even mounted (its code loads when it is first opened).
    expect(document.querySelector('form[aria-label="Hotels search"]')).toBeNull();

    await user.click(screen.getByRole("button", { name: "Edit search" }));
    expect(await screen.findByRole("button", { name: "Search hotels" })).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("London");
    // Closed and opened again, it keeps what was typed.
    await user.clear(screen.getByRole("combobox", { name: "Destination" }));
    await user.type(screen.getByRole("combobox", { name: "Destination" }), "Paris");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Close the search form" }));
    expect(screen.queryByRole("button", { name: "Search hotels" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit search" }));
    expect(screen.getByRole("combobox", { name: "Destination" })).toHaveValue("Paris");

    await user.click(screen.getByRole("button", { name: "Search again" }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1));
    expect(searches[0]).toMatchObject({ destinationCityRegionId: 2643743, checkIn: "2026-12-01" });
    expect(router.replace.mock.calls[0]).toEqual([expect.stringMatching(/&sid=srch_1$/), { scroll: false }]);
  });

  it("starts loading the cards of another product than hotels with its results (hotels' are in the results' code)", async () => {
    installFetch();
    const { rerenderWith } = renderWorkspace(`type=hotel&to=city:2643743%7CLondon%7CGB&in=2026-12-01&out=2026-12-04&pax=2`, "srch_1");
    expect(await screen.findByText("results of srch_1")).toBeInTheDocument();
    expect(preloadOfferCards).not.toHaveBeenCalled();
    act(() => rerenderWith(`type=activity&to=destination:GB-LONDON%7CLondon%7CGB&in=${inDays(7)}`, "srch_2"));
    expect(await screen.findByText("results of srch_2")).toBeInTheDocument();
    expect(preloadOfferCards).toHaveBeenCalledTimes(1);
  });

  it("keeps the button in its Searching… state until the results are open", async () => {
    installFetch();
    const user = userEvent.setup();
    const { rerenderWith } = renderWorkspace(`type=activity&to=destination:GB-LONDON%7CLondon%7CGB&in=${inDays(7)}`);
    await formOf("Activities");
    await user.click(screen.getByRole("button", { name: "Search activities" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(1));
    expect(screen.getByRole("button", { name: "Searching…" })).toBeDisabled();

    const href = router.push.mock.calls[0]![0] as string;
    act(() => rerenderWith(href.split("?")[1]!.replace(/&sid=.*$/, ""), "srch_1"));
    expect(await screen.findByText("results of srch_1")).toBeInTheDocument();
    expect(screen.getByTestId("search-summary")).toHaveTextContent("London");
  });
});
