// A hotel row as the service sends it, for the contract's tests (schemas.test.ts, answers.test.ts).

export const policy = { refundable: true, deadlines: [{ from: "2026-12-01T00:00:00Z", amountMinor: 100, currency: "USD" }] };
export const hotelSummary = {
  hotelName: "Hotel Arts",
  starRating: 5,
  cityName: "Barcelona",
  neighborhoodName: null,
  coordinates: { lat: 41.38, lng: 2.19 },
  roomName: "Deluxe",
  roomDescription: null,
  boardBasis: "room_only",
  rateName: "Flexible",
  roomGroupKey: "g1",
  roomGroupLabel: "Deluxe rooms",
  cancellationPolicy: policy,
  excludedTaxes: null,
  rateComments: null,
  isPackage: false,
  requiresGuestTitle: false,
  agencyCommission: null,
};
export const row = (over: Record<string, unknown> = {}) => ({
  _id: "r1",
  productType: "hotel",
  canonicalProductId: "h1",
  rateQuoteId: "qt_1",
  supplier: "src-ab12",
  rank: 1,
  sellAmountMinor: 12345,
  sellCurrency: "USD",
  refundable: true,
  summary: hotelSummary,
  ...over,
});
