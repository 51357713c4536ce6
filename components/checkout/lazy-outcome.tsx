"use client";

import { lazy, Suspense } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { SearchCriteria } from "@/lib/search/criteria";
import type { BookedOutcome } from "./booking-keeper";

// The booking's outcome is loaded once there is one (or about to be: on submit), not with the page.
const loadOutcome = () => import("./booking-outcome");
export const preloadOutcome = () => void loadOutcome().catch(() => {});
const BookingOutcomeView = lazy(() => loadOutcome().then((m) => ({ default: m.BookingOutcomeView })));

function OutcomeSkeleton() {
  return (
    <Card className="overflow-hidden" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the booking&apos;s outcome…
      </p>
      <div className="flex flex-wrap items-start gap-4 px-5 py-6 sm:px-8 sm:py-8" aria-hidden>
        <Skeleton className="size-12 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 space-y-3">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-7 w-72 max-w-full" />
          <Skeleton className="h-4 w-full max-w-2xl" />
          <Skeleton className="h-4 w-2/3 max-w-xl" />
        </div>
      </div>
    </Card>
  );
}

/** The booking's outcome (booking-outcome.tsx), its outline shown while its code loads. */
export function LazyBookingOutcome(props: { outcome: BookedOutcome; criteria: SearchCriteria; searchId: string; onUpdate: (next: BookedOutcome) => void }) {
  return (
    <Suspense fallback={<OutcomeSkeleton />}>
      <BookingOutcomeView {...props} />
    </Suspense>
  );
}
