import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePricing } from "@/lib/agency/pricing-store";
import type { BffError } from "@/lib/bff/errors";
import { openDb, type DbHandle } from "@/lib/db";
import { beginBooking, completeBooking } from "@/lib/db/ledger";
import { clients, users } from "@/lib/db/schema";
import { dbTargets } from "@/lib/testing/databases";
import { clientOverview, listClients, updateClient } from "./clients";
import type { AddItemRequest, ItemSnapshot } from "./model";
import { addItem, createClient, createProposal, recordProposalBooking, recordView, searchClients, shareProposal, type Actor } from "./store";

// The clients' pages' store (issue 29): the list's counts and last activity in two queries, its
// search by name, email or phone, who sees which proposals and bookings (an advisor their own,
// an admin all), the bookings made from a client's proposals (each once), and a change of contact
// details.

const NOW = new Date("2026-12-01T10:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let handle: DbHandle;
let ana: Actor;
let ben: Actor;
let ada: Actor;
let zoe: string;
let rej: string;
let quiet: string;
let anaTrip: { id: string; reference: string; itemId: string };
let benTrip: { id: string; reference: string; itemId: string };

const snapshot = (over: Partial<ItemSnapshot> = {}): ItemSnapshot => ({
  productType: "hotel",
  title: "Hotel Arts Barcelona",
  subtitle: "Deluxe room, breakfast",
  photoUrl: null,
  details: [],
  startsOn: "2026-12-10",
  endsOn: "2026-12-13",
  travellers: "2 adults",
  cancellation: "Non-refundable",
  refundable: false,
  country: "ES",
  criteria: { productType: "hotel" },
  match: { hotelId: "h_1" },
  ...over,
});
const item = (amountMinor: number, over: Partial<ItemSnapshot> = {}): AddItemRequest => ({ snapshot: snapshot(over), cost: { amountMinor, currency: "EUR" } });
const ctx = { agencyCurrency: "EUR" };

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as BffError).code;
  }
  return "no error";
}

/** A client as if added at `when` (createClient stamps the real clock). */
async function clientAt(actor: Actor, input: { name: string; email: string; phone: string }, when: Date): Promise<string> {
  const c = await createClient(handle.db, input, actor);
  await handle.db.update(clients).set({ createdAt: when, updatedAt: when }).where(eq(clients.id, c.id));
  return c.id;
}

async function trip(actor: Actor, clientId: string, title: string, costMinor: number, when: Date, over: Partial<ItemSnapshot> = {}) {
  const p = await createProposal(handle.db, actor, { clientId, title, note: "", validUntil: "2026-12-20" }, when);
  const withItem = await addItem(handle.db, actor, p.id, item(costMinor, over), ctx, when);
  return { id: p.id, reference: p.reference, itemId: withItem.items[0]!.id };
}

/** A booking as checkout makes one: the ledger's row, the booking's facts, then its record against the proposal's item. */
async function book(actor: Actor, t: { id: string; itemId: string }, bookingId: string, when: Date, state: string | null) {
  if (state) {
    const row = await beginBooking(handle.db, { userId: actor.id, idempotencyKey: randomUUID(), quoteId: `q_${bookingId}`, searchId: null, productType: "hotel" });
    await completeBooking(handle.db, row.id, { outcome: "booked", bookingId, orderRef: `ORD-${bookingId}`, state });
  }
  return recordProposalBooking(handle.db, actor, t.id, { itemId: t.itemId, bookingId, orderRef: `ORD-${bookingId}` }, when);
}

