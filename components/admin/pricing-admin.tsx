"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { BadgePercent, Calculator, Globe2, Plus, ShieldCheck, Trash2 } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { agencyPricingQuery } from "@/components/pricing/use-agency-pricing";
import { countryOptions } from "@/lib/countries";
import { apiRequest, ApiError } from "@/lib/api-client";
import { formatMoney, minorDigits } from "@/lib/money";
import { formatScaled } from "@/lib/pricing/decimal";
import { pricingFormSchema, pricingFormValues, type PricingFormValues } from "@/lib/pricing/form";
import { PRICED_PRODUCTS, roundClientPrice, ROUNDINGS, type PricedProduct, type Rounding } from "@/lib/pricing/markup";
import { productWords, pricingResponseSchema, type PricingAnswer, type PricingRequest } from "@/lib/pricing/schema";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import { Field, FieldError, fieldClasses, inputClasses } from "../ui/field";
import { Select } from "../ui/select";
import { PricingExample } from "./pricing-example";

const savedAt = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
// Fixed locale and zone, as on the agency page, so the server's HTML and the browser's render agree.
const savedOn = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

const noSubscription = () => () => {};

export const ROUNDING_LABELS: Record<Rounding, string> = { none: "None", whole: "Whole units", ninety_nine: "Ending in .99" };

/** What a rounding does to an example price in the currency's own digits ("€1,419.74 becomes €1,419.99"). */
export function roundingExample(rounding: Rounding, currency: string): string {
  const digits = minorDigits(currency);
  const example = digits >= 2 ? 141_974 * 10 ** (digits - 2) : 141_974;
  const rounded = roundClientPrice(example, currency, rounding);
  return rounded === example ? `${formatMoney(example, currency)} stays as it is` : `${formatMoney(example, currency)} becomes ${formatMoney(rounded, currency)}`;
}

/**
 * /admin/pricing: how the agency turns its cost (the service's price) into the price a client is
 * shown: a default markup, one per product, exceptions per destination country, rounding, and how
 * far an advisor may go below the marked-up price. Checked with the same rules the handler
 * applies; the example beside the form follows every change before anything is saved.
 */
