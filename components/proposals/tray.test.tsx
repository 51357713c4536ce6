// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parisSheet } from "@/components/hotel/__fixtures__";
import { errorReply, okReply, scriptFetch, type ScriptedCall } from "@/lib/testing/scripted-fetch";
import { parseCriteria } from "@/lib/search/criteria";
import { client, GROUP_A, GROUP_B, ITEM_1, ITEM_2, ITEM_3, item, makeProposal, PROPOSAL_ID } from "./__fixtures__/proposals";
import { AddToProposalButton } from "./add-button";
import { DRAFT_KEY, trayStore } from "./draft-store";
import { ProposalTrayButton } from "./tray-button";

// The proposal tray (issue 29): "Add to proposal" with no draft asks for the client and starts one,
// then adds the offer's snapshot; the tray groups, reorders and removes items, and keeps a refused
// client price in its field with the server's sentence.

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), replace: vi.fn() }), usePathname: () => "/search" }));

const criteria = parseCriteria(new URLSearchParams("type=hotel&to=city:2988507|Paris|FR&in=2026-12-10&out=2026-12-12&pax=2&res=FR"))!;
const row = parisSheet.rows[0]!;

function renderTray(extra?: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ProposalTrayButton />
      {extra}
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  trayStore.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe("Add to proposal", () => {
  it("without a draft asks for the client, starts the proposal, then adds the rate's snapshot at its cost", async () => {
    const empty = makeProposal({ items: [], groups: [], total: null });
    const added = makeProposal({ items: [item(ITEM_1, GROUP_A, 0, "Hôtel Test", row.sellAmountMinor, row.sellAmountMinor + 1000)], groups: [{ id: GROUP_A, kind: "part", label: "Hotel", position: 0 }] });
    const calls = scriptFetch((call) => {
      if (call.path === "/api/clients" && call.method === "GET") return okReply([client]);
      if (call.path === "/api/proposals" && call.method === "POST") return okReply(empty, 201);
      if (call.path === `/api/proposals/${PROPOSAL_ID}/items` && call.method === "POST") return okReply(added);
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(empty);
      return errorReply(404, "not_found", "No such route in the test.");
    });
    const user = userEvent.setup();
    renderTray(<AddToProposalButton label="Double room, €412.00" input={() => ({ kind: "hotel", row, criteria, hotelName: "Hôtel Test", photoUrl: "https://img.example/h.jpg" })} />);

    await user.click(screen.getByRole("button", { name: "Add to proposal: Double room, €412.00" }));
    const tray = await screen.findByRole("dialog", { name: "Proposal" });
    expect(within(tray).getByText("Double room, €412.00")).toBeVisible();
    await user.click(await within(tray).findByRole("button", { name: `Choose ${client.name}` }));
    await user.type(within(tray).getByLabelText("Title"), "Paris in December");
    await user.click(within(tray).getByRole("button", { name: "Start the proposal" }));

    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /api/proposals/${PROPOSAL_ID}/items`));
    await within(tray).findByRole("heading", { name: "Hôtel Test" });
    expect(localStorage.getItem(DRAFT_KEY)).toBe(PROPOSAL_ID);
    const create = calls.find((c) => c.path === "/api/proposals" && c.method === "POST")!;
    expect(create.body).toMatchObject({ clientId: client.id, title: "Paris in December" });
    const add = calls.find((c) => c.path.endsWith("/items") && c.method === "POST")! as ScriptedCall & { body: { snapshot: Record<string, unknown>; cost: unknown } };
    expect(add.body.cost).toEqual({ amountMinor: row.sellAmountMinor, currency: row.sellCurrency });
    expect(add.body.snapshot).toMatchObject({
      productType: "hotel",
      title: "Hôtel Test",
      photoUrl: "https://img.example/h.jpg",
      startsOn: "2026-12-10",
      endsOn: "2026-12-12",
      travellers: "2 adults",
      refundable: row.refundable,
      country: "FR",
      criteria: { productType: "hotel", checkIn: "2026-12-10", checkOut: "2026-12-12" },
      match: { productType: "hotel", hotelId: row.canonicalProductId, boardBasis: row.summary.boardBasis, refundable: row.refundable },
    });
    // The terms in words, never an amount of the agency's cost.
    expect(String(add.body.snapshot.cancellation)).not.toMatch(/\d+\.\d\d|€|\$/);
    // Behind the open panel, the header's button counts it.
    expect(screen.getByRole("button", { name: /^Proposal, 1 item$/, hidden: true })).toBeInTheDocument();
  });

  it("with a draft adds at once, says so, and counts the items on the header's button", async () => {
    localStorage.setItem(DRAFT_KEY, PROPOSAL_ID);
    const before = makeProposal();
    const after = makeProposal({ items: [...before.items, item("11111111-0000-4000-8000-000000000004", "dddddddd-dddd-4ddd-8ddd-dddddddddddd", 3, "Hôtel Test", 1000, 1100)] });
    scriptFetch((call) => {
      if (call.path === `/api/proposals/${PROPOSAL_ID}/items`) return okReply(after);
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(before);
      return errorReply(404, "not_found", "No such route in the test.");
    });
    const user = userEvent.setup();
    renderTray(<AddToProposalButton label="Double room" input={() => ({ kind: "hotel", row, criteria, hotelName: "Hôtel Test" })} />);
    expect(await screen.findByRole("button", { name: /^Proposal, 3 items/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add to proposal: Double room" }));
    expect(await screen.findByRole("button", { name: /^Proposal, 4 items/ })).toBeInTheDocument();
    expect((await screen.findAllByText(/Added to PR-7KQ2M9: Double room\. 4 items in the proposal\./)).length).toBeGreaterThan(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("the tray", () => {
  function scriptDraft(onWrite: (call: ScriptedCall) => ReturnType<typeof okReply> | null = () => null) {
    localStorage.setItem(DRAFT_KEY, PROPOSAL_ID);
    return scriptFetch((call) => {
      if (call.method !== "GET") return onWrite(call) ?? okReply(makeProposal());
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(makeProposal());
      return errorReply(404, "not_found", "No such route in the test.");
    });
  }

  it("opens from the header, lists the items by group with cost, client price and margin; Esc closes it and the focus goes back", async () => {
    scriptDraft();
    const user = userEvent.setup();
    renderTray();
    const button = screen.getByRole("button", { name: /^Proposal/ });
    await user.click(button);
    const tray = await screen.findByRole("dialog", { name: "Proposal" });
    const hotels = await within(tray).findByRole("region", { name: "1. Hotels" });
    expect(within(hotels).getByText("Alternatives: the client picks one of 2")).toBeVisible();
    const lutetia = within(hotels).getByRole("listitem", { name: "Hôtel Lutetia" });
    expect(within(lutetia).getByText("€400.00")).toBeVisible();
    expect(within(lutetia).getByText("€460.00")).toBeVisible();
    expect(within(lutetia).getByText("€60.00 (13.0%)")).toBeVisible();
    expect(within(tray).getByRole("region", { name: "2. Flight" })).toBeVisible();
    expect(within(tray).getByText("€565.00 – €680.00")).toBeVisible();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("groups, reorders and removes with the API", async () => {
    const calls = scriptDraft();
    const user = userEvent.setup();
    renderTray();
    await user.click(screen.getByRole("button", { name: /^Proposal/ }));
    const tray = await screen.findByRole("dialog", { name: "Proposal" });
    const flight = await within(tray).findByRole("listitem", { name: "Barcelona → Paris" });

    // The flight becomes an alternative to the hotels.
    await user.selectOptions(within(flight).getByRole("combobox", { name: "Group" }), GROUP_A);
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "PATCH", path: `/api/proposals/${PROPOSAL_ID}/items/${ITEM_3}`, body: { groupId: GROUP_A } }));
    // An alternative gets a group of its own.
    const louvre = within(tray).getByRole("listitem", { name: "Hôtel du Louvre" });
    await user.selectOptions(within(louvre).getByRole("combobox", { name: "Group" }), "new");
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "PATCH", body: { groupId: "new" } }));

    // Within alternatives, one place at a time; the first cannot go up.
    expect(within(tray).getByRole("button", { name: "Move Hôtel Lutetia up" })).toBeDisabled();
    await user.click(within(tray).getByRole("button", { name: "Move Hôtel Lutetia down" }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "PATCH", path: `/api/proposals/${PROPOSAL_ID}/items/${ITEM_1}`, body: { position: 1 } }));
    // Groups move as a whole.
    expect(within(tray).getByRole("button", { name: "Move Hotels up" })).toBeDisabled();
    await user.click(within(tray).getByRole("button", { name: "Move Flight up" }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "PATCH", path: `/api/proposals/${PROPOSAL_ID}`, body: { groups: [{ id: GROUP_B, position: 0 }] } }));

    await user.click(within(tray).getByRole("button", { name: "Remove Hôtel du Louvre" }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: `/api/proposals/${PROPOSAL_ID}/items/${ITEM_2}` }));
  });

  it("keeps a client price the server refuses, with its sentence on the field", async () => {
    const sentence = "The client price can be at most 10% under the markup price: €414.00 or more.";
    const calls = scriptFetch((call) => {
      if (call.method === "PATCH") return errorReply(400, "price_below_limit", sentence, [{ path: "clientPriceMinor", message: sentence }]);
      if (call.path === `/api/proposals/${PROPOSAL_ID}`) return okReply(makeProposal());
      return errorReply(404, "not_found", "No such route in the test.");
    });
    localStorage.setItem(DRAFT_KEY, PROPOSAL_ID);
    const user = userEvent.setup();
    renderTray();
    await user.click(screen.getByRole("button", { name: /^Proposal/ }));
    const tray = await screen.findByRole("dialog", { name: "Proposal" });
    const lutetia = await within(tray).findByRole("listitem", { name: "Hôtel Lutetia" });
    const price = within(lutetia).getByLabelText("Client price (EUR)");
    expect(price).toHaveValue("460.00");
    await user.clear(price);
    await user.type(price, "390{Enter}");
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: "PATCH", path: `/api/proposals/${PROPOSAL_ID}/items/${ITEM_1}`, body: { clientPriceMinor: 39_000 } }));
    expect(await within(lutetia).findByText(sentence)).toBeVisible();
    expect(price).toHaveValue("390");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAccessibleDescription(sentence);

    // A text that is no amount is said at once, without asking the server.
    const before = calls.length;
    await user.clear(price);
    await user.type(price, "abc");
    await user.click(within(lutetia).getByRole("button", { name: "Set the client price of Hôtel Lutetia" }));
    expect(within(lutetia).getByText(/Enter the client price as a number/)).toBeVisible();
    expect(calls.length).toBe(before);
  });
});
