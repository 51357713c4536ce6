import { describe, expect, it } from "vitest";
import type { HotelRow } from "@/components/results/types";
import { londonSheet, parisSheet } from "./__fixtures__";
import { groupRates } from "./rate-groups";

const base = londonSheet.rows[0]!;

/** A row like the fixture's first, with the fields a test is about. */
function row(id: string, over: { product?: string; key?: string | null; label?: string | null; room?: string | null; price: number; refundable?: boolean }): HotelRow {
  return {
    ...base,
    _id: id,
    rateQuoteId: `qt_${id}`,
    canonicalProductId: over.product ?? base.canonicalProductId,
    sellAmountMinor: over.price,
    refundable: over.refundable ?? false,
    summary: {
      ...base.summary,
      roomGroupKey: over.key === undefined ? "rg_a" : over.key,
      roomGroupLabel: over.label === undefined ? "Double room" : over.label,
      roomName: over.room === undefined ? "Standard Double" : over.room,
    },
  };
}

describe("groupRates", () => {
  it("groups the real London rate sheet into its room groups, cheapest room first and rates by price", () => {
    const groups = groupRates(londonSheet.rows);
    expect(groups.map((g) => g.label)).toEqual(["Twin room", "Superior room", "Deluxe room", "Family room"]);
    expect(groups.reduce((n, g) => n + g.rates.length, 0)).toBe(londonSheet.rows.length);
    for (const g of groups) {
      const prices = g.rates.map((r) => r.sellAmountMinor);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(g.rates.map((r) => r.summary.roomGroupKey)).size).toBe(1);
      expect(g.cheapest).toBe(g.rates[0]);
    }
    const cheapest = groups.map((g) => g.cheapest.sellAmountMinor);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    // One group can hold several room names (the sandbox's deluxe group has two).
    expect(groups.find((g) => g.label === "Deluxe room")!.roomNames).toEqual(["Deluxe Room, Balcony", "Deluxe Double"]);
  });

  it("groups only when both canonicalProductId and roomGroupKey match", () => {
    const groups = groupRates([
      row("a", { product: "htl_1", key: "rg_x", price: 100 }),
      row("b", { product: "htl_2", key: "rg_x", price: 110 }),
      row("c", { product: "htl_1", key: "rg_x", price: 120 }),
      row("d", { product: "htl_1", key: "rg_y", price: 130 }),
    ]);
    expect(groups.map((g) => g.rates.map((r) => r._id))).toEqual([["a", "c"], ["b"], ["d"]]);
    expect(groups.map((g) => g.canonicalProductId)).toEqual(["htl_1", "htl_2", "htl_1"]);
  });

  it("makes a row without a roomGroupKey a room of its own, keyed by its _id", () => {
    const groups = groupRates([
      row("a", { key: null, label: null, room: "Attic room", price: 200 }),
      row("b", { key: null, label: null, room: "Attic room", price: 150 }),
      row("c", { key: "rg_a", price: 175 }),
    ]);
    expect(groups.map((g) => g.rates.map((r) => r._id))).toEqual([["b"], ["c"], ["a"]]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
    expect(groups[0]!.key).toContain('"b"');
    expect(groups[0]!.label).toBe("Attic room");
  });

  it("heads a group with roomGroupLabel, else the room name, else 'Room'", () => {
    expect(groupRates([row("a", { key: "k1", label: "Suite", room: "Junior Suite", price: 1 })])[0]!.label).toBe("Suite");
    expect(groupRates([row("a", { key: "k1", label: null, room: "Junior Suite", price: 1 })])[0]!.label).toBe("Junior Suite");
    expect(groupRates([row("a", { key: "k1", label: null, room: null, price: 1 })])[0]!.label).toBe("Room");
    // A later row's label serves when the cheapest has none.
    const mixed = groupRates([row("a", { key: "k1", label: null, price: 1 }), row("b", { key: "k1", label: "Double room", price: 2 })]);
    expect(mixed[0]!.label).toBe("Double room");
  });

  it("breaks price ties: refundable first, then the order the service sent", () => {
    const [g] = groupRates([
      row("nr1", { price: 100, refundable: false }),
      row("r1", { price: 100, refundable: true }),
      row("nr2", { price: 100, refundable: false }),
      row("cheaper", { price: 90, refundable: false }),
    ]);
    expect(g!.rates.map((r) => r._id)).toEqual(["cheaper", "r1", "nr1", "nr2"]);

    const groups = groupRates([
      row("x", { key: "k2", price: 100 }),
      row("y", { key: "k1", price: 100 }),
      row("z", { key: "k3", price: 100, refundable: true }),
    ]);
    expect(groups.map((x) => x.rates[0]!._id)).toEqual(["z", "x", "y"]);
  });

  it("keeps keys of distinct pairs distinct even when joined strings would collide", () => {
    const groups = groupRates([row("a", { product: "p|q", key: "r", price: 1 }), row("b", { product: "p", key: "q|r", price: 2 })]);
    expect(groups).toHaveLength(2);
  });

  it("returns nothing for an empty sheet", () => {
    expect(groupRates([])).toEqual([]);
  });
});


describe("groupRates on a commissionable sheet", () => {
  it("keeps every rate, each group one product and room key, cheapest group first", () => {
    const groups = groupRates(parisSheet.rows);
    expect(groups.flatMap((g) => g.rates)).toHaveLength(parisSheet.rows.length);
    for (const g of groups) {
      expect(new Set(g.rates.map((r) => `${r.canonicalProductId}|${r.summary.roomGroupKey ?? r._id}`)).size).toBe(1);
    }
    const cheapest = groups.map((g) => Math.min(...g.rates.map((r) => r.sellAmountMinor)));
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
  });
});
