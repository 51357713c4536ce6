// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AttentionDesk } from "@/components/attention/attention-desk";
import { BookingOutcomeView } from "@/components/checkout/booking-outcome";
import { Checkout } from "@/components/checkout/checkout";
import { TimeZoneContext } from "@/components/layout/time-zone";
import { deadlinesOf } from "@/lib/bff/bookings";
import { attentionItems, type AttentionFact } from "@/lib/bookings/attention";
import { freeCancellationEnd } from "@/lib/bookings/deadlines";
import { summarizeBooking } from "@/lib/bookings/summary";
import { formatInstant } from "@/lib/format/dates";
import { bookingKit, freeHotel } from "@/lib/testing/sandbox-bookings-write";
import { testSandbox } from "@/lib/testing/sandbox";
import { parseCriteria } from "@/lib/search/criteria";
import type { BookingDetail } from "@/lib/tds/contract";
import { sandboxClients } from "@/lib/testing/tds";
import { BookingPage } from "./booking-page";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));

// Issue 27: each deadline has one name and one value wherever it shows. One real hold, made in
// the in-process sandbox from a refundable hotel rate, is rendered in every place the desk shows
// its deadlines, for an advisor in Paris (not UTC, so a place that ignores the zone shows): the
// checkout after its price-check, the outcome, the booking page's banner, Hold card and policy
// timeline, the cancel dialog, Needs attention, and the voucher once paid. Every "Free
// cancellation until …" must name the policy's moment, every "Pay by …" the hold's payment
// deadline, and the hold's own cancellationDeadline (a day earlier) must show nowhere.

const ZONE = "Europe/Paris";
const LAZY = { timeout: 10_000 };
const sb = testSandbox();
const k = bookingKit(sb);

type Made = { detail: BookingDetail; check: unknown; quoteId: string; searchId: string };
let made: Made;
let ID = "";
let freeUntil: string;
let payBy: string;

beforeAll(async () => {
  const quote = await k.quote("hotel", freeHotel);
  const held = await k.booked(quote, { hold: true });
  ID = held.id;
  const tds = await sandboxClients(sb).freshClient();
  made = { detail: await tds.getBooking(held.id), check: quote.check, quoteId: quote.row.rateQuoteId, searchId: "srch_deadlines" };
  freeUntil = freeCancellationEnd(made.detail.cancellationPolicy)!;
  payBy = made.detail.order.held!.paymentDeadline;
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown, status = 200) => new Response(JSON.stringify({ data, meta: {}, error: null }), { status, headers: { "content-type": "application/json" } });

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const route = routes[`${init?.method ?? "GET"} ${url.pathname}`];
      return route ? route() : new Response(JSON.stringify({ data: null, meta: {}, error: { code: "not_found", message: "No such route in the test.", details: [] } }), { status: 404 });
    }),
  );
}

function inParis(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TimeZoneContext value={ZONE}>{ui}</TimeZoneContext>
    </QueryClientProvider>,
  );
}

/** What a reader sees: every text, a space between elements (a label and its value), spaces collapsed. */
function readable(el: Element): string {
  const texts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) texts.push(n.textContent ?? "");
    else n.childNodes.forEach(walk);
  };
  walk(el);
  return texts.join(" ").replace(/\s+/g, " ").replace(/ ([.,;:)])/g, "$1");
}

const WHEN = String.raw`[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (?:UTC|GMT(?:[+-]\d{1,2}(?::\d{2})?)?)`;
/** Every date a text names under `name`. */
const named = (text: string, name: string) => [...text.matchAll(new RegExp(`${name} (${WHEN})`, "g"))].map((m) => m[1]);

/** GET /api/bookings/:id as the BFF answers it: the service's detail, who booked it, the history. */
const bookingRoute = () => ({ [`GET /api/bookings/${ID}`]: () => ok({ ...made.detail, bookedBy: null, history: [] }) });
const CRITERIA = () => parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: "2027-01-10", out: "2027-01-13", pax: "2", res: "US" }))!;

