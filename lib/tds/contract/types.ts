import type { z } from "zod";
import type * as A from "./adapter";
import type * as B from "./base";
import type * as R from "./requests";
import type * as S from "./schemas";

// Types of the service's shapes, inferred from the schemas (never written by hand).
// Requests are `z.input` (what a caller may send); responses are `z.output` (what was parsed).

export type ErrorDetail = z.output<typeof A.errorDetailSchema>;
export type Capabilities = z.output<typeof S.capabilitiesSchema>;
export type Suggestions = z.output<typeof S.suggestionsSchema>;
export type CitySuggestion = z.output<typeof S.citySuggestionSchema>;
export type HotelSuggestion = z.output<typeof S.hotelSuggestionSchema>;
export type PoiSuggestion = z.output<typeof S.poiSuggestionSchema>;
export type Destination = z.output<typeof S.destinationSchema>;
export type DestinationsPage = z.output<typeof S.destinationsPageSchema>;
export type ActivityCatalogueItem = z.output<typeof S.activityCatalogueItemSchema>;
export type ActivityCataloguePage = z.output<typeof S.activityCataloguePageSchema>;
export type HotelContent = z.output<typeof S.hotelContentSchema>;
export type ActivityContent = z.output<typeof A.activityContentSchema>;
export type Thumbnails = z.output<typeof S.thumbnailsSchema>;

export type SearchCreateRequest = z.input<typeof R.searchCreateRequestSchema>;
export type SearchCreated = z.output<typeof S.searchCreatedSchema>;
export type ResultRow = z.output<typeof S.resultRowSchema>;
export type HotelRow = z.output<typeof S.hotelRowSchema>;
export type FlightRow = z.output<typeof S.flightRowSchema>;
export type ActivityRow = z.output<typeof S.activityRowSchema>;
export type TransferRow = z.output<typeof S.transferRowSchema>;
export type HotelSummary = z.output<typeof S.hotelSummarySchema>;
export type ResultsMeta = z.output<typeof S.resultsMetaSchema>;
export type SessionStatus = z.output<typeof S.sessionStatusSchema>;
export type ResultsQuery = z.input<typeof R.resultsQuerySchema>;
export type CancellationPolicy = z.output<typeof B.cancellationPolicySchema>;

export type PriceCheckRequest = z.input<typeof A.priceCheckRequestSchema>;
export type PriceCheck = z.output<typeof A.priceCheckSchema>;
export type Requirements = z.output<typeof A.requirementsSchema>;
export type BookingQuestion = z.output<typeof A.bookingQuestionSchema>;
export type ActivityOptionsRequest = z.input<typeof A.activityOptionsRequestSchema>;
export type ActivityOption = z.output<typeof A.activityOptionSchema>;
export type Traveler = z.input<typeof A.travelerSchema>;

export type BookingCreateRequest = z.input<typeof R.bookingCreateRequestSchema>;
export type BookingStatus = z.output<typeof S.bookingStatusSchema>;
export type BookingState = BookingStatus["state"];
export type BookingListQuery = z.input<typeof R.bookingListQuerySchema>;
export type BookingListRow = z.output<typeof S.bookingListRowSchema>;
export type BookingListPage = z.output<typeof S.bookingListPageSchema>;
export type BookingDetail = z.output<typeof S.bookingDetailSchema>;
export type LineItem = z.output<typeof S.lineItemSchema>;
export type PayResult = z.output<typeof A.payResultSchema>;
export type CancelRequest = z.input<typeof R.cancelRequestSchema>;
export type CancelResult = z.output<typeof S.cancelResultSchema>;
export type Voucher = z.output<typeof S.voucherSchema>;
export type EmailClientRequest = z.input<typeof R.emailClientRequestSchema>;
export type EmailClientResult = z.output<typeof A.emailClientResultSchema>;

export type DestinationsQuery = z.input<typeof R.destinationsQuerySchema>;
export type PageQuery = z.input<typeof R.pageQuerySchema>;
