// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromTdsError, SERVICE_ERRORS } from "@/lib/bff/errors";
import { parseCriteria } from "@/lib/search/criteria";
import { ERROR_CODES, tdsErrorFromResponse, type TdsErrorCode } from "@/lib/tds/contract";
import hotelRefundable from "./__fixtures__/hotel-refundable.json";
import { Checkout } from "./checkout";

// Every error the specification lets POST /bookings answer, as the BFF turns it into its
// envelope (lib/bff/errors.ts, details as the service "usually" sends them: none), walked
// through checkout: the advisor reads a sentence where it belongs (on the field it is about,
// made visible if the price-check had not asked for it) and loses nothing typed.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => "/checkout" }));

const QUOTE = hotelRefundable.row.rateQuoteId;
const criteria = parseCriteria(new URLSearchParams({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "1", res: "US" }))!;
const question = { code: "ARRIVAL", label: "Arrival time", required: true, perTraveler: false, type: "text", options: null, maxLength: 40 };
const priceCheck = { ...hotelRefundable.priceCheck, requirements: { ...hotelRefundable.priceCheck.requirements, bookingQuestions: [question] } };

/** The BFF's answer to the service refusing with `code` (and no details, as it usually sends). */
function bffAnswer(code: TdsErrorCode, serviceMessage = "The service's own words.") {
  const status = ERROR_CODES[code].status;
  const body = JSON.stringify({ data: null, meta: {}, error: { code, message: serviceMessage, details: [] } });
  const e = fromTdsError(tdsErrorFromResponse(status, new Headers(), body));
  return { status: e.status, body: { data: null, meta: {}, error: { code: e.code, message: e.message, details: e.details } } };
}

let bookingReply: ReturnType<typeof bffAnswer>;
let calls: string[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T02:11:30Z"));
  sessionStorage.clear();
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://desk.test").pathname;
      calls.push(`${init?.method ?? "GET"} ${path}`);
      const reply = path.endsWith("/price-check") ? { status: 200, body: { data: priceCheck, meta: {}, error: null } } : bookingReply;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Checkout rendered and named (lead traveller and the booking question filled in); the user typing it. */
async function renderFilled() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Checkout quoteId={QUOTE} searchId={hotelRefundable.searchId} criteria={criteria} currency="USD" />
    </QueryClientProvider>,
  );
  await user.type(await screen.findByLabelText(/^First name/), "Maria");
  await user.type(screen.getByLabelText(/^Last name/), "Lopez");
  await user.type(screen.getByLabelText(/^Arrival time/), "Late evening");
  return user;
}

async function submitWith(code: TdsErrorCode, serviceMessage?: string) {
  bookingReply = bffAnswer(code, serviceMessage);
  const user = await renderFilled();
  await user.type(screen.getByLabelText(/^Request for the booking/), "Quiet room, high floor");
  await user.click(screen.getByRole("button", { name: "Book and pay now" }));
  await waitFor(() => expect(calls.filter((c) => c === "POST /api/bookings")).toHaveLength(1));
  return bookingReply.body.error;
}

/** Nothing typed is lost, and (unless the attempt may still be running) the form can be corrected. */
function expectKept() {
  // Nothing is cut as it is typed or pasted: the fields have no maxLength, the rules say what is too long.
  expect(screen.getByLabelText(/^Request for the booking/)).not.toHaveAttribute("maxlength");
  expect(screen.getByLabelText(/^First name/)).toHaveValue("Maria");
  expect(screen.getByLabelText(/^Last name/)).toHaveValue("Lopez");
  expect(screen.getByLabelText(/^Arrival time/)).toHaveValue("Late evening");
  expect(screen.getByLabelText(/^Request for the booking/)).toHaveValue("Quiet room, high floor");
}

