import { activityContent, hotelContent } from "../catalog/content";
import { SandboxError, validationError } from "../platform/errors";
import type { AllServices } from "../services";
import { daysBetween } from "../search/draw";
import type { ActivitySummary, CancellationPolicy, ExcludedTax, FlightSummary, HotelSummary } from "../search/types";
import { policyNow } from "./detail";
import type { Booking, Traveler } from "./model";

/**
 * Vouchers exist for bookings whose service was confirmed: `confirmed`, and `cancelled`,
 * `refunded` or being cancelled (their document says so in a banner, for the client's records).
 * Held, pending, in review or failed bookings have none: 400 `validation_error` with the reason.
 */
export const VOUCHER_STATES: ReadonlySet<string> = new Set(["confirmed", "cancellation_pending", "cancelled", "refunded"]);

export function assertVoucherState(b: Booking): void {
  // `sandbox:voucher-withdrawn` on the lead traveller: the source withdrew the voucher (the generic `gone`).
  if (b.triggers.includes("voucher-withdrawn")) {
    throw new SandboxError(410, "gone", `The voucher of booking ${b.orderRef} was withdrawn by the source and is no longer available.`);
  }
  if (!VOUCHER_STATES.has(b.state)) {
    throw validationError(
      `Booking ${b.orderRef} is ${b.state}: vouchers exist only for confirmed bookings (and cancelled or refunded ones, marked as cancelled).`,
    );
  }
}

export type HouseRules = { checkin: unknown; checkout: unknown; policies: unknown };

export type VoucherData = {
  orderRef: string;
  stay: { checkIn: string; checkOut: string; nights: number; rooms: Array<{ roomName: string; boardBasis: string; guests: string[] }> };
  hotelConfirmationNumber: string | null;
  cancellationPolicy: CancellationPolicy;
  excludedTaxes: ExcludedTax[];
  /** The property's check-in, check-out and house rules, in the source's own shape (like hotel content); null without content. */
  policies: HouseRules | null;
  importantInformation: Record<string, unknown>;
  priceSummary: Record<string, unknown>;
};

export const guestName = (t: Traveler) => [t.title, t.firstName, t.lastName].filter(Boolean).join(" ");

/** Guests per room, in room order (hotel travellers carry `roomIndex`; missing means the first room). */
export function roomsOf(b: Booking): Traveler[][] {
  const rooms = new Map<number, Traveler[]>();
  for (const t of b.travelers) rooms.set(t.roomIndex ?? 0, [...(rooms.get(t.roomIndex ?? 0) ?? []), t]);
  return [...rooms.entries()].sort(([a], [b]) => a - b).map(([, guests]) => guests);
}

export const stringField = (details: Record<string, unknown> | undefined, key: string): string | null => {
  const v = details?.[key];
  return typeof v === "string" && v !== "" ? v : null;
};

export function houseRules(services: AllServices, b: Booking): HouseRules | null {
  const hotel = services.catalog.hotelById.get(b.bookedHotel?.canonicalId ?? b.canonicalProductId);
  const content = hotel ? hotelContent(services.catalog, hotel, "").content : null;
  return content ? { checkin: content.checkin, checkout: content.checkout, policies: content.policies } : null;
}

// GET /bookings/:bookingId/voucher
export function voucherData(services: AllServices, b: Booking): VoucherData {
  if (b.productType !== "hotel") {
    throw new SandboxError(400, "invalid_product_type", `Voucher data is for hotel bookings; ${b.orderRef} is a ${b.productType} booking (its printable document is at /voucher/document).`);
  }
  assertVoucherState(b);
  const s = b.summary as HotelSummary;
  const { checkIn, checkOut } = b.firstItem;
  return {
    orderRef: b.orderRef,
    stay: {
      checkIn,
      checkOut,
      nights: Math.max(1, daysBetween(checkIn, checkOut)),
      rooms: roomsOf(b).map((guests) => ({ roomName: s.roomName, boardBasis: s.boardBasis, guests: guests.map(guestName) })),
    },
    hotelConfirmationNumber: stringField(b.lineItems[0]?.details, "hotelConfirmationNumber"),
    cancellationPolicy: policyNow(b, services.clock.now()),
    excludedTaxes: s.excludedTaxes ?? [],
    policies: houseRules(services, b),
    importantInformation: b.importantInformation,
    priceSummary: b.priceSummary,
  };
}

/** Catalog facts the printable document adds to the booking record. */
export type DocumentFacts = {
  issuedAt: string;
  now: number;
  rules: HouseRules | null;
  activity: { meetingPoint: string; inclusions: string[]; exclusions: string[] } | null;
  /** City names of a flight's airports by IATA code, and the activity's country. */
  cities: Record<string, string>;
  country: string | null;
};

export function documentFacts(services: AllServices, b: Booking): DocumentFacts {
  let activity: DocumentFacts["activity"] = null;
  if (b.productType === "activity") {
    const a = services.catalog.activityByKey.get(b.canonicalProductId);
    if (a) {
      const c = activityContent(services.catalog, a, "");
      activity = { meetingPoint: c.meetingPoint, inclusions: c.inclusions, exclusions: c.exclusions };
    }
  }
  const cities: Record<string, string> = {};
  if (b.productType === "flight") {
    for (const slice of (b.summary as FlightSummary).slices) {
      for (const code of [slice.origin, slice.destination]) {
        const airport = services.catalog.airportByCode.get(code);
        if (airport) cities[code] = airport.cityName;
      }
    }
  }
  const countryCode = b.productType === "activity" ? (b.summary as ActivitySummary).countryCode : null;
  return {
    cities,
    country: countryCode ? services.catalog.countryName(countryCode) : null,
    issuedAt: services.clock.iso(),
    now: services.clock.now(),
    rules: b.productType === "hotel" ? houseRules(services, b) : null,
    activity,
  };
}
