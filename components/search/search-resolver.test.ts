import { describe, expect, it } from "vitest";
import { emptyCriteria, type Place, type SearchCriteria } from "@/lib/search/criteria";
import { CHILD_AGE_UNSET } from "./search-limits";
import { initialWants } from "./form-wants";
import { detailsToFields, fieldForPath, searchResolver, validateCriteria } from "./search-resolver";

const rules = { currency: "USD", market: "US", today: "2026-11-20", now: () => new Date(2026, 10, 20, 12, 0) };

const london: Place = { kind: "city", cityRegionId: 2643743, cityRegionIds: [2643743], name: "London", countryCode: "GB" };
const lhr: Place = { kind: "airport", code: "LHR", name: "London Heathrow", countryCode: "GB" };
const jfk: Place = { kind: "airport", code: "JFK", name: "New York JFK", countryCode: "US" };
const hotelArts: Place = { kind: "hotel", canonicalId: "htl_arts", name: "Hotel Arts", cityName: "Barcelona", countryCode: "ES" };

const hotel = (over: object = {}): SearchCriteria => ({
  ...emptyCriteria("hotel", "US"),
  place: london,
  checkIn: "2026-12-01",
  checkOut: "2026-12-04",
  ...over,
});
const flight = (over: object = {}): SearchCriteria => ({
  ...emptyCriteria("flight", "US"),
  trip: "return",
  origin: lhr,
  destination: jfk,
  departDate: "2026-12-01",
  returnDate: "2026-12-08",
  ...over,
});
const activity = (over: object = {}): SearchCriteria => ({
  ...emptyCriteria("activity", "US"),
  place: { kind: "destination", code: "GB-LONDON", name: "London", countryCode: "GB" },
  date: "2026-12-02",
  ...over,
});
const transfer = (over: object = {}): SearchCriteria => ({
  ...emptyCriteria("transfer", "US"),
  pickup: lhr,
  dropoff: hotelArts,
  pickupAt: "2026-12-01T14:30",
  ...over,
});

