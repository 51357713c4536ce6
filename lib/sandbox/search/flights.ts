import type { Airport } from "../catalog";
import { hash32, haversineKm } from "../platform/random";
import { frac, hex8, mix } from "./draw";
import { usdToMinor } from "./fx";
import { freeUntil, nonRefundable, type GenContext, type Option } from "./simple";
import { FLIGHT_SOURCES } from "./sources";
import type { FlightSegment, FlightSlice, FlightSummary } from "./types";

const AIRLINES = [
  { code: "N4", name: "Northwind Airways" },
  { code: "M7", name: "Meridian Air" },
  { code: "S9", name: "Skyline Airlines" },
  { code: "C5", name: "Coral Air" },
  { code: "A8", name: "Atlas Airways" },
  { code: "P3", name: "Polaris Airlines" },
  { code: "H2", name: "Horizon Pacific" },
];
const HUBS = ["LHR", "CDG", "FRA", "AMS", "IST", "DXB", "DOH", "SIN", "HKG", "JFK", "ATL", "ORD", "DFW", "MAD", "FCO", "ICN", "NRT", "MEX", "GRU", "JNB"];
const CABIN_FACTOR: Record<string, number> = { economy: 1, premium_economy: 1.7, business: 3.6, first: 6 };
type Fare = { name: string; factor: number; checked: number; changeable: boolean; refundable: boolean };
const FARES: Record<string, Fare[]> = {
  economy: [
    { name: "Basic", factor: 0.82, checked: 0, changeable: false, refundable: false },
    { name: "Standard", factor: 1, checked: 1, changeable: true, refundable: false },
    { name: "Flex", factor: 1.4, checked: 2, changeable: true, refundable: true },
  ],
  premium_economy: [
    { name: "Standard", factor: 1, checked: 2, changeable: true, refundable: false },
    { name: "Flex", factor: 1.3, checked: 2, changeable: true, refundable: true },
  ],
  business: [
    { name: "Standard", factor: 1, checked: 2, changeable: true, refundable: false },
    { name: "Flex", factor: 1.25, checked: 3, changeable: true, refundable: true },
  ],
  first: [
    { name: "Standard", factor: 1, checked: 2, changeable: true, refundable: false },
    { name: "Flex", factor: 1.2, checked: 3, changeable: true, refundable: true },
  ],
};
const LEGS_PER_SLICE = 6;
const MAX_ITINERARIES = 10;

type Leg = { slice: FlightSlice; usd: number; airline: (typeof AIRLINES)[number] };

/** Airports have no time zones in the catalog: 15° of longitude is an hour. */
const zoneMinutes = (a: Airport) => Math.round(a.lng / 15) * 60;
const localAt = (date: string, minutes: number) => new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000).toISOString().slice(0, 16);
const flightMinutes = (km: number) => Math.round((35 + km / 13.5) / 5) * 5;

function segment(from: Airport, to: Airport, date: string, departLocal: number, airline: (typeof AIRLINES)[number], n: number): FlightSegment & { arriveLocalMin: number } {
  const km = haversineKm(from.lat, from.lng, to.lat, to.lng);
  const minutes = flightMinutes(km);
  const arriveLocalMin = departLocal - zoneMinutes(from) + minutes + zoneMinutes(to);
  return {
    flightNumber: `${airline.code}${100 + (n % 8900)}`,
    airline: airline.name,
    airlineCode: airline.code,
    origin: from.code,
    destination: to.code,
    departAt: localAt(date, departLocal),
    arriveAt: localAt(date, arriveLocalMin),
    durationMinutes: minutes,
    aircraft: km < 1500 ? "A320neo" : km < 4000 ? "B737-8" : km < 9000 ? "B787-9" : "A350-1000",
    arriveLocalMin,
  };
}

/** The flights a slice can take on its date: direct, or through the hub with the smallest detour. */
function legs(ctx: GenContext, from: Airport, to: Airport, date: string): Leg[] {
  const h = hash32(`flight|${from.code}|${to.code}|${date}`, ctx.seed);
  const km = haversineKm(from.lat, from.lng, to.lat, to.lng);
  const hubs = HUBS.map((c) => ctx.catalog.airportByCode.get(c))
    .filter((a): a is Airport => !!a && a.code !== from.code && a.code !== to.code)
    .map((a) => ({ a, detour: haversineKm(from.lat, from.lng, a.lat, a.lng) + haversineKm(a.lat, a.lng, to.lat, to.lng) - km }))
    .sort((x, y) => x.detour - y.detour);
  const out: Leg[] = [];
  for (let i = 0; i < LEGS_PER_SLICE; i++) {
    const airline = AIRLINES[mix(h, i, 1) % AIRLINES.length]!;
    const direct = frac(h, i, 2) < (km < 7000 ? 0.65 : 0.3) || hubs.length === 0;
    const depart = 360 + Math.round((frac(h, i, 3) * 900) / 5) * 5;
    const segs: Array<FlightSegment & { arriveLocalMin: number }> = [];
    if (direct) {
      segs.push(segment(from, to, date, depart, airline, mix(h, i, 4)));
    } else {
      const hub = hubs[i % Math.min(3, hubs.length)]!.a;
      const first = segment(from, hub, date, depart, airline, mix(h, i, 4));
      const layover = 60 + Math.round((frac(h, i, 5) * 120) / 5) * 5;
      segs.push(first, segment(hub, to, date, first.arriveLocalMin + layover, airline, mix(h, i, 6)));
    }
    const last = segs[segs.length - 1]!;
    const totalMinutes = last.arriveLocalMin - zoneMinutes(to) - (depart - zoneMinutes(from));
    const segments: FlightSegment[] = segs.map(({ arriveLocalMin: _, ...s }) => s);
    out.push({
      airline,
      slice: {
        origin: from.code,
        destination: to.code,
        departAt: segments[0]!.departAt,
        arriveAt: last.arriveAt,
        durationMinutes: totalMinutes,
        stops: segments.length - 1,
        segments,
      },
      usd: (45 + km * 0.09) * (direct ? 1 : 0.85) * (0.9 + 0.25 * frac(h, i, 7)),
    });
  }
  return out;
}

