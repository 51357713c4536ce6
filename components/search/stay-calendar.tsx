"use client";

import { DayPicker, type DateRange, type Matcher } from "react-day-picker";

// The calendar of DateRangeField, in a module of its own: react-day-picker and date-fns (~20 KB
// gzip) load when a calendar is first shown (or its button hovered or focused), not with the page.

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

export type StayCalendarProps = {
  disabled: Matcher[];
  startMonth: Date;
  endMonth: Date;
  defaultMonth: Date;
  today: Date;
  numberOfMonths: number;
} & (
  | { mode: "range"; selected: DateRange | undefined; onSelect: (next: DateRange | undefined) => void }
  | { mode: "single"; selected: Date | undefined; onSelect: (next: Date | undefined) => void }
);

export function StayCalendar(props: StayCalendarProps) {
  const common = {
    disabled: props.disabled,
    startMonth: props.startMonth,
    endMonth: props.endMonth,
    defaultMonth: props.defaultMonth,
    today: props.today,
    weekStartsOn: 1 as const,
    numberOfMonths: props.numberOfMonths,
    classNames: calendarClassNames,
  };
  return props.mode === "range" ? (
    <DayPicker {...common} mode="range" resetOnSelect selected={props.selected} onSelect={props.onSelect} />
  ) : (
    <DayPicker {...common} mode="single" selected={props.selected} onSelect={props.onSelect} />
  );
}
