"use client";

import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Ticket as ActivityIcon } from "lucide-react";
import { formatMoney } from "./format";
import type { ActivityOption } from "./use-checkout-price";

/** An activity's options priced for this party; the one picked is the one priced and booked. */
export function ActivityOptions({
  options,
  value,
  onChange,
  disabled,
}: {
  options: ActivityOption[];
  value: string | null;
  onChange: (ref: string) => void;
  disabled: boolean;
}) {
  return (
    <Card aria-labelledby="options-title">
      <CardHeader icon={<ActivityIcon className="size-5" />} titleId="options-title" title="Option" description="Priced for this group of travellers. Pick the one the client wants." />
      <CardBody>
        <fieldset disabled={disabled}>
          <legend className="sr-only">Activity option</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {options.map((o) => (
              <li key={o.supplierRateRef}>
                <label
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/20",
                    value === o.supplierRateRef ? "border-brand-500 bg-brand-50/60" : "border-slate-200 hover:border-slate-300",
                  )}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="activity-option"
                      value={o.supplierRateRef}
                      checked={value === o.supplierRateRef}
                      onChange={() => onChange(o.supplierRateRef)}
                      className="size-4 accent-brand-600"
                    />
                    <span>
                      <span className="block font-medium text-ink">{o.label}</span>
                      <span className="text-slate-500">{o.startTime ? `Starts ${o.startTime}` : "Open time"}</span>
                    </span>
                  </span>
                  <span className="font-semibold text-ink tabular-nums">{formatMoney(o.sellAmountMinor, o.sellCurrency)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </CardBody>
    </Card>
  );
}

