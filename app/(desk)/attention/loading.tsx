import { Skeleton } from "@/components/ui/skeleton";

export default function AttentionLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Needs attention</h1>
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <Skeleton className="mt-4 h-10 w-full rounded-lg" />
      <p className="sr-only" role="status">
        Loading what needs attention…
      </p>
      <div className="mt-6 space-y-3" aria-hidden>
        {["w-40", "w-32", "w-44"].map((w) => (
          <div key={w} className="rounded-xl border border-slate-200 bg-white px-5 py-4">
            <Skeleton className={`h-4 ${w}`} />
            <Skeleton className="mt-3 h-4 w-72" />
          </div>
        ))}
      </div>
    </main>
  );
}
