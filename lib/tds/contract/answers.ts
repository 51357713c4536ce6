import type { Capabilities, ResultRow, ResultsMeta, Suggestions, Thumbnails } from "./types";

// The BFF's answers to the search and results pages, read in the browser without zod.
// The BFF parsed them with the schemas of ./schemas.ts before sending them (defaults filled,
// unknown fields kept), so the browser only checks that an answer has that shape, by hand: the
// pages that show a search load no schema library for it (the schema library costs ~22 KB gzip
// on a page; README, page weight). ./answers.test.ts holds these checks to the schemas: whatever
// the schema puts out passes here and reads the same, and an answer whose identity, prices or
// progress are not of their type does not.
// Types still come from the schemas (./types); nothing here is a shape of its own.

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isNullish = (v: unknown): v is null | undefined => v === null || v === undefined;
const str = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => isNullish(v) || str(v);
const optNum = (v: unknown) => isNullish(v) || (typeof v === "number" && Number.isFinite(v));
const optInt = (v: unknown) => isNullish(v) || isInt(v);
const arrayOf = (v: unknown, each: (item: unknown) => boolean): v is unknown[] => Array.isArray(v) && v.every(each);

/* ------------------------------------------------------------------------- result rows */

/** A hotel row's summary: what the cards, filters and map read of it. */
function isHotelSummary(s: Rec): boolean {
  return (
    optStr(s.hotelName) &&
    optNum(s.starRating) &&
    optStr(s.cityName) &&
    (isNullish(s.coordinates) || (isRecord(s.coordinates) && typeof s.coordinates.lat === "number" && typeof s.coordinates.lng === "number")) &&
    (isNullish(s.cancellationPolicy) || (isRecord(s.cancellationPolicy) && Array.isArray(s.cancellationPolicy.deadlines))) &&
    typeof s.isPackage === "boolean" &&
    typeof s.requiresGuestTitle === "boolean"
  );
}

/** One ranked row: its identity, price in minor units, and a summary of its product. */
export function isResultRow(v: unknown): v is ResultRow {
  if (!isRecord(v) || !isRecord(v.summary)) return false;
  const fields =
    str(v._id) &&
    str(v.canonicalProductId) &&
    str(v.rateQuoteId) &&
    str(v.supplier) &&
    str(v.productType) &&
    isInt(v.rank) &&
    isInt(v.sellAmountMinor) &&
    str(v.sellCurrency) &&
    typeof v.refundable === "boolean";
  return fields && (v.productType !== "hotel" || isHotelSummary(v.summary));
}

export const isResultRows = (v: unknown): v is ResultRow[] => arrayOf(v, isResultRow);

/**
 * A results page's meta, or null when it is not one. Reads as the schema does: a missing cursor
 * is null, missing supplier outcomes are none.
 */
export function readResultsMeta(v: unknown): ResultsMeta | null {
  if (!isRecord(v) || !optStr(v.nextCursor)) return null;
  const session = v.session;
  if (!isRecord(session) || !str(session.status) || !(session.lateArrivals === undefined || isInt(session.lateArrivals))) return null;
  const progress = session.batchProgress;
  if (!isRecord(progress) || !isInt(progress.done) || !isInt(progress.total)) return null;
  const outcomes = session.supplierOutcomes ?? [];
  if (!arrayOf(outcomes, (o) => isRecord(o) && str(o.supplier) && str(o.status) && optNum(o.latencyMs) && optInt(o.rateCount))) return null;
  return { ...v, nextCursor: v.nextCursor ?? null, session: { ...session, supplierOutcomes: outcomes } } as ResultsMeta;
}

/* ------------------------------------------------------------------------------ search */

/** The product types this agency's key may search. */
export const isCapabilities = (v: unknown): v is Capabilities => isRecord(v) && arrayOf(v.productTypes, str);

/** Suggestions for a place, with the BFF's "did you mean" when it corrected the query. */
export type PlaceSuggestions = Suggestions & { didYouMean?: string };

/** Suggestions, or null when the answer is not that. Reads as the schema does: a missing list is empty. */
export function readPlaceSuggestions(v: unknown): PlaceSuggestions | null {
  if (!isRecord(v) || !(v.didYouMean === undefined || str(v.didYouMean))) return null;
  const cities = v.cities ?? [];
  const hotels = v.hotels ?? [];
  const pois = v.pois ?? [];
  const cityOk = (c: unknown) =>
    isRecord(c) && str(c.name) && str(c.countryCode) && isInt(c.cityRegionId) && optStr(c.stateName) && optInt(c.hotelCount) && (c.cityRegionIds === undefined || arrayOf(c.cityRegionIds, isInt));
  if (!arrayOf(cities, cityOk)) return null;
  if (!arrayOf(hotels, (h) => isRecord(h) && str(h.canonicalId) && str(h.name) && optStr(h.cityName) && optNum(h.starRating) && optStr(h.countryCode))) return null;
  if (!arrayOf(pois, (p) => isRecord(p) && str(p.kind) && str(p.name) && str(p.code) && optStr(p.countryCode))) return null;
  return {
    ...v,
    cities: cities.map((c) => ({ ...(c as Rec), cityRegionIds: (c as Rec).cityRegionIds ?? [] })),
    hotels,
    pois,
  } as PlaceSuggestions;
}

/** Hotel thumbnails by product ID (null: the hotel has none). */
export const isThumbnails = (v: unknown): v is Thumbnails => isRecord(v) && Object.values(v).every((u) => u === null || str(u));