type Plan = Array<{ from: Airport; to: Airport; date: string }>;

function plan(ctx: GenContext): Plan {
  const { req, catalog, places } = ctx;
  if (req.slices) {
    return req.slices.map((s) => ({ from: catalog.airportByCode.get(s.origin)!, to: catalog.airportByCode.get(s.destination)!, date: s.date }));
  }
  // The schema checked origin, destination and checkIn for searches without slices.
  const from = catalog.airportByCode.get(req.origin ?? "")!;
  const to = places.airport(req.destination ?? "")!;
  const out: Plan = [{ from, to, date: req.checkIn ?? "" }];
  if (req.checkOut) out.push({ from: to, to: from, date: req.checkOut });
  return out;
}

/** Itineraries (one leg per slice) × fares × the sources that sell them. */
export function flightOptions(ctx: GenContext): Option[] {
  const slices = plan(ctx).map((p) => legs(ctx, p.from, p.to, p.date));
  const itineraries: Leg[][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < LEGS_PER_SLICE && itineraries.length < MAX_ITINERARIES; i++) {
    for (let j = 0; j < (slices.length > 1 ? 2 : 1) && itineraries.length < MAX_ITINERARIES; j++) {
      const combo = slices.map((ls, si) => ls[(i + j * si) % ls.length]!);
      const key = combo.map((l) => l.slice.segments.map((s) => `${s.flightNumber}@${s.departAt}`).join(",")).join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      itineraries.push(combo);
    }
  }
  const cabin = ctx.req.cabinClass ?? "economy";
  const ages = ctx.party.childrenAges;
  const infants = ages.filter((a) => a < 2).length;
  const children = ages.length - infants;
  const paxFactor = ctx.party.adults + ages.reduce((sum, a) => sum + (a < 2 ? 0.1 : a < 12 ? 0.75 : 1), 0);
  const options: Option[] = [];
  for (const combo of itineraries) {
    const productKey = combo.map((l) => l.slice.segments.map((s) => `${s.flightNumber}@${s.departAt}`).join(",")).join("|");
    const ph = hash32(productKey, ctx.seed);
    const productId = `flt_${hex8(ph)}`;
    const baseUsd = combo.reduce((sum, l) => sum + l.usd, 0) * (CABIN_FACTOR[cabin] ?? 1) * paxFactor;
    const first = combo[0]!;
    const departMs = Date.parse(`${first.slice.departAt}:00Z`);
    FLIGHT_SOURCES.forEach((def, src) => {
      // The second source sells most itineraries, and no basic fares.
      if (src === 1 && frac(ph, 9) >= 0.7) return;
      for (const fare of FARES[cabin] ?? []) {
        if (src === 1 && fare.name === "Basic") continue;
        const amount = usdToMinor(baseUsd * fare.factor * def.markup * (0.97 + 0.06 * frac(ph, src, fare.checked)), ctx.currency);
        const summary: FlightSummary = {
          airline: first.airline.name,
          airlineCode: first.airline.code,
          cabinClass: cabin,
          fareName: fare.name,
          stops: combo.reduce((s, l) => s + l.slice.stops, 0),
          durationMinutes: combo.reduce((s, l) => s + l.slice.durationMinutes, 0),
          slices: combo.map((l) => l.slice),
          baggage: { carryOn: 1, checked: fare.checked },
          changeable: fare.changeable,
          passengers: { adults: ctx.party.adults, children, infants },
          cancellationPolicy: fare.refundable
            ? {
                refundable: true,
                deadlines: [
                  { from: new Date(ctx.createdAt).toISOString(), amountMinor: Math.round(amount * 0.1), currency: ctx.currency },
                  ...freeUntil(departMs, amount, ctx.currency, ctx.createdAt).deadlines,
                ],
              }
            : nonRefundable(amount, ctx.currency, ctx.createdAt),
        };
        options.push({ productId, src, amount, refundable: fare.refundable, summary });
      }
    });
  }
  return options;
}
