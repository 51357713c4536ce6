"use client";

import { useId } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/select";
import { sortOptions, type ResultSort } from "./filter-model";

/** "Sort by" over the sorts that apply to the product type (a native select: best on phones). */
export function SortSelect({
  productType,
  value,
  onChange,
  className,
}: {
  productType: string;
  value: ResultSort;
  onChange: (sort: ResultSort) => void;
  className?: string;
}) {
  const id = useId();
  const options = sortOptions(productType);
  const current = options.some((o) => o.value === value) ? value : "recommended";
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        Sort by
      </label>
      <div className="relative min-w-0">
        <Select id={id} size="sm" value={current} onChange={(e) => onChange(e.currentTarget.value as ResultSort)} className="appearance-none truncate">
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
