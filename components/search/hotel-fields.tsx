"use client";

import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useController, useFormState, useWatch } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import type { HotelCriteria } from "@/lib/search/criteria";
import { CountrySelect } from "./country-select";
import { DateRangeField } from "./date-range-field";
import { OccupancyEditor } from "./occupancy-editor";
import { Bound, FieldRow, PlaceField } from "./search-field";
import { type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

/** How many of the "More options" are in use (shown on the disclosure). */
export function activeHotelOptions(v: Pick<HotelCriteria, "near" | "propertyTypes" | "query" | "rateMode">): number {
  return (v.near ? 1 : 0) + (v.propertyTypes.length > 0 ? 1 : 0) + (v.query.trim() ? 1 : 0) + (v.rateMode ? 1 : 0);
}

/** The hotel search form (loaded with its tab by the search page). */
// The options' fields (React Aria's checkboxes, the rate mode, near a point) load when the panel is
// first pointed at, focused or opened: most hotel searches never open it (issue 15, page weight).
const loadOptions = () => import("./hotel-options");
const HotelOptions = lazy(() => loadOptions().then((m) => ({ default: m.HotelOptions })));
const preloadOptions = () => void loadOptions().catch(() => {});

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
  const [wasOpened, setWasOpened] = useState(open);
  if (open && !wasOpened) setWasOpened(true);
  const panelId = useId();
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

      <div className="rounded-lg border border-slate-200 bg-slate-50/60">
        <h3 className="m-0">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            onPointerEnter={preloadOptions}
            onFocus={preloadOptions}
            className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
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
          </button>
        </h3>
        {/* Mounted from the first opening on (hidden when closed), so what was typed in it stays. */}
        <div id={panelId} role="group" aria-label="More options" hidden={!open}>
          {open || wasOpened ? (
            <Suspense fallback={<OptionsLoading />}>
              <HotelOptions control={control} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** The options panel's outline while its fields load. */
function OptionsLoading() {
  return (
    <div aria-busy="true" className="grid gap-6 px-4 pt-1 pb-4 md:grid-cols-2">
      <p className="sr-only">Loading the options…</p>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-2" aria-hidden>
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
