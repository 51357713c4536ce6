import "server-only";
import { readPricing } from "@/lib/agency/pricing-store";
import type { Db } from "@/lib/db";
import { ALTERNATIVES_MAX, findOffer } from "@/lib/proposals/offer-match";
import type { ItemSnapshot, MoneyMinor } from "@/lib/proposals/model";
import { itemForBooking, repriceItem, type Actor } from "@/lib/proposals/store";
import { boardLabel } from "@/lib/format/words";
import { checkoutHref, parseCriteria, type SearchCriteria } from "@/lib/search/criteria";
import { searchCreateRequestSchema } from "@/lib/tds/contract/requests";
import type { ResultRow } from "@/lib/tds/contract/types";
import type { TdsClient } from "@/lib/tds/client";
import type { Cache } from "./cache";
import { BffError } from "./errors";
import { rememberQuotes } from "./quotes";

// "Book the client's choice" (docs/proposals.md#re-finding-an-offer): quotes live 20 minutes, so
// the offer a proposal kept is searched for again with the same criteria, recognised by what
// stays the same across searches (lib/proposals/offer-match.ts), and opened in checkout with the
// proposal named, where it is price-checked and proposed and current prices are set side by side.

/** Rows read from a search that returns complete (flights, activities, transfers): the service's own cap. */
const RESULTS_LIMIT = 500;

export type OfferNow = {
  quoteId: string;
  title: string;
  subtitle: string | null;
  refundable: boolean;
  /** What the agency pays now (the search's price; checkout checks it live). */
  cost: MoneyMinor;
  /** The client's price for that cost (lib/proposals/store.ts repriceItem). */
  clientPrice: MoneyMinor;
  /** Checkout of this offer, for this proposal item. */
  checkoutHref: string;
};

export type RefindAnswer = {
  itemId: string;
  proposed: { cost: MoneyMinor; clientPrice: MoneyMinor };
  /** The same offer, found again. */
  found: OfferNow | null;
  /** When it is gone: up to three closest offers. */
  alternatives: OfferNow[];
};

const gone = (message: string) => new BffError({ status: 409, code: "offer_search_failed", message });

function criteriaOf(snapshot: ItemSnapshot, market: string): SearchCriteria {
  const q = typeof snapshot.match.deskQuery === "string" ? snapshot.match.deskQuery : null;
  const criteria = q ? parseCriteria(new URLSearchParams(q), market) : null;
  if (!criteria) throw gone("This offer was added without its search, so it cannot be found again. Search for it and book it as any offer.");
  return criteria;
}

/** The search body the proposal kept, in the agency's currency and market; a hotel is searched alone. */
function searchBody(snapshot: ItemSnapshot, agency: { currency: string; market: string }) {
  const body: Record<string, unknown> = { ...snapshot.criteria, currency: agency.currency, market: agency.market };
  if (snapshot.productType === "hotel" && typeof snapshot.match.hotelId === "string") body.hotelId = snapshot.match.hotelId;
  const parsed = searchCreateRequestSchema.safeParse(body);
  if (!parsed.success) throw gone("This offer's dates or travellers can no longer be searched (its dates may have passed). Make a new search for the client.");
  return parsed.data;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** The row in the advisor's words: the hotel's room and board, the flight's numbers, the activity's option, the vehicle. */
function describe(snapshot: ItemSnapshot, row: ResultRow): { title: string; subtitle: string | null } {
  const s = row.summary as Record<string, unknown>;
  switch (row.productType) {
    case "hotel":
      return { title: str(s.hotelName) ?? snapshot.title, subtitle: [str(s.roomName) ?? str(s.roomGroupLabel), boardLabel(str(s.boardBasis))].filter(Boolean).join(" · ") || null };
    case "flight": {
      const slices = Array.isArray(s.slices) ? (s.slices as Array<Record<string, unknown>>) : [];
      const route = slices.length > 0 ? [str(slices[0]!.origin), ...slices.map((x) => str(x.destination))].filter(Boolean).join(" → ") : snapshot.title;
      return { title: route, subtitle: [str(s.airline), str(s.cabinClass)?.replace(/_/g, " "), str(s.fareName)].filter(Boolean).join(" · ") || null };
    }
    case "activity":
      return { title: str(s.activityName) ?? snapshot.title, subtitle: [str(s.modality), str(s.sessionStartTime)].filter(Boolean).join(" · ") || null };
    default:
      return { title: snapshot.title, subtitle: [str(s.serviceType), str(s.vehicle)].filter(Boolean).join(" · ") || null };
  }
}

/** Every row the new search has for this offer's kind: a hotel's whole rate sheet; an activity's or transfer's saved options. */
async function candidates(tds: TdsClient, snapshot: ItemSnapshot, searchId: string, signal?: AbortSignal): Promise<ResultRow[]> {
  if (snapshot.productType === "hotel" && typeof snapshot.match.hotelId === "string") {
    return tds.hotelRateSheet(searchId, snapshot.match.hotelId, { signal });
  }
  const page = await tds.searchResults(searchId, { limit: RESULTS_LIMIT }, { signal });
  const rows = [...page.rows];
  const productId = str(snapshot.match.productId);
  if ((snapshot.productType === "activity" || snapshot.productType === "transfer") && productId && rows.some((r) => r.canonicalProductId === productId)) {
    const options = await tds.productRates(searchId, productId, { signal });
    const have = new Set(rows.map((r) => r.rateQuoteId));
    rows.push(...options.filter((r) => !have.has(r.rateQuoteId)));
  }
  return rows;
}

/**
 * Searches again for a proposal item's offer. Refused (before any search) when the item is
 * already booked, or the proposal cannot be booked (withdrawn, not the advisor's).
 */
export async function refindItem(
  deps: { tds: TdsClient; db: Db; cache: Cache; agency: { currency: string; market: string } },
  actor: Actor,
  proposalId: string,
  itemId: string,
  signal?: AbortSignal,
): Promise<RefindAnswer> {
  const { item } = await itemForBooking(deps.db, actor, proposalId, itemId);
  const snapshot = item.snapshot;
  if (snapshot.startsOn < new Date().toISOString().slice(0, 10)) {
    throw new BffError({ status: 409, code: "offer_dates_passed", message: "This offer's dates have passed, so it cannot be booked. Make a new search for the client." });
  }
  const criteria = criteriaOf(snapshot, deps.agency.market);
  const body = searchBody(snapshot, deps.agency);
  const { searchId } = await deps.tds.createSearch(body, { signal });
  const rows = await candidates(deps.tds, snapshot, searchId, signal);
  // Checkout opened from these links still says what is being booked (lib/bff/quotes.ts).
  await rememberQuotes(deps.cache, searchId, rows);

  const { same, alternatives } = findOffer(snapshot, rows, item.cost);
  const pricing = await readPricing(deps.db, deps.agency.currency);
  const link = new URLSearchParams({ proposal: proposalId, item: itemId });
  const now = (row: ResultRow): OfferNow => ({
    quoteId: row.rateQuoteId,
    ...describe(snapshot, row),
    refundable: row.refundable,
    cost: { amountMinor: row.sellAmountMinor, currency: row.sellCurrency },
    clientPrice: repriceItem(item, row.sellAmountMinor, pricing),
    checkoutHref: `${checkoutHref(row.rateQuoteId, searchId, criteria)}&${link}`,
  });
  return {
    itemId,
    proposed: { cost: item.cost, clientPrice: item.clientPrice },
    found: same ? now(same) : null,
    alternatives: alternatives.slice(0, ALTERNATIVES_MAX).map(now),
  };
}
