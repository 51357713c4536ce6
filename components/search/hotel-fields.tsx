"use client";

import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { Button as AriaButton, Checkbox, CheckboxGroup, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import { Controller, useController, useFormState, useWatch } from "react-hook-form";
import { AriaHelp, AriaLabel } from "@/components/ui/aria-field";
import { cn } from "@/components/ui/cn";
import { FieldGroup, SubField, inputClasses, type DescribedBy } from "@/components/ui/field";
import type { HotelCriteria, Near, PropertyType, RateMode } from "@/lib/search/criteria";
import { PROPERTY_TYPES } from "@/lib/tds/limits";
import { CountrySelect } from "./country-select";
import { DateRangeField } from "./date-range-field";
import { OccupancyEditor } from "./occupancy-editor";
import { Bound, FieldRow, InputField, PlaceField, SegmentedRadio } from "./search-field";
import { type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  hotel: "Hotel",
  resort: "Resort",
  aparthotel: "Aparthotel",
  vacation_home: "Holiday home",
  bed_and_breakfast: "Bed & breakfast",
  hostel: "Hostel",
  unique: "Unique stay",
  other: "Other",
};

const RATE_MODES: { value: RateMode | "default"; label: string }[] = [
  { value: "default", label: "Agency default" },
  { value: "net", label: "Net" },
  { value: "commissionable", label: "Commissionable" },
];

/** How many of the "More options" are in use (shown on the disclosure). */
export function activeHotelOptions(v: Pick<HotelCriteria, "near" | "propertyTypes" | "query" | "rateMode">): number {
  return (v.near ? 1 : 0) + (v.propertyTypes.length > 0 ? 1 : 0) + (v.query.trim() ? 1 : 0) + (v.rateMode ? 1 : 0);
}

/** The hotel search form (loaded with its tab by the search page). */
export function HotelForm({ today, ...props }: ProductFormProps<"hotel">) {
  return (
    <ProductForm productType="hotel" {...props}>
      {(form) => <HotelFields form={form} today={today} />}
    </ProductForm>
  );
}

export function HotelFields({ form, today }: FieldsProps<HotelCriteria>) {
  const { control } = form;
  const checkIn = useController({ control, name: "checkIn" });
  const checkOut = useController({ control, name: "checkOut" });
  const stayError = checkIn.fieldState.error?.message ?? checkOut.fieldState.error?.message;
  const extras = useWatch({ control, name: ["near", "propertyTypes", "query", "rateMode"] });
  const active = activeHotelOptions({ near: extras[0], propertyTypes: extras[1] ?? [], query: extras[2] ?? "", rateMode: extras[3] ?? "" });
  const [open, setOpen] = useState(active > 0);
  // A refused option (by the form or the BFF) opens the panel, so its sentence is seen and its field focused.
  const { errors } = useFormState({ control, name: ["near", "propertyTypes", "query", "rateMode"] });
  const extrasInvalid = !!(errors.near || errors.propertyTypes || errors.query || errors.rateMode);
  const [wasInvalid, setWasInvalid] = useState(extrasInvalid);
  if (extrasInvalid !== wasInvalid) {
    setWasInvalid(extrasInvalid);
    if (extrasInvalid) setOpen(true);
  }

  return (
    <>
      <FieldRow>
        <PlaceField
          control={control}
          name="place"
          label="Destination"
          productType="hotel"
          description="A city, a hotel by name, or an area. Typed names are searched as written."
        />
        <DateRangeField
          mode="range"
          label="Stay"
          today={today}
          value={{ checkIn: checkIn.field.value || undefined, checkOut: checkOut.field.value || undefined }}
          onChange={(v) => {
            checkIn.field.onChange(v.checkIn ?? "");
            checkOut.field.onChange(v.checkOut ?? "");
          }}
          onBlur={() => checkIn.field.onBlur()}
          error={stayError}
        />
      </FieldRow>

      <FieldRow>
        <Bound control={control} name="occupancy">
          {(b) => <OccupancyEditor productType="hotel" {...b} />}
        </Bound>
        <Bound control={control} name="residency">
          {(b) => <CountrySelect label="Guest nationality" hint="The lead guest's passport country. Rates and taxes can depend on it." {...b} />}
        </Bound>
      </FieldRow>

      <Disclosure isExpanded={open} onExpandedChange={setOpen} className="rounded-lg border border-slate-200 bg-slate-50/60">
        <Heading className="m-0">
          <AriaButton
            slot="trigger"
            className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-slate-800 outline-none data-focus-visible:ring-2 data-focus-visible:ring-brand-500"
          >
            <SlidersHorizontal className="size-4 text-slate-500" aria-hidden />
            More options
            {active > 0 ? (
              <span className="rounded-full bg-brand-100 px-2 py-px text-xs font-semibold text-brand-800">
                {active} <span className="sr-only">{active === 1 ? "option" : "options"} in use</span>
              </span>
            ) : (
              <span className="hidden text-[0.8125rem] font-normal text-slate-500 sm:inline">Near a point, property type, keywords, rate mode</span>
            )}
            <ChevronDown aria-hidden className={cn("ml-auto size-4 text-slate-500 transition-transform", open && "rotate-180")} />
          </AriaButton>
        </Heading>
        <DisclosurePanel>
          <div className="grid gap-6 px-4 pt-1 pb-4 md:grid-cols-2">
            <Bound control={control} name="near">
              {(b) => <NearFields {...b} />}
            </Bound>
            <Controller
              control={control}
              name="propertyTypes"
              render={({ field }) => (
                <CheckboxGroup value={field.value} onChange={(v) => field.onChange(v as PropertyType[])} className="space-y-2">
                  <AriaLabel>Property types</AriaLabel>
                  <AriaHelp hint="None ticked means every type." hintClassName="block text-[0.8125rem] text-slate-500" />
                  <div className="grid grid-cols-2 gap-x-4 gap-y-1.5">
                    {PROPERTY_TYPES.map((t) => (
                      <Checkbox key={t} value={t} className="group flex cursor-default items-center gap-2 text-sm text-slate-700">
                        {({ isSelected, isFocusVisible }) => (
                          <>
                            <span
                              aria-hidden
                              className={cn(
                                "grid size-4 place-items-center rounded border transition-colors",
                                isSelected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white",
                                isFocusVisible && "outline-2 outline-offset-2 outline-brand-600",
                              )}
                            >
                              {isSelected ? (
                                <svg viewBox="0 0 12 12" className="size-3" fill="none" stroke="currentColor" strokeWidth={2}>
                                  <path d="m2.5 6 2.5 2.5 4.5-5" />
                                </svg>
                              ) : null}
                            </span>
                            {PROPERTY_TYPE_LABELS[t]}
                          </>
                        )}
                      </Checkbox>
                    ))}
                  </div>
                </CheckboxGroup>
              )}
            />
            <InputField
              control={control}
              name="query"
              label="Hotel name or keywords"
              hint="Free text over the hotel catalogue, up to 120 characters. Without a hotel or point, it replaces the destination."
              maxLength={120}
              placeholder="e.g. rooftop pool"
            />
            <Bound control={control} name="rateMode">
              {(b) => (
                <SegmentedRadio
                  label="Rate mode"
                  value={b.value || "default"}
                  onChange={(v) => b.onChange(v === "default" ? "" : v)}
                  options={RATE_MODES}
                  description="Applies only when the agency lets advisors choose; otherwise the agency's setting is used."
                />
              )}
            </Bound>
          </div>
        </DisclosurePanel>
      </Disclosure>
    </>
  );
}

const fmt = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "" : String(n));
const num = (s: string) => (s.trim() === "" ? NaN : Number(s));

