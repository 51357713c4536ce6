import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePricing } from "@/lib/agency/pricing-store";
import { BFF_ERRORS } from "@/lib/bff/errors";
import type { RouteHandler } from "@/lib/bff/handler";
import { setMailConfig } from "@/lib/mail/config";
import { recordProposalBooking } from "@/lib/proposals/store";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import * as attention from "../attention/route";
import * as clients from "../clients/route";
import * as choice from "../p/[token]/choice/route";
import * as publicLogo from "../p/[token]/logo/route";
import * as price from "./[id]/items/[itemId]/price/route";
import * as refind from "./[id]/items/[itemId]/refind/route";
import * as item from "./[id]/items/[itemId]/route";
import * as items from "./[id]/items/route";
import * as one from "./[id]/route";
import * as share from "./[id]/share/route";
import * as withdraw from "./[id]/withdraw/route";
import * as list from "./route";

// Proposals through the BFF (issue 29): every route behind route(), in the service's envelope
// with stable codes; advisors reach their own proposals only (another's is 404), admins all;
// the client's choice is public but same-origin, and a withdrawn link answers 410.

let kit: BffTestKit;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await bffTestKit();
  setMailConfig({ transport: "outbox", fromAddress: "desk@desk.test" });
  await savePricing(kit.db, { rounding: "none", allowBelowCost: false, maxDiscountBp: 0, rules: [{ productType: null, country: null, percentBp: 1000, fixedMinor: 0 }] }, "USD", kit.people.admin.id);
});
afterAll(async () => {
  setMailConfig(null);
  await kit.close();
});

const envelope = (status: number, code: string, message: string, details: Array<{ path: string; message: string }> = []) => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

const snapshot = {
  productType: "hotel",
  title: "Hotel Arts Barcelona",
  subtitle: "Deluxe room, breakfast",
  photoUrl: "https://images.example/arts.jpg",
  details: ["Breakfast for 2"],
  startsOn: day(30),
  endsOn: day(33),
  travellers: "2 adults",
  cancellation: "Non-refundable",
  refundable: false,
  country: "ES",
  criteria: { productType: "hotel", destination: "ES-BARCELONA" },
  match: { hotelId: "h_1", quoteId: "q_1" },
};

const post = (handler: RouteHandler, params: Record<string, string>, body: unknown, origin?: string | null) => kit.call(handler, "/api/x", { method: "POST", params, body, origin });

async function newProposal(title = "Barcelona") {
  kit.as(kit.people.advisor);
  const c = await post(clients.POST, {}, { name: "Zoé Lefèvre", email: "zoe@example.com" });
  expect(c.status, c.text).toBe(201);
  const p = await post(list.POST, {}, { clientId: c.body.data.id, title, validUntil: day(7) });
  expect(p.status, p.text).toBe(201);
  return p.body.data as { id: string; reference: string };
}

