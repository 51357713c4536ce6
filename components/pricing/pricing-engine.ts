import { apiGet } from "@/lib/api-client";
import { clientPrice } from "@/lib/pricing/markup";
import { pricingOf, pricingResponseSchema, type PricingAnswer } from "@/lib/pricing/schema";

// What the Client prices switch needs once it is on and a page shows a price: the agency's rules
// (GET /api/agency/pricing) and the arithmetic that applies them. Loaded then, not with every page:
// the rules' schema takes in the list of countries (about 5 KB of JavaScript on pages that never
// show a client price, the sign-in page among them).

/** GET /api/agency/pricing, parsed. */
export const fetchAgencyPricing = (signal?: AbortSignal) => apiGet("/api/agency/pricing", pricingResponseSchema, { signal });

const prepared = new WeakMap<PricingAnswer, ReturnType<typeof pricingOf>>();

/** The client price, in minor units, of a cost under the agency's rules. */
export function clientMinor(answer: PricingAnswer, costMinor: number, currency: string, productType: string, country: string | null): number {
  let pricing = prepared.get(answer);
  if (!pricing) prepared.set(answer, (pricing = pricingOf(answer)));
  return clientPrice({ amountMinor: costMinor, currency }, productType, country, pricing).amountMinor;
}
