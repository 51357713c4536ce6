import type { Catalog, City, Hotel, Room } from "../catalog";
import { hash32 } from "../platform/random";
import { addDays, daysBetween, frac, hex8 } from "./draw";
import { usdToMinor } from "./fx";
import { HOTEL_SOURCES, type HotelSourceDef } from "./sources";
import type { CancellationPolicy, HotelSummary } from "./types";

/**
 * Hotel rates, a pure function of (hotel, source, room, board, refundability, dates,
 * occupancy, currency): a listing row and a later rate sheet always agree, and nothing but
 * (hotel position, source, rate code, amount) needs to be stored per row.
 *
 * Rate code: room index << 4 | board << 1 | refundable.
 */

export const BOARDS = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"] as const;
const BOARD_LABELS = ["Room only", "Breakfast included", "Half board", "Full board", "All inclusive"];
const BOARD_FACTOR = [1, 1.12, 1.28, 1.42, 1.65];
const STAR_USD: Record<string, number> = { "1": 42, "2": 68, "3": 105, "3.5": 135, "4": 175, "4.5": 240, "5": 360 };
const PROPERTY_FACTOR: Record<string, number> = {
  hotel: 1, resort: 1.25, aparthotel: 0.95, vacation_home: 1.05, bed_and_breakfast: 0.85, hostel: 0.7, unique: 1.2, other: 0.9,
};
const MONTH_FACTOR = [0.85, 0.85, 0.95, 1, 1.05, 1.15, 1.25, 1.25, 1.1, 1, 0.9, 1.12];
const COMMENTS = [
  "Check-in from 15:00, check-out by 11:00. Photo ID and a credit card are required at check-in.",
  "The property may pre-authorise the card given at check-in for incidentals.",
  "Late arrival after 22:00 must be announced to the property.",
  null,
  "Parking on site is limited and charged locally.",
];

export const encodeRate = (room: number, board: number, refundable: boolean) => (room << 4) | (board << 1) | (refundable ? 1 : 0);
export const rateRoom = (code: number) => code >> 4;
export const rateBoard = (code: number) => (code >> 1) & 7;
export const rateRefundable = (code: number) => (code & 1) === 1;

export type Occupancy = Array<{ adults: number; childrenAges: number[] }>;

/** What every rate of one search shares, computed once per search. */
export type HotelPricing = {
  seed: number;
  searchId: string;
  /** Hash of dates and occupancy: the noise of prices (currency only converts). */
  crit: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  /** Guests of the fullest room: rooms that cannot take them are not offered. */
  largestRoom: number;
  /** Σ nights' season factors × Σ rooms' occupancy factors. */
  stayUnits: number;
  currency: string;
  commissionable: boolean;
  /** `sandbox:package-rate`: every rate is sold as a package rate (prices unchanged). */
  packageRates: boolean;
  /** Virtual ms of the search's start: policies read "now" from it. */
  createdAt: number;
};

export function hotelPricing(input: {
  seed: number;
  searchId: string;
  checkIn: string;
  checkOut: string;
  occupancy: Occupancy;
  currency: string;
  commissionable: boolean;
  packageRates?: boolean;
  createdAt: number;
}): HotelPricing {
  const nights = Math.max(1, daysBetween(input.checkIn, input.checkOut));
  let season = 0;
  for (let n = 0; n < nights; n++) {
    const d = new Date(`${addDays(input.checkIn, n)}T00:00:00Z`);
    const weekend = d.getUTCDay() === 5 || d.getUTCDay() === 6;
    season += (MONTH_FACTOR[d.getUTCMonth()] ?? 1) * (weekend ? 1.1 : 1);
  }
  let rooms = 0;
  let guests = 0;
  let largestRoom = 0;
  for (const r of input.occupancy) {
    const paying = r.childrenAges.filter((a) => a >= 2).length;
    rooms += 1 + 0.22 * (r.adults - 1) + 0.12 * paying;
    guests += r.adults + r.childrenAges.length;
    largestRoom = Math.max(largestRoom, r.adults + r.childrenAges.length);
  }
  return {
    seed: input.seed,
    searchId: input.searchId,
    crit: hash32(`${input.checkIn}|${input.checkOut}|${JSON.stringify(input.occupancy)}`, input.seed),
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights,
    guests,
    largestRoom,
    stayUnits: season * rooms,
    currency: input.currency,
    commissionable: input.commissionable,
    packageRates: input.packageRates ?? false,
    createdAt: input.createdAt,
  };
}

