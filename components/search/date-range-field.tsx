"use client";

import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore } from "react";
import { CalendarDays } from "lucide-react";
import type { DateRange, Matcher } from "react-day-picker";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { buttonClasses } from "@/components/ui/button";
import { FieldError, SubField, fieldClasses, inputClasses } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay } from "@/lib/format/dates";
import {
  MAX_DAYS_AHEAD,
  MAX_NIGHTS,
  addDays,
  dateError,
  nightsOf,
  parseIsoDate,
  stayRangeError,
  toIsoDate,
} from "./search-limits";

export type DateRangeValue = { checkIn?: string; checkOut?: string };

export type DateRangeFieldProps = {
  /** `range`: hotel stay (check-in and check-out). `single`: one date (activity, one-way flight). */
  mode?: "range" | "single";
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Today as YYYY-MM-DD (the caller's clock, so rendering and tests are deterministic). */
  today: string;
  label?: string;
  /** An error from elsewhere (e.g. the schema); shown instead of the field's own sentence. */
  error?: string;
  /** Render the calendar inline instead of in a popover (narrow screens). */
  inline?: boolean;
  onBlur?: () => void;
  className?: string;
};

/** "1 Dec 2026" on the field's button, or null while the day is not a calendar day. */
const fieldDay = (iso: string | undefined) => (iso && parseIsoDate(iso) ? formatDay(iso, { weekday: false }) : null);

// The calendar (react-day-picker, date-fns) is loaded on demand: when it is first shown, or
// earlier when its button is hovered or focused. Until then a block of its size stands in.
const loadCalendar = () => import("./stay-calendar");
const StayCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.StayCalendar })));
const preloadCalendar = () => void loadCalendar().catch(() => {});
// Its popover (React Aria's overlay) is loaded the same way, with the calendar.
const loadPopover = () => import("./calendar-popover");
const CalendarPopover = lazy(loadPopover);
const preloadPopover = () => {
  void loadPopover().catch(() => {});
  preloadCalendar();
};

// Two months side by side from the sm breakpoint; one under it, where two would stack taller than a
// phone's screen.
const WIDE = "(min-width: 40rem)";
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener("change", change);
  return () => query?.removeEventListener("change", change);
};
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia?.(WIDE).matches ?? true,
    () => true,
  );

