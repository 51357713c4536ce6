// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorReply, okReply, scriptFetch } from "@/lib/testing/scripted-fetch";
import type { Proposal } from "@/lib/proposals/model";
import { client, ITEM_2, makeProposal, PROPOSAL_ID } from "./__fixtures__/proposals";
import { ProposalEditor } from "./proposal-editor";

// /proposals/[id]: sharing (the link, Copy, whether the mail went), withdrawing, the client's
// answer and views, and the details form's sentences on their fields.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), replace: vi.fn() }), usePathname: () => "/proposals/x" }));

const URL_SHARED = "http://desk.test/p/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg";

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ProposalEditor id={PROPOSAL_ID} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ProposalEditor", () => {
  it("shares the proposal: the link with Copy, and says the mail was kept in the outbox; sharing again says the old link stops", async () => {
    let current: Proposal = makeProposal();
    const calls = scriptFetch((call) => {
      if (call.path === `/api/proposals/${PROPOSAL_ID}/share`) {
        current = makeProposal({ state: "sent", shared: { at: "2026-11-27T10:00:00.000Z", expiresAt: "2026-12-05T23:59:59.999Z", revoked: false } });
        return okReply({ proposal: current, url: URL_SHARED, mail: { status: "kept" } });
      }
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(current);
      return errorReply(404, "not_found", "No such route in the test.");
    });
    const user = userEvent.setup();
    // After userEvent's setup, which puts its own clipboard in place.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderEditor();

    const share = await screen.findByRole("region", { name: "Share with the client" });
    expect(within(share).getByText("Not shared yet.")).toBeVisible();
    expect(within(share).getByText("Not opened yet")).toBeVisible();
    expect(within(share).getByRole("checkbox", { name: `Email the link to ${client.email}` })).toBeChecked();
    await user.click(within(share).getByRole("button", { name: "Share" }));

    expect(await within(share).findByRole("textbox", { name: "The client's link" })).toHaveValue(URL_SHARED);
    expect(calls.find((c) => c.path.endsWith("/share"))?.body).toEqual({ send: true });
    expect(within(share).getByText(/kept in the desk's outbox/)).toBeVisible();
    await user.click(within(share).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(URL_SHARED);
    expect(await within(share).findByRole("button", { name: "Copied" })).toBeVisible();
    expect(screen.getByText("Sent")).toBeVisible();
    expect(within(share).getByRole("button", { name: "Share again" })).toBeVisible();
    expect(within(share).getByText("Sharing again makes a new link; the previous one stops working.")).toBeVisible();
  });

  it("shares without mail when asked, and says the link was not emailed", async () => {
    const calls = scriptFetch((call) =>
      call.path.endsWith("/share")
        ? okReply({ proposal: makeProposal({ state: "sent", shared: { at: "2026-11-27T10:00:00.000Z", expiresAt: "2026-12-05T23:59:59.999Z", revoked: false } }), url: URL_SHARED, mail: null })
        : okReply(makeProposal()),
    );
    const user = userEvent.setup();
    renderEditor();
    const share = await screen.findByRole("region", { name: "Share with the client" });
    await user.click(within(share).getByRole("checkbox", { name: /Email the link/ }));
    await user.click(within(share).getByRole("button", { name: "Share" }));
    expect(await within(share).findByText("Not emailed: copy the link to send it yourself.")).toBeVisible();
    expect(calls.find((c) => c.path.endsWith("/share"))?.body).toEqual({ send: false });
  });

  it("withdraws after asking, and shows the client's choice, message and views", async () => {
    const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
    let current = makeProposal({
      state: "chosen",
      shared: { at: "2026-11-27T10:00:00.000Z", expiresAt: "2026-12-05T23:59:59.999Z", revoked: false },
      views: { count: 3, lastAt: at },
      choice: { at, message: "The second one, please — with a sea view if possible.", itemIds: [ITEM_2] },
    });
    const calls = scriptFetch((call) => {
      if (call.path.endsWith("/withdraw")) return okReply((current = { ...current, state: "withdrawn" }));
      return okReply(current);
    });
    const user = userEvent.setup();
    renderEditor();
    const choice = await screen.findByRole("region", { name: "The client chose Hôtel du Louvre" });
    expect(within(choice).getByText("The second one, please — with a sea view if possible.")).toBeVisible();
    expect(within(choice).getByRole("button", { name: "Find and book: Hôtel du Louvre" })).toBeVisible();
    expect(screen.getByText("Opened 3 times, last 2 h ago")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this proposal?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === `/api/proposals/${PROPOSAL_ID}/withdraw`)).toBe(true));
    expect(await screen.findByText("Withdrawn", { selector: "span" })).toBeVisible();
  });

  it("finds the chosen offer again and links to its checkout; when it is gone, the closest others", async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const current = makeProposal({ state: "chosen", choice: { at, message: "", itemIds: [ITEM_2] } });
    const currency = current.items.find((i) => i.id === ITEM_2)!.clientPrice.currency;
    const offer = (quoteId: string, title: string, amountMinor: number) => ({
      quoteId,
      title,
      subtitle: "Double room · Breakfast",
      refundable: true,
      cost: { amountMinor: amountMinor - 1_000, currency },
      clientPrice: { amountMinor, currency },
      checkoutHref: `/checkout/${quoteId}?type=hotel&sid=s1&proposal=${PROPOSAL_ID}&item=${ITEM_2}`,
    });
    let answer: unknown = null;
    const calls = scriptFetch((call) => (call.path.endsWith("/refind") ? okReply(answer) : okReply(current)));
    const item = current.items.find((i) => i.id === ITEM_2)!;
    const user = userEvent.setup();
    renderEditor();
    const choice = await screen.findByRole("region", { name: "The client chose Hôtel du Louvre" });

    answer = { itemId: ITEM_2, proposed: { cost: item.cost, clientPrice: item.clientPrice }, found: offer("q_new", "Hôtel du Louvre", item.clientPrice.amountMinor + 1_500), alternatives: [] };
    await user.click(within(choice).getByRole("button", { name: "Find and book: Hôtel du Louvre" }));
    const refound = await within(choice).findByTestId("refound");
    expect(refound).toHaveTextContent(/Still available\. The client pays .+ now \(\+€15\.00 on the proposal\)\./);
    expect(within(refound).getByRole("link", { name: "Book it" })).toHaveAttribute("href", `/checkout/q_new?type=hotel&sid=s1&proposal=${PROPOSAL_ID}&item=${ITEM_2}`);
    expect(calls.filter((c) => c.method === "POST" && c.path === `/api/proposals/${PROPOSAL_ID}/items/${ITEM_2}/refind`)).toHaveLength(1);

    answer = { itemId: ITEM_2, proposed: { cost: item.cost, clientPrice: item.clientPrice }, found: null, alternatives: [offer("q_a", "Hôtel du Louvre", 50_000), offer("q_b", "Hôtel du Louvre", 52_000)] };
    await user.click(within(choice).getByRole("button", { name: "Find and book: Hôtel du Louvre" }));
    const gone = await within(choice).findByTestId("refound-gone");
    expect(gone).toHaveTextContent("This offer is no longer available. The closest the service has now:");
    expect(within(gone).getAllByRole("link", { name: "Book this instead" }).map((a) => a.getAttribute("href"))).toEqual([
      `/checkout/q_a?type=hotel&sid=s1&proposal=${PROPOSAL_ID}&item=${ITEM_2}`,
      `/checkout/q_b?type=hotel&sid=s1&proposal=${PROPOSAL_ID}&item=${ITEM_2}`,
    ]);
  });

  it("a booked choice shows its booking instead of a way to book it", async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    scriptFetch(() => okReply(makeProposal({ state: "booked", choice: { at, message: "", itemIds: [ITEM_2] }, bookings: [{ itemId: ITEM_2, bookingId: "bk_1", orderRef: "ORD-1" }] })));
    renderEditor();
    const choice = await screen.findByRole("region", { name: "The client chose Hôtel du Louvre" });
    expect(within(choice).getByRole("link", { name: "Booked · ORD-1" })).toHaveAttribute("href", "/bookings/bk_1");
    expect(within(choice).queryByRole("button", { name: /Find and book/ })).toBeNull();
    expect(within(choice).getByText("Everything the client chose is booked.")).toBeVisible();
  });

  it("puts the server's sentences on the details' fields", async () => {
    const sentence = "Choose a day from today, within a year.";
    scriptFetch((call) =>
      call.method === "PATCH" ? errorReply(400, "validation_error", "Some fields need attention.", [{ path: "validUntil", message: sentence }]) : okReply(makeProposal()),
    );
    const user = userEvent.setup();
    renderEditor();
    const details = await screen.findByRole("region", { name: "Title, note and validity" });
    const valid = within(details).getByLabelText(/Valid until/);
    await user.clear(valid);
    await user.type(valid, "2020-01-01");
    await user.click(within(details).getByRole("button", { name: "Save" }));
    expect(await within(details).findByText(sentence)).toBeVisible();
    expect(valid).toHaveAttribute("aria-invalid", "true");
    expect(valid).toHaveFocus();
  });

  it("the client's name, in the heading and on the client's card, opens the client's page", async () => {
    scriptFetch(() => okReply(makeProposal()));
    renderEditor();
    await screen.findByRole("heading", { level: 1, name: "Paris in December" });
    const links = screen.getAllByRole("link", { name: client.name });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute("href", `/clients/${client.id}`);
    expect(within(screen.getByRole("region", { name: "Client" })).getByRole("link", { name: client.name })).toBeVisible();
  });

  it("says when the proposal does not exist", async () => {
    scriptFetch(() => errorReply(404, "proposal_not_found", "We could not find this proposal."));
    renderEditor();
    expect(await screen.findByText("This proposal does not exist")).toBeVisible();
    expect(screen.getByRole("link", { name: "All proposals" })).toHaveAttribute("href", "/proposals");
  });
});