/** A hotel's stable hash: the root of all its draws. */
export const hotelHash = (seed: number, hotel: Hotel) => hash32(hotel.canonicalId, seed);

export function sourceCovers(hh: number, src: number): boolean {
  const def = HOTEL_SOURCES[src];
  if (!def) return false;
  const covered = frac(hh, src, 11) < def.coverage;
  // Every hotel is sold by at least one of the two fast sources.
  return covered || (src === 0 && frac(hh, 1, 11) >= (HOTEL_SOURCES[1]?.coverage ?? 0));
}

function hotelBoards(hotel: Hotel): number[] {
  if (hotel.propertyType === "hostel") return [0, 1];
  if (hotel.propertyType === "resort") return [1, 2, 4];
  if (hotel.starRating >= 4) return [0, 1, 2, 3];
  return [0, 1];
}

const fits = (room: Room, p: HotelPricing) => room.maxOccupancy >= p.largestRoom || room.maxOccupancy >= 4;

const isPackage = (def: HotelSourceDef, hh: number, src: number, code: number) => def.packages && frac(hh, src, code, 21) < 0.06;
const commissionApplies = (def: HotelSourceDef, p: HotelPricing) => p.commissionable && def.commissionable;

export type RateVisitor = (code: number, amountMinor: number) => void;

/** Every rate `src` offers at `hotel` for this search, as (code, amount). */
export function forEachRate(catalog: Catalog, p: HotelPricing, hotel: Hotel, hh: number, src: number, visit: RateVisitor): void {
  const def = HOTEL_SOURCES[src];
  if (!def || !sourceCovers(hh, src)) return;
  const city = catalog.cityById.get(hotel.cityRegionId);
  const base =
    (STAR_USD[String(hotel.starRating)] ?? 120) *
    (city?.costIndex ?? 1) *
    (PROPERTY_FACTOR[hotel.propertyType] ?? 1) *
    (0.8 + 0.5 * frac(hh, 1)) *
    p.stayUnits *
    def.markup *
    (commissionApplies(def, p) ? 1.1 : 1);
  const rooms = catalog.rooms(hotel);
  const boards = hotelBoards(hotel);
  let firstFit = true;
  for (let r = 0; r < rooms.length; r++) {
    const room = rooms[r] as Room;
    if (!fits(room, p)) continue;
    const offered = firstFit || frac(hh, src, r, 12) < 0.7;
    firstFit = false;
    if (!offered) continue;
    for (let i = 0; i < boards.length; i++) {
      const b = boards[i] as number;
      if (i > 0 && frac(hh, src, 100 + b, 13) >= 0.7) continue;
      const variant = frac(hh, src, r * 8 + b, 14);
      for (const refundable of [true, false]) {
        if ((variant < 0.15 && refundable) || (variant >= 0.15 && variant < 0.3 && !refundable)) continue;
        const code = encodeRate(r, b, refundable);
        let usd = base * room.priceFactor * (BOARD_FACTOR[b] ?? 1);
        if (!refundable) usd *= 0.87 + 0.06 * frac(hh, src, r * 8 + b, 15);
        usd *= 0.95 + 0.1 * frac((hh ^ p.crit) >>> 0, src, code, 16);
        if (isPackage(def, hh, src, code)) usd *= 0.9;
        visit(code, usdToMinor(usd, p.currency));
      }
    }
  }
}

/** The cheapest rate of `src` at `hotel` (what a listing holds), or null when it offers none. */
export function cheapestRate(catalog: Catalog, p: HotelPricing, hotel: Hotel, hh: number, src: number): { code: number; amount: number } | null {
  let best: { code: number; amount: number } | null = null;
  forEachRate(catalog, p, hotel, hh, src, (code, amount) => {
    if (!best || amount < best.amount || (amount === best.amount && rateRefundable(code) && !rateRefundable(best.code))) {
      best = { code, amount };
    }
  });
  return best;
}