export function PricingAdmin({ initial }: { initial: PricingAnswer }) {
  const queryClient = useQueryClient();
  const [pricing, setPricing] = useState(initial);
  const currency = pricing.agencyCurrency;
  const schema = useMemo(() => pricingFormSchema(currency), [currency]);
  const form = useForm<PricingFormValues, unknown, PricingRequest>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: pricingFormValues(pricing, currency),
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty, submitCount },
  } = form;
  // A save was tried and the form refused it: said beside the button, since the first field at fault may be far above.
  const invalid = submitCount > 0 && Object.keys(errors).length > 0;
  const countries = useFieldArray({ control, name: "countries" });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Date | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    setSaved(null);
    try {
      const { data } = await apiRequest("PUT", "/api/agency/pricing", pricingResponseSchema, { body });
      setPricing(data);
      queryClient.setQueryData(agencyPricingQuery.queryKey, data);
      reset(pricingFormValues(data, data.agencyCurrency));
      setSaved(new Date());
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      // The form checks what the handler checks; a refusal it did not foresee is shown whole.
      setFormError(e?.details[0]?.message ?? e?.message ?? "The pricing could not be saved. Try again.");
    }
  });

  const neverSet = pricing.updatedAt === null;
  // The form takes typing once hydrated: react-hook-form sets each input to its saved value as it
  // registers it, over anything typed into the server's HTML before. Said on the form for tests.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const fixedHint = `Per booking, in ${currency}.`;

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-brand-700">Administration</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Pricing</h1>
        <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
          How the agency&apos;s cost becomes the price a client sees: with Client prices on, advisors&apos; results, rate sheets and option sheets show these prices, and proposals start from them.
        </p>
      </div>
      {neverSet ? (
        <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="pricing-empty">
          <BadgePercent className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <div className="space-y-1">
            <p className="font-medium">No markup is set yet.</p>
            <p className="text-[0.8125rem] leading-relaxed">Until it is, a client price is the agency&apos;s cost. Set a default markup below; products and countries can have their own.</p>
          </div>
        </div>
      ) : null}
      {pricing.currency !== pricing.agencyCurrency ? (
        <Callout tone="warning" title={`The fixed amounts were saved in ${pricing.currency}; the desk now works in ${pricing.agencyCurrency}.`}>
          They are shown here as {pricing.agencyCurrency} amounts and are not added to {pricing.agencyCurrency} prices until you check them and save.
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Agency pricing" data-hydrated={hydrated ? "" : undefined} className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="pricing-default-title">
            <CardHeader icon={<BadgePercent className="size-5" aria-hidden />} title="Default markup" titleId="pricing-default-title" description="Applies to everything no other rule covers." />
            <CardBody>
              <MarkupInputs register={register} errors={errors.base} name="base" currency={currency} percentLabel="Percentage" fixedLabel="Fixed amount" fixedHint={fixedHint} placeholder={{ percent: "0" }} />
            </CardBody>
          </Card>

          <Card aria-labelledby="pricing-products-title">
            <CardHeader title="By product" titleId="pricing-products-title" description="Leave a product empty to use the default." />
            <CardBody className="pt-4 pb-2">
              {/* Column headings, once; each input is named in full ("Hotels: percentage") for assistive technology. */}
              <div aria-hidden className="grid grid-cols-2 gap-4 text-sm font-medium text-slate-800 sm:ml-[8rem]">
                <span>Percentage</span>
                <span>Fixed amount</span>
              </div>
              <div className="divide-y divide-slate-100">
                {PRICED_PRODUCTS.map((p) => (
                  <ProductRow key={p} product={p} register={register} errors={errors.products?.[p]} currency={currency} control={control} />
                ))}
              </div>
            </CardBody>
          </Card>

          <Card aria-labelledby="pricing-countries-title">
            <CardHeader
              icon={<Globe2 className="size-5" aria-hidden />}
              title="Destination countries"
              titleId="pricing-countries-title"
              description="Exceptions for a destination, for every product or one. They win over the product's markup."
            />
            <CardBody className="space-y-4">
              {countries.fields.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">No country has its own markup.</p>
              ) : (
                <ul className="space-y-3">
                  {countries.fields.map((f, i) => (
                    <CountryRow key={f.id} index={i} register={register} errors={errors.countries?.[i]} currency={currency} onRemove={() => countries.remove(i)} />
                  ))}
                </ul>
              )}
              {errors.countries?.root?.message ? <FieldError>{errors.countries.root.message}</FieldError> : null}
              <Button variant="secondary" size="sm" onClick={() => countries.append({ country: "", productType: "", percent: "", fixed: "" }, { shouldFocus: true })}>
                <Plus className="size-4" aria-hidden />
                Add a country
              </Button>
            </CardBody>
          </Card>

          <Card aria-labelledby="pricing-rules-title">
            <CardHeader icon={<ShieldCheck className="size-5" aria-hidden />} title="Rounding and limits" titleId="pricing-rules-title" />
            <CardBody className="space-y-6">
              <fieldset className="space-y-2">
                <legend className={fieldClasses.label}>Round client prices</legend>
                <div className="grid gap-2 sm:grid-cols-3">
                  {ROUNDINGS.map((r) => (
                    <label
                      key={r}
                      className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/20"
                    >
                      <input type="radio" value={r} {...register("rounding")} className="mt-0.5 size-4 accent-brand-600" />
                      <span>
                        <span className="block font-medium text-ink">{ROUNDING_LABELS[r]}</span>
                        <span className="block text-[0.8125rem] text-slate-600">{roundingExample(r, currency)}</span>
                      </span>
                    </label>
                  ))}
                </div>
                <p className={fieldClasses.hint}>Rounding only goes up, so it never takes from the markup.</p>
              </fieldset>
              <Field label="Largest advisor discount" error={errors.maxDiscount?.message} hint="How far below the client price an advisor may set their own price on a proposal. 0 allows none.">
                {(c) => (
                  <div className="relative max-w-40">
                    <input {...c} {...register("maxDiscount")} inputMode="decimal" autoComplete="off" className={cn(inputClasses(!!errors.maxDiscount), "pr-8 tabular-nums")} />
                    <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-sm text-slate-500" aria-hidden>
                      %
                    </span>
                  </div>
                )}
              </Field>
              <label className="flex items-start gap-2.5 text-sm">
                <input type="checkbox" {...register("allowBelowCost")} className="mt-0.5 size-4 accent-brand-600" aria-describedby="pricing-below-cost-hint" />
                <span>
                  <span className="block font-medium text-ink">Advisors may sell below cost</span>
                  <span id="pricing-below-cost-hint" className="block text-[0.8125rem] text-slate-500">
                    Off: an advisor&apos;s price never goes below what the agency pays, whatever the discount above allows.
                  </span>
                </span>
              </label>
            </CardBody>
          </Card>

          {/* Beside the button that was pressed: at the top of the form it was out of sight. */}
          {formError ? <Callout title={formError} /> : null}
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-5 py-3 sm:px-6">
            <Button type="submit" pending={isSubmitting}>
              Save pricing
            </Button>
            <p role="status" className="text-sm text-slate-600">
              {isSubmitting
                ? "Saving…"
                : invalid
                  ? "Nothing was saved: fix the fields marked in red."
                  : isDirty
                  ? "Unsaved changes"
                  : saved
                    ? `Saved at ${savedAt.format(saved)}.`
                    : pricing.updatedAt
                      ? `Last saved ${savedOn.format(new Date(pricing.updatedAt))}${pricing.updatedBy ? ` by ${pricing.updatedBy}` : ""}.`
                      : "Not set yet."}
            </p>
          </div>
        </div>
        <aside className="min-w-0 lg:sticky lg:top-24" aria-labelledby="pricing-example-title">
          <Card>
            <CardHeader icon={<Calculator className="size-5" aria-hidden />} title="Example" titleId="pricing-example-title" description="What a client would be offered, with the values above." />
            <CardBody>
              <PricingExample control={control} currency={currency} />
            </CardBody>
          </Card>
        </aside>
      </form>
    </div>
  );
}

