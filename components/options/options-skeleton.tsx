import { Skeleton } from "@/components/ui/skeleton";

/** The sheet's shape while its options load: a header, filter chips and option rows. */
export function OptionsSkeleton({ kind = "activity", withTitle = true }: { kind?: string; withTitle?: boolean }) {
  const label = kind === "transfer" ? "Loading the vehicles…" : "Loading the options…";
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {withTitle ? (
        <div aria-hidden>
          <Skeleton className="h-4 w-28" />
          <Skeleton className="mt-3 h-8 w-full max-w-md" />
          <Skeleton className="mt-3 h-4 w-64 max-w-full" />
        </div>
      ) : null}
      <div aria-hidden className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="rounded-xl border border-slate-200 bg-white">
          <div className="flex gap-2 border-b border-slate-100 px-5 py-4 sm:px-6">
            {["w-14", "w-32", "w-40"].map((w) => (
              <Skeleton key={w} className={`h-8 ${w} rounded-full`} />
            ))}
          </div>
          <ul className="divide-y divide-slate-100">
            {[0, 1, 2, 3, 4].map((i) => (
              <li key={i} className="flex flex-wrap items-center gap-4 px-5 py-4 sm:flex-nowrap sm:px-6">
                <Skeleton className="h-6 w-14" />
                <div className="min-w-0 flex-1 space-y-2">
                  <Skeleton className="h-4 w-48 max-w-full" />
                  <Skeleton className="h-3.5 w-72 max-w-full" />
                </div>
                <Skeleton className="h-6 w-20" />
                <Skeleton className="h-10 w-full rounded-lg sm:w-24" />
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden space-y-3 rounded-xl border border-slate-200 bg-white p-5 lg:block">
          <Skeleton className="aspect-[16/10] w-full rounded-lg" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-5/6" />
        </div>
      </div>
    </div>
  );
}