describe("validateCriteria", () => {
  it.each([
    ["hotel", hotel()],
    ["flight", flight()],
    ["one-way flight", flight({ trip: "oneway", returnDate: "" })],
    [
      "multi-city flight",
      flight({
        trip: "multi",
        slices: [
          { origin: lhr, destination: jfk, date: "2026-12-01" },
          { origin: jfk, destination: lhr, date: "2026-12-01" },
        ],
      }),
    ],
    ["activity", activity()],
    ["activity by typed name", activity({ place: { kind: "text", name: "Lisbon" } })],
    ["transfer", transfer()],
    ["transfer from an address", transfer({ pickup: { kind: "address", code: "41.3851,2.1734", name: "Casa Batlló" }, returnAt: "2026-12-08T09:00" })],
    ["hotel near a point without a place", hotel({ place: null, near: { lat: 51.5, lng: -0.12, radiusKm: 2 } })],
  ])("accepts a complete %s search", (_, values) => {
    expect(validateCriteria(values, rules)).toEqual({});
  });

  it("asks for a child's age rather than guessing one", () => {
    const values = hotel({ occupancy: [{ adults: 2, childrenAges: [CHILD_AGE_UNSET] }] });
    expect(validateCriteria(values, rules)).toEqual({ occupancy: "Choose the age of each child: prices and what can be booked depend on it." });
    expect(validateCriteria(hotel({ occupancy: [{ adults: 2, childrenAges: [8] }] }), rules)).toEqual({});
  });

  it.each<[string, SearchCriteria, string, string]>([
    ["hotel without a place", hotel({ place: null }), "place", "Choose a city, hotel or area, or type a place name."],
    ["hotel with a one-letter name", hotel({ place: { kind: "text", name: "L" } }), "place", "Type 2 to 80 characters of a place name, or choose a suggestion."],
    ["hotel without check-in", hotel({ checkIn: "" }), "checkIn", "Choose a check-in date."],
    ["hotel without check-out", hotel({ checkOut: "" }), "checkOut", "Choose a check-out date."],
    ["hotel check-in in the past", hotel({ checkIn: "2026-11-19" }), "checkIn", "Check-in can't be in the past."],
    ["hotel check-in too far ahead", hotel({ checkIn: "2028-11-20", checkOut: "2028-11-22" }), "checkIn", "Check-in can be at most 730 days ahead."],
    ["hotel stay of 31 nights", hotel({ checkOut: "2027-01-01" }), "checkOut", "A stay can be at most 30 nights."],
    ["hotel check-out before check-in", hotel({ checkOut: "2026-12-01" }), "checkOut", "Check-out must be after check-in."],
    ["hotel without nationality", hotel({ residency: "" }), "residency", "Choose the lead guest's nationality."],
    ["hotel room with 7 adults", hotel({ occupancy: [{ adults: 7, childrenAges: [] }] }), "occupancy", "Hotel rooms take 1 to 6 adults."],
    ["hotel near with a missing part", hotel({ near: { lat: 51.5, lng: Number.NaN, radiusKm: 2 } }), "near", "Give latitude, longitude and radius together, or clear all three."],
    ["hotel near with a 60 km radius", hotel({ near: { lat: 51.5, lng: 0, radiusKm: 60 } }), "near", "Latitude is -90 to 90, longitude -180 to 180, and the radius 0.5 to 50 km."],
    ["hotel keywords too long", hotel({ query: "x".repeat(121) }), "query", "Keywords can be at most 120 characters."],
    ["flight without origin", flight({ origin: null }), "origin", "Choose the airport the flight leaves from."],
    ["flight to a typed city", flight({ destination: { kind: "text", name: "New York" } }), "destination", "Choose an airport from the list, or type its 3-letter code (such as LHR)."],
    ["flight to the same airport", flight({ destination: lhr }), "destination", "The destination must differ from the origin."],
    ["flight without a departure date", flight({ departDate: "" }), "departDate", "Choose a departure date."],
    ["flight departing in the past", flight({ departDate: "2026-11-01" }), "departDate", "The departure date can't be in the past."],
    ["flight returning before departing", flight({ returnDate: "2026-11-30" }), "returnDate", "The return date can't be before the departure date."],
    ["return flight without a return date", flight({ returnDate: "" }), "returnDate", "Choose a return date."],
    [
      "multi-city slice without origin",
      flight({ trip: "multi", slices: [{ origin: lhr, destination: jfk, date: "2026-12-01" }, { origin: jfk, destination: lhr, date: "2026-12-05" }, { origin: null, destination: lhr, date: "2026-12-09" }] }),
      "slices.2.origin",
      "Choose the airport this flight leaves from.",
    ],
    [
      "multi-city dates out of order",
      flight({ trip: "multi", slices: [{ origin: lhr, destination: jfk, date: "2026-12-05" }, { origin: jfk, destination: lhr, date: "2026-12-01" }] }),
      "slices.1.date",
      "Flight 2 can't leave before flight 1.",
    ],
    ["activity without a destination", activity({ place: null }), "place", "Choose a destination, or type a place name."],
    ["activity without a date", activity({ date: "" }), "date", "Choose a date."],
    ["activity in the past", activity({ date: "2026-01-01" }), "date", "The date can't be in the past."],
    ["activity party of 9 adults", activity({ occupancy: [{ adults: 9, childrenAges: [] }] }), "occupancy", "A party takes at most 8 adults."],
    ["transfer without pickup", transfer({ pickup: null }), "pickup", "Choose where the transfer picks up."],
    ["transfer without drop-off", transfer({ dropoff: null }), "dropoff", "Choose where the transfer drops off."],
    [
      "transfer address with bad coordinates",
      transfer({ dropoff: { kind: "address", code: "Barcelona", name: "Barcelona" } }),
      "dropoff",
      "Give the drop-off address's coordinates as latitude,longitude — for example 41.3851,2.1734.",
    ],
    ["transfer pickup typed, not picked", transfer({ pickup: { kind: "text", name: "Heathrow" } }), "pickup", "Choose the pickup airport or hotel from the list, or type an airport's 3-letter code."],
    ["transfer to the same airport", transfer({ dropoff: lhr }), "dropoff", "The drop-off must differ from the pickup."],
    ["transfer without a pickup time", transfer({ pickupAt: "" }), "pickupAt", "Choose the pickup date and time."],
    ["transfer pickup in the past", transfer({ pickupAt: "2026-11-20T11:59" }), "pickupAt", "The pickup must be in the future."],
    ["transfer return before pickup", transfer({ returnAt: "2026-12-01T14:30" }), "returnAt", "The return must be after the pickup."],
    ["transfer with 0 passengers", transfer({ passengers: 0 }), "passengers", "Passengers must be a whole number, at least 1 — or leave it empty to use the travellers below."],
    ["transfer with negative luggage", transfer({ luggage: -1 }), "luggage", "Luggage must be a whole number, 0 or more."],
  ])("%s → %s", (_, values, field, message) => {
    expect(validateCriteria(values, rules)[field]).toBe(message);
  });

  it("reports each field once, with the first problem found", () => {
    const errors = validateCriteria(hotel({ place: null, checkIn: "", checkOut: "" }), rules);
    expect(Object.keys(errors).sort()).toEqual(["checkIn", "checkOut", "place"]);
  });
});

