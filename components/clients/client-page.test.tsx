// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { client, makeProposal, PROPOSAL_ID } from "@/components/proposals/__fixtures__/proposals";
import { DRAFT_KEY, trayStore } from "@/components/proposals/draft-store";
import { ProposalTrayButton } from "@/components/proposals/tray-button";
import type { ClientOverview } from "@/lib/proposals/model";
import { errorReply, okReply, scriptFetch } from "@/lib/testing/scripted-fetch";
import { ClientPage } from "./client-page";

// /clients/[id]: the contact card and its edit form (the sentences on their fields, what was typed
// kept whatever the answer), the client's proposals and the bookings made from them, and "New
// proposal for this client", which opens the tray's start form with the client chosen.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), replace: vi.fn() }), usePathname: () => "/clients/x" }));

const READ_AT = Date.parse("2026-11-28T12:00:00.000Z");
const hoursBefore = (h: number) => new Date(READ_AT - h * 3_600_000).toISOString();
const SENTENCE = "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty.";

const overview = (over: Partial<ClientOverview> = {}): ClientOverview => ({
  client: { ...client, createdAt: hoursBefore(72), updatedAt: hoursBefore(72), createdBy: { id: "u1", name: "Alex Advisor" } },
  proposals: [
    {
      id: PROPOSAL_ID,
      reference: "PR-7KQ2M9",
      title: "Paris in December",
      state: "booked",
      total: { fromMinor: 56_500, toMinor: 68_000, currency: "EUR" },
      sentAt: hoursBefore(30),
      updatedAt: hoursBefore(2),
      advisor: { id: "u1", name: "Alex Advisor" },
    },
    { id: "22222222-2222-4222-8222-222222222222", reference: "PR-AAAA22", title: "Rome draft", state: "draft", total: null, sentAt: null, updatedAt: hoursBefore(5), advisor: { id: "u1", name: "Alex Advisor" } },
  ],
  bookings: [
    {
      bookingId: "bk_123",
      orderRef: "RV-2026-000123",
      proposal: { id: PROPOSAL_ID, reference: "PR-7KQ2M9", title: "Paris in December" },
      product: { type: "hotel", title: "Hôtel Lutetia", subtitle: "Double room · Breakfast" },
      startsOn: "2026-12-10",
      endsOn: "2026-12-12",
      state: "confirmed",
      clientPrice: { amountMinor: 46_000, currency: "EUR" },
      bookedAt: hoursBefore(3),
    },
    {
      bookingId: "bk_456",
      orderRef: "RV-2026-000456",
      proposal: { id: PROPOSAL_ID, reference: "PR-7KQ2M9", title: "Paris in December" },
      product: { type: "flight", title: "Barcelona → Paris", subtitle: null },
      startsOn: "2026-12-10",
      endsOn: null,
      state: null,
      clientPrice: { amountMinor: 22_000, currency: "EUR" },
      bookedAt: hoursBefore(4),
    },
  ],
  scope: "own",
  ...over,
});

