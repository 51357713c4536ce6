import { Card, CardHeader } from "@/components/ui/card";
import { UsersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";

export default function UsersLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p className="text-sm font-medium text-brand-700">Administration</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Users</h1>
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <Card className="mt-6">
        <CardHeader icon={<UsersIcon className="size-5" />} title="People" description="Loading the users…" />
        <p className="sr-only">Loading the users…</p>
        <ul className="divide-y divide-slate-100" aria-hidden>
          {["w-40", "w-32", "w-44", "w-36"].map((width) => (
            <li key={width} className="flex items-center gap-3 px-5 py-4 sm:px-6">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className={`h-3.5 ${width}`} />
                <Skeleton className="h-3 w-52 max-w-full" />
              </div>
              <Skeleton className="hidden h-6 w-20 rounded-full sm:block" />
              <Skeleton className="hidden h-8 w-48 md:block" />
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
