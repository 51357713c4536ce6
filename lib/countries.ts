import countryNames from "countries-list/minimal/countries.en.min.json";

// One list of countries, one way of naming them, wherever the desk asks for one (guest
// nationality in search, a passenger's nationality in checkout, a destination's country):
// every ISO 3166-1 code, named in English by Intl ("Åland Islands", "Côte d'Ivoire"), with the
// package's name only where the engine has none.

export type CountryOption = { code: string; name: string };

let cached: CountryOption[] | null = null;

export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(["en"], { type: "region" });
  } catch {
    names = null;
  }
  cached = Object.entries(countryNames as Record<string, string>)
    .map(([code, fallback]) => {
      let name = fallback;
      try {
        name = names?.of(code) ?? fallback;
      } catch {
        // An old engine without this region: keep the package's name.
      }
      return { code, name };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return cached;
}

export function countryName(code: string): string {
  return countryOptions().find((c) => c.code === code)?.name ?? code;
}
