// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import details from "./__fixtures__/details.json";
import { BookingPage } from "./booking-page";

// The dialog's code loads when it first opens (a dynamic import): on a loaded CI machine the first
// import in a file has taken over Testing Library's 1 s default to arrive.
const LAZY = { timeout: 10_000 };

// The booking page's steps against a scripted /api: the view itself is tested on its own
// (detail/booking-detail-view.test.tsx); here it is a stand-in that shows the page's slots.
vi.mock("./detail/booking-detail-view", () => ({
  BookingDetailView: ({ booking, actions, notices }: { booking: { order: { orderRef: string; state: string } }; actions: ReactNode; notices: ReactNode }) => (
    <div>
      <h1>{booking.order.orderRef}</h1>
      <p data-testid="state">{booking.order.state}</p>
      <div>{notices}</div>
      <div>{actions}</div>
    </div>
  ),
  BookingDetailSkeleton: () => <p>Loading the booking…</p>,
}));

type Reply = { status: number; body: unknown } | "network-error";
type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
const ok = (data: unknown, status = 200): Reply => ({ status, body: { data, meta: {}, error: null } });
const fail = (status: number, code: string, message: string, details: unknown[] = []): Reply => ({ status, body: { data: null, meta: {}, error: { code, message, details } } });

function installFetch(routes: Record<string, Reply | ((n: number, call: Call) => Reply)>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const method = init?.method ?? "GET";
      const key = `${method} ${url.pathname}`;
      const call = { method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: { ...(init?.headers as Record<string, string>) } };
      calls.push(call);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const route = routes[key];
      const reply = typeof route === "function" ? route(n, call) : (route ?? fail(404, "not_found", "No such route in the test."));
      if (reply === "network-error") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const ID = "bk_test";
const page = (key: keyof typeof details, over: Record<string, unknown> = {}) => {
  const d = structuredClone(details[key]) as { order: Record<string, unknown> };
  return { ...d, order: { ...d.order, ...over }, bookedBy: null, history: [] };
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function renderPage(initial?: { booking: unknown; readAt: number }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BookingPage bookingId={ID} me={{ id: "u1", email: "alex@agency.test" }} backHref="/bookings" initial={initial} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("BookingPage", () => {
  it("pays a hold once, whatever the clicks, and shows the new state", async () => {
    const deadline = new Date(Date.now() + 26 * 3_600_000).toISOString();
    let paid = false;
    const calls = installFetch({
      [`GET /api/bookings/${ID}`]: () => ok(page("hotel-held", paid ? { state: "confirmed", held: null } : { held: { paymentDeadline: deadline, cancellationDeadline: deadline } })),
      [`POST /api/bookings/${ID}/pay`]: () => {
        paid = true;
        return ok({ bookingId: ID, orderRef: "RV-1", state: "confirmed" });
      },
    });
    const user = userEvent.setup();
    renderPage();
    const hold = await screen.findByRole("region", { name: /Held: \$2,221\.23 to pay/ });
    expect(within(hold).getByTestId("hold-countdown")).toHaveTextContent(/1 day 1 h left|1 day 2 h left/);
    await user.click(within(hold).getByRole("button", { name: "Pay $2,221.23" }));
    const dialog = await screen.findByRole("dialog", {}, LAZY);
    await user.dblClick(within(dialog).getByRole("button", { name: "Pay $2,221.23" }));
    expect(await screen.findByTestId("step-outcome")).toHaveTextContent("Paid from the agency's credit. The booking is now confirmed.");
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("confirmed"));
    const pays = calls.filter((c) => c.path.endsWith("/pay"));
    expect(pays).toHaveLength(1);
    expect(pays[0]!.headers["Idempotency-Key"]).toMatch(UUID);
  });

  it("credit_limit_exceeded is a sentence, and no retry is offered", async () => {
    const deadline = new Date(Date.now() + 3_600_000).toISOString();
    installFetch({
      [`GET /api/bookings/${ID}`]: ok(page("hotel-held", { held: { paymentDeadline: deadline, cancellationDeadline: deadline } })),
      [`POST /api/bookings/${ID}/pay`]: fail(402, "credit_limit_exceeded", "The agency's available credit does not cover this booking. Ask an admin to top up the credit."),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Pay / }));
    await user.click(within(await screen.findByRole("dialog", {}, LAZY)).getByRole("button", { name: /^Pay / }));
    const dialog = await screen.findByRole("dialog", {}, LAZY);
    expect(await within(dialog).findByText("The agency's credit does not cover this booking")).toBeInTheDocument();
    expect(within(dialog).getByText(/Ask an admin to top up the credit/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("a lost cancellation answer is retried with the same key and body; it cancels once", async () => {
    const calls = installFetch({
      [`GET /api/bookings/${ID}`]: ok(page("transfer-round")),
      [`POST /api/bookings/${ID}/cancel`]: (n) => (n === 1 ? "network-error" : ok({ bookingId: ID, state: "confirmed", refund: { status: "refunded" } }, 201)),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Cancel booking" }));
    const dialog = await screen.findByRole("dialog", {}, LAZY);
    await user.click(within(dialog).getByRole("radio", { name: /Return journey only/ }));
    expect(within(dialog).getByTestId("cancel-estimate")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel the return journey" }));
    expect(await within(dialog).findByText(/We did not hear back about the cancellation/)).toBeInTheDocument();
    // The scope is locked to what was sent.
    expect(within(dialog).getByRole("radio", { name: /Both journeys/ })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("step-outcome")).toHaveTextContent("Refunded: the amount due goes back to the agency's credit.");
    const cancels = calls.filter((c) => c.path.endsWith("/cancel"));
    expect(cancels).toHaveLength(2);
    expect(cancels[1]!.headers["Idempotency-Key"]).toBe(cancels[0]!.headers["Idempotency-Key"]);
    expect(cancels.map((c) => c.body)).toEqual([{ transferCancelScope: "return" }, { transferCancelScope: "return" }]);
  });

  it("emails the voucher: fields checked in the browser, the service's refusal on its field, the result shown", async () => {
    const calls = installFetch({
      [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed")),
      [`POST /api/bookings/${ID}/email-client`]: (n) =>
        n === 1
          ? fail(400, "validation_error", "Some fields need attention.", [{ path: "to", message: "The mailbox does not accept mail." }])
          : ok({ sentTo: ["jamal@example.net"], cc: ["a@x.com", "b@x.com"], pdfAttached: false }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Email voucher" }));
    const dialog = await screen.findByRole("dialog", {}, LAZY);
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue("Jamal_Seeger@example.net");
    expect(within(dialog).getByLabelText("Reply-to")).toHaveValue("alex@agency.test");
    await user.type(within(dialog).getByLabelText("Copy to (cc)"), "a@x.com, b@x.com, A@x.com");
    await user.click(within(dialog).getByRole("button", { name: "Send voucher" }));
    expect(await within(dialog).findByText("Enter the name the client sees as the sender.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/email-client"))).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Sender name/), "Sunny Days");
    await user.click(within(dialog).getByRole("button", { name: "Send voucher" }));
    expect(await within(dialog).findByText("The mailbox does not accept mail.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Copy to (cc)")).toHaveValue("a@x.com, b@x.com, A@x.com");

    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), "jamal@example.net");
    await user.click(within(dialog).getByRole("button", { name: "Send voucher" }));
    expect(await screen.findByTestId("step-outcome")).toHaveTextContent(
      "Voucher emailed to jamal@example.net, copy to a@x.com, b@x.com. The PDF could not be made, so the voucher is in the email's body.",
    );
    const sent = calls.filter((c) => c.path.endsWith("/email-client")).at(-1)!;
    expect(sent.body).toEqual({ to: "jamal@example.net", cc: ["a@x.com", "b@x.com"], agencyName: "Sunny Days", replyTo: "alex@agency.test", withoutPrices: false });
  });

  it("the voucher's email form starts with the agency's name, marks what it requires, checks a field as it is left, and says when prices were left off", async () => {
    const calls = installFetch({
      [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed")),
      "GET /api/agency": ok({ name: "Sunny Days Travel", replyTo: "hello@sunnydays.example", phone: "", address: "", logoUrl: null, currency: "USD", market: "US", updatedAt: null, updatedBy: null }),
      [`POST /api/bookings/${ID}/email-client`]: ok({ sentTo: ["jamal_seeger@example.net"], cc: [], pdfAttached: true }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Email voucher" }));
    const dialog = await screen.findByRole("dialog", {}, LAZY);
    const sender = within(dialog).getByRole("textbox", { name: /^Sender name\s*\(required\)$/ });
    await waitFor(() => expect(sender).toHaveValue("Sunny Days Travel"));
    expect(sender).toHaveAttribute("aria-required", "true");
    expect(within(dialog).getByRole("textbox", { name: /^To\s*\(required\)$/ })).toHaveAttribute("aria-required", "true");
    expect(within(dialog).getByRole("textbox", { name: "Copy to (cc)" })).not.toHaveAttribute("aria-required");
    expect(within(dialog).getByText("Separate addresses with commas or new lines. At most 50 addresses in all, the client's included.")).toBeInTheDocument();
    expect(within(dialog).getByText("Where the client's replies go. Empty: the agency's address, hello@sunnydays.example.")).toBeInTheDocument();

    // Left empty, the field says so at once, before any Send; filled again, the sentence goes.
    await user.clear(sender);
    await user.tab();
    expect(await within(dialog).findByText("Enter the name the client sees as the sender.")).toBeInTheDocument();
    expect(sender).toHaveAccessibleDescription("Enter the name the client sees as the sender.");
    await user.type(sender, "Sunny Days");
    await waitFor(() => expect(within(dialog).queryByText("Enter the name the client sees as the sender.")).toBeNull());
    await user.type(within(dialog).getByRole("textbox", { name: "Copy to (cc)" }), "a@x.com, b@x.com");
    expect(within(dialog).getByText("Separate addresses with commas or new lines. 2 in copy. At most 50 addresses in all, the client's included.")).toBeInTheDocument();
    await user.clear(within(dialog).getByRole("textbox", { name: "Copy to (cc)" }));
    await user.clear(within(dialog).getByRole("textbox", { name: "Reply-to" }));

    await user.click(within(dialog).getByLabelText("Leave prices off the voucher"));
    await user.click(within(dialog).getByRole("button", { name: "Send voucher" }));
    expect(await screen.findByTestId("step-outcome")).toHaveTextContent(
      "Voucher emailed to jamal_seeger@example.net. Prices were left off. The PDF voucher is attached.",
    );
    // An empty reply-to is the agency's.
    expect(calls.filter((c) => c.path.endsWith("/email-client")).at(-1)!.body).toEqual({
      to: "Jamal_Seeger@example.net",
      agencyName: "Sunny Days",
      replyTo: "hello@sunnydays.example",
      withoutPrices: true,
    });
  });

  it("the voucher's email form keeps what was typed when it is closed and opened again, and the refusal shown is cleared", async () => {
    installFetch({
      [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed")),
      [`POST /api/bookings/${ID}/email-client`]: () => fail(400, "validation_error", "Some fields need attention.", [{ path: "to", message: "The mailbox does not accept mail." }]),
    });
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole("button", { name: "Email voucher" });
    await user.click(button);
    let dialog = await screen.findByRole("dialog", {}, LAZY);
    await user.type(within(dialog).getByLabelText(/^Sender name/), "Sunny Days");
    await user.type(within(dialog).getByLabelText("Note"), "See you in Lisbon");
    await user.click(within(dialog).getByRole("button", { name: "Send voucher" }));
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(button);
    dialog = await screen.findByRole("dialog", {}, LAZY);
    expect(within(dialog).getByLabelText(/^Sender name/)).toHaveValue("Sunny Days");
    expect(within(dialog).getByLabelText("Note")).toHaveValue("See you in Lisbon");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a pending booking checks with the provider, then follows to confirmed", async () => {
    let confirmed = false;
    const calls = installFetch({
      [`GET /api/bookings/${ID}`]: () => ok(page("hotel-supplier_pending", confirmed ? { state: "confirmed" } : {})),
      [`POST /api/bookings/${ID}/refresh-status`]: () => {
        confirmed = true;
        return ok({ bookingId: ID, orderRef: "RV-1", state: "confirmed" });
      },
    });
    renderPage();
    expect(await screen.findByText("Waiting for the provider to confirm")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("confirmed"));
    expect(screen.queryByTestId("follow-pending")).toBeNull();
    expect(calls.filter((c) => c.path.endsWith("/refresh-status"))).toHaveLength(1);
  });

  it("starts from the booking the server read to answer the page's status, without reading it again", async () => {
    const calls = installFetch({ [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed")) });
    renderPage({ booking: page("hotel-confirmed"), readAt: Date.now() });
    expect(await screen.findByTestId("state")).toHaveTextContent("confirmed");
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === `/api/bookings/${ID}`)).toHaveLength(0);
    cleanup();

    // What does not read as a booking is read again rather than shown.
    const again = installFetch({ [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed")) });
    renderPage({ booking: { nonsense: true }, readAt: Date.now() });
    expect(await screen.findByTestId("state")).toHaveTextContent("confirmed");
    expect(again.filter((c) => c.path === `/api/bookings/${ID}`)).toHaveLength(1);
  });

  it("an unknown state is shown and followed, with no actions on it; a missing booking says so", async () => {
    installFetch({ [`GET /api/bookings/${ID}`]: ok(page("hotel-confirmed", { state: "cancellation_pending" })) });
    renderPage();
    expect(await screen.findByTestId("follow-unknown")).toHaveTextContent("still working on this booking (cancellation pending)");
    expect(screen.queryByRole("button", { name: "Cancel booking" })).toBeNull();
    expect(screen.getByRole("button", { name: "Email voucher" })).toBeDisabled();
    cleanup();

    installFetch({ [`GET /api/bookings/${ID}`]: fail(404, "not_found", "We could not find that.") });
    renderPage();
    expect(await screen.findByRole("heading", { name: "This booking could not be found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to bookings" })).toHaveAttribute("href", "/bookings");
  });
});
