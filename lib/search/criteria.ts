import { CABIN_CLASSES, PROPERTY_TYPES, SEARCH_LIMITS } from "@/lib/tds/contract/limits";

// A search's criteria as the desk keeps them: the values of the search forms, the query string
// of /search (so a search can be shared, reloaded and resumed) and, through toSearchRequest,
// the body of POST /api/search. Places keep their display names so a reloaded form shows what
// the advisor picked; the request takes only what the service needs from them.

export type SearchProductType = "hotel" | "flight" | "activity" | "transfer";
export const SEARCH_PRODUCT_TYPES: readonly SearchProductType[] = ["hotel", "flight", "activity", "transfer"];

export type OccupancyEntry = { adults: number; childrenAges: number[] };
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type CabinClass = (typeof CABIN_CLASSES)[number];
export type RateMode = "" | "net" | "commissionable";
export type FlightTrip = "oneway" | "return" | "multi";
export type Near = { lat: number; lng: number; radiusKm: number };

/** Something the advisor picked from suggestions or /destinations, or typed. */
export type Place =
  | { kind: "city"; cityRegionId: number; cityRegionIds: number[]; name: string; countryCode: string }
  | { kind: "hotel"; canonicalId: string; name: string; cityName?: string | null; countryCode: string | null }
  | { kind: "airport"; code: string; name: string; countryCode: string | null }
  | { kind: "destination"; code: string; name: string; countryCode: string | null }
  /** A transfer point given as coordinates ("lat,lng"); `name` is what the advisor called it. */
  | { kind: "address"; code: string; name: string }
  /** Typed and not picked: a place name the service resolves (hotels, activities). */
  | { kind: "text"; name: string };

export type HotelCriteria = {
  productType: "hotel";
  place: Place | null;
  checkIn: string;
  checkOut: string;
  occupancy: OccupancyEntry[];
  /** Lead guest's passport country (required for hotels). */
  residency: string;
  near: Near | null;
  propertyTypes: PropertyType[];
  /** Free text over the hotel catalogue. */
  query: string;
  rateMode: RateMode;
};
export type FlightSlice = { origin: Place | null; destination: Place | null; date: string };
export type FlightCriteria = {
  productType: "flight";
  trip: FlightTrip;
  origin: Place | null;
  destination: Place | null;
  departDate: string;
  /** Return trips only. */
  returnDate: string;
  /** Multi-city only: 2 to 6 slices. */
  slices: FlightSlice[];
  cabinClass: CabinClass;
  occupancy: OccupancyEntry[];
};
export type ActivityCriteria = {
  productType: "activity";
  place: Place | null;
  date: string;
  occupancy: OccupancyEntry[];
};
export type TransferCriteria = {
  productType: "transfer";
  pickup: Place | null;
  dropoff: Place | null;
  /** Local date-time, YYYY-MM-DDTHH:mm. */
  pickupAt: string;
  /** Empty for one way. */
  returnAt: string;
  /** Overrides the adult count when set; children still come from occupancy. */
  passengers: number | null;
  luggage: number | null;
  occupancy: OccupancyEntry[];
};
export type SearchCriteria = HotelCriteria | FlightCriteria | ActivityCriteria | TransferCriteria;
export type CriteriaOf<T extends SearchProductType> = Extract<SearchCriteria, { productType: T }>;

export const MAX_FLIGHT_SLICES = 6;

/* ------------------------------------------------------------------------- defaults */

const party = (): OccupancyEntry[] => [{ adults: 2, childrenAges: [] }];