/** Near a point: latitude, longitude and radius, all three or none. */
function NearFields({ value, onChange, error }: { value: Near | null; onChange: (v: Near | null) => void; error?: string }) {
  const [text, setText] = useState({ lat: fmt(value?.lat), lng: fmt(value?.lng), radiusKm: fmt(value?.radiusKm) });
  const update = (key: keyof typeof text, next: string) => {
    const t = { ...text, [key]: next };
    setText(t);
    if (!t.lat.trim() && !t.lng.trim() && !t.radiusKm.trim()) onChange(null);
    else onChange({ lat: num(t.lat), lng: num(t.lng), radiusKm: num(t.radiusKm) });
  };
  const input = (key: keyof typeof text, label: string, placeholder: string, step: string, describe: DescribedBy) => (
    <SubField label={label} className="min-w-0">
      {(id) => (
        <input
          id={id}
          inputMode="decimal"
          type="number"
          step={step}
          className={inputClasses(!!error)}
          value={text[key]}
          placeholder={placeholder}
          {...describe}
          onChange={(e) => update(key, e.target.value)}
        />
      )}
    </SubField>
  );
  return (
    <FieldGroup legend="Near a point" hint="All three or none. Radius 0.5 to 50 km." error={error}>
      {(describe) => (
        <div className="grid grid-cols-3 gap-2">
          {input("lat", "Latitude", "51.5074", "any", describe)}
          {input("lng", "Longitude", "-0.1278", "any", describe)}
          {input("radiusKm", "Radius (km)", "5", "0.5", describe)}
        </div>
      )}
    </FieldGroup>
  );
}
