import { cancellationSummary, formatLocalDateTime } from "@/components/options/format";
import { formatDuration } from "@/lib/format/durations";
import { formatDay, formatTravelTime, nightsBetween } from "@/lib/format/dates";
import { boardLabel, plural } from "@/lib/format/words";
import { destinationCountry } from "@/lib/pricing/destination";
import type { AddItemRequest, ItemSnapshot } from "@/lib/proposals/model";
import { criteriaQuery, describePlace, toSearchRequest, type OccupancyEntry, type SearchCriteria } from "@/lib/search/criteria";
import type { AddInput } from "./draft-store";

// A proposal item's snapshot from what a row showed: in words the client can read after the
// quote has expired (dates, travellers, cancellation terms, never an amount of the agency's cost),
// with the search body and what identifies the same offer, for finding it again at booking time
// (lib/proposals/model.ts ItemSnapshot). Loaded with the tray, not with the results.

/** The client's page reads the terms in the agency's time (UTC): the advisor's own zone means nothing to them. */
const CLIENT_ZONE = "UTC";
const MAX_LINE = 200;
const MAX_DETAILS = 12;

const line = (s: string) => (s.length > MAX_LINE ? `${s.slice(0, MAX_LINE - 1).trimEnd()}…` : s);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const day = (v: string | null | undefined): string | null => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const today = () => new Date().toISOString().slice(0, 10);
const https = (url: string | null | undefined): string | null => (url && url.startsWith("https://") ? url : null);

/** "2 adults, 1 child (8)" — ages said, as the supplier will ask for them. */
export function travellersOf(occupancy: readonly OccupancyEntry[] | undefined, adultsOverride?: number | null): string {
  const list = occupancy ?? [];
  const adults = adultsOverride ?? list.reduce((n, o) => n + o.adults, 0);
  const ages = list.flatMap((o) => o.childrenAges);
  const parts = [plural(Math.max(adults, 1), "adult")];
  if (ages.length > 0) parts.push(`${plural(ages.length, "child", "children")} (${ages.join(", ")})`);
  return parts.join(", ");
}

/**
 * The cancellation terms as a sentence without any amount (fees are said against the cost the
 * service quotes, which the client never sees): the desk's one rule, in the agency's time.
 */
export function cancellationWords(refundable: boolean, policy: Parameters<typeof cancellationSummary>[1]): string {
  return cancellationSummary(refundable, policy, { timeZone: CLIENT_ZONE, shownPriceMinor: null }).sentence;
}

const common = (criteria: SearchCriteria | null) => ({
  country: destinationCountry(criteria),
  criteria: criteria ? (toSearchRequest(criteria) as Record<string, unknown>) : {},
});
/** The desk's own query of the search (place names included), to open the same search again from the proposal. */
const deskQuery = (criteria: SearchCriteria | null) => (criteria ? criteriaQuery(criteria).toString() : null);

type Slice = { origin?: unknown; destination?: unknown; departAt?: unknown; arriveAt?: unknown; durationMinutes?: unknown; stops?: unknown; segments?: unknown };
type Segment = { origin?: unknown; destination?: unknown; departAt?: unknown; flightNumber?: unknown; number?: unknown; carrierCode?: unknown; marketingCarrier?: unknown };

function segmentsOf(slice: Slice): Segment[] {
  return Array.isArray(slice.segments) ? (slice.segments.filter((s) => typeof s === "object" && s !== null) as Segment[]) : [];
}

function flightNumber(seg: Segment): string | null {
  const n = str(seg.flightNumber) ?? str(seg.number);
  if (!n) return null;
  const carrier = str(seg.carrierCode) ?? str(seg.marketingCarrier);
  return carrier && !n.startsWith(carrier) ? `${carrier}${n}` : n;
}

export function snapshotOf(input: AddInput): AddItemRequest {
  const cost = { amountMinor: input.row.sellAmountMinor, currency: input.row.sellCurrency };
  const snapshot = (() => {
    switch (input.kind) {
      case "hotel":
        return hotelSnapshot(input);
      case "flight":
        return flightSnapshot(input);
      case "activity":
        return activitySnapshot(input);
      case "transfer":
        return transferSnapshot(input);
    }
  })();
  return {
    snapshot: { ...snapshot, title: line(snapshot.title), subtitle: snapshot.subtitle ? line(snapshot.subtitle) : undefined, details: snapshot.details.filter(Boolean).slice(0, MAX_DETAILS).map(line) },
    cost,
  };
}

