import { Skeleton } from "../ui/skeleton";

/** /admin/pricing's shape while the pricing is read: the heading, the form's cards and the example beside them. */
export function PricingAdminSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        Loading the agency&apos;s pricing…
      </p>
      <div aria-hidden>
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-2 h-8 w-40" />
        <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      </div>
      <div aria-hidden className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          {[2, 4, 1].map((rows, i) => (
            <div key={i} className="rounded-xl border border-slate-200 bg-white">
              <div className="flex items-center gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
                <Skeleton className="size-9 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-36" />
                  <Skeleton className="h-3 w-64 max-w-full" />
                </div>
              </div>
              <div className="space-y-4 px-5 py-5 sm:px-6">
                {Array.from({ length: rows }, (_, r) => (
                  <div key={r} className="grid grid-cols-2 gap-4">
                    <Skeleton className="h-10" />
                    <Skeleton className="h-10" />
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
        <div className="rounded-xl border border-slate-200 bg-white px-5 py-5 sm:px-6">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-4 h-10 w-full" />
          <Skeleton className="mt-3 h-16 w-full" />
          <Skeleton className="mt-3 h-24 w-full" />
        </div>
      </div>
    </div>
  );
}
