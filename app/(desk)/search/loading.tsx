import { Skeleton } from "@/components/ui/skeleton";

export default function SearchLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="text-sm font-medium text-brand-700">Sell</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Search</h1>
      <Skeleton className="mt-3 mb-6 h-4 w-full max-w-md" />
      <p className="sr-only">Loading the search…</p>
      <div className="rounded-xl border border-slate-200 bg-white" aria-hidden>
        <div className="flex gap-6 border-b border-slate-100 px-4 py-4 sm:px-6">
          {["w-20", "w-20", "w-24", "w-24"].map((w, i) => (
            <Skeleton key={i} className={`h-5 ${w}`} />
          ))}
        </div>
        <div className="grid gap-6 px-4 py-6 sm:px-6 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </div>
    </main>
  );
}
