import { minorDigits } from "@/lib/money";

// The agency's markup: how a cost the service quotes (its sell price, what the agency pays) becomes
// the price a client is shown. Pure and browser-safe: the BFF, the admin page's live example and
// the "Client prices" switch all call these same functions. Money is integer minor units
// throughout (JPY 0 digits, EUR 2, KWD 3); percentages are basis points (1 bp = 0.01 %); the
// products that need more than 2^53 go through BigInt, never through a float.

export const PRICED_PRODUCTS = ["hotel", "flight", "activity", "transfer"] as const;
export type PricedProduct = (typeof PRICED_PRODUCTS)[number];
export const isPricedProduct = (v: unknown): v is PricedProduct => (PRICED_PRODUCTS as readonly unknown[]).includes(v);

export const ROUNDINGS = ["none", "whole", "ninety_nine"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** 100 % in basis points. */
export const BP_PER_WHOLE = 10_000;

/**
 * One markup rule: a percentage of the cost and/or a fixed amount per booking. `productType` and
 * `country` (ISO 3166-1 alpha-2 of the destination) narrow where it applies; null means any.
 * The rule with neither is the default, and there is exactly one.
 */
export type MarkupRule = {
  productType: PricedProduct | null;
  country: string | null;
  /** Basis points of the cost: 1250 = 12.5 %. Never negative. */
  percentBp: number;
  /** Minor units of the settings' currency, per booking. Never negative. */
  fixedMinor: number;
};

export type PricingSettings = {
  /** The currency the fixed amounts are in: the agency's when they were saved. */
  currency: string;
  rounding: Rounding;
  /** Whether an advisor's override may go below the agency's cost. */
  allowBelowCost: boolean;
  /** How far below the marked-up price an advisor may go, in basis points of it (0 = not at all). */
  maxDiscountBp: number;
};

export type Pricing = { settings: PricingSettings; rules: MarkupRule[] };

/** Until an admin sets anything: no markup, no rounding, no discounts (the client pays the cost). */
export function defaultPricing(currency: string): Pricing {
  return {
    settings: { currency, rounding: "none", allowBelowCost: false, maxDiscountBp: 0 },
    rules: [{ productType: null, country: null, percentBp: 0, fixedMinor: 0 }],
  };
}

export type Money = { amountMinor: number; currency: string };

/* ------------------------------------------------------------------ which rule */

/**
 * Which rule prices a product, most specific first:
 *   1. the product type in that country ("hotels in Japan"),
 *   2. that country, any product ("everything in Japan"),
 *   3. the product type, anywhere ("hotels"),
 *   4. the default.
 * A country rule is an exception an admin makes for a destination, so it beats the product's
 * general rule; a product's rule for that country beats both. A destination that is not known
 * (no country) gets the product's rule or the default.
 */
export function ruleFor(rules: readonly MarkupRule[], productType: string, country: string | null | undefined): MarkupRule {
  const cc = country ? country.toUpperCase() : null;
  const product = isPricedProduct(productType) ? productType : null;
  const find = (p: PricedProduct | null, c: string | null) => rules.find((r) => r.productType === p && r.country === c);
  return (
    (product && cc ? find(product, cc) : undefined) ??
    (cc ? find(null, cc) : undefined) ??
    (product ? find(product, null) : undefined) ??
    find(null, null) ?? { productType: null, country: null, percentBp: 0, fixedMinor: 0 }
  );
}

/** Which of the four steps a rule is, for saying why a price is what it is. */
export function ruleScope(rule: Pick<MarkupRule, "productType" | "country">): "product_country" | "country" | "product" | "default" {
  if (rule.productType && rule.country) return "product_country";
  if (rule.country) return "country";
  if (rule.productType) return "product";
  return "default";
}

/* ------------------------------------------------------------------ rounding */

/** Minor units in one whole unit of the currency (JPY 1, EUR 100, KWD 1000). */
export const minorPerUnit = (currency: string): number => 10 ** minorDigits(currency);

/**
 * The ".99" step and ending, in minor units: prices end in 0.99 of a whole unit where the
 * currency can say it (EUR 12.99: step 100, ending 99; KWD 12.990: step 1000, ending 990). A
 * currency with fewer than two digits cannot, so its prices end in 99 of its smallest unit
 * instead (JPY 1,299: step 100, ending 99).
 */
export function charmStep(currency: string): { step: number; ending: number } {
  const step = 10 ** Math.max(2, minorDigits(currency));
  return { step, ending: step - step / 100 };
}

/**
 * A client price rounded by the agency's rule. Rounding only ever goes up (to the next whole unit,
 * or the next price ending in .99), so it never eats into the markup and never goes below cost;
 * an amount already rounded stays as it is.
 */
export function roundClientPrice(amountMinor: number, currency: string, rounding: Rounding): number {
  assertMinor(amountMinor);
  if (rounding === "none" || amountMinor <= 0) return amountMinor;
  if (rounding === "whole") {
    const unit = minorPerUnit(currency);
    return ceilTo(amountMinor, unit);
  }
  const { step, ending } = charmStep(currency);
  // The smallest n·step + ending that is ≥ the amount.
  const base = amountMinor - ending;
  return base <= 0 ? ending : ceilTo(base, step) + ending;
}

/** The smallest multiple of `unit` ≥ n (n > 0), by remainder: exact for any safe integer. */
const ceilTo = (n: number, unit: number) => (n % unit === 0 ? n : n + (unit - (n % unit)));

/* ------------------------------------------------------------------ the price */

export type ClientPrice = Money & {
  /** The agency's cost, as given. */
  cost: Money;
  rule: MarkupRule;
  /** The markup's percentage part, in minor units (half up). */
  percentMinor: number;
  /** The fixed part applied: 0 when the cost is in another currency than the fixed amounts. */
  fixedMinor: number;
  /** False when the rule's fixed amount could not apply: it is in another currency than the cost. */
  fixedApplied: boolean;
  /** What rounding added. */
  roundingMinor: number;
};

/** `amount × bp / 10000`, rounded half away from zero, exactly (BigInt when the product is large). */
export function percentOf(amountMinor: number, bp: number): number {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(bp)) throw new RangeError(`Basis points must be a safe integer, not ${bp}.`);
  const product = amountMinor * bp;
  if (product === 0) return 0;
  // Below 2^40 a float division is exact enough for floor() (the error is far under 1/10000).
  if (Math.abs(product) <= 2 ** 40) return Math.sign(product) * Math.floor((Math.abs(product) + BP_PER_WHOLE / 2) / BP_PER_WHOLE);
  const p = BigInt(amountMinor) * BigInt(bp);
  const abs = p < 0n ? -p : p;
  const q = (abs + BigInt(BP_PER_WHOLE / 2)) / BigInt(BP_PER_WHOLE);
  const n = Number(p < 0n ? -q : q);
  assertMinor(n);
  return n;
}