function renderPage(initial = overview(), extra?: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ClientPage initial={initial} readAt={READ_AT} />
      {extra}
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  trayStore.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe("ClientPage", () => {
  it("shows the contact card, the proposals and the bookings, each linked, times relative to the read", () => {
    scriptFetch(() => errorReply(500, "internal_error", "No call expected."));
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
    expect(screen.getByText("2 proposals and 2 bookings of yours")).toBeVisible();
    expect(screen.getByRole("link", { name: "All clients" })).toHaveAttribute("href", "/clients");

    const contact = screen.getByRole("region", { name: "Contact" });
    expect(within(contact).getByRole("link", { name: client.email })).toHaveAttribute("href", `mailto:${client.email}`);
    expect(within(contact).getByRole("link", { name: client.phone })).toHaveAttribute("href", "tel:+34600000000");
    expect(within(contact).getByText(/Added by Alex Advisor/)).toHaveTextContent("Added by Alex Advisor 3 days ago");
    expect(within(contact).queryByText(/Details changed/)).not.toBeInTheDocument();

    const proposals = screen.getByRole("list", { name: `Proposals for ${client.name}` });
    const paris = within(proposals).getByRole("link", { name: "Paris in December" });
    expect(paris).toHaveAttribute("href", `/proposals/${PROPOSAL_ID}`);
    const parisItem = paris.closest("li")!;
    expect(within(parisItem).getByText("Booked")).toBeVisible();
    expect(within(parisItem).getByText("€565.00 – €680.00")).toBeVisible();
    expect(parisItem).toHaveTextContent("PR-7KQ2M9 · sent 1 day ago · changed 2 h ago");
    const rome = within(proposals).getByRole("link", { name: "Rome draft" }).closest("li")!;
    expect(within(rome).getByText("Draft")).toBeVisible();
    expect(rome).toHaveTextContent("not shared yet · changed 5 h ago");
    expect(screen.getByText(/Yours only: an admin sees every advisor's/, { selector: "#client-proposals-title + p" })).toBeVisible();

    const bookings = screen.getByRole("list", { name: `Bookings for ${client.name}` });
    const lutetia = within(bookings).getByRole("link", { name: "RV-2026-000123" });
    expect(lutetia).toHaveAttribute("href", "/bookings/bk_123");
    const lutetiaItem = lutetia.closest("li")!;
    expect(within(lutetiaItem).getByText("Confirmed")).toBeVisible();
    expect(within(lutetiaItem).getByText("€460.00")).toBeVisible();
    expect(lutetiaItem).toHaveTextContent("Hotel: Hôtel Lutetia · Double room · Breakfast");
    expect(lutetiaItem).toHaveTextContent("10 Dec – 12 Dec 2026 · from PR-7KQ2M9 · booked 3 h ago");
    const flight = within(bookings).getByRole("link", { name: "RV-2026-000456" }).closest("li")!;
    expect(within(flight).getByText("Not checked yet")).toBeVisible();
    expect(flight).toHaveTextContent("Thu, 10 Dec 2026");
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("says so when the client has no proposal or booking yet; an admin's page names the advisors", () => {
    scriptFetch(() => errorReply(500, "internal_error", "No call expected."));
    renderPage(overview({ proposals: [], bookings: [], scope: "all" }));
    expect(screen.getByText("0 proposals and 0 bookings at the agency")).toBeVisible();
    expect(screen.getByText(`No proposal for ${client.name} yet. “New proposal for this client” starts one; offers are added to it from the search.`)).toBeVisible();
    expect(screen.getByText(/Nothing booked from .+'s proposals yet/)).toBeVisible();
  });

  it("edits the contact details: each field's sentence as it is left, the handler's on its field, what was typed kept; saved, the card shows them", async () => {
    let reply = errorReply(400, "validation_error", "Some fields need attention.", [{ path: "phone", message: SENTENCE }]);
    const calls = scriptFetch((call) => (call.method === "PATCH" ? reply : errorReply(500, "internal_error", "No read expected.")));
    const user = userEvent.setup();
    renderPage();
    const contact = screen.getByRole("region", { name: "Contact" });
    await user.click(within(contact).getByRole("button", { name: "Edit the contact details" }));
    const form = within(contact).getByRole("form", { name: "Contact details" });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue(client.name);

    // The form's own check, with the very rule the handler applies.
    const phone = within(form).getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, "0612");
    await user.tab();
    expect(await within(form).findByText(SENTENCE)).toBeVisible();
    expect(phone).toHaveAttribute("aria-invalid", "true");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    // A number the form lets through and the handler refuses: its sentence on the field, the number kept.
    await user.clear(phone);
    await user.type(phone, "+44 20 7946 0958");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ method: "PATCH", path: `/api/clients/${client.id}`, body: { name: client.name, email: client.email, phone: "+44 20 7946 0958" } });
    expect(await within(form).findByText(SENTENCE)).toBeVisible();
    expect(phone).toHaveValue("+44 20 7946 0958");
    expect(phone).toHaveFocus();

    // A refusal of no field: a sentence above the buttons, everything typed kept.
    reply = errorReply(404, "client_not_found", "We could not find this client. The link may be wrong, or the address was cut short.");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("We could not find this client. The link may be wrong, or the address was cut short.")).toBeVisible();
    expect(phone).toHaveValue("+44 20 7946 0958");

    const saved = overview();
    saved.client = { ...saved.client, phone: "+44 20 7946 0958", updatedAt: new Date(READ_AT + 60_000).toISOString() };
    reply = okReply(saved);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(contact).findByText("The contact details are saved.")).toBeVisible();
    expect(within(contact).queryByRole("form")).not.toBeInTheDocument();
    expect(within(contact).getByTestId("client-phone")).toHaveTextContent("+44 20 7946 0958");
    expect(within(contact).getByText(/Details changed/)).toHaveTextContent("Details changed just now");
  });

  it("Cancel leaves the details as they were", async () => {
    scriptFetch(() => errorReply(500, "internal_error", "No call expected."));
    const user = userEvent.setup();
    renderPage();
    const contact = screen.getByRole("region", { name: "Contact" });
    await user.click(within(contact).getByRole("button", { name: "Edit the contact details" }));
    await user.clear(within(contact).getByLabelText(/^Email/));
    await user.click(within(contact).getByRole("button", { name: "Cancel" }));
    expect(within(contact).getByRole("link", { name: client.email })).toBeVisible();
  });

  it("New proposal for this client opens the tray's start form with the client chosen; the current draft stays, one click away", async () => {
    localStorage.setItem(DRAFT_KEY, PROPOSAL_ID);
    scriptFetch((call) => {
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(makeProposal());
      if (call.path === "/api/clients") return okReply([client]);
      return errorReply(404, "not_found", "No such route in the test.");
    });
    const user = userEvent.setup();
    renderPage(overview(), <ProposalTrayButton />);
    await user.click(screen.getByRole("button", { name: "New proposal for this client" }));
    const tray = await screen.findByRole("dialog", { name: "Proposal" });
    expect(within(tray).getByRole("heading", { name: "Start a proposal" })).toBeVisible();
    expect(within(tray).getByText(/^For /)).toHaveTextContent(`For ${client.name} (${client.email})`);
    expect(within(tray).getByText(`Empty: “Trip for ${client.name}”`)).toBeVisible();
    await user.click(await within(tray).findByRole("button", { name: "Back to PR-7KQ2M9" }));
    expect(await within(tray).findByRole("heading", { name: "Paris in December" })).toBeVisible();
  });
});