// The field (by its label) each field code lands on, when the service names none.
const ON_FIELD: Array<[TdsErrorCode, RegExp[], string?]> = [
  ["traveler_title_required", [/^Title/]],
  ["supplier_contact_required", [/^Email/, /^Mobile phone/]],
  ["travel_documents_required", [/^Passport number/, /^Passport expiry/, /^Nationality/], "Maria Lopez's passport number is missing."],
  ["transfer_flight_details_required", [/^Airline/, /^Flight number/]],
  ["pan_required", [/^Lead traveller's PAN/]],
  ["booking_answer_required", [/^Arrival time/]],
  ["booking_answer_invalid", [/^Arrival time/]],
];

describe("every booking error lands as a sentence, on its field, with every value kept", () => {
  it.each(ON_FIELD)("%s: on its field", async (code, labels, serviceMessage) => {
    const error = await submitWith(code, serviceMessage);
    for (const label of labels) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(error.message)));
      expect(screen.getByLabelText(label)).toBeEnabled();
    }
    expect(screen.getByText("Some details need attention")).toBeInTheDocument();
    expectKept();
    // Refused: nothing pending, the corrected form goes under a new key.
    expect(JSON.parse(sessionStorage.getItem(`agency-desk:checkout:${QUOTE}`)!).attempt).toBeUndefined();
  });

  it("names the passenger the service names, not the first one", async () => {
    await submitWith("travel_documents_required", "Maria Lopez's passport expires within 6 months of travel.");
    await waitFor(() => expect(screen.getByLabelText(/^Passport number/)).toHaveAccessibleDescription(/Maria Lopez's passport expires/));
    // The nationality list names countries as the search's guest nationality does.
    expect(within(screen.getByLabelText(/^Nationality/)).getByRole("option", { name: "Åland Islands (AX)" })).toBeInTheDocument();
  });

  // The rest: a titled callout with the sentence (or, for a price that must be checked again, a fresh check).
  const IN_CALLOUT: Array<[TdsErrorCode, string | RegExp]> = [
    ["idempotency_key_required", "The booking was not made"],
    ["traveler_manifest_mismatch", "The travellers do not match the search"],
    ["unsupported_payment_method", "The booking was not made"],
    ["supplier_disabled", "The booking was not made"],
    ["live_supplier_booking_blocked", "The booking was not made"],
    ["booking_invalid_transition", "The booking was not made"],
    ["credit_limit_exceeded", "The agency's credit does not cover this booking"],
    ["credit_disabled", "Credit payments are switched off for the agency"],
    ["wallet_currency_mismatch", "This price is not in the agency credit's currency"],
    ["rate_unavailable", "The booking was not made"],
    ["hold_payment_unsupported", "The booking was not made"],
    ["payment_authentication_pending", "The booking was not made"],
  ];
  it.each(IN_CALLOUT)("%s: %s", async (code, title) => {
    const error = await submitWith(code);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(error.message)).toBeInTheDocument();
    expectKept();
  });

  it.each(["changes_ack_required", "package_ack_required", "quote_not_price_checked"] as const)(
    "%s without a field for it: the price is checked again and the form stays",
    async (code) => {
      await submitWith(code);
      expect(await screen.findByText("We checked the price again")).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((c) => c.endsWith("/price-check"))).toHaveLength(2));
      expectKept();
    },
  );

  it.each(["quote_expired", "search_expired", "quote_not_repriceable"] as const)("%s: the rate cannot be booked any more, search again", async (code) => {
    await submitWith(code);
    expect(await screen.findByRole("button", { name: "Search again" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /expired|can no longer be booked/ })).toBeInTheDocument();
  });

  it("hold_not_eligible: the hold is withdrawn and the rate booked now", async () => {
    bookingReply = bffAnswer("hold_not_eligible");
    const user = await renderFilled();
    await user.click(screen.getByRole("radio", { name: /Hold now, pay later/ }));
    await user.click(screen.getByRole("button", { name: "Hold booking" }));
    expect(await screen.findByText("This rate cannot be held")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book and pay now" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Maria");
  });

  it("idempotency_in_progress: waited out with the same key, never shown as a failure", async () => {
    bookingReply = bffAnswer("idempotency_in_progress");
    await submitWith("idempotency_in_progress");
    expect(await screen.findByText("This booking is still being processed…")).toBeInTheDocument();
    expect(screen.queryByText("The booking was not made")).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(`agency-desk:checkout:${QUOTE}`)!).attempt.key).toBeTruthy();
  });

  it("rate_limited: the desk waits its turn and sends the same booking again, without a click", async () => {
    const answers = [bffAnswer("rate_limited"), { status: 201, body: { data: { bookingId: "bk_1", orderRef: "RV-2026-AAAA1111", state: "confirmed" }, meta: {}, error: null } }];
    const keys: string[] = [];
    const realFetch = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const path = new URL(String(input), "http://desk.test").pathname;
      if (path !== "/api/bookings") return realFetch(input, init);
      keys.push((init?.headers as Record<string, string>)["Idempotency-Key"]!);
      const reply = answers.shift()!;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json", "retry-after": "2" } });
    });
    bookingReply = bffAnswer("rate_limited");
    const user = await renderFilled();
    await user.click(screen.getByRole("button", { name: "Book and pay now" }));
    expect(await screen.findByText("The travel service is busy: booking in a moment…")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Booking confirmed" }, { timeout: 5000 })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("covers every booking and credit code of the specification", () => {
    const walked = new Set<string>([
      ...ON_FIELD.map(([c]) => c),
      ...IN_CALLOUT.map(([c]) => c),
      "changes_ack_required",
      "package_ack_required",
      "quote_not_price_checked",
      "quote_expired",
      "search_expired",
      "quote_not_repriceable",
      "hold_not_eligible",
      "idempotency_in_progress",
    ]);
    const bookingCodes = Object.keys(SERVICE_ERRORS).filter((c) =>
      [
        "idempotency_key_required", "idempotency_in_progress", "quote_not_price_checked", "changes_ack_required", "package_ack_required",
        "traveler_manifest_mismatch", "supplier_contact_required", "traveler_title_required", "travel_documents_required",
        "transfer_flight_details_required", "pan_required", "unsupported_payment_method", "booking_answer_required", "booking_answer_invalid",
        "hold_not_eligible", "supplier_disabled", "live_supplier_booking_blocked", "booking_invalid_transition", "credit_limit_exceeded",
        "credit_disabled", "wallet_currency_mismatch", "hold_payment_unsupported", "payment_operation_in_progress", "payment_authentication_pending",
      ].includes(c),
    );
    expect(bookingCodes.filter((c) => !walked.has(c) && c !== "payment_operation_in_progress")).toEqual([]);
  });
});
