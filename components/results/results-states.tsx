import { Hourglass, Pencil, RotateCcw, SearchX, SlidersHorizontal, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { nounOf } from "./nouns";

// Every state of the results besides the list itself: empty, filtered-empty, error, expired (loading:
// results-skeleton.tsx).

export function StatePanel({
  icon,
  title,
  children,
  action,
  tone = "neutral",
  role,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "error" | "warning";
  role?: "alert" | "status";
}) {
  return (
    <div role={role} className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center sm:py-14">
      <span
        className={cn(
          "mx-auto grid size-11 place-items-center rounded-full ring-1 ring-inset",
          tone === "error" ? "bg-rose-50 text-rose-600 ring-rose-100" : tone === "warning" ? "bg-amber-50 text-amber-700 ring-amber-100" : "bg-slate-100 text-slate-500 ring-slate-200",
        )}
      >
        {icon}
      </span>
      <h2 className="mt-4 text-base font-semibold text-ink">{title}</h2>
      {children ? <div className="mx-auto mt-1.5 max-w-md text-sm leading-relaxed text-slate-600">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

const SUGGESTIONS: Record<string, string[]> = {
  hotel: ["Try other dates or fewer nights.", "Search the whole city rather than one hotel or a small radius.", "Remove property-type filters."],
  flight: ["Try nearby dates or another airport.", "Try a different cabin."],
  activity: ["Try another date.", "Choose a nearby destination."],
  transfer: ["Check the pickup and drop-off points.", "Try a different time or fewer passengers."],
};

export function EmptyResults({ productType, failed, onEditSearch }: { productType: string; failed: boolean; onEditSearch?: () => void }) {
  const noun = nounOf(productType);
  const edit = onEditSearch ? (
    <Button variant="secondary" size="sm" className="mt-3" onClick={onEditSearch}>
      <Pencil aria-hidden className="size-3.5" />
      Edit the search
    </Button>
  ) : null;
  if (failed) {
    return (
      <StatePanel role="alert" tone="error" icon={<TriangleAlert aria-hidden className="size-5" />} title="The search failed">
        <p>None of the sources answered this time. Search again in a moment; if it keeps happening, try other dates.</p>
        {edit}
      </StatePanel>
    );
  }
  return (
    <StatePanel role="status" icon={<SearchX aria-hidden className="size-5" />} title={`No ${noun} matched`}>
      <ul className="mt-1 space-y-0.5">
        {(SUGGESTIONS[productType] ?? ["Try different criteria."]).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      {edit}
    </StatePanel>
  );
}

export function FilteredEmpty({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel
      role="status"
      icon={<SlidersHorizontal aria-hidden className="size-5" />}
      title="No results match these filters"
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      <p>Loosen a filter or clear them to see every result loaded so far.</p>
    </StatePanel>
  );
}

export function ResultsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StatePanel
      role="alert"
      tone="error"
      icon={<TriangleAlert aria-hidden className="size-5" />}
      title="We couldn't load the results"
      action={
        <Button variant="secondary" onClick={onRetry}>
          <RotateCcw aria-hidden className="size-4" />
          Retry
        </Button>
      }
    >
      <p>{message}</p>
    </StatePanel>
  );
}

export function SearchExpired({ onSearchAgain, searchingAgain }: { onSearchAgain: () => void; searchingAgain: boolean }) {
  return (
    <StatePanel
      role="alert"
      tone="warning"
      icon={<Hourglass aria-hidden className="size-5" />}
      title="This search has expired — searches last 20 minutes"
      action={
        <Button onClick={onSearchAgain} pending={searchingAgain}>
          {searchingAgain ? "Searching…" : "Search again"}
        </Button>
      }
    >
      <p>Prices and availability change, so results are only kept for 20 minutes. Search again with the same criteria for fresh prices.</p>
    </StatePanel>
  );
}

/**
 * The filter column's outline while the first results are on their way (wide screens only, as the
 * column is): the list keeps its place when the filters come with the results.
 */
export function FilterPanelOutline() {
  return (
    <div aria-hidden className="hidden lg:block">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <Skeleton className="h-4 w-16" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="mt-5 space-y-2.5 border-t border-slate-100 pt-4">
            <Skeleton className="h-3 w-2/5" />
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
        ))}
      </div>
    </div>
  );
}
