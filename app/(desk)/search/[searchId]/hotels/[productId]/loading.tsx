import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export default function HotelLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the hotel…
      </p>
      <Skeleton className="mb-4 h-4 w-32" />
      <p className="text-sm font-medium text-brand-700">Hotel</p>
      <Skeleton className="mt-2 h-8 w-72 max-w-full" />
      <Skeleton className="mt-2 h-4 w-96 max-w-full" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <Card className="px-5 py-4 lg:col-start-2 lg:row-start-1">
          <Skeleton className="h-4 w-24" />
          <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-1">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        </Card>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <Skeleton className="aspect-[2/1] w-full rounded-xl lg:aspect-[5/2]" />
          <Skeleton className="h-6 w-48" />
          <Card className="h-48" />
        </div>
      </div>
    </main>
  );
}
