import type { ProductType } from "./types";
import { PRODUCT_TYPES } from "./types";

/**
 * Product types on sale per market (point of sale). Everything everywhere, except these
 * markets — fixed so that clients can test a market without flights or transfers.
 */
const LIMITED_MARKETS: Record<string, readonly ProductType[]> = {
  IN: ["hotel", "activity", "transfer"],
  BR: ["hotel", "activity", "transfer"],
  AR: ["hotel", "activity", "transfer"],
  ZA: ["hotel", "flight", "activity"],
  NG: ["hotel", "flight"],
  KE: ["hotel", "activity"],
  CU: ["hotel"],
  IR: ["hotel"],
};

export function productTypesFor(market: string): readonly ProductType[] {
  return LIMITED_MARKETS[market] ?? PRODUCT_TYPES;
}
