import { foldText } from "@/lib/fold";
import type { ResultRow } from "@/lib/tds/contract/types";
import type { ItemSnapshot } from "./model";

// Finding a proposal's offer again in a new search (docs/proposals.md#re-finding-an-offer). Quote
// and row IDs die with their search, and a hotel's `roomGroupKey` "may change on the next search
// and is neither stored nor compared across searches" (the contract), so the same offer is
// recognised by what stays: the hotel and its room, board and refundability; the flights and
// their times; the activity's option, day and session; the transfer's vehicle and pickup.

/** Up to this many other offers are suggested when the same one is gone. */
export const ALTERNATIVES_MAX = 3;

type Match = ItemSnapshot["match"];
type Loose = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? foldText(v.trim()) : null);
const raw = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
/** Equal when both say the same, or the snapshot did not know it. */
const agrees = (wanted: string | null, got: string | null) => wanted === null || wanted === got;
/** An instant to the minute, whatever its zone notation: "2026-12-01T09:05:00Z" and "2026-12-01T09:05Z" agree. */
function minute(v: unknown): string | null {
  const s = raw(v);
  if (!s) return null;
  // A local time (no zone, as flights and pickups are given) is compared as written.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(s)) return s.slice(0, 16);
  const t = Date.parse(s);
  return Number.isNaN(t) ? s : new Date(t).toISOString().slice(0, 16);
}
const summary = (row: ResultRow): Loose => (row.summary ?? {}) as Loose;

/* ------------------------------------------------------------------------------ flights */

type SegmentKey = string;

function flightNumber(seg: Loose): string | null {
  const n = raw(seg.flightNumber) ?? raw(seg.number);
  if (!n) return null;
  const carrier = raw(seg.carrierCode) ?? raw(seg.marketingCarrier);
  return carrier && !n.startsWith(carrier) ? `${carrier}${n}` : n;
}

/** Each flight of the row as "origin-destination-departure-number", slice by slice. */
function rowFlights(row: ResultRow): SegmentKey[] {
  const slices = Array.isArray(summary(row).slices) ? (summary(row).slices as Loose[]) : [];
  return slices.flatMap((slice) => {
    const segs = Array.isArray(slice.segments) ? (slice.segments as Loose[]).filter((s) => typeof s === "object" && s !== null) : [];
    // A slice without segments is one flight of its own.
    const list = segs.length > 0 ? segs : [slice];
    return list.map((s) => [raw(s.origin), raw(s.destination), minute(s.departAt), flightNumber(s)].join("-"));
  });
}

function snapshotFlights(match: Match): SegmentKey[] {
  const slices = Array.isArray(match.segments) ? (match.segments as Loose[]) : [];
  return slices.flatMap((slice) => {
    const flights = Array.isArray(slice.flights) ? (slice.flights as Loose[]) : [];
    const list = flights.length > 0 ? flights : [slice];
    return list.map((s) => [raw(s.origin), raw(s.destination), minute(s.departAt), raw(s.flightNumber)].join("-"));
  });
}

/* ------------------------------------------------------------------------------ sameness */

/** Whether `row` is the very offer the snapshot describes. */
export function isSameOffer(snapshot: ItemSnapshot, row: ResultRow): boolean {
  const m = snapshot.match;
  const s = summary(row);
  if (row.productType !== snapshot.productType) return false;
  if (typeof m.refundable === "boolean" && row.refundable !== m.refundable) return false;
  switch (snapshot.productType) {
    case "hotel":
      return (
        row.canonicalProductId === m.hotelId &&
        agrees(text(m.roomName) ?? text(m.roomGroupLabel), text(s.roomName) ?? text(s.roomGroupLabel)) &&
        agrees(text(m.boardBasis), text(s.boardBasis))
      );
    case "flight": {
      const wanted = snapshotFlights(m);
      const got = rowFlights(row);
      return wanted.length > 0 && wanted.length === got.length && wanted.every((k, i) => k === got[i]) && agrees(text(m.cabinClass), text(s.cabinClass));
    }
    case "activity":
      return (
        (raw(m.activityKey) !== null ? raw(m.activityKey) === raw(s.activityKey) : row.canonicalProductId === m.productId) &&
        agrees(text(m.modality), text(s.modality)) &&
        agrees(raw(m.date), raw(s.date)?.slice(0, 10) ?? null) &&
        agrees(raw(m.sessionStartTime), raw(s.sessionStartTime))
      );
    case "transfer":
      return (
        agrees(text(m.vehicle), text(s.vehicle)) &&
        agrees(text(m.serviceType), text(s.serviceType)) &&
        agrees(text(m.tripType), text(s.tripType)) &&
        agrees(minute(m.pickupAt), minute(s.pickupAt)) &&
        agrees(text(m.direction), text((s as Loose).direction))
      );
  }
}

