import { OptionsSkeleton } from "@/components/options/options-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function OptionsLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Skeleton className="mb-6 h-5 w-32" />
      <OptionsSkeleton />
    </main>
  );
}
