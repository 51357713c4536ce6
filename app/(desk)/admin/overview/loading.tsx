import { Skeleton } from "@/components/ui/skeleton";

export default function OverviewLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="text-sm font-medium text-brand-700">Administration</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Agency overview</h1>
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <p className="sr-only" role="status">
        Loading the overview…
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="mt-6 h-72 rounded-xl" />
    </main>
  );
}
