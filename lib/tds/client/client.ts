import "server-only";
import * as z from "zod/mini";
import type * as zc from "zod/v4/core";
import {
  activityContentSchema,
  activityOptionSchema,
  activityOptionsPath,
  emailClientResultSchema,
  payResultSchema,
  PRICE_CHECK_RETRY,
  priceCheckPath,
  priceCheckSchema,
} from "../contract/adapter";
import { createSender, DEFAULT_TIMEOUT_MS, type CallOptions, type SenderConfig, type SendOptions } from "./http";
import {
  activityCataloguePageSchema,
  bookingDetailSchema,
  bookingListPageSchema,
  bookingStatusSchema,
  cancelResultSchema,
  capabilitiesSchema,
  destinationsPageSchema,
  envelopeSchema,
  hotelContentSchema,
  resultRowsSchema,
  resultsEnvelopeSchema,
  searchCreatedSchema,
  suggestionsSchema,
  thumbnailsSchema,
  voucherSchema,
} from "../contract/schemas";
import type {
  ActivityOptionsRequest,
  BookingCreateRequest,
  BookingListQuery,
  BookingStatus,
  CancelRequest,
  DestinationsQuery,
  EmailClientRequest,
  PageQuery,
  PriceCheckRequest,
  ResultsQuery,
  SearchCreateRequest,
  Suggestions,
} from "../contract/types";

export type TdsClientConfig = SenderConfig;
export type IdempotentCallOptions = CallOptions & {
  /** The key of this operation; the BFF passes the one it keeps from the advisor's first click. */
  idempotencyKey?: string;
};

/**
 * Floors for calls slower than the default: the service queries sources live, or books.
 * A caller's own `timeoutMs` on a call still wins.
 */
export const SLOW_CALL_TIMEOUTS_MS = {
  createSearch: 15_000,
  rateSheet: 20_000,
  priceCheck: 20_000,
  activityOptions: 20_000,
  createBooking: 45_000,
  bookingStep: 30_000,
  voucherDocument: 20_000,
  emailClient: 20_000,
} as const;

export const THUMBNAIL_IDS_PER_CALL = 60;
/** The header with which the service says an idempotent call's answer is a replay of an earlier one's. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
const SUGGEST_MIN_CHARS = 2;
const SEARCH_TEXT_MAX = 100;

const enc = encodeURIComponent;

// Built once: a zod schema compiles itself on its first parse, which a schema made per call repeats.
const activityOptionsSchema = z.array(activityOptionSchema);

/** An envelope with nothing but `data`, `meta` and `error: null`, as the BFF's own answers are. */
function isPlainEnvelope(page: Record<string, unknown>): boolean {
  const keys = Object.keys(page);
  return keys.length === 3 && page.error === null && "data" in page && "meta" in page;
}

export type TdsClient = ReturnType<typeof createTdsClient>;

