import { Skeleton } from "@/components/ui/skeleton";
import { nounOf } from "./nouns";

// The results' outline while they load. Apart from results-states.tsx: the search page shows it
// while the results' code arrives, and loads nothing else of the results with it (issue 15, page
// weight).

/** Placeholders shaped like the real cards (thumbnail, lines, price column). */
export function ResultsSkeleton({ productType, count = 4 }: { productType: string; count?: number }) {
  return (
    <div role="status" aria-label={`Loading ${nounOf(productType)}`} className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} hotel={productType === "hotel"} />
      ))}
    </div>
  );
}

/** One card's placeholder: a hotel's with its photo, another product's with its icon. */
export function CardSkeleton({ hotel = false }: { hotel?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
          {hotel ? <Skeleton className="size-24 shrink-0 rounded-lg sm:h-32 sm:w-44" /> : <Skeleton className="size-10 shrink-0 rounded-lg" />}
          <div className="min-w-0 flex-1 space-y-2.5 pt-1">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-3 w-2/5" />
            <Skeleton className="h-3 w-1/2" />
            <div className="flex gap-2 pt-1">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-36 rounded-full" />
            </div>
          </div>
        </div>
        <div className="flex items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <div className="space-y-1.5 sm:w-full sm:items-end">
            <Skeleton className="ml-auto h-3 w-10" />
            <Skeleton className="ml-auto h-6 w-24" />
          </div>
          <Skeleton className="h-8 w-24 rounded-md sm:w-full" />
        </div>
      </div>
    </div>
  );
}
