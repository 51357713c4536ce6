"use client";

import { useState } from "react";
import { Checkbox, CheckboxGroup } from "react-aria-components";
import { Controller, type Control } from "react-hook-form";
import { AriaHelp, AriaLabel } from "@/components/ui/aria-field";
import { cn } from "@/components/ui/cn";
import { FieldGroup, SubField, inputClasses, type DescribedBy } from "@/components/ui/field";
import type { HotelCriteria, Near, PropertyType, RateMode } from "@/lib/search/criteria";
import { PROPERTY_TYPES } from "@/lib/tds/contract/limits";
import { Bound, InputField } from "./search-field";
import { SegmentedRadio } from "./segmented-radio";

// The hotel form's "More options": near a point, property types, keywords and the rate mode.
// Loaded when the panel is first wanted (hotel-fields.tsx).

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

export function HotelOptions({ control }: { control: Control<HotelCriteria> }) {
  return (
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
