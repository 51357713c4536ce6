import { describe, expect, it } from "vitest";
import { z } from "zod";
import rows from "@/components/results/__fixtures__/sandbox-rows.json";
import { snapshotOf } from "@/components/proposals/snapshot";
import { parseCriteria } from "@/lib/search/criteria";
import { activityRowSchema, flightRowSchema, hotelRowSchema, transferRowSchema } from "@/lib/tds/contract/schemas";
import type { ResultRow } from "@/lib/tds/contract/types";
import type { ItemSnapshot } from "./model";
import { ALTERNATIVES_MAX, findOffer, isSameOffer } from "./offer-match";

// Recognising a proposal's offer in a new search by what stays the same across searches (never
// quote IDs, row IDs or a hotel's roomGroupKey), from real sandbox rows.

const hotels = z.array(hotelRowSchema).parse(rows.hotelRows);
const flights = z.array(flightRowSchema).parse(rows.flightRows);
const activities = z.array(activityRowSchema).parse(rows.activityRows);
const transfers = z.array(transferRowSchema).parse(rows.transferRows);
const crit = (q: string) => parseCriteria(new URLSearchParams(q))!;
const hotelCriteria = crit("type=hotel&to=city:2643743|London|GB&in=2026-12-10&out=2026-12-13&pax=2-8&res=GB");

/** The same offer as another search hands it out: new IDs, a new room group key, another rank. */
const reissued = <R extends ResultRow>(row: R, n = 2): R => ({
  ...row,
  _id: `${row._id}-again${n}`,
  rateQuoteId: `${row.rateQuoteId}-again${n}`,
  rank: row.rank + 7,
  summary: { ...row.summary, ...("roomGroupKey" in row.summary ? { roomGroupKey: `rg-new-${n}` } : {}) },
});
const proposed = (row: ResultRow) => ({ amountMinor: row.sellAmountMinor, currency: row.sellCurrency });

const snap = {
  hotel: (row = hotels[0]!) => snapshotOf({ kind: "hotel", row, criteria: hotelCriteria, hotelName: null }).snapshot as ItemSnapshot,
  flight: (row = flights[0]!) =>
    snapshotOf({ kind: "flight", row, criteria: crit("type=flight&trip=return&from=airport:LHR|London Heathrow|GB&to=airport:JFK|New York JFK|US&in=2027-01-10&out=2027-01-17&pax=1") })
      .snapshot as ItemSnapshot,
  activity: (row = activities[0]!) => snapshotOf({ kind: "activity", row, criteria: null }).snapshot as ItemSnapshot,
  transfer: (row = transfers[0]!) => snapshotOf({ kind: "transfer", row, criteria: null }).snapshot as ItemSnapshot,
};

describe("isSameOffer", () => {
  it.each([
    ["hotel", snap.hotel(), hotels[0]!],
    ["flight", snap.flight(), flights[0]!],
    ["activity", snap.activity(), activities[0]!],
    ["transfer", snap.transfer(), transfers[0]!],
  ] as const)("%s: the same offer from another search, whatever its IDs and room group key", (_kind, snapshot, row) => {
    expect(isSameOffer(snapshot, reissued(row))).toBe(true);
  });

  it("a hotel: another room, board, refundability or hotel is not the same", () => {
    const row = hotels[0]!;
    const s = snap.hotel(row);
    expect(isSameOffer(s, reissued({ ...row, summary: { ...row.summary, roomName: "Another room" } }))).toBe(false);
    expect(isSameOffer(s, reissued({ ...row, summary: { ...row.summary, boardBasis: "all_inclusive_other" } }))).toBe(false);
    expect(isSameOffer(s, reissued({ ...row, refundable: !row.refundable }))).toBe(false);
    expect(isSameOffer(s, reissued({ ...row, canonicalProductId: "hotel-elsewhere" }))).toBe(false);
    // Case and accents do not make another room.
    expect(isSameOffer(s, reissued({ ...row, summary: { ...row.summary, roomName: row.summary.roomName!.toUpperCase() } }))).toBe(true);
  });

  it("a flight: another departure time or flight number is not the same", () => {
    const row = flights[0]!;
    const s = snap.flight(row);
    const slices = row.summary.slices as Array<{ segments: Array<Record<string, unknown>> }>;
    const moved = structuredClone(slices);
    moved[0]!.segments[0]!.departAt = "2027-01-10T07:25";
    expect(isSameOffer(s, reissued({ ...row, summary: { ...row.summary, slices: moved } }))).toBe(false);
    const renumbered = structuredClone(slices);
    renumbered[0]!.segments[0]!.flightNumber = "C59999";
    expect(isSameOffer(s, reissued({ ...row, summary: { ...row.summary, slices: renumbered } }))).toBe(false);
  });

  it("an activity: another session or modality is not the same; a transfer: another pickup time or vehicle", () => {
    const a = activities[0]!;
    expect(isSameOffer(snap.activity(a), reissued({ ...a, summary: { ...a.summary, sessionStartTime: "15:00" } }))).toBe(false);
    expect(isSameOffer(snap.activity(a), reissued({ ...a, summary: { ...a.summary, modality: "Private tour" } }))).toBe(false);
    const t = transfers[0]!;
    expect(isSameOffer(snap.transfer(t), reissued({ ...t, summary: { ...t.summary, pickupAt: "2027-01-10T16:00" } }))).toBe(false);
    expect(isSameOffer(snap.transfer(t), reissued({ ...t, summary: { ...t.summary, vehicle: "Minivan" } }))).toBe(false);
  });
});

describe("findOffer", () => {
  it("the same offer at its new price, the proposed source and the nearest price first when several rows are it", () => {
    const row = hotels[0]!;
    const dearer = { ...reissued(row, 3), sellAmountMinor: row.sellAmountMinor + 5_000 };
    const same = { ...reissued(row, 4), sellAmountMinor: row.sellAmountMinor + 100 };
    const others = hotels.slice(1).map((r) => reissued(r, 5));
    expect(findOffer(snap.hotel(row), [dearer, ...others, same], proposed(row))).toEqual({ same, alternatives: [] });
  });

  it("gone: up to three others, the same hotel with the same board and refundability first, one per room", () => {
    const row = hotels[0]!;
    const s = { ...snap.hotel(row), match: { ...snap.hotel(row).match, roomName: "The Imaginary Suite", roomGroupLabel: null } };
    const sameHotel = [
      { ...reissued(row, 6), summary: { ...row.summary, roomName: "Room A" }, sellAmountMinor: row.sellAmountMinor + 900 },
      { ...reissued(row, 7), summary: { ...row.summary, roomName: "Room A" }, sellAmountMinor: row.sellAmountMinor + 1_000 },
      { ...reissued(row, 8), summary: { ...row.summary, roomName: "Room B" }, sellAmountMinor: row.sellAmountMinor * 3 },
    ];
    const elsewhere = hotels.filter((h) => h.canonicalProductId !== row.canonicalProductId).map((r, i) => reissued(r, 20 + i));
    const found = findOffer(s, [...elsewhere, ...sameHotel], proposed(row));
    expect(found.same).toBeNull();
    expect(found.alternatives.length).toBeLessThanOrEqual(ALTERNATIVES_MAX);
    expect(found.alternatives.slice(0, 2)).toEqual([sameHotel[0], sameHotel[2]]);
  });

  it("rows in another currency are never the same offer nor an alternative", () => {
    const row = hotels[0]!;
    expect(findOffer(snap.hotel(row), [{ ...reissued(row), sellCurrency: "EUR" }], proposed(row))).toEqual({ same: null, alternatives: [] });
  });
});
