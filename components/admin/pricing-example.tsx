"use client";

import { useId, useMemo, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { countryName } from "@/lib/countries";
import { formatMoney, minorDigits } from "@/lib/money";
import { formatScaled } from "@/lib/pricing/decimal";
import { pricingFormProblems, readAmount, toPricingRequest, type PricingFormValues } from "@/lib/pricing/form";
import { clientPrice, formatBp, marginBp, overrideLimits, PRICED_PRODUCTS, type PricedProduct } from "@/lib/pricing/markup";
import { productWords, ruleLabel, type PricingRequest } from "@/lib/pricing/schema";
import { Field, inputClasses } from "../ui/field";
import { Select } from "../ui/select";

const ARTICLE: Record<PricedProduct, string> = { hotel: "A hotel", flight: "A flight", activity: "An activity", transfer: "A transfer" };

/** The example's cost: 1,234.56 in the currency's own digits (¥123,456, KWD 1,234.560). */
const exampleCost = (currency: string) => {
  const digits = minorDigits(currency);
  return formatScaled(digits >= 2 ? 123_456 * 10 ** (digits - 2) : 123_456, digits);
};

/**
 * The live example beside the pricing form: a cost the admin can change, for a product and a
 * destination, priced by the values in the form as they are now (saved or not), with the rule
 * that applies, each part of the markup, the margin and the lowest price an advisor may offer.
 */
export function PricingExample({ control, currency }: { control: Control<PricingFormValues, unknown, PricingRequest>; currency: string }) {
  const values = useWatch({ control }) as PricingFormValues;
  const [product, setProduct] = useState<PricedProduct>("hotel");
  const [country, setCountry] = useState("");
  const [costText, setCostText] = useState(() => exampleCost(currency));
  const id = useId();

  const countries = useMemo(() => [...new Set((values.countries ?? []).map((c) => c.country).filter(Boolean))].sort(), [values.countries]);
  const cost = readAmount(costText, currency, { fixed: false });
  const problems = pricingFormProblems(values, currency);
  const result =
    typeof cost === "number" && problems.length === 0
      ? (() => {
          const body = toPricingRequest(values, currency);
          const pricing = { settings: { currency, rounding: body.rounding, allowBelowCost: body.allowBelowCost, maxDiscountBp: body.maxDiscountBp }, rules: body.rules };
          const price = clientPrice({ amountMinor: cost, currency }, product, country || null, pricing);
          return { price, limits: overrideLimits(cost, price.amountMinor, pricing.settings), settings: pricing.settings };
        })()
      : null;
  const money = (minor: number) => formatMoney(minor, currency);
  const place = country ? countryName(country) : null;

  return (
    <div className="space-y-4">
      {/* Side by side where the example has the page's width; stacked on a phone and in the column beside the form. */}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Field label="Product">
          {(c) => (
            <Select {...c} value={product} onChange={(e) => setProduct(e.target.value as PricedProduct)}>
              {PRICED_PRODUCTS.map((p) => (
                <option key={p} value={p}>
                  {productWords(p).one}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Destination">
          {(c) => (
            <Select {...c} value={countries.includes(country) ? country : ""} onChange={(e) => setCountry(e.target.value)}>
              <option value="">Any other country</option>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Agency's cost" error={typeof cost === "string" ? cost : undefined}>
        {(c) => (
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center font-mono text-xs text-slate-500" aria-hidden>
              {currency}
            </span>
            <input {...c} value={costText} onChange={(e) => setCostText(e.target.value)} inputMode="decimal" autoComplete="off" className={`${inputClasses(typeof cost === "string")} pl-12 tabular-nums`} />
          </div>
        )}
      </Field>
      <div aria-live="polite" id={`${id}-result`}>
        {result ? (
          <div className="space-y-3">
            <p className="rounded-lg bg-slate-50 px-4 py-3 text-[0.9375rem] leading-relaxed text-slate-700" data-testid="pricing-example">
              {ARTICLE[product]}
              {place ? ` in ${place}` : ""} costing <span className="font-semibold text-ink tabular-nums">{money(result.price.cost.amountMinor)}</span> is offered at{" "}
              <span className="font-semibold text-brand-700 tabular-nums">{money(result.price.amountMinor)}</span>.
            </p>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row term="Rule">{ruleLabel(result.price.rule).replace(/^./, (c) => c.toUpperCase())}</Row>
              <Row term={`Markup ${formatBp(result.price.rule.percentBp)}`}>+{money(result.price.percentMinor)}</Row>
              {result.price.fixedMinor > 0 ? <Row term="Fixed amount">+{money(result.price.fixedMinor)}</Row> : null}
              {result.price.roundingMinor > 0 ? <Row term="Rounding">+{money(result.price.roundingMinor)}</Row> : null}
              <Row term="Margin">
                {money(result.price.amountMinor - result.price.cost.amountMinor)}
                {(() => {
                  const bp = marginBp(result.price.amountMinor, result.price.cost.amountMinor);
                  return bp === null ? null : <span className="text-slate-500"> ({formatBp(Math.round(bp / 10) * 10)} of the price)</span>;
                })()}
              </Row>
              <Row term="Lowest advisor price">
                {money(result.limits.minMinor)}
                <span className="text-slate-500">{result.limits.floor === "cost" ? " (the cost)" : result.settings.maxDiscountBp > 0 ? ` (${formatBp(result.settings.maxDiscountBp)} off)` : " (no discount)"}</span>
              </Row>
            </dl>
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-4 text-sm text-slate-500">
            {typeof cost === "string" ? "Enter a cost to see its client price." : "Fix the highlighted fields to see the example."}
          </p>
        )}
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}
