import { describe, expect, it } from "vitest";
import { z } from "zod";
import rows from "@/components/results/__fixtures__/sandbox-rows.json";
import { addItemSchema } from "@/lib/proposals/model";
import { parseCriteria } from "@/lib/search/criteria";
import { activityRowSchema, flightRowSchema, hotelRowSchema, transferRowSchema } from "@/lib/tds/contract/schemas";
import { snapshotOf, travellersOf } from "./snapshot";

// Items' snapshots from real sandbox rows: what the client reads later (words, no cost), what the
// desk needs to find the offer again, and a body POST /api/proposals/[id]/items accepts.

const hotel = z.array(hotelRowSchema).parse(rows.hotelRows)[0]!;
const flight = z.array(flightRowSchema).parse(rows.flightRows)[0]!;
const activity = z.array(activityRowSchema).parse(rows.activityRows)[0]!;
const transfer = z.array(transferRowSchema).parse(rows.transferRows)[0]!;
const crit = (q: string) => parseCriteria(new URLSearchParams(q))!;

/** No amount of money in what the client will read. */
function expectNoMoney(body: { snapshot: { details: string[]; cancellation: string; title: string; subtitle?: string } }) {
  const words = [body.snapshot.title, body.snapshot.subtitle ?? "", body.snapshot.cancellation, ...body.snapshot.details].join("\n");
  expect(words).not.toMatch(/[$€£]|\d+\.\d{2}\b|USD|EUR/);
}

describe("snapshotOf", () => {
  it("a hotel rate: name, room and board, the stay, the party with ages, terms in words, the hotel's identity", () => {
    const criteria = crit("type=hotel&to=city:2643743|London|GB&in=2026-12-10&out=2026-12-13&pax=2-8&res=GB");
    const body = snapshotOf({ kind: "hotel", row: hotel, criteria, hotelName: null, photoUrl: "http://insecure.example/x.jpg" });
    expect(addItemSchema.safeParse(body).success).toBe(true);
    expect(body.cost).toEqual({ amountMinor: hotel.sellAmountMinor, currency: hotel.sellCurrency });
    expect(body.snapshot).toMatchObject({
      productType: "hotel",
      title: "Riverside Hostel London",
      subtitle: "Twin Room, Courtyard View · Room only",
      photoUrl: null,
      startsOn: "2026-12-10",
      endsOn: "2026-12-13",
      travellers: "2 adults, 1 child (8)",
      refundable: false,
      country: "GB",
      cancellation: "Non-refundable: cancelling costs the full price.",
      match: { productType: "hotel", hotelId: hotel.canonicalProductId, roomGroupKey: "rg_7e7e51aa", boardBasis: "room_only", refundable: false },
    });
    expect(body.snapshot.details).toContain("3 nights, 1 room");
    expect(body.snapshot.details).toContain("Local taxes are paid at the hotel and are not in the price");
    expect(body.snapshot.criteria).toMatchObject({ productType: "hotel", checkIn: "2026-12-10", checkOut: "2026-12-13" });
    expectNoMoney(body);
  });

  it("a flight: the route by the places searched, flight numbers, each slice, the segments to find it again", () => {
    const criteria = crit("type=flight&trip=oneway&from=airport:LHR|London Heathrow|GB&to=airport:JFK|New York JFK|US&depart=2027-01-10&pax=1");
    const body = snapshotOf({ kind: "flight", row: flight, criteria });
    expect(addItemSchema.safeParse(body).success).toBe(true);
    expect(body.snapshot.title).toBe("London Heathrow (LHR) → New York JFK (JFK)");
    expect(body.snapshot.subtitle).toMatch(/^Coral Air · C52410, C51023/);
    expect(body.snapshot.startsOn).toBe("2027-01-10");
    expect(body.snapshot.details[0]).toMatch(/^LHR → JFK · departs .*1 stop/);
    expect(body.snapshot.country).toBe("US");
    expect(body.snapshot.match).toMatchObject({ productType: "flight", airlineCode: "C5", refundable: false });
    expect((body.snapshot.match.segments as unknown[])[0]).toMatchObject({ origin: "LHR", destination: "JFK", flights: [{ flightNumber: "C52410" }, { flightNumber: "C51023" }] });
    expectNoMoney(body);
  });

  it("an activity option and a transfer: the session, the vehicle, free cancellation in the agency's time", () => {
    const a = snapshotOf({ kind: "activity", row: activity, criteria: crit("type=activity&to=destination:BCN|Barcelona|ES&date=2027-01-10&pax=2") });
    expect(addItemSchema.safeParse(a).success).toBe(true);
    expect(a.snapshot).toMatchObject({ title: "Barcelona Street Art and Hidden Gems Tour", subtitle: "Group tour", startsOn: "2027-01-10", travellers: "2 adults", refundable: true });
    expect(a.snapshot.cancellation).toBe("Free cancellation until Sat, 9 Jan 2027, 10:30 UTC.");
    expect(a.snapshot.match).toMatchObject({ productType: "activity", activityKey: "act_1kq5aqj", modality: "Group tour", sessionStartTime: "10:30" });
    expectNoMoney(a);

    const t = snapshotOf({ kind: "transfer", row: transfer, criteria: null });
    expect(addItemSchema.safeParse(t).success).toBe(true);
    expect(t.snapshot).toMatchObject({ title: "Barcelona International Airport → Address at 41.38740, 2.16860 (Barcelona)", subtitle: "Private · Standard sedan", startsOn: "2027-01-10", travellers: "2 passengers" });
    expect(t.snapshot.details).toEqual(expect.arrayContaining(["One way", "Meet & greet", "Up to 3 passengers"]));
    expectNoMoney(t);
  });

  it("says the party as the supplier will ask for it", () => {
    expect(travellersOf([{ adults: 2, childrenAges: [8, 3] }, { adults: 1, childrenAges: [] }])).toBe("3 adults, 2 children (8, 3)");
    expect(travellersOf(undefined)).toBe("1 adult");
  });
});
