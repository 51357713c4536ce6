import * as z from "zod/mini";
import { minorDigits } from "@/lib/money";
import { formatScaled, parseScaled } from "./decimal";
import { PRICED_PRODUCTS, ROUNDINGS, type MarkupRule, type PricedProduct, type Rounding } from "./markup";
import { MAX_DISCOUNT_BP, MAX_FIXED_UNITS, MAX_PERCENT_BP, MAX_RULES, ruleLabel, sortRules, type PricingAnswer, type PricingRequest } from "./schema";

// The /admin/pricing form: what the admin types (percentages such as "12.5", amounts such as
// "25.00" in the agency's currency) and how it becomes PUT /api/agency/pricing's body (basis
// points and minor units, by the text's digits, never through a float). One schema for
// react-hook-form, per currency, since the digits an amount may have depend on it.

export type MarkupFields = { percent: string; fixed: string };
export type CountryFields = MarkupFields & { country: string; productType: "" | PricedProduct };
export type PricingFormValues = {
  base: MarkupFields;
  products: Record<PricedProduct, MarkupFields>;
  countries: CountryFields[];
  rounding: Rounding;
  maxDiscount: string;
  allowBelowCost: boolean;
};

const PERCENT_SCALE = 2;

/** What the percentage text says in basis points, or the sentence for why it says nothing. */
export function readPercent(text: string, what = "percentage"): number | string {
  const bp = parseScaled(text, PERCENT_SCALE);
  if (bp === "too_precise") return `Use at most two decimals for the ${what}, such as 12.75.`;
  if (bp === null) return /^\s*-/.test(text) ? `The ${what} cannot be negative; use 0 for none.` : `Enter the ${what} as a number, such as 12.5.`;
  return bp;
}

/** What the amount text says in minor units of `currency`, or the sentence for why it says nothing; `fixed` applies the fixed amount's limit. */
export function readAmount(text: string, currency: string, { fixed = true }: { fixed?: boolean } = {}): number | string {
  const digits = minorDigits(currency);
  const minor = parseScaled(text, digits);
  if (minor === "too_precise") return digits === 0 ? `${currency} amounts have no decimals.` : `Use at most ${digits} decimals for ${currency} amounts.`;
  if (minor === null) return /^\s*-/.test(text) ? "A fixed amount cannot be negative; use 0 for none." : `Enter the amount as a number, such as ${formatScaled(25 * 10 ** digits, digits)}.`;
  if (fixed && minor > MAX_FIXED_UNITS * 10 ** digits) return `A fixed amount can be at most ${MAX_FIXED_UNITS.toLocaleString("en-US")} ${currency} per booking.`;
  return minor;
}

const empty = (t: string) => t.trim() === "";

type Issue = { path: (string | number)[]; message: string };

/** Every problem with the form's values, each on its field. */
export function pricingFormProblems(v: PricingFormValues, currency: string): Issue[] {
  const out: Issue[] = [];
  const markup = (f: MarkupFields, path: (string | number)[], required: boolean) => {
    if (required && empty(f.percent) && empty(f.fixed)) {
      out.push({ path: [...path, "percent"], message: "Give a percentage or a fixed amount, or remove this row." });
      return;
    }
    if (!empty(f.percent)) {
      const bp = readPercent(f.percent);
      if (typeof bp === "string") out.push({ path: [...path, "percent"], message: bp });
      else if (bp > MAX_PERCENT_BP) out.push({ path: [...path, "percent"], message: "A markup can be at most 1,000%." });
    }
    if (!empty(f.fixed)) {
      const minor = readAmount(f.fixed, currency);
      if (typeof minor === "string") out.push({ path: [...path, "fixed"], message: minor });
    }
  };
  markup(v.base, ["base"], false);
  for (const p of PRICED_PRODUCTS) markup(v.products[p], ["products", p], false);
  const seen = new Set<string>();
  v.countries.forEach((c, i) => {
    if (!c.country) out.push({ path: ["countries", i, "country"], message: "Choose the destination country." });
    else {
      const key = `${c.productType}|${c.country}`;
      if (seen.has(key)) {
        const label = ruleLabel({ productType: c.productType || null, country: c.country });
        out.push({ path: ["countries", i, "country"], message: `There is already a rule for ${label}; change that one instead.` });
      }
      seen.add(key);
    }
    markup(c, ["countries", i], true);
  });
  if (1 + PRICED_PRODUCTS.length + v.countries.length > MAX_RULES) out.push({ path: ["countries"], message: `Keep at most ${MAX_RULES - 1 - PRICED_PRODUCTS.length} country rules.` });
  if (!empty(v.maxDiscount)) {
    const bp = readPercent(v.maxDiscount, "discount");
    if (typeof bp === "string") out.push({ path: ["maxDiscount"], message: bp });
    else if (bp > MAX_DISCOUNT_BP) out.push({ path: ["maxDiscount"], message: "A discount can be at most 100%." });
  }
  if (!(ROUNDINGS as readonly string[]).includes(v.rounding)) out.push({ path: ["rounding"], message: "Choose how client prices are rounded." });
  return out;
}

