"use client";

import { ArrowRight, Plus, X } from "lucide-react";
import { Controller, useController, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClasses } from "@/components/ui/field";
import { CABIN_CLASSES } from "@/lib/tds/schemas";
import { CABIN_LABELS, MAX_FLIGHT_SLICES, type FlightCriteria, type FlightTrip } from "@/lib/search/criteria";
import { DateRangeField } from "./date-range-field";
import { DestinationCombobox } from "./destination-combobox";
import { OccupancyEditor } from "./occupancy-editor";
import { MAX_DAYS_AHEAD, addDays, parseIsoDate, toIsoDate } from "./search-limits";
import { SegmentedRadio, placeChoice, typedPlace, type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

const TRIPS: { value: FlightTrip; label: string }[] = [
  { value: "oneway", label: "One-way" },
  { value: "return", label: "Return" },
  { value: "multi", label: "Multi-city" },
];

const AIRPORT_HINT = "Type a city or airport, or a 3-letter code.";
const AIRPORTS = ["airport"] as const;

function AirportField({
  form,
  name,
  label,
  description = AIRPORT_HINT,
}: {
  form: UseFormReturn<FlightCriteria>;
  name: "origin" | "destination" | `slices.${number}.origin` | `slices.${number}.destination`;
  label: React.ReactNode;
  description?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DestinationCombobox
          label={label}
          productType="flight"
          kinds={AIRPORTS}
          value={placeChoice(field.value)}
          defaultInputValue={field.value?.name ?? ""}
          onSelect={(choice) => field.onChange(choice)}
          onTextChange={(text) => field.onChange(typedPlace(text))}
          description={description}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The flight search form (loaded with its tab by the search page). */
export function FlightForm({ today, ...props }: ProductFormProps<"flight">) {
  return (
    <ProductForm productType="flight" {...props}>
      {(form) => <FlightFields form={form} today={today} />}
    </ProductForm>
  );
}

export function FlightFields({ form, today }: FieldsProps<FlightCriteria>) {
  const { control } = form;
  const trip = useWatch({ control, name: "trip" });

  return (
    <>
      <Controller
        control={control}
        name="trip"
        render={({ field }) => <SegmentedRadio label="Trip" value={field.value} onChange={field.onChange} options={TRIPS} />}
      />

      {trip === "multi" ? (
        <SlicesEditor form={form} today={today} />
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            <AirportField form={form} name="origin" label="From" />
            <AirportField form={form} name="destination" label="To" />
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <SingleDate form={form} name="departDate" label="Departure" today={today} />
            {trip === "return" ? <SingleDate form={form} name="returnDate" label="Return" today={today} /> : null}
          </div>
        </>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="occupancy"
          render={({ field, fieldState }) => (
            <OccupancyEditor
              productType="flight"
              legend="Passengers"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="cabinClass"
          render={({ field }) => (
            <Field label="Cabin" hint="The cabin asked for on every flight of the trip.">
              {(c) => (
                <select {...c} className={inputClasses(false)} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  {CABIN_CLASSES.map((cabin) => (
                    <option key={cabin} value={cabin}>
                      {CABIN_LABELS[cabin]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        />
      </div>
    </>
  );
}

function SingleDate({
  form,
  name,
  label,
  today,
}: {
  form: UseFormReturn<FlightCriteria>;
  name: "departDate" | "returnDate";
  label: string;
  today: string;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <DateRangeField
      mode="single"
      label={label}
      today={today}
      value={{ checkIn: field.value || undefined }}
      onChange={(v) => field.onChange(v.checkIn ?? "")}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Multi-city: 2 to 6 flights, each from, to and date; a new flight starts where the last one landed. */
function SlicesEditor({ form, today }: FieldsProps<FlightCriteria>) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "slices" });
  const slices = useWatch({ control, name: "slices" });
  const full = fields.length >= MAX_FLIGHT_SLICES;
  const max = toIsoDate(addDays(parseIsoDate(today) ?? new Date(), MAX_DAYS_AHEAD));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Flights</legend>
      <ol className="space-y-3">
        {fields.map((f, i) => (
          <li key={f.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:p-4">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
                Flight {i + 1}
                {slices?.[i]?.origin && slices[i]?.destination ? (
                  <span className="flex items-center gap-1 text-[0.8125rem] font-normal text-slate-500">
                    {slices[i]!.origin!.name} <ArrowRight aria-label="to" className="size-3" /> {slices[i]!.destination!.name}
                  </span>
                ) : null}
              </h3>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove flight ${i + 1}`}
                disabled={fields.length <= 2}
                onClick={() => remove(i)}
              >
                <X className="size-3.5" aria-hidden />
                Remove
              </Button>
            </div>
            <div className="grid gap-4 md:grid-cols-[1fr_1fr_12rem]">
              <AirportField form={form} name={`slices.${i}.origin`} label={<RowLabel text="From" row={i} />} description="" />
              <AirportField form={form} name={`slices.${i}.destination`} label={<RowLabel text="To" row={i} />} description="" />
              <Controller
                control={control}
                name={`slices.${i}.date`}
                render={({ field, fieldState }) => (
                  <Field label={<RowLabel text="Date" row={i} />} error={fieldState.error?.message}>
                    {(c) => (
                      <input
                        {...c}
                        type="date"
                        className={inputClasses(!!fieldState.error)}
                        min={slices?.[i - 1]?.date || today}
                        max={max}
                        value={field.value}
                        onChange={(e) => field.onChange(e.target.value)}
                        onBlur={field.onBlur}
                      />
                    )}
                  </Field>
                )}
              />
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          aria-describedby={full ? "slices-full" : undefined}
          onClick={() => {
            const last = slices?.[slices.length - 1];
            append({ origin: last?.destination ?? null, destination: null, date: "" }, { shouldFocus: false });
          }}
        >
          <Plus className="size-3.5" aria-hidden />
          Add flight
        </Button>
        <p id="slices-full" className="text-[0.8125rem] text-slate-500">
          {full ? `A trip can have at most ${MAX_FLIGHT_SLICES} flights.` : `2 to ${MAX_FLIGHT_SLICES} flights, in date order.`}
        </p>
      </div>
    </fieldset>
  );
}

/** "From" on screen, "From (flight 2)" to assistive technology, where the row heading is not read. */
function RowLabel({ text, row }: { text: string; row: number }) {
  return (
    <>
      {text} <span className="sr-only">(flight {row + 1})</span>
    </>
  );
}
