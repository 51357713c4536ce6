import { afterAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import { getCatalog } from "./index";

const sb = testSandbox();
afterAll(() => sb.close());
const catalog = sb.services.catalog;

const cityOf = (name: string, countryCode: string) => {
  const city = catalog.cities.find((c) => c.name === name && c.countryCode === countryCode);
  if (!city) throw new Error(`${name}, ${countryCode} is not in the catalog`);
  return city;
};
/** A city's airports in the catalog's order (highest rank first). */
const airportsOf = (name: string, countryCode: string) => {
  const id = cityOf(name, countryCode).cityRegionId;
  return catalog.airports.filter((a) => a.cityRegionId === id).map((a) => a.code);
};
/** What a flight's From/To field lists for the text: the airports among the suggested points of interest, in order. */
const flightSuggestions = async (q: string, limit = 6): Promise<string[]> => {
  const res = await sb.call("GET", `/api/v1/catalog/suggest?q=${encodeURIComponent(q)}&limit=${limit}`);
  expect(res.status).toBe(200);
  return res.body.data.pois.filter((p: { kind: string }) => p.kind === "airport").map((p: { code: string }) => p.code);
};

describe("airports of the catalog", () => {
  it.each([
    ["New York City", "US", ["JFK", "LGA", "EWR"]],
    ["London", "GB", ["LHR", "LGW", "STN", "LTN", "LCY"]],
    ["Paris", "FR", ["CDG", "ORY"]],
    ["Tokyo", "JP", ["HND", "NRT"]],
    ["Seoul", "KR", ["ICN", "GMP"]],
    ["Istanbul", "TR", ["IST", "SAW"]],
    ["Moscow", "RU", ["SVO", "DME", "VKO"]],
    ["Washington", "US", ["IAD", "DCA", "BWI"]],
    ["Milan", "IT", ["MXP"]],
    ["Rome", "IT", ["FCO", "CIA"]],
    ["Chicago", "US", ["ORD", "MDW"]],
    ["Dubai", "AE", ["DXB"]],
    ["Bangkok", "TH", ["BKK", "DMK"]],
    ["Shanghai", "CN", ["PVG", "SHA"]],
    ["São Paulo", "BR", ["GRU", "CGH"]],
    ["Los Angeles", "US", ["LAX"]],
  ])("%s: attached to the city they serve, main airports first (%j)", (name, cc, main) => {
    expect(airportsOf(name, cc).slice(0, main.length)).toEqual(main);
  });

  it("attaches an airport to the city its data names, not to the nearer suburb (JFK is New York City's, not Queens')", () => {
    const nyc = cityOf("New York City", "US").cityRegionId;
    for (const code of ["JFK", "LGA", "EWR"]) expect(catalog.airportByCode.get(code)).toMatchObject({ cityRegionId: nyc, cityName: "New York City" });
    expect(catalog.airportByCode.get("EWR")).toMatchObject({ municipality: "Newark" });
    expect(catalog.airportByCode.get("HND")?.cityRegionId).toBe(cityOf("Tokyo", "JP").cityRegionId);
    expect(catalog.airportByCode.get("DXB")?.cityRegionId).toBe(cityOf("Dubai", "AE").cityRegionId);
  });

  it("has Washington, D.C. as Washington (not the small town in Utah)", () => {
    expect(cityOf("Washington", "US")).toMatchObject({ stateName: "District of Columbia", destinationCode: "US-WASHINGTON" });
  });

  it("is sorted by rank, and a neighbouring town's airport ranks at half its size", () => {
    const ranks = catalog.airports.map((a) => a.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const ewr = catalog.airportByCode.get("EWR")!;
    expect(ewr.rank).toBeCloseTo(ewr.size / 2);
    const jfk = catalog.airportByCode.get("JFK")!;
    expect(jfk.rank).toBe(jfk.size);
  });

  it("is the same for the same seed", () => {
    const again = getCatalog(catalog.seed);
    expect(again.airports.map((a) => `${a.code}:${a.cityRegionId}:${a.rank}`)).toEqual(catalog.airports.map((a) => `${a.code}:${a.cityRegionId}:${a.rank}`));
  });
});

describe("suggest: a city's name finds its airports, biggest first", () => {
  it.each([
    ["New York", ["JFK", "LGA", "EWR"]],
    ["new york", ["JFK", "LGA", "EWR"]],
    ["New Y", ["JFK", "LGA", "EWR"]],
    ["London", ["LHR", "LGW", "STN", "LTN", "LCY"]],
    ["Lond", ["LHR", "LGW", "STN", "LTN", "LCY"]],
    ["Paris", ["CDG", "ORY"]],
    ["Tokyo", ["HND", "NRT"]],
    ["Seoul", ["ICN", "GMP"]],
    ["Istanbul", ["IST", "SAW"]],
    ["Moscow", ["SVO", "DME", "VKO"]],
    ["Washington", ["IAD", "DCA", "BWI"]],
    ["Chicago", ["ORD", "MDW"]],
    ["Sao Paulo", ["GRU", "CGH"]],
    ["Bangkok", ["BKK", "DMK"]],
    ["Shanghai", ["PVG", "SHA"]],
    ["Milan", ["MXP"]],
    ["Rome", ["FCO", "CIA"]],
    ["Dubai", ["DXB"]],
  ])("%s → %j first, with the desk's limit of 6", async (q, main) => {
    expect((await flightSuggestions(q)).slice(0, main.length)).toEqual(main);
  });

  it("lists the city itself first among points of interest, then its airports", async () => {
    const res = await sb.call("GET", "/api/v1/catalog/suggest?q=london");
    expect(res.body.data.pois.slice(0, 3)).toEqual([
      { kind: "destination", name: "London", code: "GB-LONDON", countryCode: "GB" },
      { kind: "airport", name: "London Heathrow Airport", code: "LHR", countryCode: "GB" },
      { kind: "airport", name: "London Gatwick Airport", code: "LGW", countryCode: "GB" },
    ]);
  });

  it("still finds an airport by its own name, its town and its code", async () => {
    expect((await flightSuggestions("heathrow"))[0]).toBe("LHR");
    expect((await flightSuggestions("newark"))[0]).toBe("EWR");
    expect((await flightSuggestions("narita"))[0]).toBe("NRT");
    expect((await flightSuggestions("lga"))[0]).toBe("LGA");
    expect((await flightSuggestions("bergamo"))).toContain("BGY");
  });

  it("lists a city's transfer airports after the city, main ones first", async () => {
    const res = await sb.call("GET", "/api/v1/destinations?productType=transfer&q=london&limit=10");
    const codes: string[] = res.body.data.items.map((d: { code: string }) => d.code);
    expect(codes.slice(0, 4)).toEqual(["GB-LONDON", "LHR", "LGW", "STN"]);
  });
});
