import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePricing } from "@/lib/agency/pricing-store";
import { saveAgencyProfile } from "@/lib/agency/store";
import type { BffError } from "@/lib/bff/errors";
import { openDb, type DbHandle } from "@/lib/db";
import { mailOutbox, proposals, users } from "@/lib/db/schema";
import type { MailConfig } from "@/lib/mail/config";
import { closeSmtpTransporters } from "@/lib/mail/transport";
import type { PricingRequest } from "@/lib/pricing/schema";
import { dbTargets } from "@/lib/testing/databases";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp";
import type { AddItemRequest, ItemSnapshot } from "./model";
import {
  addItem,
  createClient,
  createProposal,
  listChosenProposals,
  listProposals,
  proposalTotal,
  readProposal,
  readPublicProposal,
  recordChoice,
  recordProposalBooking,
  recordView,
  removeItem,
  searchClients,
  shareProposal,
  updateItem,
  updateProposal,
  withdrawProposal,
  type Actor,
} from "./store";
import { hashToken } from "./token";

// The proposals' store (issue 29) on PGlite: prices with the agency's markup and rounding (in
// currencies of 0, 2 and 3 decimals), the admin's limits on an advisor's price, the link's token
// kept only as a hash, expiry at the end of the validity day, withdrawal, the client's choice
// (the latest wins until booked), and who sees what.

const NOW = new Date("2026-12-01T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;
const FROM = "desk@sunnydays.example";

let handle: DbHandle;
let smtp: TestSmtpServer;
let smtpConfig: MailConfig;
let ana: Actor & { name: string };
let ben: Actor & { name: string };
let ada: Actor & { name: string };
let clientId: string;

const pricing = (over: Partial<PricingRequest> = {}): PricingRequest => ({
  rounding: "none",
  allowBelowCost: false,
  maxDiscountBp: 1000,
  rules: [
    { productType: null, country: null, percentBp: 1000, fixedMinor: 0 },
    { productType: "hotel", country: null, percentBp: 1500, fixedMinor: 0 },
    { productType: "hotel", country: "JP", percentBp: 2000, fixedMinor: 0 },
  ],
  ...over,
});

const snapshot = (over: Partial<ItemSnapshot> = {}): ItemSnapshot => ({
  productType: "hotel",
  title: "Hotel Arts Barcelona",
  subtitle: "Deluxe room, breakfast included",
  photoUrl: "https://images.example/arts.jpg",
  details: ["Breakfast for 2", "Sea view"],
  startsOn: "2026-12-10",
  endsOn: "2026-12-13",
  travellers: "2 adults",
  cancellation: "Free cancellation until Thu, 10 Dec 2026, 23:59 UTC",
  refundable: true,
  country: "ES",
  criteria: { productType: "hotel", destination: "ES-BARCELONA", checkIn: "2026-12-10", checkOut: "2026-12-13" },
  match: { hotelId: "h_secret_123", roomGroup: "deluxe", board: "BB", refundable: true, quoteId: "q_secret_456" },
  ...over,
});
const item = (amountMinor: number, over: Partial<ItemSnapshot> = {}, currency = "EUR", groupId?: string): AddItemRequest => ({
  snapshot: snapshot(over),
  cost: { amountMinor, currency },
  ...(groupId ? { groupId } : {}),
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as BffError).code;
  }
  return "no error";
}

const ctx = { agencyCurrency: "EUR" };
const newDraft = (actor: Actor = ana, title = "Barcelona in December") =>
  createProposal(handle.db, actor, { clientId, title, note: "As we discussed.", validUntil: "2026-12-05" }, NOW);