/**
 * The client price of a cost: the matching rule's percentage (half up) plus its fixed amount, then
 * the agency's rounding. The fixed amount is in the settings' currency; a cost in another currency
 * gets the percentage alone (the desk converts no money) and says so in `fixedApplied`.
 */
export function clientPrice(cost: Money, productType: string, country: string | null | undefined, pricing: Pricing): ClientPrice {
  assertMinor(cost.amountMinor);
  const rule = ruleFor(pricing.rules, productType, country);
  const percentMinor = percentOf(cost.amountMinor, rule.percentBp);
  const fixedApplied = rule.fixedMinor === 0 || cost.currency === pricing.settings.currency;
  const fixedMinor = fixedApplied ? rule.fixedMinor : 0;
  const marked = cost.amountMinor + percentMinor + fixedMinor;
  const amountMinor = roundClientPrice(marked, cost.currency, pricing.settings.rounding);
  return { amountMinor, currency: cost.currency, cost, rule, percentMinor, fixedMinor, fixedApplied, roundingMinor: amountMinor - marked };
}

/** What the agency earns on a sale: client price − cost (negative below cost). Same currency only. */
export function margin(client: Money, cost: Money): Money {
  if (client.currency !== cost.currency) throw new RangeError(`A margin needs one currency; got ${client.currency} and ${cost.currency}.`);
  assertMinor(client.amountMinor);
  assertMinor(cost.amountMinor);
  return { amountMinor: client.amountMinor - cost.amountMinor, currency: cost.currency };
}

/** The margin as basis points of the client price (what share of what the client pays the agency keeps); null for a free sale. */
export function marginBp(clientMinor: number, costMinor: number): number | null {
  if (clientMinor <= 0) return null;
  const diff = clientMinor - costMinor;
  return Number((BigInt(diff) * BigInt(BP_PER_WHOLE)) / BigInt(clientMinor));
}

