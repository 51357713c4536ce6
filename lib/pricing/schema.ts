import * as z from "zod/mini";
import { COUNTRY_CODES, countryName } from "@/lib/countries";
import { BP_PER_WHOLE, PRICED_PRODUCTS, ROUNDINGS, ruleScope, type MarkupRule, type PricedProduct } from "./markup";

// The agency's pricing through the BFF: PUT /api/agency/pricing's body (an admin saves every rule
// and setting at once) and GET's answer. Browser-safe (zod/mini): the admin page parses the answer
// with it, and the form checks the same limits before anything is sent.

/** 1,000 %: a markup beyond that is a typing mistake. */
export const MAX_PERCENT_BP = 10 * BP_PER_WHOLE;
/** An advisor's discount is at most the whole price (and never below 1 minor unit: lib/pricing/markup.ts). */
export const MAX_DISCOUNT_BP = BP_PER_WHOLE;
/** A fixed amount per booking: 100,000 whole units of the agency's currency at most (checked by the form in its words). */
export const MAX_FIXED_UNITS = 100_000;
/** The body's bound, for any currency (100,000 units of a 4-digit currency). */
const MAX_FIXED_MINOR = MAX_FIXED_UNITS * 10_000;
/** Rules an admin may keep: the default, four products and country overrides. */
export const MAX_RULES = 200;

const KNOWN = new Set(COUNTRY_CODES);
const PRODUCT_WORDS: Record<PricedProduct, { one: string; many: string }> = {
  hotel: { one: "Hotel", many: "Hotels" },
  flight: { one: "Flight", many: "Flights" },
  activity: { one: "Activity", many: "Activities" },
  transfer: { one: "Transfer", many: "Transfers" },
};
export const productWords = (p: PricedProduct) => PRODUCT_WORDS[p];

/** What a rule covers, in words: "the default", "hotels", "everything in Japan", "hotels in Japan". */
export function ruleLabel(rule: Pick<MarkupRule, "productType" | "country">): string {
  const place = rule.country ? countryName(rule.country) : null;
  switch (ruleScope(rule)) {
    case "default":
      return "the default";
    case "product":
      return PRODUCT_WORDS[rule.productType!].many.toLowerCase();
    case "country":
      return `everything in ${place}`;
    default:
      return `${PRODUCT_WORDS[rule.productType!].many.toLowerCase()} in ${place}`;
  }
}

const ruleSchema = z.object({
  productType: z.nullable(z.enum(PRICED_PRODUCTS, "Choose hotels, flights, activities or transfers, or all products.")),
  country: z.nullable(
    z.string("Choose the destination country from the list.").check(z.refine((c) => KNOWN.has(c), "Choose the destination country from the list.")),
  ),
  percentBp: z
    .int("Give the percentage as a whole number of hundredths of a percent.")
    .check(z.gte(0, "A markup cannot be negative; use 0 for none."), z.lte(MAX_PERCENT_BP, "A markup can be at most 1,000%.")),
  fixedMinor: z
    .int("Give the fixed amount in whole cents (the currency's smallest unit).")
    .check(z.gte(0, "A fixed amount cannot be negative; use 0 for none."), z.lte(MAX_FIXED_MINOR, "This fixed amount is too large for one booking.")),
});

/** PUT /api/agency/pricing: the whole pricing at once. */
export const pricingRequestSchema = z
  .object({
    rounding: z.enum(ROUNDINGS, "Choose how client prices are rounded."),
    allowBelowCost: z.boolean("Say whether advisors may sell below cost."),
    maxDiscountBp: z
      .int("Give the largest discount as a whole number of hundredths of a percent.")
      .check(z.gte(0, "The largest discount cannot be negative; use 0 for none."), z.lte(MAX_DISCOUNT_BP, "A discount can be at most 100%.")),
    rules: z
      .array(ruleSchema, "Give the markup rules as a list.")
      .check(z.maxLength(MAX_RULES, `Keep at most ${MAX_RULES} markup rules.`)),
  })
  .check(
    z.superRefine((body, ctx) => {
      const seen = new Map<string, number>();
      body.rules.forEach((rule, i) => {
        const key = `${rule.productType ?? "*"}|${rule.country ?? "*"}`;
        if (seen.has(key)) {
          ctx.issues.push({ code: "custom", input: rule, path: ["rules", i], message: `There are two rules for ${ruleLabel(rule)}; keep one.` });
        } else seen.set(key, i);
      });
      if (!seen.has("*|*")) {
        ctx.issues.push({ code: "custom", input: body.rules, path: ["rules"], message: "Set the default markup: it prices everything no other rule covers." });
      }
    }),
  );
export type PricingRequest = z.output<typeof pricingRequestSchema>;

/** GET /api/agency/pricing. */
export const pricingResponseSchema = z.object({
  /** The currency of the fixed amounts: the agency's when they were saved. */
  currency: z.string(),
  /** The agency's currency now (AGENCY_CURRENCY); differs from `currency` only after it changed. */
  agencyCurrency: z.string(),
  rounding: z.enum(ROUNDINGS),
  allowBelowCost: z.boolean(),
  maxDiscountBp: z.int(),
  rules: z.array(
    z.object({
      productType: z.nullable(z.enum(PRICED_PRODUCTS)),
      country: z.nullable(z.string()),
      percentBp: z.int(),
      fixedMinor: z.int(),
    }),
  ),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type PricingAnswer = z.output<typeof pricingResponseSchema>;

/** The answer as lib/pricing/markup.ts's Pricing. */
export const pricingOf = (a: Pick<PricingAnswer, "currency" | "rounding" | "allowBelowCost" | "maxDiscountBp" | "rules">) => ({
  settings: { currency: a.currency, rounding: a.rounding, allowBelowCost: a.allowBelowCost, maxDiscountBp: a.maxDiscountBp },
  rules: a.rules,
});

/** The rules in the order the page and the answer list them: default, products, then countries by name. */
export function sortRules<R extends Pick<MarkupRule, "productType" | "country">>(rules: readonly R[]): R[] {
  const rank = (r: R) => ({ default: 0, product: 1, country: 2, product_country: 2 })[ruleScope(r)];
  const productRank = (p: PricedProduct | null) => (p === null ? -1 : PRICED_PRODUCTS.indexOf(p));
  return [...rules].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.country && b.country ? countryName(a.country).localeCompare(countryName(b.country), "en") : 0) ||
      productRank(a.productType) - productRank(b.productType),
  );
}
