import type { Airport, Catalog, City, Hotel } from "../catalog";
import { haversineKm } from "../platform/random";

/** Lower case, accents and punctuation removed: "Málaga, ES" → "malaga es". */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The airport a city's flights use when the catalog has several. */
const MAIN_AIRPORTS: Record<string, string> = {
  "London|GB": "LHR", "Paris|FR": "CDG", "New York City|US": "JFK", "Rome|IT": "FCO", "Milan|IT": "MXP",
  "Tokyo|JP": "HND", "Istanbul|TR": "IST", "Moscow|RU": "SVO", "Chicago|US": "ORD", "Washington|US": "IAD",
  "Los Angeles|US": "LAX", "São Paulo|BR": "GRU", "Bangkok|TH": "BKK", "Seoul|KR": "ICN", "Shanghai|CN": "PVG",
  "Beijing|CN": "PEK", "Berlin|DE": "BER", "Stockholm|SE": "ARN", "Buenos Aires|AR": "EZE", "Dubai|AE": "DXB",
  "Toronto|CA": "YYZ", "Houston|US": "IAH", "Osaka|JP": "KIX", "Jakarta|ID": "CGK", "Rio de Janeiro|BR": "GIG",
};

type Resolved = { byName: Map<string, City[]>; airportsByCity: Map<number, Airport[]>; hotelText: string[] | null };

const cache = new WeakMap<Catalog, Resolved>();

/** Name lookups over the catalog, built once per catalog and shared by every sandbox of a seed. */
export class Places {
  private readonly r: Resolved;

  constructor(private readonly catalog: Catalog) {
    let r = cache.get(catalog);
    if (!r) {
      const byName = new Map<string, City[]>();
      for (const c of catalog.cities) {
        const k = normalise(c.name);
        byName.set(k, [...(byName.get(k) ?? []), c]);
      }
      const airportsByCity = new Map<number, Airport[]>();
      for (const a of catalog.airports) {
        if (a.cityRegionId === null) continue;
        airportsByCity.set(a.cityRegionId, [...(airportsByCity.get(a.cityRegionId) ?? []), a]);
      }
      r = { byName, airportsByCity, hotelText: null };
      cache.set(catalog, r);
    }
    this.r = r;
  }

  /**
   * A place name as people type it: "Barcelona", "Barcelona, ES", "Barcelona, Spain", a destination
   * code ("ES-BARCELONA") or an airport code ("BCN"). Several cities of one name: the biggest.
   */
  city(text: string, countryCode?: string): City | undefined {
    const raw = text.trim();
    const byCode = this.catalog.destinationByCode.get(raw.toUpperCase());
    if (byCode?.cityRegionId != null && (!countryCode || byCode.countryCode === countryCode)) {
      return this.catalog.cityById.get(byCode.cityRegionId);
    }
    const [namePart = "", ...rest] = raw.split(",");
    const qualifier = normalise(rest.join(" "));
    let candidates = this.r.byName.get(normalise(namePart)) ?? [];
    if (countryCode) candidates = candidates.filter((c) => c.countryCode === countryCode);
    if (qualifier) {
      candidates = candidates.filter(
        (c) =>
          c.countryCode.toLowerCase() === qualifier ||
          normalise(c.countryName) === qualifier ||
          (c.stateName !== null && normalise(c.stateName) === qualifier),
      );
    }
    return candidates.reduce<City | undefined>((best, c) => (!best || c.hotelCount > best.hotelCount ? c : best), undefined);
  }

  /** An IATA code, or a place name resolved to its city's main airport. */
  airport(text: string): Airport | undefined {
    const code = text.trim().toUpperCase();
    if (/^[A-Z]{3}$/.test(code)) {
      const a = this.catalog.airportByCode.get(code);
      if (a) return a;
    }
    const city = this.city(text);
    return city ? this.cityAirport(city) : undefined;
  }

  cityAirport(city: City): Airport | undefined {
    // The main airport may be filed under a neighbouring city (JFK under Queens).
    const main = this.catalog.airportByCode.get(MAIN_AIRPORTS[`${city.name}|${city.countryCode}`] ?? "");
    const list = this.r.airportsByCity.get(city.cityRegionId) ?? [];
    return main ?? list.find((a) => /international/i.test(a.name)) ?? list[0];
  }

  nearestCity(lat: number, lng: number, withinKm = 150): City | undefined {
    let best: City | undefined;
    let bestKm = withinKm;
    for (const c of this.catalog.cities) {
      const d = haversineKm(lat, lng, c.lat, c.lng);
      if (d < bestKm) {
        bestKm = d;
        best = c;
      }
    }
    return best;
  }

  /** Hotels whose name, neighbourhood, city or country has a word starting with each word of `query`. */
  matchHotels(query: string, among: readonly Hotel[] | null): Hotel[] {
    const words = normalise(query).split(" ").filter(Boolean);
    if (words.length === 0) return among ? [...among] : [];
    // Word prefixes: "bar" finds Barcelona, not Zanzibar.
    const test = (text: string) => words.every((w) => text.includes(` ${w}`));
    if (among) return among.filter((h) => test(this.text(h)));
    // Built on the first free-text search only: 69,000 strings are worth keeping, not rebuilding.
    if (!this.r.hotelText) this.r.hotelText = this.catalog.hotels.map((h) => this.text(h));
    const texts = this.r.hotelText;
    return this.catalog.hotels.filter((_, i) => test(texts[i] ?? ""));
  }

  private text(h: Hotel): string {
    return ` ${normalise(`${h.name} ${h.neighborhoodName} ${h.cityName} ${this.catalog.countryName(h.countryCode) ?? ""}`)} `;
  }
}
