import { createContext, type ComponentType } from "react";
import type { ActivityCard, FlightCard, GenericCard, TransferCard } from "./offer-cards";

/** The cards of flights, activities, transfers and unknown products, as the page gives them (offer-cards-lazy.ts). */
export type OfferCards = {
  FlightCard: ComponentType<Parameters<typeof FlightCard>[0]>;
  ActivityCard: ComponentType<Parameters<typeof ActivityCard>[0]>;
  TransferCard: ComponentType<Parameters<typeof TransferCard>[0]>;
  GenericCard: ComponentType<Parameters<typeof GenericCard>[0]>;
};

/**
 * How ResultCard reaches the other products' cards: the search page provides them, loaded on
 * demand, so that the results' own code (which hotel results load) holds no import() of theirs.
 */
export const OfferCardsContext = createContext<OfferCards | null>(null);