/** An empty form of each product, for the agency's market (the residency default). */
export function emptyCriteria<T extends SearchProductType>(productType: T, market = "US"): CriteriaOf<T> {
  const byType: { [K in SearchProductType]: CriteriaOf<K> } = {
    hotel: {
      productType: "hotel",
      place: null,
      checkIn: "",
      checkOut: "",
      occupancy: party(),
      residency: market,
      near: null,
      propertyTypes: [],
      query: "",
      rateMode: "",
    },
    flight: {
      productType: "flight",
      trip: "return",
      origin: null,
      destination: null,
      departDate: "",
      returnDate: "",
      slices: [
        { origin: null, destination: null, date: "" },
        { origin: null, destination: null, date: "" },
      ],
      cabinClass: "economy",
      occupancy: [{ adults: 1, childrenAges: [] }],
    },
    activity: { productType: "activity", place: null, date: "", occupancy: party() },
    transfer: {
      productType: "transfer",
      pickup: null,
      dropoff: null,
      pickupAt: "",
      returnAt: "",
      passengers: null,
      luggage: null,
      occupancy: party(),
    },
  };
  return byType[productType] as CriteriaOf<T>;
}

/* ---------------------------------------------------------------- request (POST /search) */

/** The body of POST /api/search (the desk adds currency and market). */
export type SearchRequestBody = Record<string, unknown> & { productType: SearchProductType };

const trimmed = (s: string) => s.trim();
const iataOf = (p: Place | null): string | undefined => {
  if (!p) return undefined;
  if (p.kind === "airport") return p.code;
  if (p.kind === "text") return p.name.trim().toUpperCase();
  if (p.kind === "destination" || p.kind === "address") return p.code;
  return undefined;
};

/** A transfer point as the service takes it: airport (IATA), hotel (canonicalId) or address ("lat,lng"). */
export function transferLocation(p: Place | null): { type: "airport" | "hotel" | "address"; code: string } | undefined {
  if (!p) return undefined;
  switch (p.kind) {
    case "airport":
      return { type: "airport", code: p.code };
    case "hotel":
      return { type: "hotel", code: p.canonicalId };
    case "address":
      return { type: "address", code: p.code };
    case "text": {
      const t = p.name.trim();
      if (/^[A-Za-z]{3}$/.test(t)) return { type: "airport", code: t.toUpperCase() };
      if (parseLatLng(t)) return { type: "address", code: t.replace(/\s+/g, "") };
      return { type: "address", code: t };
    }
    default:
      // A city or destination area is not a pickup point; the schema reports the code.
      return { type: "address", code: "" };
  }
}

/** "lat,lng" as numbers, or null. */
export function parseLatLng(text: string): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return null;
  return { lat, lng };
}

