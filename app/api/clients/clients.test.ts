import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePricing } from "@/lib/agency/pricing-store";
import { BFF_ERRORS } from "@/lib/bff/errors";
import { CLIENT_NOT_FOUND } from "@/lib/proposals/clients";
import { recordProposalBooking } from "@/lib/proposals/store";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import * as proposalItems from "../proposals/[id]/items/route";
import * as proposals from "../proposals/route";
import * as one from "./[id]/route";
import * as list from "./list/route";
import * as clients from "./route";

// The clients' pages through the BFF (issue 29): GET /api/clients/list and GET, PATCH
// /api/clients/:id behind route(), in the service's envelope with stable codes and sentences;
// an advisor sees their own proposals with a client, an admin everyone's; the picker's
// GET /api/clients answers as before.

let kit: BffTestKit;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const MISSING = "00000000-0000-4000-8000-000000000000";
const V = "Some fields need attention.";

beforeAll(async () => {
  kit = await bffTestKit();
  await savePricing(kit.db, { rounding: "none", allowBelowCost: false, maxDiscountBp: 0, rules: [{ productType: null, country: null, percentBp: 1000, fixedMinor: 0 }] }, "USD", kit.people.admin.id);
});
afterAll(() => kit.close());

const envelope = (status: number, code: string, message: string, details: Array<{ path: string; message: string }> = []) => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const patch = (id: string, body: unknown, origin?: string) => kit.call(one.PATCH, "/api/x", { method: "PATCH", params: { id }, body, origin });

const snapshot = {
  productType: "hotel",
  title: "Hotel Arts Barcelona",
  details: [],
  startsOn: day(30),
  endsOn: day(33),
  travellers: "2 adults",
  cancellation: "Non-refundable",
  refundable: false,
  country: "ES",
  criteria: { productType: "hotel" },
  match: { hotelId: "h_1" },
};

/** A client of the advisor's with one proposal of one item, booked. */
async function clientWithBooking(name: string, email: string) {
  kit.as(kit.people.advisor);
  const c = await kit.call(clients.POST, "/api/clients", { method: "POST", body: { name, email, phone: "+34 600 000 000" } });
  expect(c.status, c.text).toBe(201);
  const p = await kit.call(proposals.POST, "/api/proposals", { method: "POST", body: { clientId: c.body.data.id, title: `Trip for ${name}`, validUntil: day(7) } });
  expect(p.status, p.text).toBe(201);
  const added = await kit.call(proposalItems.POST, "/api/x", { method: "POST", params: { id: p.body.data.id }, body: { snapshot, cost: { amountMinor: 10_000, currency: "USD" } } });
  expect(added.status, added.text).toBe(201);
  await recordProposalBooking(kit.db, kit.people.advisor, p.body.data.id, { itemId: added.body.data.items[0].id, bookingId: `bk_${c.body.data.id}`, orderRef: "RV-2026-CLIENT01" });
  return { clientId: c.body.data.id as string, proposalId: p.body.data.id as string };
}

