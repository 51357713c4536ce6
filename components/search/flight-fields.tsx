"use client";

import { ArrowRight, Plus, X } from "lucide-react";
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field";
import { CABIN_CLASSES } from "@/lib/tds/contract/limits";
import { CABIN_LABELS, MAX_FLIGHT_SLICES, type FlightCriteria, type FlightTrip } from "@/lib/search/criteria";
import { DateField } from "./date-range-field";
import { OccupancyEditor } from "./occupancy-editor";
import { MAX_DAYS_AHEAD, addDays, parseIsoDate, toIsoDate } from "./search-limits";
import { Bound, FieldRow, InputField, PlaceField, SelectField } from "./search-field";
import { SegmentedRadio } from "./segmented-radio";
import { type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

const TRIPS: { value: FlightTrip; label: string }[] = [
  { value: "oneway", label: "One-way" },
  { value: "return", label: "Return" },
  { value: "multi", label: "Multi-city" },
];

const AIRPORT_HINT = "Type a city or airport, or a 3-letter code.";
const AIRPORTS = ["airport"] as const;
const CABINS = CABIN_CLASSES.map((cabin) => ({ value: cabin, label: CABIN_LABELS[cabin] }));

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
      <Bound control={control} name="trip">
        {(b) => <SegmentedRadio label="Trip" value={b.value} onChange={b.onChange} options={TRIPS} />}
      </Bound>

      {trip === "multi" ? (
        <SlicesEditor form={form} today={today} />
      ) : (
        <>
          <FieldRow>
            <PlaceField control={control} name="origin" label="From" productType="flight" kinds={AIRPORTS} description={AIRPORT_HINT} />
            <PlaceField control={control} name="destination" label="To" productType="flight" kinds={AIRPORTS} description={AIRPORT_HINT} />
          </FieldRow>
          <FieldRow>
            <DateField control={control} name="departDate" label="Departure" today={today} />
            {trip === "return" ? <DateField control={control} name="returnDate" label="Return" today={today} /> : null}
          </FieldRow>
        </>
      )}

      <FieldRow>
        <Bound control={control} name="occupancy">
          {(b) => <OccupancyEditor productType="flight" legend="Passengers" {...b} />}
        </Bound>
        <SelectField control={control} name="cabinClass" label="Cabin" hint="The cabin asked for on every flight of the trip." options={CABINS} />
      </FieldRow>
    </>
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
    <FieldGroup legend="Flights" className="space-y-3">
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
              <PlaceField control={control} name={`slices.${i}.origin`} label={<RowLabel text="From" row={i} />} productType="flight" kinds={AIRPORTS} />
              <PlaceField control={control} name={`slices.${i}.destination`} label={<RowLabel text="To" row={i} />} productType="flight" kinds={AIRPORTS} />
              <InputField
                control={control}
                name={`slices.${i}.date`}
                label={<RowLabel text="Date" row={i} />}
                type="date"
                min={slices?.[i - 1]?.date || today}
                max={max}
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
    </FieldGroup>
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