describe("proposals' routes", () => {
  it("signed out: 401 on every advisor route", async () => {
    kit.as(null);
    const id = "00000000-0000-4000-8000-000000000000";
    const calls: Array<[RouteHandler, string, Record<string, string>]> = [
      [list.GET, "GET", {}],
      [list.POST, "POST", {}],
      [one.GET, "GET", { id }],
      [one.PATCH, "PATCH", { id }],
      [items.POST, "POST", { id }],
      [item.PATCH, "PATCH", { id, itemId: id }],
      [item.DELETE, "DELETE", { id, itemId: id }],
      [share.POST, "POST", { id }],
      [withdraw.POST, "POST", { id }],
      [refind.POST, "POST", { id, itemId: id }],
      [price.GET, "GET", { id, itemId: id }],
      [clients.GET, "GET", {}],
      [clients.POST, "POST", {}],
    ];
    for (const [handler, method, params] of calls) {
      const res = await kit.call(handler, "/api/x", { method, params, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(answer(res), `${method} ${JSON.stringify(params)}`).toEqual(envelope(401, "unauthorized", "Sign in to continue."));
    }
    kit.as(kit.people.advisor);
  });

  it("creates, adds priced items, overrides within limits, lists with meta.total; bad input is 400 with sentences", async () => {
    const p = await newProposal();
    const added = await post(items.POST, { id: p.id }, { snapshot, cost: { amountMinor: 10_000, currency: "USD" } });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data.items[0]).toMatchObject({ cost: { amountMinor: 10_000 }, markupPrice: { amountMinor: 11_000 }, clientPrice: { amountMinor: 11_000 }, overridden: false });
    expect(added.body.data.total).toEqual({ fromMinor: 11_000, toMinor: 11_000, currency: "USD" });
    const itemId = added.body.data.items[0].id as string;

    // No discount allowed: below the markup price is refused with its sentence; above is fine.
    const below = await kit.call(item.PATCH, "/api/x", { method: "PATCH", params: { id: p.id, itemId }, body: { clientPriceMinor: 10_999 } });
    const sentence = "The agency's pricing allows no discount on this price: $110.00 is the lowest.";
    expect(answer(below)).toEqual(envelope(400, "price_below_limit", sentence, [{ path: "clientPriceMinor", message: sentence }]));
    const above = await kit.call(item.PATCH, "/api/x", { method: "PATCH", params: { id: p.id, itemId }, body: { clientPriceMinor: 12_000 } });
    expect(above.body.data.items[0]).toMatchObject({ clientPrice: { amountMinor: 12_000 }, overridden: true });

    const bad = await post(items.POST, { id: p.id }, { snapshot: { ...snapshot, photoUrl: "http://images.example/x.jpg", details: Array(13).fill("x") }, cost: { amountMinor: -1, currency: "usd" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "snapshot.photoUrl", message: "A photo's address starts with https://." },
        { path: "snapshot.details", message: "Keep at most 12 lines of what is included." },
        { path: "cost.amountMinor", message: "A price cannot be negative." },
        { path: "cost.currency", message: "Give the currency as its 3-letter code, such as EUR." },
      ]),
    );
    const noTitle = await post(list.POST, {}, { clientId: "nope", title: " ", validUntil: "2026-02-30" });
    expect(noTitle.body.error.details).toEqual([
      { path: "clientId", message: "Choose the client, or add a new one." },
      { path: "title", message: "Give the proposal a title." },
      { path: "validUntil", message: "Choose the last day the client can open the proposal." },
    ]);

    const listed = await kit.call(list.GET, "/api/proposals", { query: { q: p.reference } });
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual({ total: 1, page: 1, pageSize: 25 });
    expect(listed.body.data[0]).toMatchObject({ id: p.id, state: "draft", itemCount: 1, total: { fromMinor: 12_000, toMinor: 12_000, currency: "USD" } });
    expect((await kit.call(list.GET, "/api/proposals", { query: { state: "lost" } })).status).toBe(400);

    const removed = await kit.call(item.DELETE, "/api/x", { method: "DELETE", params: { id: p.id, itemId } });
    expect(removed.body.data).toMatchObject({ items: [], total: null });
  });

  it("another advisor's proposal is 404; an admin's view has it; cross-site mutations are 403", async () => {
    const p = await newProposal("Ana's");
    kit.as(kit.people.colleague);
    const notFound = envelope(404, "proposal_not_found", "We could not find this proposal. It may belong to another advisor, or the link is wrong.");
    expect(answer(await kit.call(one.GET, "/api/x", { params: { id: p.id } }))).toEqual(notFound);
    expect(answer(await kit.call(one.PATCH, "/api/x", { method: "PATCH", params: { id: p.id }, body: { title: "Mine" } }))).toEqual(notFound);
    expect(answer(await post(withdraw.POST, { id: p.id }, {}))).toEqual(notFound);
    expect(answer(await kit.call(one.GET, "/api/x", { params: { id: "not-a-uuid" } }))).toEqual(notFound);
    kit.as(kit.people.admin);
    expect((await kit.call(one.GET, "/api/x", { params: { id: p.id } })).body.data.advisor.name).toBe("Ana Advisor");
    kit.as(kit.people.advisor);
    expect(answer(await post(list.POST, {}, {}, "https://evil.example"))).toEqual(envelope(403, "forbidden", BFF_ERRORS.cross_site.message));
    expect(answer(await post(share.POST, { id: p.id }, { send: false }, "https://evil.example"))).toEqual(envelope(403, "forbidden", BFF_ERRORS.cross_site.message));
  });

  it("share → the client chooses (public, same-origin) → the advisor sees it → withdrawn answers 410", async () => {
    const p = await newProposal("Shared");
    expect((await post(share.POST, { id: p.id }, { send: false })).body.error.code).toBe("proposal_empty");
    await post(items.POST, { id: p.id }, { snapshot, cost: { amountMinor: 10_000, currency: "USD" } });
    const shared = await post(share.POST, { id: p.id }, { send: true });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.data).toMatchObject({ proposal: { id: p.id, state: "sent" }, url: expect.stringMatching(/^http:\/\/desk\.test\/p\/[A-Za-z0-9_-]{43}$/), mail: { status: "kept", error: null } });
    const token = (shared.body.data.url as string).split("/p/")[1]!;

    kit.as(null);
    const bad = await post(choice.POST, { token }, { choice: ["g9o1"], message: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: "choice", message: "One of the options chosen is no longer in the proposal. Reload the page and choose again." }]);
    expect((await post(choice.POST, { token }, { choice: ["g1o1"], message: "Yes!" }, "https://evil.example")).status).toBe(403);
    const chose = await post(choice.POST, { token }, { choice: ["g1o1"], message: "Yes please!" });
    expect(answer(chose)).toEqual({ status: 200, body: { data: { ok: true }, meta: {}, error: null } });
    expect(answer(await post(choice.POST, { token: "A".repeat(43) }, { choice: ["g1o1"] }))).toEqual(
      envelope(404, "not_found", "This link is not one the agency sent. Check it in your email, or ask your travel advisor."),
    );
    // The logo lives under the link: unknown links get nothing.
    expect((await kit.call(publicLogo.GET, "/api/x", { params: { token: "A".repeat(43) } })).status).toBe(404);

    kit.as(kit.people.advisor);
    const seen = await kit.call(one.GET, "/api/x", { params: { id: p.id } });
    expect(seen.body.data).toMatchObject({ state: "chosen", choice: { message: "Yes please!", itemIds: [seen.body.data.items[0].id] } });
    // Needs attention lists it for its advisor (and an admin), not for a colleague.
    const listedFor = async () => ((await kit.call(attention.GET, "/api/attention")).body.data.proposals as Array<{ id: string; chosenTitles: string[] }>).filter((x) => x.id === p.id);
    expect(await listedFor()).toEqual([expect.objectContaining({ id: p.id, chosenTitles: ["Hotel Arts Barcelona"], choice: expect.objectContaining({ message: "Yes please!" }) })]);
    kit.as(kit.people.colleague);
    expect(await listedFor()).toEqual([]);
    kit.as(kit.people.admin);
    expect(await listedFor()).toHaveLength(1);
    kit.as(kit.people.advisor);
    // Booked through POST /api/bookings in refind.test.ts; here the record alone.
    const booked = await recordProposalBooking(kit.db, kit.people.advisor, p.id, { itemId: seen.body.data.items[0].id, bookingId: "bk_77", orderRef: "ORD-77" });
    expect(booked.state).toBe("booked");
    expect(await listedFor()).toEqual([]);
    expect((await post(withdraw.POST, { id: p.id }, {})).body.error.code).toBe("proposal_booked");

    const other = await newProposal("To withdraw");
    await post(items.POST, { id: other.id }, { snapshot, cost: { amountMinor: 10_000, currency: "USD" } });
    const link = (await post(share.POST, { id: other.id }, { send: false })).body.data.url as string;
    expect((await post(withdraw.POST, { id: other.id }, {})).body.data.state).toBe("withdrawn");
    kit.as(null);
    expect(answer(await post(choice.POST, { token: link.split("/p/")[1]! }, { choice: ["g1o1"] }))).toEqual(
      envelope(410, "proposal_gone", "This proposal is no longer open: it has expired or was withdrawn. Ask your travel advisor for a new one."),
    );
    kit.as(kit.people.advisor);
  });

  it("clients: created with sentences for mistakes, found without accents", async () => {
    kit.as(kit.people.advisor);
    const bad = await post(clients.POST, {}, { name: "", email: "zoe@", phone: "0612" });
    expect(bad.body.error.details).toEqual([
      { path: "name", message: "Enter the client's name." },
      { path: "email", message: "Enter a valid email address, such as name@example.com." },
      { path: "phone", message: "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty." },
    ]);
    await post(clients.POST, {}, { name: "Łukasz Żółć", email: "lz@example.pl", phone: "+48 22 123 45 67" });
    const found = await kit.call(clients.GET, "/api/clients", { query: { q: "zolc" } });
    expect(found.body.data).toEqual([{ id: expect.any(String), name: "Łukasz Żółć", email: "lz@example.pl", phone: "+48 22 123 45 67", createdAt: expect.any(String) }]);
  });
});
