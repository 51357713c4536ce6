"use client";

import type { ReactNode } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { AriaHelp, AriaLabel } from "@/components/ui/aria-field";
import { cn } from "@/components/ui/cn";

/** A choice among a few options, shown as a segmented control (a radio group to assistive technology). */
export function SegmentedRadio<V extends string>({
  label,
  value,
  onChange,
  options,
  description,
  className,
  hideLabel,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: ReactNode }[];
  description?: ReactNode;
  className?: string;
  hideLabel?: boolean;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={(v) => onChange(v as V)}
      orientation="horizontal"
      className={cn("flex flex-col gap-1.5", className)}
    >
      <AriaLabel hidden={hideLabel}>{label}</AriaLabel>
      <div className="inline-flex w-full max-w-full flex-wrap gap-0.5 self-start rounded-lg border border-slate-200 bg-slate-100 p-0.5 sm:w-auto">
        {options.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            className={({ isSelected, isFocusVisible }) =>
              cn(
                "flex flex-1 cursor-default items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none",
                isSelected ? "bg-white text-ink shadow-xs ring-1 ring-slate-200" : "text-slate-600 hover:text-ink",
                isFocusVisible && "outline-2 outline-offset-1 outline-brand-600",
              )
            }
          >
            {o.label}
          </Radio>
        ))}
      </div>
      <AriaHelp hint={description} />
    </RadioGroup>
  );
}
