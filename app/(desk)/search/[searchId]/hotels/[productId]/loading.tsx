import { GallerySkeleton } from "@/components/hotel/hotel-content";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The hotel page's outline, box for box (components/hotel/hotel-page.tsx): the back link's line,
 * the header with its "Rooms and rates" link, the stay (one compact card on narrow screens, the
 * side card from lg), the gallery and the rates' heading. Opened from the results, the page then
 * fills in without moving what the advisor is already looking at.
 */
export default function HotelLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the hotel…
      </p>
      <div className="mb-4 flex h-5 items-center" aria-hidden>
        <Skeleton className="h-4 w-32" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between" aria-hidden>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-brand-700">Hotel</p>
          <div className="mt-1 flex h-8 items-center sm:h-9">
            <Skeleton className="h-7 w-72 max-w-full" />
          </div>
          <div className="mt-1.5 flex h-5 items-center">
            <Skeleton className="h-4 w-56 max-w-full" />
          </div>
        </div>
        <Skeleton className="h-8 w-40 shrink-0 rounded-lg" />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start" aria-hidden>
        <div className="lg:col-start-2 lg:row-start-1">
          <Card className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 lg:hidden">
            <span className="flex h-5 items-center">
              <Skeleton className="h-4 w-72 max-w-full" />
            </span>
            <span className="flex h-5 items-center">
              <Skeleton className="h-4 w-24" />
            </span>
          </Card>
          <Card className="hidden px-5 py-4 lg:block">
            <Skeleton className="h-4 w-24" />
            <div className="mt-3 space-y-3">
              {[0, 1, 2, 3, 4].map((i) => (
                <div key={i} className="space-y-1.5">
                  <Skeleton className="h-3 w-16" />
                  <Skeleton className="h-4 w-36" />
                </div>
              ))}
            </div>
          </Card>
        </div>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-1">
          <GallerySkeleton />
          <div>
            <Skeleton className="h-6 w-44" />
            <Skeleton className="mt-2 h-4 w-64 max-w-full" />
            <Card className="mt-4 h-48" />
          </div>
        </div>
      </div>
    </main>
  );
}
