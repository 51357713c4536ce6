import { Star, StarHalf } from "lucide-react";
import type { ReactNode } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { cn } from "@/components/ui/cn";
import { PriceText, usePricer, type ShownPrice } from "@/components/pricing/client-prices";
import { destinationCountry } from "@/lib/pricing/destination";
import type { SearchCriteria } from "@/lib/search/criteria";
import { cancellationSummary, type SourceLabels } from "./format";
import type { HotelRow, ResultRow } from "./types";

// Small pieces result cards share: the card's frame and prices, badges, price block, star rating,
// cancellation line.

export type CardContext = {
  searchId: string;
  criteria: SearchCriteria;
  sources: SourceLabels;
};

/** The price each row of a card shows: its cost, or the client price for the search's destination when Client prices is on. */
export function useRowPrice(ctx: CardContext): { shown: (row: ResultRow) => ShownPrice; clientPrices: boolean } {
  const pricer = usePricer();
  const country = destinationCountry(ctx.criteria);
  return { shown: (row) => pricer.price(row.sellAmountMinor, row.sellCurrency, row.productType, country), clientPrices: pricer.on };
}

const cardBase =
  "group/card relative rounded-xl border bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-[border-color,box-shadow] duration-150";

export function CardShell({
  selected,
  onSelect,
  labelledBy,
  children,
  className,
}: {
  selected?: boolean;
  onSelect?: () => void;
  labelledBy: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <article
      aria-labelledby={labelledBy}
      aria-current={selected ? "true" : undefined}
      data-selected={selected || undefined}
      // Selection follows the pointer and the keyboard focus, so the map can show either.
      onClick={onSelect}
      onFocus={onSelect}
      className={cn(
        cardBase,
        onSelect && "cursor-pointer",
        selected ? "border-brand-500 ring-2 ring-brand-500/25" : "border-slate-200 hover:border-slate-300 hover:shadow-sm",
        className,
      )}
    >
      {children}
    </article>
  );
}

type Tone = "green" | "slate" | "brand" | "amber";
const badgeTones: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  brand: "bg-brand-50 text-brand-800 ring-brand-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/25",
};

export function Badge({ tone = "slate", children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", badgeTones[tone])}
    >
      {children}
    </span>
  );
}

/** A card's price: the cost, or the client price when Client prices is on (components/pricing/client-prices.tsx). */
export function PriceBlock({ price, lead, caption, className }: { price: ShownPrice; lead?: string; caption?: ReactNode; className?: string }) {
  return (
    <div className={cn("sm:text-right", className)}>
      {lead ? <p className="text-xs text-slate-500">{lead}</p> : null}
      <p className="text-xl leading-tight font-semibold text-ink tabular-nums" data-testid="shown-price">
        <PriceText price={price} />
      </p>
      {caption ? <p className="mt-0.5 text-xs text-slate-500">{caption}</p> : null}
    </div>
  );
}

/** Stars as icons, read out once as "4.5-star". */
export function StarRating({ value }: { value: number | null | undefined }) {
  if (!value || value <= 0) return null;
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span role="img" aria-label={`${value}-star`} className="inline-flex items-center gap-px text-amber-500">
      {Array.from({ length: full }, (_, i) => (
        <Star key={i} aria-hidden className="size-3.5 fill-current" strokeWidth={1.5} />
      ))}
      {half ? <StarHalf aria-hidden className="size-3.5 fill-current" strokeWidth={1.5} /> : null}
    </span>
  );
}

type Policy = HotelRow["summary"]["cancellationPolicy"];

/** "Refundable" / "Non-refundable" badge and when charges start. */
export function CancellationLine({ policy, refundable, now }: { policy: Policy | undefined; refundable: boolean; now?: Date }) {
  const timeZone = useTimeZone();
  const summary = cancellationSummary(policy, refundable, now ?? new Date(), timeZone);
  if (!refundable || summary.tone === "charged") {
    // A refundable rate whose charges have started still refunds the rest: a fee, not "Non-refundable".
    const fee = refundable && policy?.refundable !== false && policy?.currentRefundability !== "non_refundable";
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={fee ? "amber" : "slate"}>{fee ? "Cancellation fee" : "Non-refundable"}</Badge>
        {refundable ? <span className="text-[0.8125rem] text-slate-600">{summary.text}</span> : null}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone="green">Refundable</Badge>
      <span className={cn("text-[0.8125rem]", summary.tone === "free" ? "text-emerald-800" : "text-slate-600")}>{summary.text}</span>
    </span>
  );
}