describe.each(dbTargets("clients", 4))("on $name", (target) => {
  beforeAll(async () => {
    handle = await openDb(await target.setup());
    const made = await handle.db
      .insert(users)
      .values([
        { email: "ana@desk.test", name: "Ana Advisor", role: "advisor", passwordHash: "x" },
        { email: "ben@desk.test", name: "Ben Advisor", role: "advisor", passwordHash: "x" },
        { email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash: "x" },
      ])
      .returning();
    const actor = (i: number): Actor => ({ id: made[i]!.id, role: made[i]!.role });
    [ana, ben, ada] = [actor(0), actor(1), actor(2)];
    await savePricing(
      handle.db,
      { rounding: "none", allowBelowCost: false, maxDiscountBp: 0, rules: [{ productType: null, country: null, percentBp: 1000, fixedMinor: 0 }] },
      "EUR",
      ada.id,
    );
    quiet = await clientAt(ben, { name: "Quentin Quiet", email: "quentin@example.net", phone: "" }, at(-48));
    rej = await clientAt(ben, { name: "Réjeanne Ström", email: "RS@example.org", phone: "+33 1 23 45 67 89" }, at(-47));
    zoe = await clientAt(ana, { name: "Zoé Lefèvre", email: "zoe@example.com", phone: "+34 600 000 000" }, at(-46));
    // Zoé: a trip by Ana (booked, its facts known) and one by Ben (booked, no facts yet); Réjeanne: a draft by Ana.
    anaTrip = await trip(ana, zoe, "Barcelona in December", 10_000, at(-10));
    benTrip = await trip(ben, zoe, "Madrid weekend", 20_000, at(-9), { title: "Hotel Urban Madrid", startsOn: "2027-01-08", endsOn: "2027-01-10" });
    await book(ana, anaTrip, "bk_ana", at(-8), "confirmed");
    await book(ben, benTrip, "bk_ben", at(-7), null);
    await trip(ana, rej, "Lisbon draft", 5_000, at(-6));
    // A booking in the ledger made outside any proposal: nothing ties it to a client.
    const loose = await beginBooking(handle.db, { userId: ana.id, idempotencyKey: randomUUID(), quoteId: "q_loose", searchId: null, productType: "hotel" });
    await completeBooking(handle.db, loose.id, { outcome: "booked", bookingId: "bk_loose", orderRef: "ORD-loose", state: "confirmed" });
  });
  afterAll(async () => {
    await handle.close();
    await target.teardown();
  });

  describe("the list", () => {
    it("counts each client's proposals and bookings as the reader may see them, the latest activity first", async () => {
      const forAda = await listClients(handle.db, ada);
      expect(forAda.total).toBe(3);
      expect(forAda.rows.map((r) => [r.name, r.proposalCount, r.bookingCount, r.lastActivityAt])).toEqual([
        ["Réjeanne Ström", 1, 0, at(-6).toISOString()],
        // Ben's booking at -7 h is Zoé's latest, for whoever sees Ben's proposal.
        ["Zoé Lefèvre", 2, 2, at(-7).toISOString()],
        // No proposal: as recent as the client's own row.
        ["Quentin Quiet", 0, 0, at(-48).toISOString()],
      ]);
      expect(forAda.rows[1]).toMatchObject({ id: zoe, email: "zoe@example.com", phone: "+34 600 000 000", createdAt: at(-46).toISOString() });
      expect(forAda.rows.map((r) => r.id)).toEqual([rej, zoe, quiet]);

      // Ana: every client of the agency, with her own proposals and bookings only.
      const forAna = await listClients(handle.db, ana);
      expect(forAna.rows.map((r) => [r.name, r.proposalCount, r.bookingCount, r.lastActivityAt])).toEqual([
        ["Réjeanne Ström", 1, 0, at(-6).toISOString()],
        ["Zoé Lefèvre", 1, 1, at(-8).toISOString()],
        ["Quentin Quiet", 0, 0, at(-48).toISOString()],
      ]);
      const forBen = await listClients(handle.db, ben);
      expect(forBen.rows.map((r) => [r.name, r.proposalCount, r.bookingCount])).toEqual([
        ["Zoé Lefèvre", 1, 1],
        ["Réjeanne Ström", 0, 0],
        ["Quentin Quiet", 0, 0],
      ]);
    });

    it("finds a client by name or email (accents and case ignored) or by the digits of their phone; pages", async () => {
      const names = async (q: string, actor: Actor = ada) => (await listClients(handle.db, actor, { q })).rows.map((r) => r.name);
      expect(await names("zoe lef")).toEqual(["Zoé Lefèvre"]);
      expect(await names("STROM")).toEqual(["Réjeanne Ström"]);
      expect(await names("example.")).toEqual(["Réjeanne Ström", "Zoé Lefèvre", "Quentin Quiet"]);
      expect(await names("23 45 67")).toEqual(["Réjeanne Ström"]);
      expect(await names("+34 600000")).toEqual(["Zoé Lefèvre"]);
      expect(await names("(33) 1-23")).toEqual(["Réjeanne Ström"]);
      // Two digits are too few to mean a phone; wildcards are taken literally.
      expect(await names("00")).toEqual([]);
      expect(await names("100%_")).toEqual([]);
      expect(await names("nobody")).toEqual([]);
      expect((await listClients(handle.db, ada, { q: "example" })).total).toBe(3);

      const second = await listClients(handle.db, ada, { page: 2, pageSize: 2 });
      expect(second).toEqual({ total: 3, rows: [expect.objectContaining({ name: "Quentin Quiet" })] });
      expect(await listClients(handle.db, ada, { page: 9, pageSize: 2 })).toEqual({ total: 3, rows: [] });
      // The proposal picker's search is as it was: name or email, 20 at most.
      expect((await searchClients(handle.db, "zoe")).map((c) => c.id)).toEqual([zoe]);
    });

    it("a client opening their link is activity, though it changes nothing in the proposal", async () => {
      const extra = await clientAt(ana, { name: "Vera Viewer", email: "vera@example.com", phone: "" }, at(-40));
      const t = await trip(ana, extra, "Rome", 7_000, at(-30));
      const { url } = await shareProposal(handle.db, ana, t.id, { send: false }, { origin: "http://desk.test" }, at(-30));
      const row = async () => (await listClients(handle.db, ana, { q: "vera" })).rows[0]!;
      expect((await row()).lastActivityAt).toBe(at(-30).toISOString());
      expect(await recordView(handle.db, url.split("/p/")[1]!, at(-2))).toBe(true);
      expect((await row()).lastActivityAt).toBe(at(-2).toISOString());
      // Ben sees the client, not Ana's proposal nor its views.
      expect((await listClients(handle.db, ben, { q: "vera" })).rows[0]).toMatchObject({ proposalCount: 0, bookingCount: 0, lastActivityAt: at(-40).toISOString() });
    });
  });

  describe("a client's page", () => {
    it("the contact card, the proposals with their state and client total, the bookings made from them", async () => {
      const o = (await clientOverview(handle.db, ada, zoe, NOW))!;
      expect(o.scope).toBe("all");
      expect(o.client).toEqual({
        id: zoe,
        name: "Zoé Lefèvre",
        email: "zoe@example.com",
        phone: "+34 600 000 000",
        createdAt: at(-46).toISOString(),
        updatedAt: at(-46).toISOString(),
        createdBy: { id: ana.id, name: "Ana Advisor" },
      });
      expect(o.proposals.map((p) => [p.title, p.state, p.total, p.sentAt, p.advisor.name])).toEqual([
        ["Madrid weekend", "booked", { fromMinor: 22_000, toMinor: 22_000, currency: "EUR" }, null, "Ben Advisor"],
        ["Barcelona in December", "booked", { fromMinor: 11_000, toMinor: 11_000, currency: "EUR" }, null, "Ana Advisor"],
      ]);
      expect(o.bookings).toEqual([
        {
          bookingId: "bk_ben",
          orderRef: "ORD-bk_ben",
          proposal: { id: benTrip.id, reference: benTrip.reference, title: "Madrid weekend" },
          product: { type: "hotel", title: "Hotel Urban Madrid", subtitle: "Deluxe room, breakfast" },
          startsOn: "2027-01-08",
          endsOn: "2027-01-10",
          // Recorded without the desk having seen its state.
          state: null,
          clientPrice: { amountMinor: 22_000, currency: "EUR" },
          bookedAt: at(-7).toISOString(),
        },
        {
          bookingId: "bk_ana",
          orderRef: "ORD-bk_ana",
          proposal: { id: anaTrip.id, reference: anaTrip.reference, title: "Barcelona in December" },
          product: { type: "hotel", title: "Hotel Arts Barcelona", subtitle: "Deluxe room, breakfast" },
          startsOn: "2026-12-10",
          endsOn: "2026-12-13",
          state: "confirmed",
          clientPrice: { amountMinor: 11_000, currency: "EUR" },
          bookedAt: at(-8).toISOString(),
        },
      ]);
      // The ledger's booking made outside a proposal is nobody's: the ledger keeps no lead traveller's email.
      expect(o.bookings.map((b) => b.bookingId)).not.toContain("bk_loose");
    });

    it("an advisor sees their own proposals and their bookings; every client opens; an unknown or malformed ID is null", async () => {
      const forAna = (await clientOverview(handle.db, ana, zoe, NOW))!;
      expect(forAna.scope).toBe("own");
      expect(forAna.proposals.map((p) => p.title)).toEqual(["Barcelona in December"]);
      expect(forAna.bookings.map((b) => b.bookingId)).toEqual(["bk_ana"]);
      const forBen = (await clientOverview(handle.db, ben, rej, NOW))!;
      expect(forBen).toMatchObject({ client: { name: "Réjeanne Ström", createdBy: { name: "Ben Advisor" } }, proposals: [], bookings: [] });
      expect(await clientOverview(handle.db, ana, randomUUID(), NOW)).toBeNull();
      expect(await clientOverview(handle.db, ana, "not-a-client", NOW)).toBeNull();
    });

    it("each booking once, and as many as the list counts", async () => {
      for (const actor of [ana, ben, ada]) {
        const o = (await clientOverview(handle.db, actor, zoe, NOW))!;
        const ids = o.bookings.map((b) => b.bookingId);
        expect(new Set(ids).size).toBe(ids.length);
        const row = (await listClients(handle.db, actor, { q: "zoe" })).rows[0]!;
        expect([row.proposalCount, row.bookingCount]).toEqual([o.proposals.length, o.bookings.length]);
      }
    });
  });

  describe("changing the contact details", () => {
    it("changes what is given and keeps the rest; the search follows the new name; the change is activity", async () => {
      const id = await clientAt(ben, { name: "Paula Phone", email: "paula@example.com", phone: "+44 20 7946 0000" }, at(-100));
      const changed = await updateClient(handle.db, ana, id, { phone: "+44 20 7946 0958" }, at(-1));
      expect(changed.client).toMatchObject({ name: "Paula Phone", email: "paula@example.com", phone: "+44 20 7946 0958", updatedAt: at(-1).toISOString(), createdAt: at(-100).toISOString() });
      expect((await listClients(handle.db, ana, { q: "paula" })).rows[0]!.lastActivityAt).toBe(at(-1).toISOString());

      const renamed = await updateClient(handle.db, ana, id, { name: "Paula Nováková", email: "pn@example.org" }, NOW);
      expect(renamed.client).toMatchObject({ name: "Paula Nováková", email: "pn@example.org", phone: "+44 20 7946 0958" });
      expect((await listClients(handle.db, ana, { q: "novakova" })).rows.map((r) => r.id)).toEqual([id]);
      expect((await listClients(handle.db, ana, { q: "paula@example.com" })).rows).toEqual([]);
      expect((await searchClients(handle.db, "pn@example")).map((c) => c.id)).toEqual([id]);

      // The same values again change nothing, not even the time.
      expect((await updateClient(handle.db, ana, id, { phone: "+44 20 7946 0958" }, at(5))).client.updatedAt).toBe(NOW.toISOString());
      // An empty phone is a change too (the form's "no phone").
      expect((await updateClient(handle.db, ana, id, { phone: "" }, at(6))).client.phone).toBe("");
    });

    it("an unknown or malformed ID is 404 client_not_found", async () => {
      expect(await code(updateClient(handle.db, ana, randomUUID(), { name: "Nobody" }, NOW))).toBe("client_not_found");
      expect(await code(updateClient(handle.db, ana, "nope", { name: "Nobody" }, NOW))).toBe("client_not_found");
    });
  });
});
