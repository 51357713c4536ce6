"use client";

import { useId, useState, type Dispatch, type SetStateAction } from "react";
import { Switch } from "react-aria-components";
import { Controller, useController, useWatch, type UseFormReturn } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { Field, inputClasses } from "@/components/ui/field";
import type { Place, TransferCriteria } from "@/lib/search/criteria";
import { BrowseDestinations } from "./activity-fields";
import { DestinationCombobox, type DestinationChoice } from "./destination-combobox";
import { OccupancyEditor } from "./occupancy-editor";
import type { FormWants } from "./search-resolver";
import { ErrorText, SegmentedRadio, placeChoice, toOptionalInt, typedPlace, type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

type PointType = "airport" | "hotel" | "address";
const POINT_TYPES: { value: PointType; label: string }[] = [
  { value: "airport", label: "Airport" },
  { value: "hotel", label: "Hotel" },
  { value: "address", label: "Address" },
];
const KINDS: Record<Exclude<PointType, "address">, readonly DestinationChoice["kind"][]> = {
  airport: ["airport"],
  hotel: ["hotel"],
};

const pointTypeOf = (p: Place | null, fallback: PointType): PointType => {
  if (p?.kind === "hotel") return "hotel";
  if (p?.kind === "address") return "address";
  if (p?.kind === "airport") return "airport";
  return fallback;
};

/** The transfer search form (loaded with its tab by the search page). */
export function TransferForm({ today, ...props }: ProductFormProps<"transfer">) {
  return (
    <ProductForm productType="transfer" {...props}>
      {(form, setWants) => <TransferFields form={form} today={today} setWants={setWants} />}
    </ProductForm>
  );
}

export function TransferFields({ form, today, setWants }: FieldsProps<TransferCriteria> & { setWants?: Dispatch<SetStateAction<FormWants>> }) {
  const { control } = form;
  const returnAt = useController({ control, name: "returnAt" });
  const [withReturn, setWithReturn] = useState(!!returnAt.field.value);
  const passengers = useWatch({ control, name: "passengers" });

  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="pickup"
          render={({ field, fieldState }) => (
            <TransferPoint label="Pick up from" fallback="airport" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="dropoff"
          render={({ field, fieldState }) => (
            <TransferPoint label="Drop off at" fallback="hotel" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="pickupAt"
          render={({ field, fieldState }) => (
            <Field label="Pickup date and time" hint="Local time at the pickup point." error={fieldState.error?.message}>
              {(c) => (
                <input
                  {...c}
                  type="datetime-local"
                  className={inputClasses(!!fieldState.error)}
                  min={`${today}T00:00`}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
          )}
        />
        <div className="space-y-3">
          <Switch
            isSelected={withReturn}
            onChange={(on) => {
              setWithReturn(on);
              // With the switch on, an empty return time is refused rather than priced as one way.
              setWants?.((w) => ({ ...w, transferReturn: on }));
              if (!on) returnAt.field.onChange("");
            }}
            className="group flex cursor-default items-center gap-3 text-sm font-medium text-slate-800"
          >
            {({ isSelected, isFocusVisible }) => (
              <>
                <span
                  aria-hidden
                  className={cn(
                    "flex h-5 w-9 shrink-0 items-center rounded-full p-0.5 transition-colors",
                    isSelected ? "bg-brand-600" : "bg-slate-300",
                    isFocusVisible && "outline-2 outline-offset-2 outline-brand-600",
                  )}
                >
                  <span className={cn("size-4 rounded-full bg-white shadow transition-transform", isSelected && "translate-x-4")} />
                </span>
                Return journey
              </>
            )}
          </Switch>
          {withReturn ? (
            <Field label="Return date and time" hint="The ride back, from the drop-off to the pickup point." error={returnAt.fieldState.error?.message}>
              {(c) => (
                <input
                  {...c}
                  type="datetime-local"
                  className={inputClasses(!!returnAt.fieldState.error)}
                  min={`${today}T00:00`}
                  value={returnAt.field.value}
                  onChange={(e) => returnAt.field.onChange(e.target.value)}
                  onBlur={returnAt.field.onBlur}
                />
              )}
            </Field>
          ) : (
            <p className="text-[0.8125rem] text-slate-500">One way. Turn on to price the ride back too.</p>
          )}
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="occupancy"
          render={({ field, fieldState }) => (
            <OccupancyEditor
              productType="transfer"
              legend="Travellers"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="grid grid-cols-2 content-start gap-4">
          <OptionalCount
            form={form}
            name="passengers"
            label="Passengers"
            hint={passengers != null ? "Replaces the adult count; children still count." : "Optional. Leave empty to use the travellers."}
            min={1}
          />
          <OptionalCount form={form} name="luggage" label="Luggage" hint="Optional. Pieces of luggage." min={0} />
        </div>
      </div>
    </>
  );
}

function OptionalCount({
  form,
  name,
  label,
  hint,
  min,
}: {
  form: UseFormReturn<TransferCriteria>;
  name: "passengers" | "luggage";
  label: string;
  hint: string;
  min: number;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const [text, setText] = useState(field.value == null ? "" : String(field.value));
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(c) => (
        <input
          {...c}
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          className={inputClasses(!!fieldState.error)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            field.onChange(toOptionalInt(e.target.value));
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/** A pickup or drop-off: an airport or a hotel from suggestions, or an address given by coordinates. */
function TransferPoint({
  label,
  fallback,
  value,
  onChange,
  error,
}: {
  label: string;
  fallback: PointType;
  value: Place | null;
  onChange: (p: Place | null) => void;
  error?: string;
}) {
  const [type, setType] = useState<PointType>(() => pointTypeOf(value, fallback));
  // An airport picked in the browser replaces the combobox's text: remount it with the new name.
  const [pickRevision, setPickRevision] = useState(0);
  const id = useId();
  const [address, setAddress] = useState(() => (value?.kind === "address" ? { name: value.name === value.code ? "" : value.name, coords: value.code } : { name: "", coords: "" }));

  const changeType = (next: PointType) => {
    setType(next);
    if (pointTypeOf(value, next) !== next || (value && value.kind === "text")) onChange(null);
    if (next === "address") setAddress({ name: "", coords: "" });
  };
  const updateAddress = (next: typeof address) => {
    setAddress(next);
    const coords = next.coords.replace(/\s+/g, "");
    if (!coords && !next.name.trim()) onChange(null);
    else onChange({ kind: "address", code: coords, name: next.name.trim() || coords });
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <SegmentedRadio label={`${label}: type`} value={type} onChange={changeType} options={POINT_TYPES} hideLabel />
      {type === "address" ? (
        <div className="space-y-3">
          <Field label={<><span className="sr-only">{label} — </span>Address</>} hint="What the driver should look for, e.g. a street address or a building.">
            {(c) => (
              <input
                {...c}
                className={inputClasses(false)}
                value={address.name}
                placeholder="e.g. Passeig de Gràcia 43, Barcelona"
                onChange={(e) => updateAddress({ ...address, name: e.target.value })}
              />
            )}
          </Field>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-coords`} className="text-sm font-medium text-slate-800">
              <span className="sr-only">{label} — </span>Coordinates
            </label>
            <input
              id={`${id}-coords`}
              className={inputClasses(!!error)}
              value={address.coords}
              inputMode="decimal"
              placeholder="41.3917,2.1649"
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              onChange={(e) => updateAddress({ ...address, coords: e.target.value })}
            />
            {error ? (
              <ErrorText id={`${id}-error`}>{error}</ErrorText>
            ) : (
              <p id={`${id}-hint`} className="text-[0.8125rem] leading-snug text-slate-500">
                Latitude,longitude in decimal degrees, e.g. 41.3917,2.1649.
              </p>
            )}
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          <DestinationCombobox
            key={`${type}-${pickRevision}`}
            label={<span className="sr-only">{label}</span>}
            productType="transfer"
            kinds={KINDS[type]}
            value={placeChoice(value)}
            defaultInputValue={value && value.kind !== "address" ? value.name : ""}
            placeholder={type === "airport" ? "Airport name, city or code" : "Hotel name"}
            onSelect={(choice) => onChange(choice)}
            onTextChange={(text) => onChange(typedPlace(text))}
            description={type === "airport" ? "Pick an airport, or type its 3-letter code." : "Pick the hotel from the suggestions."}
            error={error}
          />
          {type === "airport" ? (
            <BrowseDestinations
              productType="transfer"
              onPick={(place) => {
                onChange(place);
                setPickRevision((n) => n + 1);
              }}
            />
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
