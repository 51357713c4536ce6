import { BadgePercent, Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PriceText, type ShownPrice } from "@/components/pricing/client-prices";
import type { CancellationSummary } from "./format";

// Small pieces every option row shares: price, the cheapest mark, cancellation, "Select".

/** An option's price: its cost, or its client price when Client prices is on (components/pricing/client-prices.tsx). */
export function Price({ price, caption, className }: { price: ShownPrice; caption?: string; className?: string }) {
  return (
    <div className={cn("text-right", className)}>
      <p className="text-lg leading-tight font-semibold text-ink tabular-nums">
        <PriceText price={price} />
      </p>
      {caption ? <p className="text-xs text-slate-500">{caption}</p> : null}
    </div>
  );
}

export function CheapestBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
      <BadgePercent aria-hidden className="size-3.5" />
      Cheapest
    </span>
  );
}

/** A refundability badge and what it leaves out; `children` (such as the cheapest mark) lead the line. */
export function Cancellation({ summary, className, children }: { summary: CancellationSummary; className?: string; children?: React.ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-[0.8125rem]", className)} title={summary.sentence}>
      {children}
      <span
        className={cn(
          "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
          summary.refundable ? "bg-emerald-50 text-emerald-800 ring-emerald-600/20" : "bg-slate-100 text-slate-700 ring-slate-500/20",
        )}
      >
        {summary.badge}
      </span>
      {summary.detail ? <span className="text-slate-600">{summary.detail}</span> : null}
    </div>
  );
}

/**
 * "Select", named for what it selects ("Select 18:30 Standard seating, free cancellation, $125.63")
 * so a list of them makes sense read out or tabbed through.
 */
export function SelectButton({
  label,
  onSelect,
  pending,
  disabled,
  className,
}: {
  label: string;
  onSelect: () => void;
  pending: boolean;
  disabled: boolean;
  className?: string;
}) {
  return (
    <Button aria-label={`Select ${label}`} onClick={onSelect} pending={pending} disabled={disabled} className={cn("min-w-24", className)}>
      {pending ? "Opening…" : "Select"}
    </Button>
  );
}

/** A yes/no fact with a tick, such as "Meet & greet". */
export function Feature({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 text-[0.8125rem] text-slate-700">
      <Check aria-hidden className="size-3.5 text-emerald-600" />
      {children}
    </span>
  );
}
