import countryNames from "countries-list/minimal/countries.en.min.json";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions } from "./countries";

describe("countries", () => {
  it("lists exactly countries-list's codes, once each", () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countryNames).sort());
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  });

  it("names every code in English, sorted by name", () => {
    const options = countryOptions();
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(options.every((o) => o.name !== o.code)).toBe(true);
    expect(options.map((o) => o.name)).toEqual(options.map((o) => o.name).sort((a, b) => a.localeCompare(b, "en")));
    expect(countryName("CI")).toBe("Côte d’Ivoire");
    expect(countryName("AX")).toBe("Åland Islands");
    expect(countryName("ZZ")).toBe("ZZ");
  });
});
