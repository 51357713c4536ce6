// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorReply, okReply, routeFetch } from "@/lib/testing/scripted-fetch";
import { parseCriteria, searchHref, toSearchRequest } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import flight from "./__fixtures__/flight.json";
import hotelChange from "./__fixtures__/hotel-price-change.json";
import hotelRefundable from "./__fixtures__/hotel-refundable.json";
import { Checkout } from "./checkout";

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/checkout" }));


const hotelCriteria = parseCriteria(
  new URLSearchParams({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "2-7,1", res: "US" }),
)!;
const QUOTE = hotelChange.row.rateQuoteId;
const SID = hotelChange.searchId;
const priceCheckPath = (q: string) => `POST /api/quotes/${q}/price-check`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function renderCheckout(quoteId = QUOTE, searchId = SID, criteria = hotelCriteria) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Checkout quoteId={quoteId} searchId={searchId} criteria={criteria} currency="USD" />
    </QueryClientProvider>,
  );
}

async function fillNames(user: ReturnType<typeof userEvent.setup>) {
  const first = await screen.findAllByLabelText(/^First name/);
  const last = screen.getAllByLabelText(/^Last name/);
  const names = [
    ["Maria", "Lopez"],
    ["Juan", "Lopez"],
    ["Ana", "Lopez"],
    ["Rosa", "Diaz"],
  ];
  for (const [i, [f, l]] of names.entries()) {
    await user.type(first[i]!, f!);
    await user.type(last[i]!, l!);
  }
}