/** A local date-time (YYYY-MM-DDTHH:mm) as the service's ISO 8601 date-time (seconds added). */
const isoDateTime = (local: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00` : local);

/**
 * The request for the criteria, without currency and market. Incomplete criteria still give a
 * body: the canonical schema (searchCreateRequestSchema) then says which field is missing.
 */
export function toSearchRequest(c: SearchCriteria): SearchRequestBody {
  const body: SearchRequestBody = { productType: c.productType, occupancy: c.occupancy };
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== "") body[key] = value;
  };
  switch (c.productType) {
    case "hotel": {
      set("residency", c.residency);
      set("checkIn", c.checkIn);
      set("checkOut", c.checkOut);
      const p = c.place;
      if (p?.kind === "city") {
        if (p.cityRegionIds.length > 1) set("destinationCityRegionIds", p.cityRegionIds);
        else set("destinationCityRegionId", p.cityRegionId);
        set("destinationCountryCode", p.countryCode);
      } else if (p?.kind === "hotel") {
        set("hotelId", p.canonicalId);
      } else if (p?.kind === "destination") {
        set("destination", p.name);
        set("destinationCountryCode", p.countryCode);
      } else if (p) {
        set("destination", trimmed(p.name));
      }
      if (c.near) set("near", c.near);
      if (c.propertyTypes.length > 0) set("propertyTypes", c.propertyTypes);
      set("query", trimmed(c.query));
      set("rateMode", c.rateMode);
      break;
    }
    case "flight":
      set("cabinClass", c.cabinClass);
      if (c.trip === "multi") {
        set(
          "slices",
          c.slices.map((s) => ({ origin: iataOf(s.origin) ?? "", destination: iataOf(s.destination) ?? "", date: s.date })),
        );
      } else {
        set("origin", iataOf(c.origin));
        set("destination", iataOf(c.destination));
        set("checkIn", c.departDate);
        if (c.trip === "return") set("checkOut", c.returnDate);
      }
      break;
    case "activity": {
      set("checkIn", c.date);
      const p = c.place;
      if (p?.kind === "destination") set("destinationCode", p.code);
      else if (p) set("destination", trimmed(p.name));
      break;
    }
    case "transfer":
      set("pickupLocation", transferLocation(c.pickup));
      set("dropoffLocation", transferLocation(c.dropoff));
      set("pickupAt", c.pickupAt ? isoDateTime(c.pickupAt) : "");
      set("returnAt", c.returnAt ? isoDateTime(c.returnAt) : "");
      set("passengers", c.passengers);
      set("luggage", c.luggage);
      break;
  }
  return body;
}

/* --------------------------------------------------------------------- URL (query string) */

// Readable keys, so a shared link says what it searches:
//   /search?type=hotel&to=city:2643743|London|GB&in=2026-12-01&out=2026-12-04&pax=2,1-5&res=GB
// A place is `kind:id|name|country`; `pax` is adults then child ages joined by "-", rooms by ",".
// `sid` (the service's searchId) is kept beside the criteria by the pages, not here.

const SEP = "|";

export function encodePlace(p: Place): string {
  switch (p.kind) {
    case "city":
      return ["city:" + p.cityRegionIds.join("."), p.name, p.countryCode].join(SEP);
    case "hotel":
      return ["hotel:" + p.canonicalId, p.name, p.countryCode ?? "", p.cityName ?? ""].join(SEP);
    case "airport":
    case "destination":
    case "address":
      return [`${p.kind}:${p.code}`, p.name, "countryCode" in p ? (p.countryCode ?? "") : ""].join(SEP);
    case "text":
      return ["text:", p.name].join(SEP);
  }
}

export function decodePlace(raw: string | null | undefined): Place | null {
  if (!raw) return null;
  const [head = "", name = "", country = "", extra = ""] = raw.split(SEP);
  const colon = head.indexOf(":");
  if (colon < 0) return null;
  const kind = head.slice(0, colon);
  const id = head.slice(colon + 1);
  const cc = country || null;
  switch (kind) {
    case "city": {
      const ids = id.split(".").map(Number).filter((n) => Number.isInteger(n) && n >= 1);
      if (ids.length === 0 || !name) return null;
      return { kind: "city", cityRegionId: ids[0]!, cityRegionIds: ids, name, countryCode: country };
    }
    case "hotel":
      return id ? { kind: "hotel", canonicalId: id, name: name || id, countryCode: cc, cityName: extra || null } : null;
    case "airport":
    case "destination":
      return id ? { kind, code: id, name: name || id, countryCode: cc } : null;
    case "address":
      return id ? { kind: "address", code: id, name: name || id } : null;
    case "text":
      return name ? { kind: "text", name } : null;
    default:
      return null;
  }
}

export function encodeOccupancy(occupancy: OccupancyEntry[]): string {
  return occupancy.map((e) => [e.adults, ...e.childrenAges].join("-")).join(",");
}

export function decodeOccupancy(raw: string | null | undefined): OccupancyEntry[] | null {
  if (!raw) return null;
  const entries: OccupancyEntry[] = [];
  for (const part of raw.split(",")) {
    const nums = part.split("-").map((n) => (/^\d{1,2}$/.test(n) ? Number(n) : NaN));
    if (nums.length === 0 || nums.some((n) => Number.isNaN(n))) return null;
    const [adults, ...childrenAges] = nums as [number, ...number[]];
    entries.push({ adults, childrenAges });
  }
  return entries.length > 0 && entries.length <= 9 ? entries : null;
}

// The URL's parts are checked by pattern only (the form and the BFF check the rest): plain
// expressions, so that every page reading a URL does not load zod for three patterns.
const date = /^\d{4}-\d{2}-\d{2}$/;
const dateTimeLocal = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const countryCode = /^[A-Z]{2}$/;
const str = (params: URLSearchParams, key: string) => params.get(key) ?? "";
const valid = (pattern: RegExp, value: string | null): string | undefined => (value !== null && pattern.test(value) ? value : undefined);
const num = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** The criteria a URL's query carries, or null when it names no product type. Bad parts fall back to empty. */
export function parseCriteria(input: URLSearchParams | Record<string, string | string[] | undefined>, market = "US"): SearchCriteria | null {
  const params = input instanceof URLSearchParams ? input : toSearchParams(input);
  const type = params.get("type");
  if (!type || !(SEARCH_PRODUCT_TYPES as readonly string[]).includes(type)) return null;
  const occupancy = decodeOccupancy(params.get("pax"));
  switch (type as SearchProductType) {
    case "hotel": {
      const base = emptyCriteria("hotel", market);
      const near = params.get("near")?.split(",").map(Number);
      return {
        ...base,
        place: decodePlace(params.get("to")),
        checkIn: valid(date, params.get("in")) ?? "",
        checkOut: valid(date, params.get("out")) ?? "",
        occupancy: occupancy ?? base.occupancy,
        residency: valid(countryCode, params.get("res")) ?? base.residency,
        near: near?.length === 3 && near.every(Number.isFinite) ? { lat: near[0]!, lng: near[1]!, radiusKm: near[2]! } : null,
        propertyTypes: (params.get("pt") ?? "")
          .split(",")
          .filter((t): t is PropertyType => (PROPERTY_TYPES as readonly string[]).includes(t)),
        query: str(params, "q").slice(0, 120),
        rateMode: ((["net", "commissionable"] as const).find((m) => m === params.get("rate")) ?? "") as RateMode,
      };
    }
    case "flight": {
      const base = emptyCriteria("flight", market);
      const trip = (["oneway", "return", "multi"] as const).find((t) => t === params.get("trip")) ?? "return";
      const legs = params.getAll("leg").slice(0, MAX_FLIGHT_SLICES).map((leg) => {
        const [from, to, d] = leg.split("~");
        return { origin: decodePlace(from), destination: decodePlace(to), date: valid(date, d ?? null) ?? "" };
      });
      return {
        ...base,
        trip,
        origin: decodePlace(params.get("from")),
        destination: decodePlace(params.get("to")),
        departDate: valid(date, params.get("in")) ?? "",
        returnDate: valid(date, params.get("out")) ?? "",
        slices: legs.length >= 2 ? legs : legs.length === 1 ? [...legs, { origin: null, destination: null, date: "" }] : base.slices,
        cabinClass: CABIN_CLASSES.find((c) => c === params.get("cabin")) ?? base.cabinClass,
        occupancy: occupancy?.slice(0, 1) ?? base.occupancy,
      };
    }
    case "activity": {
      const base = emptyCriteria("activity", market);
      return {
        ...base,
        place: decodePlace(params.get("to")),
        date: valid(date, params.get("in")) ?? "",
        occupancy: occupancy?.slice(0, 1) ?? base.occupancy,
      };
    }
    case "transfer": {
      const base = emptyCriteria("transfer", market);
      return {
        ...base,
        pickup: decodePlace(params.get("from")),
        dropoff: decodePlace(params.get("to")),
        pickupAt: valid(dateTimeLocal, params.get("at")) ?? "",
        returnAt: valid(dateTimeLocal, params.get("back")) ?? "",
        passengers: num(params.get("passengers")),
        luggage: num(params.get("luggage")),
        occupancy: occupancy?.slice(0, 1) ?? base.occupancy,
      };
    }
  }
}

/** The query string of the criteria (no leading "?"), keys in a stable order. */
export function criteriaQuery(c: SearchCriteria): URLSearchParams {
  const p = new URLSearchParams();
  const set = (key: string, value: string | null | undefined) => {
    if (value) p.set(key, value);
  };
  p.set("type", c.productType);
  switch (c.productType) {
    case "hotel":
      set("to", c.place && encodePlace(c.place));
      set("in", c.checkIn);
      set("out", c.checkOut);
      set("pax", encodeOccupancy(c.occupancy));
      set("res", c.residency);
      set("near", c.near && `${c.near.lat},${c.near.lng},${c.near.radiusKm}`);
      set("pt", c.propertyTypes.join(","));
      set("q", c.query.trim());
      set("rate", c.rateMode);
      break;
    case "flight":
      set("trip", c.trip);
      if (c.trip === "multi") {
        for (const s of c.slices) {
          p.append("leg", [s.origin ? encodePlace(s.origin) : "", s.destination ? encodePlace(s.destination) : "", s.date].join("~"));
        }
      } else {
        set("from", c.origin && encodePlace(c.origin));
        set("to", c.destination && encodePlace(c.destination));
        set("in", c.departDate);
        if (c.trip === "return") set("out", c.returnDate);
      }
      set("cabin", c.cabinClass);
      set("pax", encodeOccupancy(c.occupancy));
      break;
    case "activity":
      set("to", c.place && encodePlace(c.place));
      set("in", c.date);
      set("pax", encodeOccupancy(c.occupancy));
      break;
    case "transfer":
      set("from", c.pickup && encodePlace(c.pickup));
      set("to", c.dropoff && encodePlace(c.dropoff));
      set("at", c.pickupAt);
      set("back", c.returnAt);
      set("passengers", c.passengers != null ? String(c.passengers) : null);
      set("luggage", c.luggage != null ? String(c.luggage) : null);
      set("pax", encodeOccupancy(c.occupancy));
      break;
  }
  return p;
}

/** Next's `searchParams` object (values may repeat) as URLSearchParams. */
export function toSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) p.append(key, v);
  }
  return p;
}

/* ------------------------------------------------------------------------------ links */

/** The search page for these criteria; with `searchId`, showing that search's results. */
export function searchHref(c: SearchCriteria, searchId?: string): string {
  const p = criteriaQuery(c);
  if (searchId) p.set("sid", searchId);
  return `/search?${p}`;
}

/** A hotel's page (content and live rate sheet) within a search. */
export function hotelHref(searchId: string, canonicalId: string, c: SearchCriteria): string {
  return `/search/${encodeURIComponent(searchId)}/hotels/${encodeURIComponent(canonicalId)}?${criteriaQuery(c)}`;
}

/** The saved options (activity sessions, transfer vehicles) of one product within a search. */
export function optionsHref(searchId: string, productId: string, c: SearchCriteria): string {
  return `/search/${encodeURIComponent(searchId)}/options/${encodeURIComponent(productId)}?${criteriaQuery(c)}`;
}

/** Checkout of one quote; the criteria go along (travellers follow the searched occupancy). */
export function checkoutHref(rateQuoteId: string, searchId: string, c: SearchCriteria): string {
  const p = criteriaQuery(c);
  p.set("sid", searchId);
  return `/checkout/${encodeURIComponent(rateQuoteId)}?${p}`;
}

/** Cabin classes as the search form and its summary name them. */
export const CABIN_LABELS: Record<CabinClass, string> = {
  economy: "Economy",
  premium_economy: "Premium economy",
  business: "Business",
  first: "First",
};

/** One line saying what was searched: "London · 1–4 Dec 2026 · 2 adults". */
export function describePlace(p: Place | null): string {
  if (!p) return "";
  return p.kind === "airport" ? `${p.name} (${p.code})` : p.name;
}

export { SEARCH_LIMITS };