describe("the clients' routes", () => {
  it("signed out: 401; a change from another site: 403, nothing changed", async () => {
    const { clientId } = await clientWithBooking("Signed Out", "so@example.com");
    kit.as(null);
    for (const [handler, method] of [
      [list.GET, "GET"],
      [one.GET, "GET"],
      [one.PATCH, "PATCH"],
    ] as const) {
      const res = await kit.call(handler, "/api/x", { method, params: { id: clientId }, body: method === "PATCH" ? { phone: "" } : undefined });
      expect(answer(res), method).toEqual(envelope(401, "unauthorized", "Sign in to continue."));
    }
    kit.as(kit.people.advisor);
    expect(answer(await patch(clientId, { phone: "" }, "https://evil.example"))).toEqual(envelope(403, "forbidden", BFF_ERRORS.cross_site.message));
    expect((await kit.call(one.GET, "/api/x", { params: { id: clientId } })).body.data.client.phone).toBe("+34 600 000 000");
  });

  it("the list: counts, last activity, search and pages in meta; bad input is 400 with sentences", async () => {
    const { clientId } = await clientWithBooking("Lista Müller", "lista@example.com");
    const res = await kit.call(list.GET, "/api/clients/list", { query: { q: "lista muller" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ total: 1, page: 1, pageSize: 25 });
    expect(res.body.data).toEqual([
      { id: clientId, name: "Lista Müller", email: "lista@example.com", phone: "+34 600 000 000", createdAt: expect.any(String), proposalCount: 1, bookingCount: 1, lastActivityAt: expect.any(String) },
    ]);
    expect((await kit.call(list.GET, "/api/x", { query: { q: "600 000 000" } })).body.data.map((r: { id: string }) => r.id)).toContain(clientId);

    // Ben, another advisor: the client, without Ana's proposal and booking.
    kit.as(kit.people.colleague);
    expect((await kit.call(list.GET, "/api/x", { query: { q: "lista" } })).body.data[0]).toMatchObject({ id: clientId, proposalCount: 0, bookingCount: 0 });
    kit.as(kit.people.admin);
    expect((await kit.call(list.GET, "/api/x", { query: { q: "lista" } })).body.data[0]).toMatchObject({ id: clientId, proposalCount: 1, bookingCount: 1 });
    kit.as(kit.people.advisor);

    expect(answer(await kit.call(list.GET, "/api/x", { query: { page: "0", sort: "name" } }))).toEqual(
      envelope(400, "validation_error", V, [
        { path: "page", message: "Pages start at 1." },
        { path: "sort", message: "Unknown field." },
      ]),
    );
    expect(answer(await kit.call(list.GET, "/api/x", { query: { q: "x".repeat(101) } }))).toEqual(envelope(400, "validation_error", V, [{ path: "q", message: "Search with at most 100 characters." }]));
  });

  it("a client's page: the card, the proposals and the bookings as the reader may see them; unknown is 404 client_not_found", async () => {
    const { clientId, proposalId } = await clientWithBooking("Paginé Client", "page@example.com");
    const mine = await kit.call(one.GET, "/api/x", { params: { id: clientId } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toMatchObject({
      scope: "own",
      client: { id: clientId, name: "Paginé Client", email: "page@example.com", createdBy: { id: kit.people.advisor.id, name: "Ana Advisor" } },
      proposals: [{ id: proposalId, state: "booked", total: { fromMinor: 11_000, toMinor: 11_000, currency: "USD" }, advisor: { name: "Ana Advisor" } }],
      bookings: [{ bookingId: `bk_${clientId}`, orderRef: "RV-2026-CLIENT01", product: { type: "hotel", title: "Hotel Arts Barcelona" }, clientPrice: { amountMinor: 11_000, currency: "USD" } }],
    });
    kit.as(kit.people.colleague);
    expect((await kit.call(one.GET, "/api/x", { params: { id: clientId } })).body.data).toMatchObject({ scope: "own", proposals: [], bookings: [] });
    kit.as(kit.people.admin);
    expect((await kit.call(one.GET, "/api/x", { params: { id: clientId } })).body.data).toMatchObject({ scope: "all", proposals: [{ id: proposalId }] });
    kit.as(kit.people.advisor);

    for (const id of [MISSING, "not-a-client"]) {
      expect(answer(await kit.call(one.GET, "/api/x", { params: { id } })), id).toEqual(envelope(404, "client_not_found", CLIENT_NOT_FOUND));
      expect(answer(await patch(id, { phone: "" })), id).toEqual(envelope(404, "client_not_found", CLIENT_NOT_FOUND));
    }
  });

  it("PATCH changes the contact details and answers the client's page; any advisor may, the client being the agency's", async () => {
    const { clientId } = await clientWithBooking("Edith Edit", "edith@example.com");
    const changed = await patch(clientId, { phone: " +44 20 7946 0958 " });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.client).toMatchObject({ name: "Edith Edit", email: "edith@example.com", phone: "+44 20 7946 0958" });
    expect(changed.body.data.bookings).toHaveLength(1);

    kit.as(kit.people.colleague);
    const renamed = await patch(clientId, { name: "Edith Éditée", email: "EDITH@example.org" });
    kit.as(kit.people.advisor);
    expect(renamed.body.data.client).toMatchObject({ name: "Edith Éditée", email: "EDITH@example.org", phone: "+44 20 7946 0958" });
    // The proposal picker finds the new name, accents ignored.
    expect((await kit.call(clients.GET, "/api/clients", { query: { q: "editee" } })).body.data.map((c: { id: string }) => c.id)).toEqual([clientId]);
  });

  it.each([
    ["each field's own sentence", { name: " ", email: "not-an-email", phone: "0612" }, [
      { path: "name", message: "Enter the client's name." },
      { path: "email", message: "Enter a valid email address, such as name@example.com." },
      { path: "phone", message: "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty." },
    ]],
    ["nothing to change", {}, [{ path: "", message: "Say what to change: the name, the email or the phone." }]],
    ["a name of two lines", { name: "Ana\nLopez" }, [{ path: "name", message: "Write the name on one line, without tabs or other special characters." }]],
    ["too long", { name: "x".repeat(121), email: `${"x".repeat(250)}@example.com` }, [
      { path: "name", message: "The name can be at most 120 characters." },
      { path: "email", message: "Email addresses are at most 254 characters." },
    ]],
    ["a field the client has not", { notes: "VIP" }, [
      { path: "notes", message: "Unknown field." },
      { path: "", message: "Say what to change: the name, the email or the phone." },
    ]],
    ["not text", { phone: 600000000 }, [{ path: "phone", message: "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty." }]],
  ] as const)("PATCH refuses %s with 400 validation_error, its details on the fields, and changes nothing", async (_name, body, details) => {
    const { clientId } = await clientWithBooking("Vali Dation", "vali@example.com");
    expect(answer(await patch(clientId, body))).toEqual(envelope(400, "validation_error", V, [...details]));
    expect((await kit.call(one.GET, "/api/x", { params: { id: clientId } })).body.data.client).toMatchObject({ name: "Vali Dation", email: "vali@example.com", phone: "+34 600 000 000" });
  });

  it("a body that is not JSON is refused before anything is read", async () => {
    const { clientId } = await clientWithBooking("Raw Body", "raw@example.com");
    const res = await kit.call(one.PATCH, "/api/x", { method: "PATCH", params: { id: clientId }, rawBody: "phone=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(answer(res)).toEqual(envelope(415, "unsupported_media_type", "The request body must be sent as JSON."));
  });
});