/** The one client of the Travel Distribution Service: every operation, typed by its zod schema. */
export function createTdsClient(config: TdsClientConfig) {
  const sender = createSender(config);
  const slow = (name: keyof typeof SLOW_CALL_TIMEOUTS_MS, opts: CallOptions = {}): CallOptions => ({
    ...opts,
    timeoutMs: opts.timeoutMs ?? Math.max(config.timeoutMs ?? DEFAULT_TIMEOUT_MS, SLOW_CALL_TIMEOUTS_MS[name]),
  });
  const data = async <S extends zc.$ZodType>(opts: SendOptions, schema: S): Promise<zc.output<S>> =>
    (await sender.json(opts, envelopeSchema(schema))).data as zc.output<S>;
  const get = <S extends zc.$ZodType>(path: string, schema: S, query: SendOptions["query"], opts?: CallOptions) =>
    data({ ...opts, method: "GET", path, query }, schema);
  const idempotent = (opts: IdempotentCallOptions = {}) => ({ ...opts, idempotencyKey: opts.idempotencyKey ?? crypto.randomUUID() });

  const client = {
    /* ------------------------------------------------------------ catalog */

    /** GET /search/capabilities: product types on sale in `market`. */
    capabilities: (market: string, opts?: CallOptions) => get("/search/capabilities", capabilitiesSchema, { market }, opts),

    /** GET /catalog/suggest. Under 2 characters the service answers empty groups: so does the client, without a call. */
    async suggest(q: string, limit?: number, opts?: CallOptions): Promise<Suggestions> {
      const text = q.trim().slice(0, SEARCH_TEXT_MAX);
      if (text.length < SUGGEST_MIN_CHARS) return { cities: [], hotels: [], pois: [] };
      return get("/catalog/suggest", suggestionsSchema, { q: text, limit }, opts);
    },

    /** GET /destinations. */
    destinations: (params: DestinationsQuery, opts?: CallOptions) => get("/destinations", destinationsPageSchema, params, opts),

    /** GET /destinations/:code/activities: the catalogue, without prices. */
    destinationActivities: (code: string, params: PageQuery = {}, opts?: CallOptions) =>
      get(`/destinations/${enc(code)}/activities`, activityCataloguePageSchema, params, opts),

    /** GET /products/hotel/:canonicalId (changes rarely: cache it for a day). */
    hotelContent: (canonicalId: string, opts?: CallOptions) => get(`/products/hotel/${enc(canonicalId)}`, hotelContentSchema, undefined, opts),

    /** GET /products/activity/:activityKey. */
    activityContent: (activityKey: string, opts?: CallOptions) =>
      get(`/products/activity/${enc(activityKey)}`, activityContentSchema, undefined, opts),

    /** GET /products/hotel-thumbnails, in calls of 60 IDs (the service ignores any beyond), merged. */
    async hotelThumbnails(ids: readonly string[], opts?: CallOptions): Promise<Record<string, string | null>> {
      const unique = [...new Set(ids.filter((id) => id !== ""))];
      const chunks: string[][] = [];
      for (let i = 0; i < unique.length; i += THUMBNAIL_IDS_PER_CALL) chunks.push(unique.slice(i, i + THUMBNAIL_IDS_PER_CALL));
      const maps = await Promise.all(
        chunks.map((chunk) => get("/products/hotel-thumbnails", thumbnailsSchema, { ids: chunk.join(",") }, opts)),
      );
      return Object.assign({}, ...maps);
    },

    /* ------------------------------------------------------------- search */

    /** POST /search (201). Not idempotent, so never retried. */
    createSearch: (body: SearchCreateRequest, opts?: CallOptions) =>
      data({ ...slow("createSearch", opts), method: "POST", path: "/search", body }, searchCreatedSchema),

    /** GET /search/:searchId/results: a page of rows and the session's progress. */
    async searchResults(searchId: string, params: ResultsQuery = {}, opts?: CallOptions) {
      const { value: page, verbatim } = await sender.jsonVerbatim(
        { ...opts, method: "GET", path: `/search/${enc(searchId)}/results`, query: params },
        resultsEnvelopeSchema,
      );
      return {
        rows: page.data,
        meta: page.meta,
        /**
         * The service's bytes when they are exactly `{ data: rows, meta, error: null }` as parsed
         * (nothing defaulted, transformed or dropped), else null: a page the BFF passes on unchanged
         * is then sent as it came (50 rows are about 50 KB to serialise again).
         */
        wire: verbatim && isPlainEnvelope(page) ? verbatim : null,
      };
    },

    /** POST /search/:searchId/hotels/:productId/rates: live rate sheet, fresh quotes, search extended. */
    hotelRateSheet: (searchId: string, productId: string, opts?: CallOptions) =>
      data(
        { ...slow("rateSheet", opts), method: "POST", path: `/search/${enc(searchId)}/hotels/${enc(productId)}/rates` },
        resultRowsSchema,
      ),

    /** POST /search/:searchId/products/:productId/rates: every option already saved for a product. */
    productRates: (searchId: string, productId: string, opts?: CallOptions) =>
      data(
        { ...slow("rateSheet", opts), method: "POST", path: `/search/${enc(searchId)}/products/${enc(productId)}/rates` },
        resultRowsSchema,
      ),

    /* ------------------------------------------------------------- quotes */

    /** Price-check (contract-decisions §1). Not idempotent: only `price_check_conflict` is retried, once. */
    priceCheck: (quoteId: string, body: PriceCheckRequest = {}, opts?: CallOptions) =>
      data(
        {
          ...slow("priceCheck", opts),
          maxRetries: Math.min(opts?.maxRetries ?? PRICE_CHECK_RETRY.times, PRICE_CHECK_RETRY.times),
          retryCodes: PRICE_CHECK_RETRY.codes,
          method: "POST",
          path: priceCheckPath(quoteId),
          body,
        },
        priceCheckSchema,
      ),

    /** An activity quote's separately bookable options for a traveller mix (contract-decisions §2). */
    activityOptions: (quoteId: string, body: ActivityOptionsRequest = {}, opts?: CallOptions) =>
      data(
        { ...slow("activityOptions", opts), method: "POST", path: activityOptionsPath(quoteId), body },
        activityOptionsSchema,
      ),

    /* ----------------------------------------------------------- bookings */

    /**
     * POST /bookings (201): idempotent, so retried safely with the same key. `replayed`: the
     * service answered with what an earlier request with this key did (`Idempotent-Replayed`),
     * not a booking made by this call.
     */
    async createBooking(body: BookingCreateRequest, opts?: IdempotentCallOptions): Promise<BookingStatus & { replayed: boolean }> {
      const { value, headers } = await sender.jsonWithHeaders(
        { ...slow("createBooking", idempotent(opts)), method: "POST", path: "/bookings", body },
        envelopeSchema(bookingStatusSchema),
      );
      return { ...(value.data as BookingStatus), replayed: headers.get(REPLAYED_HEADER) === "true" };
    },

    /** GET /bookings: a page of the agency's bookings. */
    listBookings: (params: BookingListQuery = {}, opts?: CallOptions) =>
      get("/bookings", bookingListPageSchema, { ...params, q: params.q?.slice(0, SEARCH_TEXT_MAX) }, opts),

    /** GET /bookings/:bookingId. */
    getBooking: (bookingId: string, opts?: CallOptions) => get(`/bookings/${enc(bookingId)}`, bookingDetailSchema, undefined, opts),

    /** POST /bookings/:bookingId/refresh-status (poll at most every 15 s). Not retried: no idempotency key. */
    refreshBookingStatus: (bookingId: string, opts?: CallOptions) =>
      data({ ...slow("bookingStep", opts), method: "POST", path: `/bookings/${enc(bookingId)}/refresh-status` }, bookingStatusSchema),

    /** POST /bookings/:bookingId/pay: pays a held booking from credit. */
    payBooking: (bookingId: string, opts?: IdempotentCallOptions) =>
      data(
        {
          ...slow("bookingStep", idempotent(opts)),
          method: "POST",
          path: `/bookings/${enc(bookingId)}/pay`,
          body: { paymentMethod: "credit" },
        },
        payResultSchema,
      ),

    /** POST /bookings/:bookingId/cancel (201). `state` is the state at that moment: GET the booking for the final one. */
    cancelBooking: (bookingId: string, body: CancelRequest = {}, opts?: IdempotentCallOptions) =>
      data(
        {
          ...slow("bookingStep", idempotent(opts)),
          method: "POST",
          path: `/bookings/${enc(bookingId)}/cancel`,
          // The body is optional: sent only when it says something.
          body: body.transferCancelScope ? body : undefined,
        },
        cancelResultSchema,
      ),

    /** GET /bookings/:bookingId/voucher: voucher data (hotel bookings). */
    voucher: (bookingId: string, opts?: CallOptions) => get(`/bookings/${enc(bookingId)}/voucher`, voucherSchema, undefined, opts),

    /** GET /bookings/:bookingId/voucher/document: printable HTML (no envelope). */
    voucherDocument: (bookingId: string, params: { withoutPrices?: boolean } = {}, opts?: CallOptions) =>
      sender.text({
        ...slow("voucherDocument", opts),
        method: "GET",
        path: `/bookings/${enc(bookingId)}/voucher/document`,
        query: { prices: params.withoutPrices ? "without" : undefined },
      }),

    /** POST /bookings/:bookingId/email-client (10 per minute). Not idempotent: never retried, so never sent twice. */
    emailClient: (bookingId: string, body: EmailClientRequest = {}, opts?: CallOptions) =>
      data(
        { ...slow("emailClient", opts), method: "POST", path: `/bookings/${enc(bookingId)}/email-client`, body },
        emailClientResultSchema,
      ),
  };
  return client;
}