type MarkupErrors = FieldErrors<{ percent: string; fixed: string }> | undefined;
type MarkupName = "base" | `products.${PricedProduct}` | `countries.${number}`;

function MarkupInputs({
  register,
  errors,
  name,
  currency,
  percentLabel,
  fixedLabel,
  fixedHint,
  placeholder,
  compact,
  hideLabels = false,
}: {
  register: UseFormRegister<PricingFormValues>;
  errors: MarkupErrors;
  name: MarkupName;
  currency: string;
  percentLabel: string;
  fixedLabel: string;
  fixedHint?: string;
  /** What an empty field stands for: the value it follows (a product's row follows the default rule). */
  placeholder?: { percent?: string; fixed?: string };
  compact?: boolean;
  /** The row's name stands beside it and the card's column headings say which is which. */
  hideLabels?: boolean;
}) {
  const digits = minorDigits(currency);
  return (
    <div className={cn("grid gap-4", compact ? "grid-cols-2" : "sm:grid-cols-2")}>
      <Field label={percentLabel} hideLabel={hideLabels} error={errors?.percent?.message} hint={compact ? undefined : "Of the agency's cost, such as 12.5."}>
        {(c) => (
          <div className="relative">
            <input {...c} {...register(`${name}.percent`)} inputMode="decimal" autoComplete="off" placeholder={placeholder?.percent} className={cn(inputClasses(!!errors?.percent), "pr-8 tabular-nums")} />
            <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-sm text-slate-500" aria-hidden>
              %
            </span>
          </div>
        )}
      </Field>
      <Field label={fixedLabel} hideLabel={hideLabels} error={errors?.fixed?.message} hint={compact ? undefined : fixedHint}>
        {(c) => (
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center font-mono text-xs text-slate-500" aria-hidden>
              {currency}
            </span>
            <input
              {...c}
              {...register(`${name}.fixed`)}
              inputMode={digits > 0 ? "decimal" : "numeric"}
              autoComplete="off"
              placeholder={placeholder?.fixed ?? formatScaled(0, digits)}
              className={cn(inputClasses(!!errors?.fixed), "pl-12 tabular-nums")}
            />
          </div>
        )}
      </Field>
    </div>
  );
}

function ProductRow({
  product,
  register,
  errors,
  currency,
  control,
}: {
  product: PricedProduct;
  register: UseFormRegister<PricingFormValues>;
  errors: MarkupErrors;
  currency: string;
  control: Control<PricingFormValues, unknown, PricingRequest>;
}) {
  const [base, own] = useWatch({ control, name: ["base", `products.${product}`] });
  const words = productWords(product).many;
  const zero = formatScaled(0, minorDigits(currency));
  // An empty row follows the default, so it shows the default's values; a row of its own replaces
  // the default whole, so its empty field is none.
  const follows = own.percent.trim() === "" && own.fixed.trim() === "";
  return (
    <div className="grid items-start gap-x-4 gap-y-1.5 py-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <p className="text-sm font-semibold text-ink sm:pt-2.5">{words}</p>
      <MarkupInputs
        register={register}
        errors={errors}
        name={`products.${product}`}
        currency={currency}
        percentLabel={`${words}: percentage`}
        fixedLabel={`${words}: fixed amount`}
        placeholder={follows ? { percent: base.percent.trim() || "0", fixed: base.fixed.trim() || zero } : { percent: "0", fixed: zero }}
        compact
        hideLabels
      />
    </div>
  );
}

function CountryRow({
  index,
  register,
  errors,
  currency,
  onRemove,
}: {
  index: number;
  register: UseFormRegister<PricingFormValues>;
  errors: FieldErrors<PricingFormValues["countries"][number]> | undefined;
  currency: string;
  onRemove: () => void;
}) {
  const options = useMemo(() => countryOptions(), []);
  const n = index + 1;
  return (
    <li className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={`Country ${n}`} error={errors?.country?.message}>
          {(c) => (
            <Select {...c} {...register(`countries.${index}.country`)}>
              <option value="">Choose a country</option>
              {options.map((o) => (
                <option key={o.code} value={o.code}>
                  {o.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={`Country ${n}: products`}>
          {(c) => (
            <Select {...c} {...register(`countries.${index}.productType`)}>
              <option value="">All products</option>
              {PRICED_PRODUCTS.map((p) => (
                <option key={p} value={p}>
                  {productWords(p).many}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {/* The remove button beside the amounts from 640 px; on a phone under them, so the amounts keep the row's width. */}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-3">
        <div className="min-w-0 flex-1">
          <MarkupInputs
            register={register}
            errors={errors}
            name={`countries.${index}`}
            currency={currency}
            percentLabel={`Country ${n}: percentage`}
            fixedLabel={`Country ${n}: fixed amount`}
            compact
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove country ${n}`}
          className={cn("self-end sm:mb-1", errors?.percent || errors?.fixed ? "sm:mb-7" : null)}
        >
          <Trash2 className="size-4" aria-hidden />
          <span className="sm:hidden">Remove</span>
        </Button>
      </div>
    </li>
  );
}
