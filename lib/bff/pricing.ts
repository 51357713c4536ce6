import type { StoredPricing } from "@/lib/agency/pricing-store";
import type { PricingAnswer } from "@/lib/pricing/schema";

// The agency's pricing through the BFF (GET/PUT /api/agency/pricing).

/** GET /api/agency/pricing's answer: the settings, every rule (default first), and the agency's currency now. */
export function pricingAnswer(stored: StoredPricing, agencyCurrency: string): PricingAnswer {
  return {
    currency: stored.settings.currency,
    agencyCurrency,
    rounding: stored.settings.rounding,
    allowBelowCost: stored.settings.allowBelowCost,
    maxDiscountBp: stored.settings.maxDiscountBp,
    rules: stored.rules.map(({ productType, country, percentBp, fixedMinor }) => ({ productType, country, percentBp, fixedMinor })),
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}
