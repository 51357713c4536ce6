import { Skeleton } from "@/components/ui/skeleton";

export default function BookingsLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="text-sm font-medium text-brand-700">After sale</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Bookings</h1>
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <Skeleton className="mt-6 h-36 w-full rounded-xl" />
      <p className="sr-only" role="status">
        Loading bookings…
      </p>
      <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-hidden>
        {["w-40", "w-32", "w-44", "w-36", "w-28"].map((w) => (
          <div key={w} className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0">
            <Skeleton className={`h-4 ${w}`} />
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="hidden h-4 flex-1 sm:block" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </main>
  );
}
