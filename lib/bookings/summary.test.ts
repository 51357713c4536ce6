import { describe, expect, it } from "vitest";
import details from "@/components/bookings/__fixtures__/details.json";
import { bookingDetailSchema } from "@/lib/tds/contract/schemas";
import { routeOf, summarizeBooking } from "./summary";

const detail = (key: keyof typeof details) => bookingDetailSchema.parse(details[key]);

describe("summarizeBooking", () => {
  it("names each product's item, lead guest and travel dates from the sandbox's details", () => {
    expect(summarizeBooking(detail("hotel-confirmed"))).toEqual({
      productType: "hotel",
      leadGuest: "Jamal Seeger",
      travelers: 2,
      item: "The Nomad Sunset Collection",
      travelStart: "2025-12-12",
      travelEnd: "2025-12-22",
      travelAt: "2025-12-12",
    });
    expect(summarizeBooking(detail("flight-confirmed"))).toMatchObject({
      item: "DXB ⇄ LAX",
      leadGuest: "Charley Anderson",
      travelers: 4,
      travelStart: "2026-02-23",
      travelEnd: "2026-03-09",
      // When travel starts is the item's own field as written: the first departure, local time.
      travelAt: "2026-02-23T06:20",
    });
    expect(summarizeBooking(detail("activity-confirmed"))).toMatchObject({ item: "Taipei Photography Walk", travelStart: "2025-11-09", travelEnd: "2025-11-09", travelAt: "2025-11-09T12:00" });
    expect(summarizeBooking(detail("transfer-round"))).toMatchObject({
      item: "Sunan Shuofang International Airport ⇄ Wuxi Maple Lodge, 229 High Street, Wuxi",
      travelStart: "2026-01-03",
      travelEnd: "2026-01-09",
      travelAt: "2026-01-03T08:45:00Z",
    });
  });

  it("reads odd or missing inner fields as unknown facts, never failing", () => {
    const odd = bookingDetailSchema.parse({
      order: { orderRef: "RV-2026-X", state: "weird_new_state", travelers: [], paymentMethod: "credit", totalSell: { amountMinor: 1, currency: "USD" } },
      lineItems: [{ productType: "cruise", state: "x", sell: { amountMinor: 1, currency: "USD" }, details: { slices: "nope", date: 42 } }],
    });
    expect(summarizeBooking(odd)).toEqual({ productType: "cruise", leadGuest: null, travelers: null, item: null, travelStart: null, travelEnd: null, travelAt: null });
  });
});

describe("routeOf", () => {
  it("one way, there and back, multi-city", () => {
    expect(routeOf([{ origin: "LHR", destination: "JFK" }])).toBe("LHR → JFK");
    expect(routeOf([{ origin: "LHR", destination: "JFK" }, { origin: "JFK", destination: "LHR" }])).toBe("LHR ⇄ JFK");
    expect(routeOf([{ origin: "LHR", destination: "JFK" }, { origin: "JFK", destination: "LAX" }, { origin: "SFO", destination: "LHR" }])).toBe("LHR → JFK → LAX → SFO → LHR");
    expect(routeOf([])).toBeNull();
  });
});
