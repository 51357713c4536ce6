import type { City } from "../catalog";
import { hash32, haversineKm } from "../platform/random";
import { frac, hex8 } from "./draw";
import { usdToMinor } from "./fx";
import { parseLatLng } from "./schemas";
import { freeUntil, nonRefundable, type GenContext, type Option } from "./simple";
import { TRANSFER_SOURCES } from "./sources";
import type { TransferSummary } from "./types";

type Vehicle = { code: string; name: string; cls: string; capacity: number; luggage: number; factor: number };
const V = (code: string, name: string, cls: string, capacity: number, factor: number): Vehicle => ({ code, name, cls, capacity, luggage: capacity, factor });
const VEHICLES: Record<string, Vehicle> = {
  sedan: V("sedan", "Standard sedan", "standard", 3, 1),
  executive: V("executive", "Executive sedan", "executive", 3, 1.6),
  minivan: V("minivan", "Minivan", "standard", 6, 1.35),
  van: V("van", "Passenger van", "standard", 8, 1.6),
  minibus: V("minibus", "Minibus", "standard", 16, 2.6),
  coach: V("coach", "Coach", "standard", 50, 5),
};
const SHUTTLE = V("shuttle", "Shared shuttle", "shared", 8, 1);
/** What each source sells privately; the first also runs shared shuttles and sells return trips as one row. */
const FLEETS = [
  ["sedan", "executive", "minivan", "van"],
  ["sedan", "minivan", "van", "minibus", "coach"],
];
const MAX_KM = 800;

type Place = { type: string; code: string; name: string; lat: number; lng: number; city: City | undefined };

function place(ctx: GenContext, loc: { type: string; code: string }): Place {
  const { catalog, places } = ctx;
  if (loc.type === "airport") {
    const a = catalog.airportByCode.get(loc.code.toUpperCase())!;
    return { type: "airport", code: a.code, name: a.name, lat: a.lat, lng: a.lng, city: a.cityRegionId !== null ? catalog.cityById.get(a.cityRegionId) : undefined };
  }
  if (loc.type === "hotel") {
    const h = catalog.hotelById.get(loc.code)!;
    return { type: "hotel", code: h.canonicalId, name: `${h.name}, ${h.address}`, lat: h.lat, lng: h.lng, city: catalog.cityById.get(h.cityRegionId) };
  }
  const { lat, lng } = parseLatLng(loc.code)!;
  const city = places.nearestCity(lat, lng);
  return { type: "address", code: `${lat},${lng}`, name: `Address at ${lat.toFixed(5)}, ${lng.toFixed(5)}${city ? ` (${city.name})` : ""}`, lat, lng, city };
}

/** Private vehicles and shared shuttles between the two places, one product per service type. */
export function transferOptions(ctx: GenContext): Option[] {
  const req = ctx.req;
  // The schema made both locations and pickupAt present and valid.
  const from = place(ctx, req.pickupLocation!);
  const to = place(ctx, req.dropoffLocation!);
  const km = Math.round(haversineKm(from.lat, from.lng, to.lat, to.lng) * 1.3 + 2);
  if (km > MAX_KM) return [];
  const minutes = Math.round((10 + (km < 30 ? km * 2 : 60 + (km - 30) * 0.9)) / 5) * 5;
  const passengers = (req.passengers ?? ctx.party.adults) + ctx.party.childrenAges.length;
  const payingShared = (req.passengers ?? ctx.party.adults) + ctx.party.childrenAges.reduce((s, a) => s + (a < 3 ? 0 : a < 12 ? 0.7 : 1), 0);
  const cost = from.city?.costIndex ?? to.city?.costIndex ?? 1;
  const pickupAt = req.pickupAt!;
  const returnAt = req.returnAt ?? null;
  const pickupMs = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(pickupAt) ? pickupAt : `${pickupAt}Z`);
  const route = `${from.type}:${from.code}|${to.type}:${to.code}`;
  const airport = from.type === "airport" || to.type === "airport";
  const options: Option[] = [];

  const add = (src: number, service: "private" | "shared", v: Vehicle, usdOneWay: number) => {
    const productId = `trf_${hex8(hash32(`${route}|${service}`, ctx.seed))}`;
    const h = hash32(`${route}|${service}|${v.code}|${pickupAt}`, ctx.seed);
    const oneWay = usdOneWay * TRANSFER_SOURCES[src]!.markup * (0.95 + 0.13 * frac(h, src));
    const refundable = !(service === "shared");
    const legs: Array<{ direction: TransferSummary["direction"]; usd: number; at: string }> =
      returnAt === null
        ? [{ direction: "outbound", usd: oneWay, at: pickupAt }]
        : src === 0
          ? [{ direction: "both", usd: oneWay * 1.9, at: pickupAt }]
          : [
              { direction: "outbound", usd: oneWay, at: pickupAt },
              { direction: "return", usd: oneWay, at: returnAt },
            ];
    for (const leg of legs) {
      const amount = usdToMinor(leg.usd, ctx.currency);
      const [a, b] = leg.direction === "return" ? [to, from] : [from, to];
      const startMs = leg.direction === "return" ? Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(leg.at) ? leg.at : `${leg.at}Z`) : pickupMs;
      const summary: TransferSummary = {
        serviceType: service,
        vehicle: v.name,
        vehicleClass: v.cls,
        capacity: v.capacity,
        luggageCapacity: v.luggage,
        pickupName: a.name,
        pickupType: a.type,
        pickupCode: a.code,
        dropoffName: b.name,
        dropoffType: b.type,
        dropoffCode: b.code,
        pickupAt: leg.at,
        returnAt: leg.direction === "both" ? returnAt : null,
        tripType: leg.direction === "both" ? "round" : "one_way",
        direction: leg.direction,
        distanceKm: km,
        durationMinutes: minutes,
        passengers,
        meetAndGreet: a.type === "airport" && service === "private",
        flightDetailsRequired: airport,
        requiresLeadTitle: src === 1,
        cancellationPolicy: refundable
          ? freeUntil(startMs - (src === 0 ? 24 : 48) * 3_600_000, amount, ctx.currency, ctx.createdAt)
          : nonRefundable(amount, ctx.currency, ctx.createdAt),
      };
      options.push({ productId, src, amount, refundable, summary });
    }
  };

  FLEETS.forEach((fleet, src) => {
    for (const code of fleet) {
      const v = VEHICLES[code]!;
      if (v.capacity < passengers) continue;
      add(src, "private", v, (22 + km * 1.55) * v.factor * cost);
    }
  });
  if (airport && km <= 120 && passengers <= SHUTTLE.capacity) {
    add(0, "shared", SHUTTLE, (9 + km * 0.32) * payingShared * cost);
  }
  return options;
}
