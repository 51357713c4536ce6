"use client";

import { useState, type Dispatch, type SetStateAction } from "react";
import { Switch } from "react-aria-components";
import { useController, useWatch } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { Field, FieldGroup, inputClasses } from "@/components/ui/field";
import type { Place, TransferCriteria } from "@/lib/search/criteria";
import { BrowseDestinations } from "./browse-destinations";
import type { DestinationChoice } from "./destination-combobox";
import { OccupancyEditor } from "./occupancy-editor";
import type { FormWants } from "./form-wants";
import { Bound, FieldRow, InputField, PlaceInput } from "./search-field";
import { SegmentedRadio } from "./segmented-radio";
import { toOptionalInt, type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

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
      <FieldRow>
        <Bound control={control} name="pickup">
          {(b) => <TransferPoint label="Pick up from" fallback="airport" {...b} />}
        </Bound>
        <Bound control={control} name="dropoff">
          {(b) => <TransferPoint label="Drop off at" fallback="hotel" {...b} />}
        </Bound>
      </FieldRow>

      <FieldRow>
        <InputField control={control} name="pickupAt" label="Pickup date and time" hint="Local time at the pickup point." type="datetime-local" min={`${today}T00:00`} />
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
            <InputField
              control={control}
              name="returnAt"
              label="Return date and time"
              hint="The ride back, from the drop-off to the pickup point."
              type="datetime-local"
              min={`${today}T00:00`}
            />
          ) : (
            <p className="text-[0.8125rem] text-slate-500">One way. Turn on to price the ride back too.</p>
          )}
        </div>
      </FieldRow>

      <FieldRow>
        <Bound control={control} name="occupancy">
          {(b) => <OccupancyEditor productType="transfer" legend="Travellers" {...b} />}
        </Bound>
        <div className="grid grid-cols-2 content-start gap-4">
          <InputField
            control={control}
            name="passengers"
            label="Passengers"
            hint={passengers != null ? "Replaces the adult count; children still count." : "Optional. Leave empty to use the travellers."}
            {...COUNT}
            min={1}
          />
          <InputField control={control} name="luggage" label="Luggage" hint="Optional. Pieces of luggage." {...COUNT} min={0} />
        </div>
      </FieldRow>
    </>
  );
}

/** An optional count: a whole number, or empty for none. */
const COUNT = { type: "number", inputMode: "numeric", step: 1, parse: toOptionalInt } as const;

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

  const forPoint = <span className="sr-only">{label} — </span>;
  return (
    <FieldGroup legend={label}>
      <SegmentedRadio label={`${label}: type`} value={type} onChange={changeType} options={POINT_TYPES} hideLabel />
      {type === "address" ? (
        <div className="space-y-3">
          <Field label={<>{forPoint}Address</>} hint="What the driver should look for, e.g. a street address or a building.">
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
          <Field label={<>{forPoint}Coordinates</>} hint="Latitude,longitude in decimal degrees, e.g. 41.3917,2.1649." error={error}>
            {(c) => (
              <input
                {...c}
                className={inputClasses(!!error)}
                value={address.coords}
                inputMode="decimal"
                placeholder="41.3917,2.1649"
                onChange={(e) => updateAddress({ ...address, coords: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : (
        <PlaceInput
          resetKey={type}
          label={<span className="sr-only">{label}</span>}
          productType="transfer"
          kinds={KINDS[type]}
          value={value}
          onChange={onChange}
          placeholder={type === "airport" ? "Airport name, city or code" : "Hotel name"}
          description={type === "airport" ? "Pick an airport, or type its 3-letter code." : "Pick the hotel from the suggestions."}
          error={error}
          browse={type === "airport" ? (pick) => <BrowseDestinations productType="transfer" onPick={pick} /> : undefined}
        />
      )}
    </FieldGroup>
  );
}
