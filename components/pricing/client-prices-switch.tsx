"use client";

import { Eye, EyeOff } from "lucide-react";
import { cn } from "../ui/cn";
import { setClientPrices, usePricer } from "./client-prices";

// Apart from the provider (client-prices.tsx), which every page's layout mounts: the switch is
// loaded only by the pages that show prices.

/**
 * The switch, where prices are shown (results, rate sheets, option sheets). Says when the rules
 * cannot be read, so an advisor never shows a client the cost by mistake.
 */
export function ClientPricesSwitch({ className }: { className?: string }) {
  const { on, rules, retry } = usePricer();
  return (
    <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        onClick={() => setClientPrices(!on)}
        className={cn(
          "inline-flex h-9 items-center gap-2 rounded-lg border px-3 text-sm font-medium whitespace-nowrap shadow-xs transition-colors focus:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25",
          on ? "border-brand-300 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:border-slate-400",
        )}
        title={on ? "Prices shown are the agency's client prices; commission is hidden." : "Show the agency's client prices and hide commission."}
      >
        <span className={cn("relative inline-flex h-4 w-7 shrink-0 items-center rounded-full transition-colors", on ? "bg-brand-600" : "bg-slate-300")} aria-hidden>
          <span className={cn("absolute size-3 rounded-full bg-white shadow-sm transition-transform", on ? "translate-x-3.5" : "translate-x-0.5")} />
        </span>
        {on ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
        Client prices
      </button>
      {rules === "error" ? (
        <p role="alert" className="text-[0.8125rem] text-rose-700">
          The agency&apos;s pricing could not be read, so no price is shown.{" "}
          <button type="button" className="font-medium underline" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
