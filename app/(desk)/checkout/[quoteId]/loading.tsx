import { Card } from "@/components/ui/card";
import { PriceCheckSkeleton } from "@/components/checkout/price-check-panel";
import { Skeleton } from "@/components/ui/skeleton";

export default function CheckoutLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <Skeleton className="h-4 w-28" />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
      <Skeleton className="mt-2 h-4 w-full max-w-md" />
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-5 lg:order-last">
          <div className="space-y-3" aria-hidden>
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </Card>
        <PriceCheckSkeleton label="Opening checkout…" />
      </div>
    </main>
  );
}
