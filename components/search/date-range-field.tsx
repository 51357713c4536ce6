"use client";

import { useId, useState } from "react";
import { CalendarDays } from "lucide-react";
import { DayPicker, type DateRange, type Matcher } from "react-day-picker";
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { buttonClasses } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { AlertIcon } from "@/components/ui/icons";
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

const formatDay = (iso: string | undefined) => {
  const date = parseIsoDate(iso);
  return date ? date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : null;
};

/** Tailwind classes for react-day-picker (no stylesheet import needed). */
const calendarClassNames = {
  root: "text-sm text-ink",
  months: "relative flex flex-col gap-4 sm:flex-row",
  month: "space-y-2",
  month_caption: "flex h-8 items-center justify-center font-semibold",
  nav: "absolute inset-x-0 top-0 flex h-8 items-center justify-between",
  button_previous: "inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30",
  button_next: "inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30",
  chevron: "size-4 fill-current",
  month_grid: "border-collapse",
  weekday: "size-9 text-[0.75rem] font-medium text-slate-500",
  day: "size-9 p-0 text-center",
  day_button:
    "size-9 rounded-md tabular-nums hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent",
  today: "font-semibold text-brand-700",
  selected: "[&>button]:bg-brand-100 [&>button]:text-brand-900",
  range_start: "[&>button]:!bg-brand-600 [&>button]:!text-white",
  range_end: "[&>button]:!bg-brand-600 [&>button]:!text-white",
  range_middle: "[&>button]:rounded-none",
  outside: "text-slate-300",
  disabled: "text-slate-300",
};

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
  const range = mode === "range";

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
    weekStartsOn: 1 as const,
    numberOfMonths: range && !inline ? 2 : 1,
    classNames: calendarClassNames,
  };
  const calendar = range ? (
    <DayPicker
      {...common}
      mode="range"
      resetOnSelect
      selected={checkInDate ? { from: checkInDate, to: checkOutDate ?? undefined } : undefined}
      onSelect={selectRange}
    />
  ) : (
    <DayPicker {...common} mode="single" selected={checkInDate ?? undefined} onSelect={selectSingle} />
  );

  const summary = range
    ? value.checkIn || value.checkOut
      ? `${formatDay(value.checkIn) ?? "…"} – ${formatDay(value.checkOut) ?? "…"}`
      : "Choose dates"
    : (formatDay(value.checkIn) ?? "Choose a date");

  const dateInput = (which: "checkIn" | "checkOut", text: string) => (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={`${id}-${which}`} className="text-[0.8125rem] text-slate-600">
        {text}
      </label>
      <input
        id={`${id}-${which}`}
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
    </div>
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
        <span id={`${id}-legend`} className="text-sm font-medium text-slate-800">
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
        <DialogTrigger isOpen={open} onOpenChange={setOpen}>
          <AriaButton
            className={cn(buttonClasses({ variant: "secondary" }), "w-full justify-start font-medium")}
            aria-label={`${range ? "Choose stay dates" : "Choose a date"}: ${summary}${nightsText ? `, ${nightsText}` : ""}`}
          >
            <CalendarDays className="size-4 text-slate-500" aria-hidden />
            {summary}
          </AriaButton>
          <Popover placement="bottom start" className="rounded-xl border border-slate-200 bg-white p-3 shadow-lg outline-none">
            <Dialog aria-label={range ? "Stay dates" : "Date"} className="outline-none">
              {calendar}
            </Dialog>
          </Popover>
        </DialogTrigger>
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
        <p id={errorId} role="alert" className="flex items-start gap-1.5 text-[0.8125rem] leading-snug text-rose-700">
          <AlertIcon className="mt-px size-3.5 shrink-0" />
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