describe("fieldForPath", () => {
  it.each<[SearchCriteria["productType"], string, string]>([
    ["hotel", "destinationCityRegionId", "place"],
    ["hotel", "hotelId", "place"],
    ["hotel", "destination", "place"],
    ["hotel", "occupancy.0.adults", "occupancy"],
    ["hotel", "near.radiusKm", "near"],
    ["hotel", "currency", "root"],
    ["flight", "checkIn", "departDate"],
    ["flight", "checkOut", "returnDate"],
    ["flight", "slices.2.origin", "slices.2.origin"],
    ["flight", "slices", "root"],
    ["activity", "destinationCode", "place"],
    ["activity", "checkIn", "date"],
    ["transfer", "pickupLocation.code", "pickup"],
    ["transfer", "dropoffLocation", "dropoff"],
    ["transfer", "returnAt", "returnAt"],
  ])("%s %s → %s", (type, path, field) => {
    expect(fieldForPath(type, path)).toBe(field);
  });
});

describe("searchResolver", () => {
  it("nests errors the way react-hook-form reads them", async () => {
    const resolve = searchResolver<"flight">(rules);
    const values = flight({
      trip: "multi",
      slices: [
        { origin: lhr, destination: jfk, date: "2026-12-01" },
        { origin: jfk, destination: null, date: "2026-12-03" },
      ],
    }) as Parameters<typeof resolve>[0];
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({ slices: [undefined, { destination: { message: "Choose the airport this flight goes to." } }] });
  });

  it("passes valid values through", async () => {
    const resolve = searchResolver<"hotel">(rules);
    const values = hotel() as Parameters<typeof resolve>[0];
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values, errors: {} });
  });
});

describe("a transfer's Return journey", () => {
  it("with the switch on, an empty return time is refused; off, the ride is one way", () => {
    const message = "Choose the return date and time, or turn off Return journey.";
    expect(validateCriteria(transfer(), rules, { transferReturn: true })).toEqual({ returnAt: message });
    expect(validateCriteria(transfer(), rules, { transferReturn: false })).toEqual({});
    expect(validateCriteria(transfer({ returnAt: "2026-12-05T10:00" }), rules, { transferReturn: true })).toEqual({});
  });

  it("a form opened with a return time has the switch on, so clearing the time is refused", () => {
    const opened = transfer({ returnAt: "2026-12-05T10:00" });
    expect(initialWants(opened)).toEqual({ transferReturn: true });
    expect(initialWants(transfer())).toEqual({ transferReturn: false });
    expect(Object.keys(validateCriteria({ ...opened, returnAt: "" } as SearchCriteria, rules, initialWants(opened)))).toEqual(["returnAt"]);
  });
});

describe("detailsToFields", () => {
  it("says the service's same-point refusal in the advisor's words", () => {
    expect(detailsToFields("transfer", [{ path: "dropoffLocation", message: "Must differ from pickupLocation." }]).fields).toEqual({
      dropoff: "The drop-off must differ from the pickup.",
    });
  });

  it("places the BFF's details on fields and keeps the rest for the form", () => {
    expect(
      detailsToFields("hotel", [
        { path: "checkOut", message: "A stay is at most 30 nights." },
        { path: "destinationCityRegionId", message: "Unknown region." },
        { path: "currency", message: "Set by the desk from the agency's settings; leave it out." },
      ]),
    ).toEqual({
      fields: { checkOut: "A stay can be at most 30 nights.", place: "Unknown region." },
      unplaced: ["Set by the desk from the agency's settings; leave it out."],
    });
  });
});
