"use client";

import { useId } from "react";
import { Minus, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError, SubField, fieldClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { cn } from "@/components/ui/cn";
import {
  CHILD_AGE_UNSET,
  occupancyLimits,
  occupancySummary,
  type OccupancyEntry,
  type SearchProductType,
} from "./search-limits";

export type OccupancyEditorProps = {
  value: OccupancyEntry[];
  onChange: (value: OccupancyEntry[]) => void;
  productType: SearchProductType;
  /** Called when focus leaves the editor (react-hook-form's `field.onBlur`). */
  onBlur?: () => void;
  /** A sentence shown under the editor, e.g. the schema's message. */
  error?: string;
  legend?: string;
  className?: string;
};

const AGES = Array.from({ length: 18 }, (_, age) => age);

/**
 * Rooms and guests for a search. Hotels: one entry per room (add/remove rooms); other
 * products: one entry for the whole party. Controlled; steppers stop at the specification's
 * limits, so the value it emits is always within them.
 */
export function OccupancyEditor({ value, onChange, productType, onBlur, error, legend, className }: OccupancyEditorProps) {
  const limits = occupancyLimits(productType);
  const hotel = productType === "hotel";
  const entries = value.length > 0 ? value : [{ adults: 1, childrenAges: [] }];
  const errorId = useId();
  const legendId = useId();

  const update = (index: number, entry: OccupancyEntry) => onChange(entries.map((e, i) => (i === index ? entry : e)));
  const addRoom = () => onChange([...entries, { adults: Math.min(2, limits.maxAdults), childrenAges: [] }]);
  const removeRoom = (index: number) => onChange(entries.filter((_, i) => i !== index));

  return (
    <fieldset
      className={cn("space-y-3", className)}
      // The heading shares a row with the summary, so it is not the fieldset's first-child legend.
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      onBlur={(e) => {
        if (onBlur && !e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
      }}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span id={legendId} className={fieldClasses.label}>
          {legend ?? (hotel ? "Rooms and guests" : "Travellers")}
        </span>
        <p className="text-[0.8125rem] text-slate-500" aria-live="polite" data-testid="occupancy-summary">
          {occupancySummary(entries, productType)}
        </p>
      </div>

      <ul className="space-y-3">
        {entries.map((entry, index) => {
          const where = hotel ? ` in room ${index + 1}` : "";
          return (
            <li key={index} className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs">
              {hotel ? (
                <div className="mb-2 flex items-center justify-between">
                  <h3 className="text-sm font-semibold text-ink">Room {index + 1}</h3>
                  {entries.length > 1 ? (
                    <Button variant="ghost" size="sm" aria-label={`Remove room ${index + 1}`} onClick={() => removeRoom(index)}>
                      <X className="size-3.5" aria-hidden />
                      Remove
                    </Button>
                  ) : null}
                </div>
              ) : null}
              <div className="grid gap-2 sm:grid-cols-2">
                <Stepper
                  label="Adults"
                  hint={hotel ? undefined : "18+"}
                  noun="adults"
                  where={where}
                  value={entry.adults}
                  min={limits.minAdults}
                  max={limits.maxAdults}
                  onChange={(adults) => update(index, { ...entry, adults })}
                />
                <Stepper
                  label="Children"
                  hint="0–17"
                  noun="children"
                  where={where}
                  value={entry.childrenAges.length}
                  min={0}
                  max={limits.maxChildren}
                  onChange={(count) =>
                    update(index, {
                      ...entry,
                      childrenAges:
                        count > entry.childrenAges.length
                          ? [...entry.childrenAges, CHILD_AGE_UNSET]
                          : entry.childrenAges.slice(0, count),
                    })
                  }
                />
              </div>
              {entry.childrenAges.length > 0 ? (
                <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {entry.childrenAges.map((age, child) => (
                    <ChildAge
                      key={child}
                      label={`Age of child ${child + 1}`}
                      where={where}
                      value={age}
                      min={limits.minChildAge}
                      max={limits.maxChildAge}
                      onChange={(next) =>
                        update(index, { ...entry, childrenAges: entry.childrenAges.map((a, i) => (i === child ? next : a)) })
                      }
                    />
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>

      {hotel ? (
        <Button variant="secondary" size="sm" onClick={addRoom} disabled={entries.length >= limits.maxEntries}>
          <Plus className="size-3.5" aria-hidden />
          Add room
        </Button>
      ) : null}
      {hotel && entries.length >= limits.maxEntries ? (
        <p className="text-[0.8125rem] text-slate-500">Up to {limits.maxEntries} rooms per search.</p>
      ) : null}

      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

function Stepper({
  label,
  hint,
  noun,
  where,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  hint?: string;
  noun: string;
  where: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const stepClasses =
    "inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 shadow-xs transition-colors hover:border-slate-400 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white";
  return (
    <div className="flex items-center justify-between gap-3" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-sm text-slate-700">
        {label}
        {hint ? <span className="ml-1 text-[0.8125rem] text-slate-500">{hint}</span> : null}
        <span className="sr-only">{where}</span>
      </span>
      <span className="flex items-center gap-2">
        <button
          type="button"
          className={stepClasses}
          aria-label={`Fewer ${noun}${where}`}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          <Minus className="size-3.5" aria-hidden />
        </button>
        <output className="w-5 text-center text-sm font-semibold tabular-nums text-ink" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className={stepClasses}
          aria-label={`More ${noun}${where}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <Plus className="size-3.5" aria-hidden />
        </button>
      </span>
    </div>
  );
}

function ChildAge({
  label,
  where,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  where: string;
  value: number;
  min: number;
  max: number;
  onChange: (age: number) => void;
}) {
  return (
    <SubField
      label={
        <>
          {label}
          <span className="sr-only">{where}</span>
        </>
      }
    >
      {(id) => (
        <Select
          id={id}
          value={value}
          aria-invalid={value === CHILD_AGE_UNSET ? true : undefined}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          {value === CHILD_AGE_UNSET ? (
            <option value={CHILD_AGE_UNSET} disabled>
              Choose…
            </option>
          ) : null}
          {AGES.filter((a) => a >= min && a <= max).map((age) => (
            <option key={age} value={age}>
              {age === 0 ? "Under 1" : age}
            </option>
          ))}
        </Select>
      )}
    </SubField>
  );
}
