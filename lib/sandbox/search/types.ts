/** Shapes the search endpoints answer with (spec: "Search result row", "Search results meta"). */

export const PRODUCT_TYPES = ["hotel", "flight", "activity", "transfer"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export type Money = { amountMinor: number; currency: string };

/** Same shape as the booking detail's `cancellationPolicy`. */
export type CancellationPolicy = {
  refundable: boolean;
  /** From `from` on, cancelling costs `amountMinor`. */
  deadlines: Array<{ from: string; amountMinor: number; currency: string }>;
  currentRefundability?: "refundable" | "partially_refundable" | "non_refundable";
  nonrefundableDateRanges?: Array<{ start: string; end: string }>;
  perStayAmountsNonRefundable?: Money[];
  deadlinesWithheld?: boolean;
};

export type ExcludedTax = { name: string; amountMinor: number; currency: string; payableAt: "property" };
export type AgencyCommission = { percent: number; amountMinor: number; currency: string };

export type HotelSummary = {
  hotelName: string;
  starRating: number;
  cityName: string;
  neighborhoodName: string | null;
  coordinates: { lat: number; lng: number } | null;
  roomName: string;
  roomDescription: string | null;
  boardBasis: string;
  rateName: string;
  roomGroupKey: string;
  roomGroupLabel: string;
  cancellationPolicy: CancellationPolicy;
  excludedTaxes: ExcludedTax[] | null;
  rateComments: string | null;
  isPackage: boolean;
  requiresGuestTitle: boolean;
  agencyCommission: AgencyCommission | null;
};

export type FlightSegment = {
  flightNumber: string;
  airline: string;
  airlineCode: string;
  origin: string;
  destination: string;
  /** Local times at each airport, without offset. */
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  aircraft: string;
};

export type FlightSlice = {
  origin: string;
  destination: string;
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  stops: number;
  segments: FlightSegment[];
};

export type FlightSummary = {
  airline: string;
  airlineCode: string;
  cabinClass: string;
  fareName: string;
  stops: number;
  durationMinutes: number;
  slices: FlightSlice[];
  baggage: { carryOn: number; checked: number };
  changeable: boolean;
  passengers: { adults: number; children: number; infants: number };
  cancellationPolicy: CancellationPolicy;
};

export type ActivitySummary = {
  activityName: string;
  activityKey: string;
  category: string;
  cityName: string;
  countryCode: string;
  modality: string;
  modalityCode: string;
  date: string;
  /** Local `HH:MM`, or null for an open-time ticket. */
  sessionStartTime: string | null;
  durationMinutes: number;
  participants: { adults: number; children: number };
  requiresLeadTitle: boolean;
  cancellationPolicy: CancellationPolicy;
};

export type TransferSummary = {
  serviceType: "private" | "shared";
  vehicle: string;
  vehicleClass: string;
  capacity: number;
  luggageCapacity: number;
  pickupName: string;
  pickupType: string;
  pickupCode: string;
  dropoffName: string;
  dropoffType: string;
  dropoffCode: string;
  pickupAt: string;
  returnAt: string | null;
  /** `round` when this one row covers both directions. */
  tripType: "round" | "one_way";
  direction: "outbound" | "return" | "both";
  distanceKm: number;
  durationMinutes: number;
  passengers: number;
  meetAndGreet: boolean;
  flightDetailsRequired: boolean;
  requiresLeadTitle: boolean;
  cancellationPolicy: CancellationPolicy;
};

export type Summary = HotelSummary | FlightSummary | ActivitySummary | TransferSummary;

export type ResultRow = {
  _id: string;
  productType: ProductType;
  canonicalProductId: string;
  rateQuoteId: string;
  supplier: string;
  rank: number;
  sellAmountMinor: number;
  sellCurrency: string;
  refundable: boolean;
  summary: Summary;
};

export type SessionStatus = "pending" | "partial" | "completed" | "failed";

export type SupplierOutcome = {
  supplier: string;
  status: "pending" | "completed" | "failed";
  /** The source's response time in the simulated world (latencyScale 1), in ms. */
  latencyMs: number;
  /** Rates from this source the search holds (hotels: one per hotel priced). */
  rateCount: number;
};

export type SessionMeta = {
  status: SessionStatus;
  batchProgress: { done: number; total: number };
  lateArrivals?: number;
  supplierOutcomes: SupplierOutcome[];
};
