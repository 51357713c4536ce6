import { lazy } from "react";
import type { OfferCards } from "./offer-cards-context";

// The cards of flights, activities, transfers and unknown products (offer-cards.tsx), loaded when
// such results are to be shown: hotel results, the most common, do without them (issue 15, page
// weight). The search page's own module (search-workspace.tsx) imports this one and provides the
// cards to the results (OfferCardsContext); the results' modules must not import it. Like the
// results' other import()s (lazy-parts.ts says why), this one must not sit in their next/dynamic
// module; and other pages load the results' code too (use-run-search.ts), so an import() reachable
// from it was built once for each of them (four copies of the cards' chunk), where here it is one.

const load = () => import("./offer-cards");

export const OFFER_CARDS: OfferCards = {
  FlightCard: lazy(() => load().then((m) => ({ default: m.FlightCard }))),
  ActivityCard: lazy(() => load().then((m) => ({ default: m.ActivityCard }))),
  TransferCard: lazy(() => load().then((m) => ({ default: m.TransferCard }))),
  GenericCard: lazy(() => load().then((m) => ({ default: m.GenericCard }))),
};

/** A preload that fails is not an error: the cards ask again when they render, and show that failure. */
export const preloadOfferCards = () => void load().catch(() => {});
