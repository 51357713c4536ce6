import { describe, expect, it } from "vitest";
import { searchCreateRequestSchema } from "@/lib/tds/contract/requests";
import {
  criteriaQuery,
  decodeOccupancy,
  decodePlace,
  emptyCriteria,
  encodePlace,
  parseCriteria,
  toSearchRequest,
  type Place,
  type SearchCriteria,
} from "./criteria";

const agency = { currency: "USD", market: "US" };
const london: Place = { kind: "city", cityRegionId: 2643743, cityRegionIds: [2643743], name: "London", countryCode: "GB" };

const examples: SearchCriteria[] = [
  {
    ...emptyCriteria("hotel"),
    place: london,
    checkIn: "2026-12-01",
    checkOut: "2026-12-04",
    occupancy: [{ adults: 2, childrenAges: [5, 9] }, { adults: 1, childrenAges: [] }],
    residency: "GB",
    near: { lat: 51.5, lng: -0.12, radiusKm: 2.5 },
    propertyTypes: ["hotel", "aparthotel"],
    query: "spa",
    rateMode: "net",
  },
  {
    ...emptyCriteria("flight"),
    trip: "return",
    origin: { kind: "airport", code: "LHR", name: "Heathrow", countryCode: "GB" },
    destination: { kind: "airport", code: "JFK", name: "John F. Kennedy", countryCode: "US" },
    departDate: "2026-12-01",
    returnDate: "2026-12-08",
    cabinClass: "business",
  },
  {
    ...emptyCriteria("flight"),
    trip: "multi",
    slices: [
      { origin: { kind: "airport", code: "LHR", name: "Heathrow", countryCode: "GB" }, destination: { kind: "airport", code: "JFK", name: "JFK", countryCode: "US" }, date: "2026-12-01" },
      { origin: { kind: "airport", code: "JFK", name: "JFK", countryCode: "US" }, destination: { kind: "airport", code: "SFO", name: "San Francisco", countryCode: "US" }, date: "2026-12-05" },
    ],
  },
  { ...emptyCriteria("activity"), place: { kind: "destination", code: "ES-BARCELONA", name: "Barcelona", countryCode: "ES" }, date: "2026-12-02" },
  {
    ...emptyCriteria("transfer"),
    pickup: { kind: "airport", code: "BCN", name: "Barcelona Airport", countryCode: "ES" },
    dropoff: { kind: "address", code: "41.3874,2.1686", name: "Plaça de Catalunya" },
    pickupAt: "2026-12-01T10:30",
    returnAt: "2026-12-05T18:00",
    passengers: 3,
    luggage: 2,
    occupancy: [{ adults: 2, childrenAges: [4] }],
  },
];

describe("search criteria", () => {
  it.each(examples.map((c) => [c.productType, c] as const))("%s criteria survive the URL", (_type, criteria) => {
    const url = `/search?${criteriaQuery(criteria)}`;
    expect(parseCriteria(new URL(url, "http://x").searchParams)).toEqual(criteria);
  });

  it.each(examples.map((c) => [c.productType, c] as const))("%s criteria make a request the canonical schema accepts", (_type, criteria) => {
    const parsed = searchCreateRequestSchema.safeParse({ ...toSearchRequest(criteria), ...agency });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("fills each field from the place's kind", () => {
    expect(toSearchRequest(examples[0]!)).toMatchObject({ destinationCityRegionId: 2643743, destinationCountryCode: "GB" });
    expect(
      toSearchRequest({ ...emptyCriteria("hotel"), place: { kind: "city", cityRegionId: 1, cityRegionIds: [1, 2], name: "X", countryCode: "GB" } }),
    ).toMatchObject({ destinationCityRegionIds: [1, 2] });
    expect(toSearchRequest({ ...emptyCriteria("hotel"), place: { kind: "hotel", canonicalId: "h-1", name: "H", countryCode: null } })).toMatchObject({
      hotelId: "h-1",
    });
    expect(toSearchRequest(examples[3]!)).toMatchObject({ destinationCode: "ES-BARCELONA", checkIn: "2026-12-02" });
    expect(toSearchRequest(examples[1]!)).toMatchObject({ origin: "LHR", destination: "JFK", checkIn: "2026-12-01", checkOut: "2026-12-08" });
    expect(toSearchRequest(examples[4]!)).toMatchObject({
      pickupLocation: { type: "airport", code: "BCN" },
      dropoffLocation: { type: "address", code: "41.3874,2.1686" },
      pickupAt: "2026-12-01T10:30:00",
    });
  });

  it("leaves empty optional fields out, so the schema names what is missing", () => {
    const body = toSearchRequest(emptyCriteria("hotel", "GB"));
    expect(body).toEqual({ productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], residency: "GB" });
    const parsed = searchCreateRequestSchema.safeParse({ ...body, ...agency });
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["checkIn", "checkOut", "destination"]);
  });

  it("reads bad or partial URLs without throwing", () => {
    expect(parseCriteria(new URLSearchParams("type=boat"))).toBeNull();
    expect(parseCriteria(new URLSearchParams(""))).toBeNull();
    const c = parseCriteria(new URLSearchParams("type=hotel&in=tomorrow&pax=x&to=nonsense&near=1,2"));
    expect(c).toEqual(emptyCriteria("hotel"));
    expect(decodeOccupancy("2-5,1")).toEqual([{ adults: 2, childrenAges: [5] }, { adults: 1, childrenAges: [] }]);
    expect(decodePlace(encodePlace({ kind: "text", name: "Costa Brava" }))).toEqual({ kind: "text", name: "Costa Brava" });
    expect(parseCriteria({ type: "activity", to: "text:|Rome", pax: ["3"] })).toMatchObject({ place: { kind: "text", name: "Rome" } });
  });
});
