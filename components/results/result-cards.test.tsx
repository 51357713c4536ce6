// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render as renderWith, screen, within } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchCriteria } from "@/lib/search/criteria";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import fixtures from "./__fixtures__/sandbox-rows.json";
import { formatMoney } from "@/lib/money";
import { SourceLabels } from "./format";
import { OfferCardsContext } from "./offer-cards-context";
import { OFFER_CARDS } from "./offer-cards-lazy";
import { ResultCard, type CardContext } from "./result-cards";
import { SearchProgress } from "./search-progress";
import { groupRows, type ResultRow } from "./types";

// Cancellation deadlines are dated in the advisor's zone: pin one so the expected days hold anywhere.
process.env.TZ = "UTC";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }), usePathname: () => "/search" }));

// As on the search page: the other products' cards provided, loaded on demand (findBy waits for them).
const WithCards = ({ children }: { children: ReactNode }) => <OfferCardsContext.Provider value={OFFER_CARDS}>{children}</OfferCardsContext.Provider>;
const render = (ui: ReactElement) => renderWith(ui, { wrapper: WithCards });

const parse = (rows: unknown[]): ResultRow[] => rows.map((r) => resultRowSchema.parse(r));
const hotelCriteria: SearchCriteria = {
  productType: "hotel",
  place: { kind: "city", cityRegionId: 2643743, cityRegionIds: [2643743], name: "London", countryCode: "GB" },
  checkIn: "2027-01-10",
  checkOut: "2027-01-13",
  occupancy: [{ adults: 2, childrenAges: [] }],
  residency: "GB",
  near: null,
  propertyTypes: [],
  query: "",
  rateMode: "",
};
const ctx = (criteria: SearchCriteria = hotelCriteria): CardContext => ({ searchId: "srch_1", criteria, sources: new SourceLabels() });
const ready = (url: string) => ({ state: "ready" as const, url });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("HotelCard", () => {
  it("shows a grouped hotel: top rate, place, room, board, refundability, rates and sources, See rooms", () => {
    const [group] = groupRows(parse(fixtures.hotelRows));
    const onSelect = vi.fn();
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={ready("/img/riverside.png")} selected={false} onSelect={onSelect} />);
    const card = screen.getByRole("article", { name: "Riverside Hostel London" });
    expect(within(card).getByRole("img", { name: "Riverside Hostel London" })).toHaveAttribute("loading", "lazy");
    expect(within(card).getByRole("img", { name: "1-star" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Riverside · London");
    expect(card).toHaveTextContent("Twin Room, Courtyard View · Room only");
    expect(card).toHaveTextContent("Non-refundable");
    expect(card).toHaveTextContent("$123.25");
    expect(card).toHaveTextContent("total for 3 nights");
    expect(card).toHaveTextContent("4 rates from 4 sources");
    expect(within(card).getByRole("link", { name: "See rooms at Riverside Hostel London" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/search\/srch_1\/hotels\/htl_gb013k03d\?type=hotel&/),
    );
    fireEvent.click(card);
    expect(onSelect).toHaveBeenCalledWith("htl_gb013k03d");
  });

  it("'from' is the lowest rate of the hotel, described by that rate, whatever the ranking put first", () => {
    const [group] = groupRows(parse(fixtures.hotelRows));
    const rows = group!.rows;
    const cheaper = { ...rows[1]!, sellAmountMinor: rows[0]!.sellAmountMinor - 2_000 };
    render(<ResultCard group={{ ...group!, rows: [rows[0]!, cheaper, ...rows.slice(2)] }} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = screen.getByRole("article", { name: "Riverside Hostel London" });
    expect(card).toHaveTextContent(formatMoney(cheaper.sellAmountMinor, cheaper.sellCurrency));
    expect(card).not.toHaveTextContent(formatMoney(rows[0]!.sellAmountMinor, rows[0]!.sellCurrency));
  });

  it("marks the selected hotel", () => {
    const [group] = groupRows(parse(fixtures.hotelRows));
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={{ state: "none" }} selected onSelect={() => {}} />);
    const card = screen.getByRole("article", { name: "Riverside Hostel London" });
    expect(card).toHaveAttribute("aria-current", "true");
    expect(card).toHaveTextContent("No photo");
  });

  it("shows the free-cancellation date, package and withheld terms", () => {
    const groups = groupRows(parse(fixtures.hotelRows));
    const byId = (id: string) => groups.find((g) => g.productId === id)!;
    const { rerender } = render(<ResultCard group={byId("htl_gb1a65m3v")} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    expect(screen.getByRole("article")).toHaveTextContent(/Refundable\s*Free cancellation until 5 Jan/);
    rerender(<ResultCard group={byId("htl_gb1q55po4")} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    expect(screen.getByRole("article")).toHaveTextContent("Package rate");
    rerender(<ResultCard group={byId("htl_gb1d9s8jp")} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    expect(screen.getByRole("article")).toHaveTextContent("Cancellation terms at price-check");
  });

  it("shows the agency's commission on a commissionable rate", () => {
    const [group] = groupRows(parse(fixtures.commissionHotelRows));
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={{ state: "loading" }} selected={false} onSelect={() => {}} />);
    expect(screen.getByRole("article")).toHaveTextContent("Commission 12% · €9.57");
  });

  it("falls back when the image fails to load", () => {
    const [group] = groupRows(parse(fixtures.hotelRows));
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={ready("/broken.png")} selected={false} onSelect={() => {}} />);
    fireEvent.error(screen.getByRole("img", { name: "Riverside Hostel London" }));
    expect(screen.getByText("No photo")).toBeInTheDocument();
  });
});

const flightCriteria: SearchCriteria = {
  productType: "flight",
  trip: "return",
  origin: { kind: "airport", code: "LHR", name: "London Heathrow", countryCode: "GB" },
  destination: { kind: "airport", code: "JFK", name: "New York JFK", countryCode: "US" },
  departDate: "2027-01-10",
  returnDate: "2027-01-17",
  slices: [],
  cabinClass: "economy",
  occupancy: [{ adults: 2, childrenAges: [] }],
};

describe("FlightCard", () => {
  it("shows each slice with times, stops and duration, and Select remembers the row for checkout", async () => {
    const [group] = groupRows(parse(fixtures.flightRows));
    render(<ResultCard group={group!} ctx={ctx(flightCriteria)} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = await screen.findByRole("article", { name: "Coral Air, LHR to JFK and back" });
    // A return trip reads origin ⇄ destination, never "LHR to LHR".
    expect(card).toHaveTextContent("LHR ⇄ JFK · Economy · Basic");
    expect(card).not.toHaveTextContent("LHR to LHR");
    expect(card).toHaveTextContent("06:25 LHR");
    expect(card).toHaveTextContent("12:05 JFK");
    expect(card).toHaveTextContent("10h 40m · 1 stop (AMS)");
    expect(card).toHaveTextContent("02:30 LHR+1");
    expect(card).toHaveTextContent("$1,495.56");
    const select = within(card).getAllByRole("link", { name: /^Select/ })[0]!;
    const row = group!.rows[0]!;
    expect(select).toHaveAttribute("href", expect.stringMatching(new RegExp(`^/checkout/${row.rateQuoteId}\\?type=flight&.*sid=srch_1`)));
    fireEvent.click(select);
    expect(sessionStorage.getItem(`agency-desk:selected-rate:${row.rateQuoteId}`)).toContain(row.rateQuoteId);
  });

  it("does not call a refundable fare non-refundable because a fee already applies", async () => {
    // The sandbox's refundable fares: 10% from the moment of the search, the full price from departure.
    const base = fixtures.flightRows[0]!;
    const row = {
      ...base,
      refundable: true,
      summary: {
        ...base.summary,
        cancellationPolicy: {
          refundable: true,
          deadlines: [
            { from: "2026-11-22T02:11:49.874Z", amountMinor: 14956, currency: "USD" },
            { from: "2099-01-10T06:25:00.000Z", amountMinor: 149556, currency: "USD" },
          ],
        },
      },
    };
    const [group] = groupRows(parse([row]));
    render(<ResultCard group={group!} ctx={ctx(flightCriteria)} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = await screen.findByRole("article", { name: /Coral Air/ });
    expect(card).not.toHaveTextContent("Non-refundable");
    expect(card).toHaveTextContent("Cancellation charges apply now");
  });
});

describe("ActivityCard and TransferCard", () => {
  it("shows an activity's modality, date and session, with options and Select", async () => {
    const [group] = groupRows(parse(fixtures.activityRows));
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = await screen.findByRole("article", { name: "Barcelona Street Art and Hidden Gems Tour" });
    expect(card).toHaveTextContent("Group tour");
    expect(card).toHaveTextContent("Sun 10 Jan, 10:30");
    expect(card).toHaveTextContent("2h 30m");
    expect(card).toHaveTextContent("Free cancellation until 9 Jan");
    expect(within(card).getByRole("link", { name: /See options for/ })).toHaveAttribute("href", expect.stringMatching(/^\/search\/srch_1\/options\/act_1kq5aqj\?/));
  });

  it("shows a round-trip transfer's both legs", async () => {
    const groups = groupRows(parse(fixtures.transferRows));
    const shuttle = groups.find((g) => g.rows[0]?.summary && (g.rows[0].summary as { tripType?: string }).tripType === "round")!;
    render(<ResultCard group={shuttle} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = await screen.findByRole("article", { name: "Shared shuttle" });
    expect(card).toHaveTextContent("Round trip");
    expect(card).toHaveTextContent("Shared");
    expect(card).toHaveTextContent("Sun 10 Jan, 14:00");
    expect(card).toHaveTextContent("Thu 14 Jan, 10:00");
    expect(card).toHaveTextContent("Up to 8");
    expect(within(card).getByRole("link", { name: /See vehicles/ })).toHaveAttribute("href", expect.stringContaining("/options/"));
  });

  it("names a transfer's route as the advisor did in the search, else as the service does", async () => {
    const groups = groupRows(parse(fixtures.transferRows));
    const shuttle = groups.find((g) => (g.rows[0]?.summary as { tripType?: string }).tripType === "round")!;
    const summary = shuttle.rows[0]!.summary as { pickupName?: string; dropoffName?: string };
    const criteria: SearchCriteria = {
      productType: "transfer",
      pickup: { kind: "airport", code: "BCN", name: "Barcelona International Airport", countryCode: "ES" },
      dropoff: { kind: "address", code: "41.3874,2.1686", name: "Plaça de Catalunya" },
      pickupAt: "2027-01-10T14:00",
      returnAt: "2027-01-14T10:00",
      passengers: null,
      luggage: null,
      occupancy: [{ adults: 2, childrenAges: [] }],
    };
    render(<ResultCard group={shuttle} ctx={ctx(criteria)} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const legs = within(await screen.findByRole("article", { name: "Shared shuttle" })).getAllByRole("listitem");
    expect(legs[0]).toHaveTextContent("Barcelona International Airport (BCN) Plaça de Catalunya");
    expect(legs[1]).toHaveTextContent("Plaça de Catalunya Barcelona International Airport (BCN)");
    cleanup();

    render(<ResultCard group={shuttle} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    expect(within(await screen.findByRole("article")).getAllByRole("listitem")[0]).toHaveTextContent(`${summary.pickupName} ${summary.dropoffName}`);
  });

  it("lists another source's offer for the same product, selectable", async () => {
    const groups = groupRows(parse(fixtures.transferRows));
    const sedan = groups.find((g) => g.rows.length > 1)!;
    render(<ResultCard group={sedan} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    const card = await screen.findByRole("article");
    expect(within(card).getAllByRole("link", { name: /^Select/ })).toHaveLength(2);
    expect(card).toHaveTextContent("Standard sedan, Round trip");
  });

  it("renders a product type it does not know without actions", async () => {
    const row = { ...fixtures.flightRows[0]!, productType: "cruise", summary: {} };
    const [group] = groupRows(parse([row]));
    render(<ResultCard group={group!} ctx={ctx()} thumbnail={{ state: "none" }} selected={false} onSelect={() => {}} />);
    expect(await screen.findByRole("article", { name: "Cruise" })).toHaveTextContent("$1,495.56");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});

describe("SearchProgress", () => {
  const outcomes = [
    { supplier: "src-e9087d9f", status: "completed", latencyMs: 2700, rateCount: 2242 },
    { supplier: "src-53915895", status: "pending", latencyMs: 3034, rateCount: 1273 },
    { supplier: "src-f84629d4", status: "failed", latencyMs: 2500, rateCount: 0 },
  ];

  it("shows the bar, the sentence and each source", () => {
    render(<SearchProgress productType="hotel" session={{ status: "partial", batchProgress: { done: 2, total: 9 }, supplierOutcomes: outcomes }} />);
    const bar = screen.getByRole("progressbar", { name: "Pricing hotels — batch 3 of 9" });
    expect(bar).toHaveAttribute("aria-valuenow", "2");
    expect(bar).toHaveAttribute("aria-valuemax", "9");
    const sources = within(screen.getByRole("list", { name: "Sources" })).getAllByRole("listitem");
    expect(sources.map((s) => s.textContent)).toEqual([
      "Source E908: done,2,242 rates · 2.7 s",
      "Source 5391: still answering,1,273 rates",
      "Source F846: failed,No answer",
    ]);
    expect(sources[0]).toHaveAttribute("title", expect.stringContaining("src-e9087d9f"));
    expect(screen.getByText(/Source F846 did not answer this time/)).toHaveTextContent("Results from the other sources keep arriving.");
  });

  it("says when everything is priced, or the search failed", () => {
    const { rerender } = render(
      <SearchProgress productType="hotel" session={{ status: "completed", batchProgress: { done: 9, total: 9 }, supplierOutcomes: outcomes }} />,
    );
    expect(screen.getByRole("progressbar", { name: "All 9 batches priced" })).toHaveAttribute("aria-valuenow", "9");
    expect(screen.getByText(/did not answer/)).toHaveTextContent("Results from the other sources are complete.");
    rerender(<SearchProgress productType="hotel" session={{ status: "failed", batchProgress: { done: 0, total: 9 }, supplierOutcomes: [] }} />);
    expect(screen.getByRole("progressbar", { name: "Search failed" })).toBeInTheDocument();
  });

  it("keeps one note under the sources, whose words change as they answer (so the list below never moves)", () => {
    const answering = outcomes.map((o) => ({ ...o, status: "pending" }));
    const { rerender } = render(
      <SearchProgress productType="hotel" session={{ status: "partial", batchProgress: { done: 1, total: 9 }, supplierOutcomes: answering }} />,
    );
    const note = () => screen.getByText(/answer/, { selector: "p > span" });
    expect(note()).toHaveTextContent("Results appear as each source answers.");
    const box = note().parentElement!;
    expect(box.className).toContain("min-h-[3.25rem]");
    const done = outcomes.map((o) => ({ ...o, status: "completed" }));
    rerender(<SearchProgress productType="hotel" session={{ status: "completed", batchProgress: { done: 9, total: 9 }, supplierOutcomes: done }} />);
    expect(note()).toHaveTextContent("All 3 sources answered.");
    const none = outcomes.map((o) => ({ ...o, status: "failed" }));
    rerender(<SearchProgress productType="hotel" session={{ status: "completed", batchProgress: { done: 9, total: 9 }, supplierOutcomes: none }} />);
    expect(note()).toHaveTextContent("No source answered this time.");
  });
});
