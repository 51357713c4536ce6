import type { Client, ItemSnapshot, Proposal, ProposalItem, ProposalListRow } from "@/lib/proposals/model";

// Proposals as GET /api/proposals/[id] answers them (lib/proposals/model.ts), for the desk's tests.

export const PROPOSAL_ID = "11111111-1111-4111-8111-111111111111";
export const GROUP_A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
export const GROUP_B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
export const ITEM_1 = "11111111-0000-4000-8000-000000000001";
export const ITEM_2 = "11111111-0000-4000-8000-000000000002";
export const ITEM_3 = "11111111-0000-4000-8000-000000000003";

export const client: Client = { id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc", name: "Marta García", email: "marta@example.com", phone: "+34 600 000 000", createdAt: "2026-11-01T10:00:00.000Z" };

const snapshot = (title: string, productType: ItemSnapshot["productType"] = "hotel"): ItemSnapshot => ({
  productType,
  title,
  subtitle: productType === "hotel" ? "Double room · Breakfast" : "Iberia · IB3402",
  photoUrl: null,
  details: ["2 nights, 1 room"],
  startsOn: "2026-12-10",
  endsOn: "2026-12-12",
  travellers: "2 adults",
  cancellation: "Free cancellation until Tue, 8 Dec 2026, 23:59 UTC.",
  refundable: true,
  country: "FR",
  criteria: { productType },
  match: { productType, deskQuery: "type=hotel&in=2026-12-10" },
});

export const item = (id: string, groupId: string, position: number, title: string, costMinor: number, clientMinor: number, productType?: ItemSnapshot["productType"]): ProposalItem => ({
  id,
  groupId,
  position,
  snapshot: snapshot(title, productType),
  cost: { amountMinor: costMinor, currency: "EUR" },
  markupPrice: { amountMinor: clientMinor, currency: "EUR" },
  clientPrice: { amountMinor: clientMinor, currency: "EUR" },
  overridden: false,
});

export function makeProposal(over: Partial<Proposal> = {}): Proposal {
  return {
    id: PROPOSAL_ID,
    reference: "PR-7KQ2M9",
    title: "Paris in December",
    note: "",
    validUntil: "2026-12-05",
    state: "draft",
    client: { id: client.id, name: client.name, email: client.email, phone: client.phone },
    advisor: { id: "u1", name: "Alex Advisor", email: "alex@example.com" },
    groups: [
      { id: GROUP_A, kind: "alternatives", label: "Hotels", position: 0 },
      { id: GROUP_B, kind: "part", label: "Flight", position: 1 },
    ],
    items: [
      item(ITEM_1, GROUP_A, 0, "Hôtel Lutetia", 40_000, 46_000),
      item(ITEM_2, GROUP_A, 1, "Hôtel du Louvre", 30_000, 34_500),
      item(ITEM_3, GROUP_B, 2, "Barcelona → Paris", 20_000, 22_000, "flight"),
    ],
    total: { fromMinor: 56_500, toMinor: 68_000, currency: "EUR" },
    shared: null,
    views: { count: 0, lastAt: null },
    choice: null,
    bookings: [],
    createdAt: "2026-11-27T09:00:00.000Z",
    updatedAt: "2026-11-27T09:00:00.000Z",
    ...over,
  };
}

export const listRow = (over: Partial<ProposalListRow> = {}): ProposalListRow => {
  const p = makeProposal();
  return {
    id: p.id,
    reference: p.reference,
    title: p.title,
    state: p.state,
    client: p.client,
    advisor: p.advisor,
    total: p.total,
    validUntil: p.validUntil,
    views: p.views,
    choice: p.choice,
    updatedAt: p.updatedAt,
    itemCount: 3,
    ...over,
  };
};