describe("one free-cancellation date everywhere (issue 27)", () => {
  const texts: Record<string, string> = {};

  it("the hold has both deadlines, a day apart from the hold's own cancellation deadline", () => {
    expect(Date.parse(freeUntil)).toBeGreaterThan(Date.now());
    expect(Date.parse(payBy)).toBeLessThanOrEqual(Date.parse(freeUntil));
    expect(made.detail.order.held!.cancellationDeadline).not.toBe(freeUntil);
  });

  it("checkout, after its price-check: the hold option and the policy", async () => {
    serve({ [`POST /api/quotes/${made.quoteId}/price-check`]: () => ok(made.check) });
    const { container } = inParis(<Checkout quoteId={made.quoteId} searchId={made.searchId} criteria={CRITERIA()} currency="USD" />);
    await screen.findByRole("radio", { name: /Hold now, pay later/ }, LAZY);
    texts.checkout = readable(container);
  });

  it("the outcome of the hold", async () => {
    serve(bookingRoute());
    const { container } = inParis(
      <BookingOutcomeView outcome={{ bookingId: ID, orderRef: made.detail.order.orderRef, state: "held" }} criteria={CRITERIA()} searchId={made.searchId} onUpdate={() => {}} />,
    );
    await screen.findByTestId("outcome-free-cancellation", {}, LAZY);
    texts.outcome = readable(container);
  });

  it("the booking page: banner, Hold card, timeline; and the cancel dialog", async () => {
    serve(bookingRoute());
    const user = userEvent.setup();
    inParis(<BookingPage bookingId={ID} me={{ id: "u1", email: "ana@desk.test" }} backHref="/bookings" />);
    texts.banner = readable(await screen.findByRole("region", { name: /^Held:/ }, LAZY));
    texts.holdCard = readable(screen.getByRole("region", { name: "Hold" }));
    texts.timeline = readable(screen.getByRole("region", { name: "Cancellation policy" }));
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    texts.cancelDialog = readable(await screen.findByRole("dialog", {}, LAZY));
  });

  it("Needs attention: the hold due, then the same booking paid as free cancellation ends", async () => {
    const summary = summarizeBooking(made.detail);
    const facts = deadlinesOf(made.detail);
    const fact = (state: string): AttentionFact => ({
      bookingId: ID,
      orderRef: made.detail.order.orderRef,
      productType: "hotel",
      state,
      leadGuest: summary.leadGuest,
      item: summary.item,
      travelStart: summary.travelStart,
      travelAt: summary.travelAt,
      totalSellMinor: made.detail.order.totalSell.amountMinor,
      currency: made.detail.order.totalSell.currency,
      paymentDeadline: facts.paymentDeadline?.toISOString() ?? null,
      freeCancelUntil: facts.freeCancelUntil?.toISOString() ?? null,
      createdAt: null,
      voucherSentAt: null,
      bookedBy: null,
      checkedAt: new Date().toISOString(),
    });
    const items = [
      ...attentionItems([fact("held")], new Date(Date.parse(payBy) - 3600_000)),
      ...attentionItems([{ ...fact("confirmed"), bookingId: `${ID}-paid` }], new Date(Date.parse(freeUntil) - 3600_000)),
    ];
    expect(items.map((i) => i.flags[0]!.reason)).toEqual(["hold_deadline", "free_cancel_ends"]);
    serve({ "GET /api/attention": () => ok({ items, checkedAt: new Date().toISOString(), checking: false, total: items.length, proposals: [] }) });
    inParis(<AttentionDesk mine={false} me={{ id: "u1", email: "ana@desk.test" }} />);
    const rows = await screen.findAllByTestId("attention-row", {}, LAZY);
    texts.attention = rows.map(readable).join(" | ");
  });

  it("the voucher, once the hold is paid", async () => {
    const paid = await k.api("POST", `/bookings/${ID}/pay`, { body: { paymentMethod: "credit" } });
    expect(paid.status, paid.text).toBe(200);
    const doc = await k.api("GET", `/bookings/${ID}/voucher/document`, { idem: null });
    expect(doc.status, doc.text).toBe(200);
    texts.voucher = doc.text.replace(/<style>[\s\S]*?<\/style>/, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  });

  it("every place names the same moments: same name, same value", () => {
    const free = formatInstant(freeUntil, ZONE);
    const pay = formatInstant(payBy, ZONE);
    const everywhere = Object.entries(texts);
    expect(everywhere.map(([place]) => place)).toEqual(["checkout", "outcome", "banner", "holdCard", "timeline", "cancelDialog", "attention", "voucher"]);
    const expected: Record<string, { free?: boolean; pay?: boolean }> = {
      checkout: { free: true },
      outcome: { free: true, pay: true },
      banner: { free: true, pay: true },
      holdCard: { free: true, pay: true },
      timeline: { free: true },
      cancelDialog: { free: true },
      attention: { free: true, pay: true },
      voucher: { free: true },
    };
    for (const [place, text] of everywhere) {
      const frees = named(text, "Free cancellation until");
      const pays = named(text, "Pay by");
      // The voucher is the service's document, in UTC: the same moment, its zone named.
      const freeHere = place === "voucher" ? formatInstant(freeUntil, "UTC") : free;
      if (expected[place]!.free) expect(frees.length, `${place}: ${text}`).toBeGreaterThan(0);
      if (expected[place]!.pay) expect(pays.length, `${place}: ${text}`).toBeGreaterThan(0);
      expect(new Set(frees), `${place} says free cancellation ends: ${text}`).toEqual(new Set(frees.length ? [freeHere] : []));
      expect(new Set(pays), `${place} says pay by: ${text}`).toEqual(new Set(pays.length ? [pay] : []));
      // The hold's own deadline is not free cancellation, and is shown nowhere.
      expect(text, place).not.toContain(formatInstant(made.detail.order.held!.cancellationDeadline, place === "voucher" ? "UTC" : ZONE));
    }
    expect(free).toMatch(/GMT\+1$/);
  });
});

describe("travel times come from one field", () => {
  it("a transfer's pickup in Needs attention is its booking page's", async () => {
    // Generated bookings carry their pickups as instants, as the demo desk's do (RV-2026-VA9YEUQE).
    const agency = await k.newAgency({ name: "Transfers Travel" });
    await sb.control("POST", `/agencies/${agency.agencyId}/bookings/generate`, { count: 40 });
    const transfer = sb.services.bookings.forAgency(agency.agencyId).find((b) => b.productType === "transfer" && b.state === "confirmed")!;
    const detail = await sandboxClients(sb).clientWith(agency.key).getBooking(transfer.id);
    const summary = summarizeBooking(detail);
    expect(summary.travelAt).toMatch(/T\d{2}:\d{2}/);
    const now = new Date(Date.parse(`${summary.travelStart}T00:00:00Z`) - 2 * 86_400_000);
    const fact: AttentionFact = {
      bookingId: transfer.id,
      orderRef: detail.order.orderRef,
      productType: "transfer",
      state: "confirmed",
      leadGuest: summary.leadGuest,
      item: summary.item,
      travelStart: summary.travelStart,
      travelAt: summary.travelAt,
      totalSellMinor: 1000,
      currency: "USD",
      paymentDeadline: null,
      freeCancelUntil: null,
      createdAt: null,
      voucherSentAt: null,
      bookedBy: null,
      checkedAt: now.toISOString(),
    };
    const items = attentionItems([fact], now);
    expect(items[0]!.flags[0]!.reason).toBe("voucher_not_sent");

    serve({
      "GET /api/attention": () => ok({ items, checkedAt: now.toISOString(), checking: false, total: 1, proposals: [] }),
      [`GET /api/bookings/${transfer.id}`]: () => ok({ ...detail, bookedBy: null, history: [] }),
    });
    inParis(<AttentionDesk mine={false} me={{ id: "u1", email: "ana@desk.test" }} />);
    const travels = readable(await screen.findByTestId("attention-deadline", {}, LAZY));
    cleanup();
    inParis(<BookingPage bookingId={transfer.id} me={{ id: "u1", email: "ana@desk.test" }} backHref="/bookings" />);
    await screen.findByRole("heading", { level: 1 }, LAZY);
    const pickup = readable(screen.getByText("Pickup").closest("div")!).replace(/^Pickup /, "");
    expect(pickup).toBe(formatInstant(String(detail.lineItems[0]!.details.pickupAt), ZONE));
    expect(travels).toBe(`Travels ${pickup}`);
  });
});