/** A rule from its fields; null when both are empty (a product row that follows the default). */
function ruleOf(f: MarkupFields, currency: string, scope: Pick<MarkupRule, "productType" | "country">): MarkupRule | null {
  if (empty(f.percent) && empty(f.fixed)) return null;
  const bp = empty(f.percent) ? 0 : readPercent(f.percent);
  const minor = empty(f.fixed) ? 0 : readAmount(f.fixed, currency);
  if (typeof bp !== "number" || typeof minor !== "number") return null;
  return { ...scope, percentBp: bp, fixedMinor: minor };
}

/** PUT /api/agency/pricing's body from checked values. */
export function toPricingRequest(v: PricingFormValues, currency: string): PricingRequest {
  const rules: MarkupRule[] = [ruleOf(v.base, currency, { productType: null, country: null }) ?? { productType: null, country: null, percentBp: 0, fixedMinor: 0 }];
  for (const p of PRICED_PRODUCTS) {
    const r = ruleOf(v.products[p], currency, { productType: p, country: null });
    if (r) rules.push(r);
  }
  for (const c of v.countries) {
    const r = ruleOf(c, currency, { productType: c.productType || null, country: c.country });
    if (r) rules.push(r);
  }
  const discount = empty(v.maxDiscount) ? 0 : readPercent(v.maxDiscount, "discount");
  return { rounding: v.rounding, allowBelowCost: v.allowBelowCost, maxDiscountBp: typeof discount === "number" ? discount : 0, rules };
}

/** The form's values from the saved pricing; fixed amounts are shown in `currency`'s digits. */
export function pricingFormValues(a: Pick<PricingAnswer, "rules" | "rounding" | "allowBelowCost" | "maxDiscountBp">, currency: string): PricingFormValues {
  const digits = minorDigits(currency);
  const fields = (r: MarkupRule | undefined): MarkupFields =>
    r ? { percent: r.percentBp || !r.fixedMinor ? formatScaled(r.percentBp, PERCENT_SCALE, { trim: true }) : "", fixed: r.fixedMinor ? formatScaled(r.fixedMinor, digits) : "" } : { percent: "", fixed: "" };
  const find = (p: PricedProduct | null) => a.rules.find((r) => r.productType === p && r.country === null);
  const products = Object.fromEntries(PRICED_PRODUCTS.map((p) => [p, fields(find(p))])) as Record<PricedProduct, MarkupFields>;
  return {
    base: fields(find(null)),
    products,
    countries: sortRules(a.rules.filter((r) => r.country !== null)).map((r) => ({ country: r.country!, productType: r.productType ?? "", ...fields(r) })),
    rounding: a.rounding,
    maxDiscount: formatScaled(a.maxDiscountBp, PERCENT_SCALE, { trim: true }),
    allowBelowCost: a.allowBelowCost,
  };
}

/** The form's schema for react-hook-form: its fields' sentences, and the request it makes. */
export function pricingFormSchema(currency: string) {
  return z.pipe(
    z.custom<PricingFormValues>().check(
      z.superRefine((v, ctx) => {
        for (const p of pricingFormProblems(v, currency)) ctx.issues.push({ code: "custom", input: v, path: p.path, message: p.message });
      }),
    ),
    z.transform((v) => toPricingRequest(v, currency)),
  );
}