/**
 * An amount the service states against the cost (a cancellation charge), as the same share of the
 * price the screen shows instead (the client price), rounded up: a charge of the whole cost reads
 * as the whole client price, and no amount gives the cost away. Unchanged when no other price is shown.
 */
export function shareOfShown(amountMinor: number, costMinor: number, shownMinor: number | undefined): number {
  if (shownMinor === undefined || shownMinor === costMinor || costMinor <= 0) return amountMinor;
  const scaled = BigInt(amountMinor) * BigInt(shownMinor);
  const q = scaled / BigInt(costMinor);
  return Number(scaled % BigInt(costMinor) === 0n ? q : q + 1n);
}

/* ------------------------------------------------------------------ advisors' overrides */

export type OverrideLimits = {
  /** The lowest client price an advisor may set. */
  minMinor: number;
  /** What sets the floor: the admin's maximum discount, or the agency's cost. */
  floor: "max_discount" | "cost";
};

/**
 * The lowest price an advisor may offer for an item whose marked-up price is `clientMinor`: the
 * admin's maximum discount below it, and never below the cost unless the admin allows that. Never
 * below 1 minor unit: the desk does not give travel away.
 */
export function overrideLimits(costMinor: number, clientMinor: number, settings: Pick<PricingSettings, "allowBelowCost" | "maxDiscountBp">): OverrideLimits {
  assertMinor(costMinor);
  assertMinor(clientMinor);
  const bp = Math.min(Math.max(0, settings.maxDiscountBp), BP_PER_WHOLE);
  // The discount is rounded down: the floor never lets an advisor go further than the admin said.
  const discount = Number((BigInt(clientMinor) * BigInt(bp)) / BigInt(BP_PER_WHOLE));
  const byDiscount = Math.max(1, clientMinor - discount);
  if (!settings.allowBelowCost && costMinor > byDiscount) return { minMinor: costMinor, floor: "cost" };
  return { minMinor: byDiscount, floor: "max_discount" };
}

export type OverrideCheck = { ok: true; amountMinor: number } | { ok: false; amountMinor: number; message: string };

/**
 * An advisor's price for an item, checked against the admin's limits: accepted as it is, or
 * refused with a sentence and the nearest price allowed (`amountMinor`, the clamped value).
 * Raising a price is always allowed.
 */
export function checkOverride(
  proposedMinor: number,
  item: { cost: Money; clientMinor: number },
  settings: Pick<PricingSettings, "allowBelowCost" | "maxDiscountBp">,
  format: (m: Money) => string,
): OverrideCheck {
  const limits = overrideLimits(item.cost.amountMinor, item.clientMinor, settings);
  if (!Number.isSafeInteger(proposedMinor) || proposedMinor < limits.minMinor) {
    const min = format({ amountMinor: limits.minMinor, currency: item.cost.currency });
    const message =
      limits.floor === "cost"
        ? `The price can go down to ${min}, the agency's cost; an admin decides whether advisors may sell below cost.`
        : settings.maxDiscountBp <= 0
          ? `The agency's pricing allows no discount on this price: ${min} is the lowest.`
          : `The lowest price allowed is ${min}: the agency allows at most ${formatBp(settings.maxDiscountBp)} off.`;
    return { ok: false, amountMinor: limits.minMinor, message };
  }
  return { ok: true, amountMinor: proposedMinor };
}

/** Basis points as a percentage, as people write it: 1250 → "12.5%", 1000 → "10%". */
export function formatBp(bp: number): string {
  const sign = bp < 0 ? "-" : "";
  const abs = Math.abs(bp);
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, "0").replace(/0+$/, "");
  return `${sign}${whole.toLocaleString("en-US")}${frac ? `.${frac}` : ""}%`;
}

/** `part` as a share of `whole` in basis points, rounded half away from zero (BigInt: no float on money); null when `whole` is not positive. */
export function shareBp(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  const num = BigInt(part) * BigInt(BP_PER_WHOLE);
  const den = BigInt(whole);
  const q = num / den;
  const r = num % den;
  return Number((r < 0n ? -r : r) * 2n >= den ? q + (num < 0n ? -1n : 1n) : q);
}

function assertMinor(n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Money must be an integer number of minor units, not ${n}.`);
}