/** The calendar's footprint while its code loads: each month is a caption (h-8) over 7 rows of size-9. */
function CalendarPlaceholder({ months }: { months: number }) {
  return (
    <div role="status" aria-label="Loading the calendar" className="flex flex-col gap-4 sm:flex-row">
      {Array.from({ length: months }, (_, i) => (
        <div key={i} className="w-63 space-y-2" aria-hidden>
          <Skeleton className="mx-auto h-8 w-32" />
          <Skeleton className="h-63 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Dates for a search. Hotels pick a stay in a calendar (days before today, more than 730 days
 * ahead, or more than 30 nights after the chosen check-in are disabled) or type the dates; the
 * field shows the nights and the stay's problem as a sentence.
 */
export function DateRangeField({
  mode = "range",
  value,
  onChange,
  today,
  label,
  error,
  inline = false,
  onBlur,
  className,
}: DateRangeFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const range = mode === "range";
  const wide = useWide();

  const todayDate = parseIsoDate(today) ?? new Date();
  const lastCheckIn = addDays(todayDate, MAX_DAYS_AHEAD);
  const checkInDate = parseIsoDate(value.checkIn);
  const checkOutDate = parseIsoDate(value.checkOut);
  // While a check-out is being chosen, the 30-night limit bounds the calendar instead of 730 days.
  const choosingCheckOut = range && checkInDate !== null && checkOutDate === null;
  const disabled: Matcher[] = [
    { before: todayDate },
    { after: choosingCheckOut ? addDays(checkInDate, MAX_NIGHTS) : lastCheckIn },
  ];

  const problem = error ?? (range ? stayRangeError(value, today) : dateError(value.checkIn, today));
  const nights = range ? nightsOf(value.checkIn, value.checkOut) : null;
  const nightsText = nights === null ? null : `${nights} ${nights === 1 ? "night" : "nights"}`;

  const selectRange = (next: DateRange | undefined) => {
    const from = next?.from ? toIsoDate(next.from) : undefined;
    const to = next?.to ? toIsoDate(next.to) : undefined;
    const complete = from !== undefined && to !== undefined && to !== from;
    onChange({ checkIn: from, checkOut: complete ? to : undefined });
    if (complete) setOpen(false);
  };
  const selectSingle = (next: Date | undefined) => {
    onChange({ ...value, checkIn: next ? toIsoDate(next) : undefined });
    if (next) setOpen(false);
  };

  const common = {
    disabled,
    startMonth: todayDate,
    endMonth: addDays(lastCheckIn, range ? MAX_NIGHTS : 0),
    defaultMonth: checkInDate ?? todayDate,
    today: todayDate,
    numberOfMonths: range && !inline && wide ? 2 : 1,
  };
  const calendar = (
    <Suspense fallback={<CalendarPlaceholder months={common.numberOfMonths} />}>
      {range ? (
        <StayCalendar
          {...common}
          mode="range"
          selected={checkInDate ? { from: checkInDate, to: checkOutDate ?? undefined } : undefined}
          onSelect={selectRange}
        />
      ) : (
        <StayCalendar {...common} mode="single" selected={checkInDate ?? undefined} onSelect={selectSingle} />
      )}
    </Suspense>
  );

  const summary = range
    ? value.checkIn || value.checkOut
      ? `${fieldDay(value.checkIn) ?? "…"} – ${fieldDay(value.checkOut) ?? "…"}`
      : "Choose dates"
    : (fieldDay(value.checkIn) ?? "Choose a date");

  const dateInput = (which: "checkIn" | "checkOut", text: string) => (
    <SubField label={text} className="min-w-0 flex-1">
      {(inputId) => (
        <input
          id={inputId}
          type="date"
          className={inputClasses(!!problem)}
          value={value[which] ?? ""}
          min={which === "checkOut" && value.checkIn ? toIsoDate(addDays(checkInDate ?? todayDate, 1)) : today}
          max={
            which === "checkOut" && checkInDate ? toIsoDate(addDays(checkInDate, MAX_NIGHTS)) : toIsoDate(lastCheckIn)
          }
          aria-invalid={!!problem}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange({ ...value, [which]: e.target.value || undefined })}
        />
      )}
    </SubField>
  );

  return (
    <fieldset
      className={cn("space-y-2", className)}
      // The heading shares a row with the nights, so it is not the fieldset's first-child legend.
      // A single date's input already carries the same label.
      aria-labelledby={range ? `${id}-legend` : undefined}
      onBlur={(e) => {
        if (onBlur && !e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
      }}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-legend`} className={fieldClasses.label}>
          {label ?? (range ? "Stay" : "Date")}
        </span>
        {nightsText ? (
          <span className="text-[0.8125rem] font-medium text-slate-600" aria-live="polite" data-testid="nights">
            {nightsText}
          </span>
        ) : null}
      </div>

      {inline ? (
        <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs">{calendar}</div>
      ) : (
        <>
          <button
            ref={triggerRef}
            type="button"
            className={cn(buttonClasses({ variant: "secondary" }), "w-full justify-start font-medium")}
            aria-haspopup="dialog"
            aria-expanded={open}
            onPointerEnter={preloadPopover}
            onFocus={preloadPopover}
            onClick={() => {
              preloadPopover();
              setOpen(true);
            }}
            aria-label={`${range ? "Choose stay dates" : "Choose a date"}: ${summary}${nightsText ? `, ${nightsText}` : ""}`}
          >
            <CalendarDays className="size-4 text-slate-500" aria-hidden />
            {summary}
          </button>
          {open ? (
            <Suspense fallback={null}>
              <CalendarPopover triggerRef={triggerRef} isOpen onOpenChange={setOpen} label={range ? "Stay dates" : "Date"}>
                {calendar}
              </CalendarPopover>
            </Suspense>
          ) : null}
        </>
      )}

      <div className="flex gap-2">
        {range ? (
          <>
            {dateInput("checkIn", "Check-in")}
            {dateInput("checkOut", "Check-out")}
          </>
        ) : (
          dateInput("checkIn", label ?? "Date")
        )}
      </div>

      {problem ? (
        <FieldError id={errorId} role="alert">
          {problem}
        </FieldError>
      ) : null}
    </fieldset>
  );
}

/** One date (a departure, an activity's day) bound to a form value, which is "" until one is chosen. */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  today,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  today: string;
}) {
  const { field, fieldState } = useController({ control, name });
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