function cancellationPolicy(def: HotelSourceDef, p: HotelPricing, hh: number, src: number, code: number, amount: number): CancellationPolicy {
  const currency = p.currency;
  if (!rateRefundable(code)) {
    return { refundable: false, deadlines: [{ from: new Date(p.createdAt).toISOString(), amountMinor: amount, currency }] };
  }
  if (def.withholdsDeadlines && frac(hh, src, 52) < 0.3) return { refundable: true, deadlines: [], deadlinesWithheld: true };
  const daysBefore = [1, 2, 3, 5, 7, 14][Math.floor(frac(hh, src, code, 51) * 6)] ?? 2;
  const freeUntil = `${addDays(p.checkIn, -daysBefore)}T23:59:00.000Z`;
  const firstNight = Math.round(amount / p.nights);
  const deadlines = [{ from: freeUntil, amountMinor: firstNight, currency }];
  if (amount > firstNight) deadlines.push({ from: `${p.checkIn}T00:00:00.000Z`, amountMinor: amount, currency });
  const policy: CancellationPolicy = { refundable: true, deadlines };
  if (Date.parse(freeUntil) <= p.createdAt) policy.currentRefundability = p.nights > 1 ? "partially_refundable" : "non_refundable";
  if (p.nights >= 3 && frac(hh, src, code, 53) < 0.05) {
    policy.nonrefundableDateRanges = [{ start: addDays(p.checkIn, 1), end: addDays(p.checkIn, 2) }];
  }
  return policy;
}

/** Groups a hotel's rooms within this search only (spec: never stored or compared across searches). */
export const roomGroupKey = (p: HotelPricing, hotel: Hotel, room: Room) =>
  `rg_${hex8(hash32(`${p.searchId}|${hotel.canonicalId}|${room.groupKey}`, p.seed))}`;

export function hotelSummary(
  catalog: Catalog,
  p: HotelPricing,
  hotel: Hotel,
  hh: number,
  src: number,
  code: number,
  amount: number,
  withCoordinates: boolean,
): HotelSummary {
  const def = HOTEL_SOURCES[src] as HotelSourceDef;
  const room = catalog.rooms(hotel)[rateRoom(code)] as Room;
  const board = rateBoard(code);
  const refundable = rateRefundable(code);
  // The row says what the price-check will: a package rate is one in its summary (and name).
  const pkg = p.packageRates || isPackage(def, hh, src, code);
  const city = catalog.cityById.get(hotel.cityRegionId) as City | undefined;
  let excludedTaxes: HotelSummary["excludedTaxes"] = null;
  if (def.providesDetails) {
    excludedTaxes =
      (city?.costIndex ?? 1) >= 1.1 || frac(hh, 41) < 0.35
        ? [{ name: "City tax", amountMinor: usdToMinor((1.5 + 4 * frac(hh, 42)) * p.guests * p.nights, p.currency), currency: p.currency, payableAt: "property" }]
        : [];
  }
  const percent = 8 + Math.floor(frac(hh, src, 61) * 8);
  return {
    hotelName: hotel.name,
    starRating: hotel.starRating,
    cityName: hotel.cityName,
    neighborhoodName: hotel.neighborhoodName,
    coordinates: withCoordinates ? { lat: hotel.lat, lng: hotel.lng } : null,
    roomName: room.name,
    roomDescription: def.providesDetails ? room.description : null,
    boardBasis: BOARDS[board] ?? "room_only",
    rateName: `${pkg ? "Package rate: " : ""}${BOARD_LABELS[board]}, ${refundable ? "free cancellation" : "non-refundable"}`,
    roomGroupKey: roomGroupKey(p, hotel, room),
    roomGroupLabel: room.groupLabel,
    cancellationPolicy: cancellationPolicy(def, p, hh, src, code, amount),
    excludedTaxes,
    rateComments: def.providesDetails ? (COMMENTS[Math.floor(frac(hh, src, 43) * COMMENTS.length)] ?? null) : null,
    isPackage: pkg,
    requiresGuestTitle: def.titles === "always" || (def.titles === "some" && frac(hh, 62) < 0.3),
    agencyCommission: commissionApplies(def, p)
      ? { percent, amountMinor: Math.round((amount * percent) / 100), currency: p.currency }
      : null,
  };
}