function hotelSnapshot({ row, criteria, hotelName, photoUrl }: Extract<AddInput, { kind: "hotel" }>): ItemSnapshot {
  const s = row.summary;
  const stay = criteria.productType === "hotel" ? criteria : null;
  const board = boardLabel(s.boardBasis);
  const nights = stay ? nightsBetween(stay.checkIn, stay.checkOut) : null;
  const rooms = stay?.occupancy.length ?? 1;
  const place = [s.neighborhoodName, s.cityName].filter(Boolean).join(", ");
  return {
    productType: "hotel",
    title: hotelName ?? s.hotelName ?? "Hotel",
    subtitle: [s.roomName ?? s.roomGroupLabel, board].filter(Boolean).join(" · ") || undefined,
    photoUrl: https(photoUrl),
    details: [
      nights ? `${plural(nights, "night")}, ${plural(rooms, "room")}` : plural(rooms, "room"),
      s.roomName && s.roomGroupLabel && s.roomName !== s.roomGroupLabel ? s.roomGroupLabel : "",
      board ?? "",
      s.rateName && s.rateName !== board ? s.rateName : "",
      typeof s.starRating === "number" && s.starRating > 0 ? `${s.starRating}-star hotel` : "",
      place,
      (s.excludedTaxes ?? []).length > 0 ? "Local taxes are paid at the hotel and are not in the price" : "",
      s.isPackage ? "Sold only with other travel, as a package" : "",
    ],
    startsOn: day(stay?.checkIn) ?? today(),
    endsOn: day(stay?.checkOut),
    travellers: travellersOf(stay?.occupancy),
    cancellation: cancellationWords(row.refundable, s.cancellationPolicy),
    refundable: row.refundable,
    ...common(criteria),
    match: {
      productType: "hotel",
      hotelId: row.canonicalProductId,
      roomGroupKey: s.roomGroupKey,
      roomGroupLabel: s.roomGroupLabel,
      roomName: s.roomName,
      boardBasis: s.boardBasis,
      refundable: row.refundable,
      rateName: s.rateName,
      supplier: row.supplier,
      deskQuery: deskQuery(criteria),
    },
  };
}

function flightSnapshot({ row, criteria }: Extract<AddInput, { kind: "flight" }>): ItemSnapshot {
  const s = row.summary;
  const slices = (s.slices ?? []) as Slice[];
  const f = criteria.productType === "flight" ? criteria : null;
  const names = f
    ? f.trip === "multi"
      ? [describePlace(f.slices[0]?.origin ?? null), ...f.slices.map((x) => describePlace(x.destination))]
      : [describePlace(f.origin), describePlace(f.destination)]
    : [];
  const codes = slices.length > 0 ? [str(slices[0]!.origin), ...slices.map((x) => str(x.destination))] : [];
  const stops = (names.every(Boolean) && names.length > 1 ? names : codes).filter((x): x is string => !!x);
  const route = f?.trip === "return" && stops.length >= 2 ? `${stops[0]} ⇄ ${stops[1]}` : stops.join(" → ");
  const numbers = slices.flatMap((x) => segmentsOf(x).map(flightNumber)).filter((n): n is string => !!n);
  const sliceLines = slices.map((x) => {
    const dep = str(x.departAt);
    const arr = str(x.arriveAt);
    const n = num(x.stops) ?? Math.max(0, segmentsOf(x).length - 1);
    return [
      `${str(x.origin) ?? "?"} → ${str(x.destination) ?? "?"}`,
      dep ? `departs ${formatTravelTime(dep, CLIENT_ZONE)}` : "",
      arr ? `arrives ${formatTravelTime(arr, CLIENT_ZONE)}` : "",
      n === 0 ? "direct" : plural(n, "stop"),
      num(x.durationMinutes) ? formatDuration(num(x.durationMinutes), "short") : "",
    ]
      .filter(Boolean)
      .join(" · ");
  });
  const departs = day(str(slices[0]?.departAt)) ?? day(f?.departDate) ?? today();
  const last = slices.length > 1 ? day(str(slices.at(-1)?.departAt)) : null;
  return {
    productType: "flight",
    title: route || s.airline || "Flight",
    subtitle: [s.airline, numbers.join(", ")].filter(Boolean).join(" · ") || undefined,
    photoUrl: null,
    details: [...sliceLines, [s.cabinClass ? s.cabinClass.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()) : "", s.fareName ?? ""].filter(Boolean).join(" · ")],
    startsOn: departs,
    endsOn: last ?? (f?.trip === "return" ? day(f.returnDate) : null),
    travellers: travellersOf(f?.occupancy),
    cancellation: cancellationWords(row.refundable, s.cancellationPolicy),
    refundable: row.refundable,
    ...common(criteria),
    match: {
      productType: "flight",
      airlineCode: s.airlineCode ?? null,
      cabinClass: s.cabinClass ?? null,
      fareName: s.fareName ?? null,
      refundable: row.refundable,
      segments: slices.map((x) => ({
        origin: str(x.origin),
        destination: str(x.destination),
        departAt: str(x.departAt),
        flights: segmentsOf(x).map((g) => ({ origin: str(g.origin), destination: str(g.destination), departAt: str(g.departAt), flightNumber: flightNumber(g) })),
      })),
      deskQuery: deskQuery(criteria),
    },
  };
}