describe.each(dbTargets("proposals", 4))("on $name", (target) => {
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
    const actor = (i: number) => ({ id: made[i]!.id, role: made[i]!.role, name: made[i]!.name });
    [ana, ben, ada] = [actor(0), actor(1), actor(2)];
    await saveAgencyProfile(handle.db, { name: "Sunny Days Travel", replyTo: "bookings@sunnydays.example", phone: "+44 20 7946 0958", address: "12 Harbour Street" }, ada.id);
    await savePricing(handle.db, pricing(), "EUR", ada.id);
    clientId = (await createClient(handle.db, { name: "Zoé Lefèvre", email: "zoe@example.com", phone: "" }, ana)).id;
    smtp = await startSmtpServer();
    smtpConfig = { transport: "smtp", url: smtp.url, fromAddress: FROM };
  });
  afterAll(async () => {
    closeSmtpTransporters();
    await smtp.close();
    await handle.close();
    await target.teardown();
  });

  describe("clients", () => {
    it("are found by name or email, accents and case ignored", async () => {
      await createClient(handle.db, { name: "Réjeanne Ström", email: "RS@example.org", phone: "+33 1 23 45 67 89" }, ben);
      expect((await searchClients(handle.db, "zoe lef")).map((c) => c.name)).toEqual(["Zoé Lefèvre"]);
      expect((await searchClients(handle.db, "STROM")).map((c) => c.email)).toEqual(["RS@example.org"]);
      expect((await searchClients(handle.db, "example.")).length).toBe(2);
      expect(await searchClients(handle.db, "100%_")).toEqual([]);
      expect((await searchClients(handle.db, undefined)).length).toBe(2);
    });
  });

  describe("pricing the items", () => {
    it("applies the rule for the product and destination; the client price starts at the marked-up price; the total spans the choices", async () => {
      const p = await newDraft();
      expect(p).toMatchObject({ state: "draft", total: null, items: [], groups: [], client: { name: "Zoé Lefèvre" }, advisor: { id: ana.id } });
      expect(p.reference).toMatch(/^PR-[2-9A-HJKMNP-Z]{6}$/);
      const one = await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      const g = one.groups[0]!;
      const two = await addItem(handle.db, ana, p.id, item(20_000, { title: "Hotel Casa Fuster" }, "EUR", g.id), ctx, NOW);
      const three = await addItem(handle.db, ana, p.id, item(30_000, { productType: "flight", title: "Paris → Barcelona", country: "ES" }), ctx, NOW);
      expect(three.items.map((i) => [i.snapshot.title, i.cost.amountMinor, i.markupPrice.amountMinor, i.clientPrice.amountMinor, i.position])).toEqual([
        ["Hotel Arts Barcelona", 10_000, 11_500, 11_500, 0],
        ["Hotel Casa Fuster", 20_000, 23_000, 23_000, 1],
        ["Paris → Barcelona", 30_000, 33_000, 33_000, 2],
      ]);
      expect(three.groups.map((x) => [x.kind, x.label, x.position])).toEqual([
        ["alternatives", "Choose a hotel", 0],
        ["part", "Flight", 1],
      ]);
      expect(two.total).toEqual({ fromMinor: 11_500, toMinor: 23_000, currency: "EUR" });
      expect(three.total).toEqual({ fromMinor: 44_500, toMinor: 56_000, currency: "EUR" });
      // A country rule for hotels in Japan beats the hotels' rule.
      const jp = await addItem(handle.db, ana, p.id, item(10_000, { country: "JP", title: "Park Hyatt Tokyo" }), ctx, NOW);
      expect(jp.items.at(-1)!.clientPrice.amountMinor).toBe(12_000);
    });

    it("rounds up as the agency says, in currencies of 0 and 3 decimals (JPY, KWD)", async () => {
      await savePricing(handle.db, pricing({ rounding: "ninety_nine" }), "EUR", ada.id);
      try {
        const jpy = await newDraft();
        const a = await addItem(handle.db, ana, jpy.id, item(12_345, {}, "JPY"), ctx, NOW);
        // 12,345 + 15 % = 14,196.75 → 14,197 (half up) → next price ending in 99: 14,199.
        expect(a.items[0]!.clientPrice).toEqual({ amountMinor: 14_199, currency: "JPY" });
        const kwd = await newDraft();
        const b = await addItem(handle.db, ana, kwd.id, item(12_345, {}, "KWD"), ctx, NOW);
        // 12.345 KWD + 15 % = 14.19675 → 14.197 → 14.990.
        expect(b.items[0]!.clientPrice).toEqual({ amountMinor: 14_990, currency: "KWD" });
        await savePricing(handle.db, pricing({ rounding: "whole" }), "EUR", ada.id);
        const c = await addItem(handle.db, ana, kwd.id, item(12_345, { title: "Second" }), { agencyCurrency: "EUR" }, NOW).catch((e: BffError) => e.code);
        // One proposal, one currency.
        expect(c).toBe("proposal_currency");
        // Whole units: 1.001 KWD + 15 % = 1.15115 → 1.151 → 2.000; a yen is already whole (1,151.15 → 1,151).
        const d = await addItem(handle.db, ana, kwd.id, item(1_001, { title: "Second" }, "KWD"), ctx, NOW);
        expect(d.items[1]!.clientPrice.amountMinor).toBe(2_000);
        const e = await addItem(handle.db, ana, jpy.id, item(1_001, { title: "Second" }, "JPY"), ctx, NOW);
        expect(e.items[1]!.clientPrice.amountMinor).toBe(1_151);
        expect(e.total).toEqual({ fromMinor: 14_199 + 1_151, toMinor: 14_199 + 1_151, currency: "JPY" });
      } finally {
        await savePricing(handle.db, pricing(), "EUR", ada.id);
      }
    });

    it("an advisor's price stays within the admin's limits (10 % off, never below cost); null goes back to the markup", async () => {
      const p = await newDraft();
      const withItem = await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      const id = withItem.items[0]!.id;
      // 11,500 − 10 % = 10,350 is the floor.
      expect(await code(updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 10_349 }, ctx, NOW))).toBe("price_below_limit");
      const err = await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 1 }, ctx, NOW).catch((e: BffError) => e);
      expect(err).toMatchObject({ status: 400, code: "price_below_limit", details: [{ path: "clientPriceMinor", message: expect.stringContaining("€103.50") }] });
      const down = await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 10_350 }, ctx, NOW);
      expect(down.items[0]).toMatchObject({ clientPrice: { amountMinor: 10_350 }, markupPrice: { amountMinor: 11_500 }, overridden: true });
      const up = await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 99_900 }, ctx, NOW);
      expect(up.items[0]!.clientPrice.amountMinor).toBe(99_900);
      const back = await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: null }, ctx, NOW);
      expect(back.items[0]).toMatchObject({ clientPrice: { amountMinor: 11_500 }, overridden: false });
      // With 50 % off allowed, the cost is still the floor.
      await savePricing(handle.db, pricing({ maxDiscountBp: 5000 }), "EUR", ada.id);
      try {
        expect((await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 9_999 }, ctx, NOW).catch((e: BffError) => e)) as BffError).toMatchObject({
          code: "price_below_limit",
          message: expect.stringContaining("the agency's cost"),
        });
        expect((await updateItem(handle.db, ana, p.id, id, { clientPriceMinor: 10_000 }, ctx, NOW)).items[0]!.clientPrice.amountMinor).toBe(10_000);
      } finally {
        await savePricing(handle.db, pricing(), "EUR", ada.id);
      }
    });

    it("groups, moves and removes items; positions stay 0..n-1 with alternatives side by side", async () => {
      const p = await newDraft();
      let q = await addItem(handle.db, ana, p.id, item(100, { title: "A" }), ctx, NOW);
      q = await addItem(handle.db, ana, p.id, item(100, { productType: "flight", title: "F" }), ctx, NOW);
      q = await addItem(handle.db, ana, p.id, item(100, { title: "B" }, "EUR", q.groups[0]!.id), ctx, NOW);
      const order = () => q.items.map((i) => `${q.groups.findIndex((g) => g.id === i.groupId)}:${i.snapshot.title}:${i.position}`);
      expect(order()).toEqual(["0:A:0", "0:B:1", "1:F:2"]);
      // The flight first: its group moves before the hotels.
      const f = q.items.find((i) => i.snapshot.title === "F")!;
      q = await updateItem(handle.db, ana, p.id, f.id, { position: 0 }, ctx, NOW);
      expect(order()).toEqual(["0:F:0", "1:A:1", "1:B:2"]);
      // B before A within its group.
      q = await updateItem(handle.db, ana, p.id, q.items[2]!.id, { position: 1 }, ctx, NOW);
      expect(order()).toEqual(["0:F:0", "1:B:1", "1:A:2"]);
      // A in a group of its own, then back with B; then rename and reorder the groups.
      const a = q.items[2]!;
      q = await updateItem(handle.db, ana, p.id, a.id, { groupId: "new" }, ctx, NOW);
      expect(q.groups.map((g) => g.kind)).toEqual(["part", "part", "part"]);
      q = await updateItem(handle.db, ana, p.id, a.id, { groupId: q.groups[1]!.id }, ctx, NOW);
      expect(q.groups.map((g) => g.kind)).toEqual(["part", "alternatives"]);
      q = await updateProposal(handle.db, ana, p.id, { groups: [{ id: q.groups[1]!.id, label: "Your hotel", position: 0 }] }, NOW);
      expect(q.groups.map((g) => [g.label, g.position])).toEqual([["Your hotel", 0], ["Flight", 1]]);
      expect(order()).toEqual(["0:B:0", "0:A:1", "1:F:2"]);
      q = await removeItem(handle.db, ana, p.id, q.items[2]!.id, NOW);
      expect(order()).toEqual(["0:B:0", "0:A:1"]);
      expect(await code(removeItem(handle.db, ana, p.id, f.id, NOW))).toBe("item_not_found");
    });
  });

  describe("sharing, the client's page and the choice", () => {
    it("a new 256-bit token each time, kept only as its SHA-256; the previous link stops working", async () => {
      const p = await newDraft();
      expect(await code(shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, NOW))).toBe("proposal_empty");
      await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      const first = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test/" }, NOW);
      const token = first.url.split("/p/")[1]!;
      expect(first.url).toBe(`http://desk.test/p/${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(first.mail).toBeNull();
      expect(first.proposal).toMatchObject({ state: "sent", shared: { at: NOW.toISOString(), expiresAt: "2026-12-06T00:00:00.000Z", revoked: false } });
      const [row] = await handle.db.select().from(proposals).where(eq(proposals.id, p.id));
      expect(row!.tokenSha256).toBe(hashToken(token));
      // The token itself is nowhere in the database.
      const dump = JSON.stringify((await handle.db.execute(sql`select * from proposals`)).rows);
      expect(dump).not.toContain(token);
      expect((await readPublicProposal(handle.db, token, NOW)).kind).toBe("ok");

      const second = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, later(HOUR));
      const token2 = second.url.split("/p/")[1]!;
      expect(token2).not.toBe(token);
      expect((await readPublicProposal(handle.db, token, NOW)).kind).toBe("unknown");
      expect((await readPublicProposal(handle.db, token2, NOW)).kind).toBe("ok");
      expect((await readPublicProposal(handle.db, "not-a-token", NOW)).kind).toBe("unknown");
    });

    it("the client's view holds client prices only: no cost, markup, uuids, criteria or match", async () => {
      const p = await newDraft();
      const a = await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      await addItem(handle.db, ana, p.id, item(20_000, { title: "Hotel Casa Fuster", photoUrl: null }, "EUR", a.groups[0]!.id), ctx, NOW);
      const full = await addItem(handle.db, ana, p.id, item(30_000, { productType: "flight", title: "Paris → Barcelona", subtitle: undefined }), ctx, NOW);
      const { url } = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, NOW);
      const token = url.split("/p/")[1]!;
      const read = await readPublicProposal(handle.db, token, NOW);
      if (read.kind !== "ok") throw new Error(read.kind);
      const v = read.view;
      expect(v).toMatchObject({
        reference: p.reference,
        title: "Barcelona in December",
        validUntil: "2026-12-05",
        agency: { name: "Sunny Days Travel", phone: "+44 20 7946 0958", replyTo: "bookings@sunnydays.example", address: "12 Harbour Street", logoUrl: null },
        advisor: { name: "Ana Advisor", email: "ana@desk.test" },
        client: { name: "Zoé Lefèvre" },
        total: { fromMinor: 44_500, toMinor: 56_000, currency: "EUR" },
        choice: null,
      });
      expect(v.groups.map((g) => [g.key, g.kind, g.label, g.options.map((o) => [o.key, o.title, o.price.amountMinor])])).toEqual([
        ["g1", "alternatives", "Choose a hotel", [["g1o1", "Hotel Arts Barcelona", 11_500], ["g1o2", "Hotel Casa Fuster", 23_000]]],
        ["g2", "part", "Flight", [["g2o1", "Paris → Barcelona", 33_000]]],
      ]);
      const text = JSON.stringify(v);
      for (const secret of ["h_secret_123", "q_secret_456", "ES-BARCELONA", "criteria", "match", "cost", "markup", "10000", p.id, ...full.items.map((i) => i.id), ...full.groups.map((g) => g.id), clientId, ana.id]) {
        expect(text, secret).not.toContain(secret);
      }
    });

    it("expires at the end of the validity day (UTC), and the state says expired; moving the date moves the link's end", async () => {
      const p = await newDraft();
      await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      const { url } = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, NOW);
      const token = url.split("/p/")[1]!;
      const lastMinute = new Date("2026-12-05T23:59:59Z");
      const nextDay = new Date("2026-12-06T00:00:00Z");
      expect((await readPublicProposal(handle.db, token, lastMinute)).kind).toBe("ok");
      const gone = await readPublicProposal(handle.db, token, nextDay);
      expect(gone).toEqual({ kind: "gone", agency: expect.objectContaining({ name: "Sunny Days Travel" }), advisor: { name: "Ana Advisor", email: "ana@desk.test" } });
      expect((await readProposal(handle.db, ana, p.id, nextDay)).state).toBe("expired");
      expect(await recordView(handle.db, token, nextDay)).toBe(false);
      expect((await recordChoice(handle.db, token, { choice: ["g1o1"], message: "" }, nextDay)).kind).toBe("gone");
      // Past validity, sharing again needs a new date first.
      expect(await code(shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, nextDay))).toBe("proposal_past_validity");
      await updateProposal(handle.db, ana, p.id, { validUntil: "2026-12-08" }, nextDay);
      expect((await readPublicProposal(handle.db, token, nextDay)).kind).toBe("ok");
      expect(await code(updateProposal(handle.db, ana, p.id, { validUntil: "2026-11-30" }, NOW))).toBe("validation_error");
    });

    it("views are counted; the choice is recorded, changed (latest wins) and refused once booked", async () => {
      const p = await newDraft();
      const a = await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      await addItem(handle.db, ana, p.id, item(20_000, { title: "Hotel Casa Fuster" }, "EUR", a.groups[0]!.id), ctx, NOW);
      await addItem(handle.db, ana, p.id, item(30_000, { productType: "flight", title: "Paris → Barcelona" }), ctx, NOW);
      const { url } = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, NOW);
      const token = url.split("/p/")[1]!;
      expect(await recordView(handle.db, token, later(HOUR))).toBe(true);
      expect(await recordView(handle.db, token, later(2 * HOUR))).toBe(true);
      let seen = await readProposal(handle.db, ana, p.id, later(3 * HOUR));
      expect(seen).toMatchObject({ state: "viewed", views: { count: 2, lastAt: later(2 * HOUR).toISOString() } });

      expect(await recordChoice(handle.db, token, { choice: ["g1o1", "g1o2"], message: "" }, NOW)).toEqual({ kind: "invalid", message: "Choose one option of each group." });
      expect((await recordChoice(handle.db, token, { choice: ["g3o1"], message: "" }, NOW)).kind).toBe("invalid");
      expect((await recordChoice(handle.db, "x".repeat(43), { choice: ["g1o1"], message: "" }, NOW)).kind).toBe("unknown");
      const first = await recordChoice(handle.db, token, { choice: ["g1o1", "g2o1"], message: "The first one!" }, later(3 * HOUR));
      expect(first).toMatchObject({ kind: "ok", notice: { reference: p.reference, clientName: "Zoé Lefèvre", chosen: ["Hotel Arts Barcelona", "Paris → Barcelona"], advisor: { email: "ana@desk.test" } } });
      const second = await recordChoice(handle.db, token, { choice: ["g1o2"], message: "Actually the second hotel, please." }, later(4 * HOUR));
      expect(second.kind).toBe("ok");
      seen = await readProposal(handle.db, ana, p.id, later(5 * HOUR));
      const fuster = seen.items.find((i) => i.snapshot.title === "Hotel Casa Fuster")!;
      expect(seen).toMatchObject({ state: "chosen", choice: { at: later(4 * HOUR).toISOString(), message: "Actually the second hotel, please.", itemIds: [fuster.id] } });
      const pub = await readPublicProposal(handle.db, token, later(5 * HOUR));
      expect(pub.kind === "ok" && pub.view.choice).toEqual({ at: later(4 * HOUR).toISOString(), message: "Actually the second hotel, please.", keys: ["g1o2"] });

      // Needs attention: chosen and not booked, for its advisor (and everyone's for an admin's view).
      const chosen = await listChosenProposals(handle.db, { userId: ana.id }, later(5 * HOUR));
      expect(chosen.map((c) => [c.reference, c.chosenTitles])).toContainEqual([p.reference, ["Hotel Casa Fuster"]]);
      expect((await listChosenProposals(handle.db, { userId: ben.id }, later(5 * HOUR))).map((c) => c.reference)).not.toContain(p.reference);

      // Booked from the chosen item: the same booking again is harmless, another for the same item is refused.
      const booked = await recordProposalBooking(handle.db, ana, p.id, { itemId: fuster.id, bookingId: "bk_1", orderRef: "ORD-1" }, later(6 * HOUR));
      expect(booked).toMatchObject({ state: "booked", bookings: [{ itemId: fuster.id, bookingId: "bk_1", orderRef: "ORD-1" }] });
      expect((await recordProposalBooking(handle.db, ana, p.id, { itemId: fuster.id, bookingId: "bk_1", orderRef: "ORD-1" }, later(6 * HOUR))).bookings).toHaveLength(1);
      expect(await code(recordProposalBooking(handle.db, ana, p.id, { itemId: fuster.id, bookingId: "bk_2", orderRef: "ORD-2" }, later(6 * HOUR)))).toBe("item_already_booked");
      expect((await recordChoice(handle.db, token, { choice: ["g1o1"], message: "" }, later(7 * HOUR))).kind).toBe("booked");
      expect(await code(addItem(handle.db, ana, p.id, item(1), ctx, later(7 * HOUR)))).toBe("proposal_booked");
      expect((await listChosenProposals(handle.db, {}, later(7 * HOUR))).map((c) => c.reference)).not.toContain(p.reference);
    });

    it("withdrawn: the link is gone at once, the proposal cannot change, and withdrawing again is harmless", async () => {
      const p = await newDraft();
      await addItem(handle.db, ana, p.id, item(10_000), ctx, NOW);
      const { url } = await shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, NOW);
      const token = url.split("/p/")[1]!;
      const w = await withdrawProposal(handle.db, ana, p.id, later(HOUR));
      expect(w).toMatchObject({ state: "withdrawn", shared: { revoked: true } });
      expect((await readPublicProposal(handle.db, token, later(HOUR))).kind).toBe("gone");
      expect((await withdrawProposal(handle.db, ana, p.id, later(2 * HOUR))).state).toBe("withdrawn");
      expect(await code(updateProposal(handle.db, ana, p.id, { title: "New" }, later(HOUR)))).toBe("proposal_withdrawn");
      expect(await code(shareProposal(handle.db, ana, p.id, { send: false }, { origin: "http://desk.test" }, later(HOUR)))).toBe("proposal_withdrawn");
    });

    it("mails the link to the client from the agency's name, with its contact and no prices", async () => {
      const p = await newDraft();
      await addItem(handle.db, ana, p.id, item(12_345), ctx, NOW);
      smtp.clear();
      const shared = await shareProposal(handle.db, ana, p.id, { send: true }, { origin: "http://desk.test", mail: { config: smtpConfig } }, NOW);
      expect(shared.mail).toEqual({ status: "sent", error: null });
      const mail = await smtp.next();
      expect(mail.envelope.to).toEqual(["zoe@example.com"]);
      expect(mail.parsed.from?.value).toEqual([{ name: "Sunny Days Travel", address: FROM }]);
      expect(mail.parsed.replyTo?.value[0]?.address).toBe("bookings@sunnydays.example");
      expect(mail.parsed.subject).toBe("Sunny Days Travel: Barcelona in December");
      expect(mail.parsed.text).toContain(shared.url);
      expect(mail.parsed.text).toContain("+44 20 7946 0958");
      expect(mail.parsed.text).toContain("Sat, 5 Dec 2026");
      expect(mail.parsed.html).toContain(`href="${shared.url}"`);
      expect(mail.raw).not.toMatch(/123[.,]?45|141[.,]?97|€/);
      // Without SMTP it is kept in the outbox, and the answer says so.
      const kept = await shareProposal(handle.db, ana, p.id, { send: true }, { origin: "http://desk.test", mail: { config: { transport: "outbox", fromAddress: FROM } } }, NOW);
      expect(kept.mail).toEqual({ status: "kept", error: null });
      const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.reference, p.reference));
      expect(rows.map((r) => [r.kind, r.status, r.sentBy])).toEqual(expect.arrayContaining([["proposal", "sent", ana.id], ["proposal", "kept", ana.id]]));
    });
  });

  describe("who sees what", () => {
    it("an advisor sees and changes only their own; an admin sees and changes all", async () => {
      const mine = await newDraft(ana, "Ana's trip");
      const bens = await newDraft(ben, "Ben's trip");
      expect(await code(readProposal(handle.db, ben, mine.id, NOW))).toBe("proposal_not_found");
      expect(await code(updateProposal(handle.db, ben, mine.id, { title: "Mine now" }, NOW))).toBe("proposal_not_found");
      expect(await code(addItem(handle.db, ben, mine.id, item(1), ctx, NOW))).toBe("proposal_not_found");
      expect(await code(withdrawProposal(handle.db, ben, mine.id, NOW))).toBe("proposal_not_found");
      expect(await code(shareProposal(handle.db, ben, mine.id, { send: false }, { origin: "http://desk.test" }, NOW))).toBe("proposal_not_found");
      expect(await code(readProposal(handle.db, ana, "not-a-uuid", NOW))).toBe("proposal_not_found");
      expect((await readProposal(handle.db, ada, mine.id, NOW)).title).toBe("Ana's trip");
      expect((await updateProposal(handle.db, ada, bens.id, { note: "Checked by Ada" }, NOW)).note).toBe("Checked by Ada");

      const anaList = await listProposals(handle.db, ana, {}, NOW);
      expect(anaList.rows.every((r) => r.advisor.id === ana.id)).toBe(true);
      expect(anaList.rows.map((r) => r.title)).toContain("Ana's trip");
      expect(anaList.rows.map((r) => r.title)).not.toContain("Ben's trip");
      const all = await listProposals(handle.db, ada, {}, NOW);
      expect(all.rows.map((r) => r.title)).toEqual(expect.arrayContaining(["Ana's trip", "Ben's trip"]));
      expect((await listProposals(handle.db, ada, { mine: true }, NOW)).total).toBe(0);
      // Filters: state, a client's name without its accents, a reference.
      expect((await listProposals(handle.db, ada, { state: "withdrawn" }, NOW)).rows.every((r) => r.state === "withdrawn")).toBe(true);
      expect((await listProposals(handle.db, ana, { q: "LEFEVRE" }, NOW)).total).toBe(anaList.total);
      expect((await listProposals(handle.db, ada, { q: bens.reference.toLowerCase() }, NOW)).rows.map((r) => r.id)).toEqual([bens.id]);
      const page2 = await listProposals(handle.db, ana, { page: 2, pageSize: 2 }, NOW);
      expect(page2.rows).toHaveLength(2);
      expect(page2.total).toBe(anaList.total);
    });
  });

  describe("the total through the store (property)", () => {
    it("holds for proposals built through the store, with the agency's markup applied to every item", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.record({ cost: fc.integer({ min: 1, max: 5_000_000 }), join: fc.boolean() }), { minLength: 1, maxLength: 6 }), async (adds) => {
          const fresh = await newDraft(ana, "Property run");
          let q = fresh;
          for (const a of adds) {
            const group = a.join && q.groups.length > 0 ? q.groups.at(-1)!.id : undefined;
            q = await addItem(handle.db, ana, fresh.id, item(a.cost, { title: `Cost ${a.cost}` }, "EUR", group), ctx, NOW);
          }
          for (const i of q.items) expect(i.clientPrice.amountMinor).toBe(i.cost.amountMinor + Math.floor((i.cost.amountMinor * 1500 + 5000) / 10_000));
          const min = q.groups.reduce((s, g) => s + Math.min(...q.items.filter((i) => i.groupId === g.id).map((i) => i.clientPrice.amountMinor)), 0);
          const max = q.groups.reduce((s, g) => s + Math.max(...q.items.filter((i) => i.groupId === g.id).map((i) => i.clientPrice.amountMinor)), 0);
          expect(q.total).toEqual({ fromMinor: min, toMinor: max, currency: "EUR" });
        }),
        { numRuns: 15 },
      );
    });
  });
});

describe("the total (property)", () => {
  it("is the sum of each group's cheapest and dearest client prices", () => {
    const priced = fc.array(fc.record({ group: fc.integer({ min: 0, max: 5 }), clientMinor: fc.integer({ min: 0, max: 10_000_000_000 }) }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(priced, (rows) => {
        const items = rows.map((r) => ({ groupId: `g${r.group}`, clientMinor: r.clientMinor, currency: "EUR" }));
        const total = proposalTotal(items)!;
        const groups = [...new Set(items.map((i) => i.groupId))].map((g) => items.filter((i) => i.groupId === g).map((i) => i.clientMinor));
        expect(total.fromMinor).toBe(groups.reduce((s, g) => s + Math.min(...g), 0));
        expect(total.toMinor).toBe(groups.reduce((s, g) => s + Math.max(...g), 0));
        expect(total.fromMinor).toBeLessThanOrEqual(total.toMinor);
        expect(Number.isSafeInteger(total.toMinor)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
