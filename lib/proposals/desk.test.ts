import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attentionCount, attentionView, chosenProposalsFor } from "@/lib/bff/attention";
import { landingPath } from "@/lib/bff/landing";
import { agencyOverview } from "@/lib/bff/overview";
import { overviewSchema } from "@/lib/bookings/overview";
import { bookingPageSchema } from "@/lib/bookings/schemas";
import { openDb, type DbHandle } from "@/lib/db";
import { proposalBookings, users } from "@/lib/db/schema";
import { chosenProposal } from "@/lib/testing/proposals";
import { countChosenProposals, proposalOfBooking, recordProposalBooking, withdrawProposal, type Actor } from "./store";

// Proposals as the rest of the desk reads them (issue 29), on PGlite: the booking page's "From
// proposal" card, the overview's margin per advisor, and the Needs attention count.

let handle: DbHandle;
let ana: Actor;
let ben: Actor;
let ada: Actor;

beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
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
});
afterAll(() => handle.close());

const DAY_MS = 86_400_000;
const booked = async (who: Actor, p: { id: string; itemId: string }, bookingId: string, at: Date) =>
  recordProposalBooking(handle.db, who, p.id, { itemId: p.itemId, bookingId, orderRef: `RV-${bookingId}` }, at);

describe("the booking page: a booking made from a proposal", () => {
  it("names the proposal and the prices it was booked at, with the margin; any other booking has none", async () => {
    const at = new Date("2026-06-01T10:00:00Z");
    const p = await chosenProposal(handle.db, ana, { costMinor: 100_000, clientMinor: 123_450, now: at });
    // An admin books it for the advisor: the booking still says where it came from.
    await booked(ada, p, "bk_from_proposal", at);
    const origin = await proposalOfBooking(handle.db, "bk_from_proposal");
    expect(origin).toEqual({ id: p.id, reference: p.reference, title: "Barcelona in December", currency: "USD", clientMinor: 123_450, costMinor: 100_000, marginMinor: 23_450 });
    expect(await proposalOfBooking(handle.db, "bk_elsewhere")).toBeNull();
    // What GET /api/bookings/:id adds to the service's detail reaches the page through its schema.
    expect(bookingPageSchema.shape.proposal.parse(origin)).toEqual(origin);
    expect(bookingPageSchema.shape.proposal.parse(undefined)).toBeNull();
  });
});

describe("the overview: margin per advisor", () => {
  it("sums the period's bookings from proposals per advisor who booked, in the agency's currency, from what was recorded", async () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
    const make = async (who: Actor, cost: number, client: number, at: Date, id: string, currency = "USD") =>
      booked(who, await chosenProposal(handle.db, who, { costMinor: cost, clientMinor: client, currency, now: at }), id, at);
    await make(ana, 100_000, 115_000, daysAgo(1), "bk_m1");
    await make(ana, 50_000, 60_000, daysAgo(29), "bk_m2");
    await make(ben, 20_000, 21_000, daysAgo(3), "bk_m3");
    await make(ben, 40_000, 50_000, daysAgo(3), "bk_m4", "EUR");
    // Before the 30 days (and the first test's booking, in June): not in the period.
    await make(ana, 10_000, 90_000, daysAgo(31), "bk_m5");

    const o = await agencyOverview(handle.db, { range: 30, now, currency: "USD", creditLimitMinor: null });
    expect(o.proposals).toEqual({
      totals: { bookings: 3, clientMinor: 196_000, costMinor: 170_000, marginMinor: 26_000, marginBp: 1327 },
      byAdvisor: [
        { id: ana.id, name: "Ana Advisor", bookings: 2, clientMinor: 175_000, costMinor: 150_000, marginMinor: 25_000, marginBp: 1429 },
        { id: ben.id, name: "Ben Advisor", bookings: 1, clientMinor: 21_000, costMinor: 20_000, marginMinor: 1_000, marginBp: 476 },
      ],
      otherCurrency: 1,
      notSold: 0,
    });
    expect(overviewSchema.parse(o)).toEqual(o);
    // The last 7 days: Ana's older booking drops out.
    const week = await agencyOverview(handle.db, { range: 7, now, currency: "USD", creditLimitMinor: null });
    expect(week.proposals.byAdvisor.map((a) => [a.name, a.bookings])).toEqual([["Ana Advisor", 1], ["Ben Advisor", 1]]);
    // A booking whose advisor's account is gone (booked_by set null) is still counted, under no one.
    await handle.db.update(proposalBookings).set({ bookedBy: null }).where(eq(proposalBookings.bookingId, "bk_m3"));
    const gone = await agencyOverview(handle.db, { range: 30, now, currency: "USD", creditLimitMinor: null });
    expect(gone.proposals.byAdvisor.find((a) => a.id === null)).toMatchObject({ name: "A former user", bookings: 1, marginMinor: 1_000 });
    expect(gone.proposals.totals).toEqual(o.proposals.totals);
  });
});

describe("Needs attention's count", () => {
  it("adds the proposals chosen and not booked, as the person sees them listed: an advisor's own, everyone's for an admin", async () => {
    const now = new Date("2026-12-02T10:00:00Z");
    const before = { ana: await countChosenProposals(handle.db, { userId: ana.id }), all: await countChosenProposals(handle.db) };
    const count = (who: Actor) => attentionCount(handle.db, now, { proposals: chosenProposalsFor(who) });
    expect(before).toEqual({ ana: 0, all: 0 });
    expect(await landingPath(handle.db, ana, now)).toBe("/search");

    const first = await chosenProposal(handle.db, ana, { now });
    const second = await chosenProposal(handle.db, ana, { now });
    await chosenProposal(handle.db, ben, { now });
    expect([await count(ana), await count(ben), await count(ada)]).toEqual([2, 1, 3]);
    // The bookings alone, as before proposals: none need attention in this database.
    expect(await attentionCount(handle.db, now)).toBe(0);
    // The same as the list of GET /api/attention shows each of them.
    for (const who of [ana, ben, ada]) {
      const view = await attentionView(handle.db, now, { proposals: chosenProposalsFor(who) });
      expect(await count(who)).toBe(view.total + view.proposals.length);
    }
    // An admin's own (mine=1): none chosen.
    expect(await attentionCount(handle.db, now, { proposals: chosenProposalsFor(ada, true) })).toBe(0);
    expect(await landingPath(handle.db, ana, now)).toBe("/attention");

    // Booked or withdrawn: no longer waiting.
    await booked(ana, first, "bk_chosen_1", now);
    await withdrawProposal(handle.db, ana, second.id, now);
    expect([await count(ana), await count(ben), await count(ada)]).toEqual([0, 1, 1]);
  });
});