function activitySnapshot({ row, criteria }: Extract<AddInput, { kind: "activity" }>): ItemSnapshot {
  const s = row.summary;
  const a = criteria?.productType === "activity" ? criteria : null;
  const date = day(s.date) ?? day(a?.date) ?? today();
  const time = str(s.sessionStartTime);
  const participants = (row.summary as { participants?: { adults?: unknown } }).participants;
  return {
    productType: "activity",
    title: s.activityName ?? "Activity",
    subtitle: s.modality ?? undefined,
    photoUrl: null,
    details: [
      time ? `${formatDay(date)} at ${time}` : `${formatDay(date)}, open time`,
      s.durationMinutes ? `Lasts ${formatDuration(s.durationMinutes)}` : "",
      s.cityName ?? "",
    ],
    startsOn: date,
    endsOn: null,
    travellers: travellersOf(a?.occupancy, num(participants?.adults)),
    cancellation: cancellationWords(row.refundable, s.cancellationPolicy),
    refundable: row.refundable,
    ...common(criteria),
    match: {
      productType: "activity",
      productId: row.canonicalProductId,
      activityKey: s.activityKey ?? null,
      modality: s.modality ?? null,
      date,
      sessionStartTime: time,
      refundable: row.refundable,
      deskQuery: deskQuery(criteria),
    },
  };
}

function transferSnapshot({ row, criteria }: Extract<AddInput, { kind: "transfer" }>): ItemSnapshot {
  const s = row.summary;
  const extra = s as { capacity?: unknown; luggageCapacity?: unknown; passengers?: unknown; meetAndGreet?: unknown; direction?: unknown };
  const t = criteria?.productType === "transfer" ? criteria : null;
  const from = (t && describePlace(t.pickup)) || s.pickupName || "Pickup";
  const to = (t && describePlace(t.dropoff)) || s.dropoffName || "Drop-off";
  const back = extra.direction === "return";
  const round = s.tripType === "round";
  const pickupAt = str(s.pickupAt);
  const returnAt = str(s.returnAt);
  const service = s.serviceType === "private" ? "Private" : s.serviceType === "shared" ? "Shared" : str(s.serviceType);
  const capacity = num(extra.capacity);
  const luggage = num(extra.luggageCapacity);
  return {
    productType: "transfer",
    title: back ? `${to} → ${from}` : `${from} → ${to}`,
    subtitle: [service, s.vehicle].filter(Boolean).join(" · ") || undefined,
    photoUrl: null,
    details: [
      round ? "Round trip" : back ? "Return leg" : "One way",
      pickupAt ? `Pickup ${formatLocalDateTime(pickupAt)}` : "",
      round && returnAt ? `Return ${formatLocalDateTime(returnAt)}` : "",
      capacity ? `Up to ${plural(capacity, "passenger")}` : "",
      luggage ? plural(luggage, "bag") : "",
      extra.meetAndGreet === true ? "Meet & greet" : "",
      s.durationMinutes ? `About ${formatDuration(s.durationMinutes)}` : "",
    ],
    startsOn: day(pickupAt) ?? day(t?.pickupAt) ?? today(),
    endsOn: round ? day(returnAt) : null,
    travellers: num(extra.passengers) !== null ? plural(num(extra.passengers)!, "passenger") : travellersOf(t?.occupancy, t?.passengers),
    cancellation: cancellationWords(row.refundable, s.cancellationPolicy),
    refundable: row.refundable,
    ...common(criteria),
    match: {
      productType: "transfer",
      productId: row.canonicalProductId,
      vehicle: s.vehicle ?? null,
      serviceType: s.serviceType ?? null,
      tripType: s.tripType ?? null,
      direction: typeof extra.direction === "string" ? extra.direction : null,
      pickupAt,
      returnAt,
      refundable: row.refundable,
      deskQuery: deskQuery(criteria),
    },
  };
}