/**
 * How close another offer is (lower is closer): first what it shares with the snapshot (the same
 * hotel, board and refundability; the same airline and day; the same activity; the same kind of
 * vehicle), then how near its price is to the proposed one.
 */
export function distance(snapshot: ItemSnapshot, row: ResultRow, proposedCostMinor: number): number {
  const m = snapshot.match;
  const s = summary(row);
  let misses = 0;
  const miss = (same: boolean, weight: number) => {
    if (!same) misses += weight;
  };
  miss(typeof m.refundable !== "boolean" || row.refundable === m.refundable, 2);
  switch (snapshot.productType) {
    case "hotel":
      miss(row.canonicalProductId === m.hotelId, 8);
      miss(agrees(text(m.boardBasis), text(s.boardBasis)), 2);
      miss(agrees(text(m.roomName), text(s.roomName)), 1);
      break;
    case "flight": {
      const wanted = snapshotFlights(m);
      const got = rowFlights(row);
      miss(agrees(raw(m.airlineCode), raw(s.airlineCode)), 4);
      miss(wanted[0]?.split("-")[2]?.slice(0, 10) === got[0]?.split("-")[2]?.slice(0, 10), 4);
      miss(agrees(text(m.cabinClass), text(s.cabinClass)), 2);
      break;
    }
    case "activity":
      miss(raw(m.activityKey) !== null ? raw(m.activityKey) === raw(s.activityKey) : row.canonicalProductId === m.productId, 8);
      miss(agrees(text(m.modality), text(s.modality)), 2);
      miss(agrees(raw(m.sessionStartTime), raw(s.sessionStartTime)), 1);
      break;
    case "transfer":
      miss(agrees(text(m.serviceType), text(s.serviceType)), 4);
      miss(agrees(text(m.vehicle), text(s.vehicle)), 2);
      break;
  }
  // The price's nearness breaks ties: a relative gap below 1 keeps the shared traits first.
  const gap = Math.abs(row.sellAmountMinor - proposedCostMinor) / Math.max(proposedCostMinor, 1);
  return misses + Math.min(gap, 0.999);
}

export type OfferFound = {
  /** The same offer, the one nearest the proposed price when several rows are it (sources, rate names). */
  same: ResultRow | null;
  /** When it is gone: the closest others, closest first. */
  alternatives: ResultRow[];
};

/** The snapshot's offer among `rows`, or the closest others when it is gone. Rows in another currency are not compared. */
export function findOffer(snapshot: ItemSnapshot, rows: readonly ResultRow[], proposed: { amountMinor: number; currency: string }): OfferFound {
  const priced = rows.filter((r) => r.sellCurrency === proposed.currency && r.productType === snapshot.productType);
  const byPrice = (a: ResultRow, b: ResultRow) => Math.abs(a.sellAmountMinor - proposed.amountMinor) - Math.abs(b.sellAmountMinor - proposed.amountMinor) || a.rank - b.rank;
  const same = priced.filter((r) => isSameOffer(snapshot, r));
  if (same.length > 0) {
    // Several sources or rate names for one offer: the proposed rate name and source first, then the nearest price.
    const m = snapshot.match;
    const pref = (r: ResultRow) => (agrees(text(m.rateName), text(summary(r).rateName)) ? 0 : 2) + (raw(m.supplier) === r.supplier ? 0 : 1);
    return { same: [...same].sort((a, b) => pref(a) - pref(b) || byPrice(a, b))[0]!, alternatives: [] };
  }
  const scored = priced.map((r) => ({ r, d: distance(snapshot, r, proposed.amountMinor) })).sort((a, b) => a.d - b.d || a.r.rank - b.r.rank);
  // One row per product and room/option, so three suggestions are three different choices.
  const seen = new Set<string>();
  const alternatives: ResultRow[] = [];
  for (const { r } of scored) {
    const s = summary(r);
    const key = [r.canonicalProductId, text(s.roomName), text(s.boardBasis), text(s.modality), raw(s.sessionStartTime), text(s.vehicle), r.refundable].join("|");
    if (seen.has(key)) continue;
    seen.add(key);
    alternatives.push(r);
    if (alternatives.length === ALTERNATIVES_MAX) break;
  }
  return { same: null, alternatives };
}