beforeEach(() => {
  // Only Date moves under test control: the fixtures' times (22 Nov 2026) stay "now".
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T02:11:30Z"));
  sessionStorage.clear();
  Object.values(router).forEach((fn) => fn.mockReset());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Checkout", () => {
  it("shows a changed price, requires the client's acceptance, books once and shows the confirmation", async () => {
    rememberSelectedRate(resultRowSchema.parse(hotelChange.row));
    const booked = hotelChange.bookingConfirmed.data;
    const calls = routeFetch({
      [priceCheckPath(QUOTE)]: okReply(hotelChange.priceCheck),
      "POST /api/bookings": { status: 201, body: hotelChange.bookingConfirmed },
      [`GET /api/bookings/${booked.bookingId}`]: okReply({ order: { totalSell: { amountMinor: 113694, currency: "USD" } } }),
    });
    const user = userEvent.setup();
    renderCheckout();

    expect(await screen.findByTestId("live-price")).toHaveTextContent("$1,136.94");
    expect(screen.getByText("Changed since the search")).toBeInTheDocument();
    expect(screen.getByText(/\+\$74\.38 \(\+7\.0%\)/)).toBeInTheDocument();
    expect(screen.getByText(/The price went up from \$1,062\.56 to \$1,136\.94/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "London Silver Inn" })).toBeInTheDocument();
    // Ten minutes from when the answer arrived, on this browser's clock.
    expect(screen.getByRole("timer")).toHaveTextContent("10:00");

    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    const ack = screen.getByRole("checkbox", { name: /The client accepts these changes/ });
    expect(ack).toHaveAccessibleDescription(/Confirm that the client accepts these changes/);
    expect(calls.some((c) => c.path === "/api/bookings")).toBe(false);

    await user.click(ack);
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    expect(await screen.findByRole("heading", { name: "Booking confirmed" })).toBeInTheDocument();
    expect(screen.getByTestId("order-ref")).toHaveTextContent(booked.orderRef);
    expect(screen.getByText("Alex Advisor")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View booking" })).toHaveAttribute("href", `/bookings/${booked.bookingId}`);
    expect(screen.getByRole("link", { name: "New search" })).toHaveAttribute("href", "/search");
    expect(screen.getAllByRole("link", { name: /Back to results/ }).at(-1)).toHaveAttribute("href", searchHref(hotelCriteria, SID));

    const bookings = calls.filter((c) => c.path === "/api/bookings");
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.headers["Idempotency-Key"]).toMatch(UUID);
    expect(bookings[0]!.body).toMatchObject({
      quoteId: QUOTE,
      searchId: SID,
      productType: "hotel",
      paymentMethod: "credit",
      changesAcknowledged: true,
      travelers: [
        { roomIndex: 0, type: "adult", firstName: "Maria", lastName: "Lopez" },
        { roomIndex: 0, type: "adult", firstName: "Juan", lastName: "Lopez" },
        { roomIndex: 0, type: "child", age: 7, firstName: "Ana", lastName: "Lopez" },
        { roomIndex: 1, type: "adult", firstName: "Rosa", lastName: "Diaz" },
      ],
    });
    // The outcome is known: the key and what was typed are gone from storage.
    const stored = sessionStorage.getItem(`agency-desk:checkout:${QUOTE}`) ?? "";
    expect(stored).not.toContain("Maria");
    expect(stored).not.toContain(bookings[0]!.headers["Idempotency-Key"]!);
  });

  it("after a network failure, Try again resends the booking with the same Idempotency-Key", async () => {
    const held = hotelRefundable.bookingHeld;
    const calls = routeFetch({
      [priceCheckPath(hotelRefundable.row.rateQuoteId)]: okReply(hotelRefundable.priceCheck),
      "POST /api/bookings": (n) => (n === 1 ? "network-error" : { status: 201, body: held }),
      [`GET /api/bookings/${held.data.bookingId}`]: okReply({ order: { held: { paymentDeadline: "2026-12-07T23:59:00.000Z" } } }),
    });
    const user = userEvent.setup();
    renderCheckout(hotelRefundable.row.rateQuoteId, hotelRefundable.searchId);

    await fillNames(user);
    await user.click(screen.getByRole("radio", { name: /Hold now, pay later/ }));
    await user.click(screen.getByRole("button", { name: "Hold booking" }));
    expect(await screen.findByText("We could not confirm whether the booking went through")).toBeInTheDocument();
    // What was typed stays, locked until the attempt is settled.
    expect(screen.getAllByLabelText(/^First name/)[0]).toHaveValue("Maria");
    expect(screen.getAllByLabelText(/^First name/)[0]).toBeDisabled();
    const stored = JSON.parse(sessionStorage.getItem(`agency-desk:checkout:${hotelRefundable.row.rateQuoteId}`)!);
    expect(stored.attempt.key).toMatch(UUID);

    await user.click(screen.getAllByRole("button", { name: "Try again" })[0]!);
    expect(await screen.findByRole("heading", { name: "Booking held" })).toBeInTheDocument();
    expect(await screen.findByText("Mon, 7 Dec 2026, 23:59 UTC")).toBeInTheDocument();

    const bookings = calls.filter((c) => c.path === "/api/bookings");
    expect(bookings).toHaveLength(2);
    expect(bookings[1]!.headers["Idempotency-Key"]).toBe(bookings[0]!.headers["Idempotency-Key"]);
    expect(bookings[1]!.body).toEqual(bookings[0]!.body);
    expect(bookings[0]!.body).toMatchObject({ hold: true });
  });

  it("resumes a booking left in flight by a reload with its stored key, before any new price-check", async () => {
    const quoteId = hotelRefundable.row.rateQuoteId;
    const key = "5b0c7d4e-2f1a-4c3b-9d8e-7f6a5b4c3d2e";
    const body = { quoteId, searchId: hotelRefundable.searchId, productType: "hotel", paymentMethod: "credit", travelers: [] };
    sessionStorage.setItem(`agency-desk:checkout:${quoteId}`, JSON.stringify({ attempt: { key, body, startedAt: Date.now() } }));
    const calls = routeFetch({
      "POST /api/bookings": { status: 201, body: hotelRefundable.bookingHeld },
      [`GET /api/bookings/${hotelRefundable.bookingHeld.data.bookingId}`]: errorReply(503, "service_unreachable", "Down."),
    });
    renderCheckout(quoteId, hotelRefundable.searchId);
    expect(await screen.findByRole("heading", { name: "Booking held" })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/price-check"))).toHaveLength(0);
    expect(calls.find((c) => c.path === "/api/bookings")!.headers["Idempotency-Key"]).toBe(key);
  });

  it("lands field errors of the service on their fields and keeps what was typed", async () => {
    const quoteId = flight.row.rateQuoteId;
    const criteria = parseCriteria(
      new URLSearchParams({ type: "flight", trip: "return", from: "airport:JFK|JFK|US", to: "airport:LHR|Heathrow|GB", in: "2026-12-10", out: "2026-12-17", pax: "1" }),
    )!;
    // The selected row's last arrival (18 Dec) is the last day of travel.
    rememberSelectedRate(resultRowSchema.parse(flight.row));
    const calls = routeFetch({
      [priceCheckPath(quoteId)]: okReply(flight.priceCheck),
      "POST /api/bookings": errorReply(400, "travel_documents_required", "A passenger's travel documents are missing, or a passport expires within 6 months of travel.", [
        { path: "travelers.0.passportNumber", message: "The airline rejects this passport number." },
      ]),
    });
    const user = userEvent.setup();
    renderCheckout(quoteId, flight.searchId, criteria);
    await user.type(await screen.findByLabelText(/^First name/), "Maria");
    await user.type(screen.getByLabelText(/^Last name/), "Lopez");
    await user.selectOptions(screen.getByLabelText(/^Title/), "Ms");
    await user.type(screen.getByLabelText(/^Email/), "maria@example.com");
    await user.type(screen.getByLabelText(/^Mobile phone/), "+1 415 555 0123");
    await user.type(screen.getByLabelText(/^Date of birth/), "1980-04-02");
    await user.selectOptions(screen.getByLabelText(/^Gender/), "female");
    await user.type(screen.getByLabelText(/^Passport number/), "X1234567");
    await user.type(screen.getByLabelText(/^Passport expiry/), "2027-03-01");
    await user.selectOptions(screen.getByLabelText(/^Nationality/), "US");

    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    expect(screen.getByLabelText(/^Passport expiry/)).toHaveAccessibleDescription(/valid until at least Fri, 18 Jun 2027/);
    expect(calls.some((c) => c.path === "/api/bookings")).toBe(false);

    await user.clear(screen.getByLabelText(/^Passport expiry/));
    await user.type(screen.getByLabelText(/^Passport expiry/), "2030-03-01");
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    await waitFor(() => expect(screen.getByLabelText(/^Passport number/)).toHaveAccessibleDescription("The airline rejects this passport number."));
    expect(screen.getByLabelText(/^Passport number/)).toHaveValue("X1234567");
    expect(screen.getByLabelText(/^Passport number/)).toBeEnabled();
    expect(calls.find((c) => c.path === "/api/bookings")!.body).toMatchObject({ travelers: [{ phone: "+14155550123", title: "Ms", nationality: "US" }] });
    // Refused, so nothing is pending: the corrected form goes under a new key.
    expect(JSON.parse(sessionStorage.getItem(`agency-desk:checkout:${quoteId}`)!).attempt).toBeUndefined();
  });

  it("opened from a link in a new tab (nothing in this tab's storage), it shows what the server remembers of the rate", async () => {
    const row = resultRowSchema.parse(hotelChange.row);
    routeFetch({ [priceCheckPath(QUOTE)]: okReply(hotelChange.priceCheck) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Checkout quoteId={QUOTE} searchId={SID} criteria={hotelCriteria} currency="USD" selection={{ row, hotelName: null }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId("live-price")).toBeInTheDocument();
    const summary = screen.getByRole("complementary", { name: "What is being booked" });
    expect(summary).toHaveTextContent(String(row.summary.hotelName));
    expect(summary).toHaveTextContent(String(row.summary.roomName));
    expect(summary).toHaveTextContent(String(row.summary.rateName));
    expect(summary).not.toHaveTextContent(/no longer holds/);
  });

  it("an expired quote says so and offers to search again with the same criteria", async () => {
    routeFetch({
      [priceCheckPath(QUOTE)]: errorReply(410, "quote_expired", "This price has expired. Search again or reopen the hotel's rates to get a fresh one."),
      "POST /api/search": okReply({ searchId: "srch_fresh" }),
    });
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByRole("heading", { name: "This rate has expired" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Book/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Search again" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(searchHref(hotelCriteria, "srch_fresh")));
    const search = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === "/api/search");
    expect(JSON.parse(String(search![1]!.body))).toEqual(toSearchRequest(hotelCriteria));
  });
});
