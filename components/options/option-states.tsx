"use client";

import { Hourglass, PackageOpen, RotateCcw, SearchX, TriangleAlert, type LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { useRunSearch } from "@/components/search/use-run-search";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import type { SearchCriteria } from "@/lib/search/criteria";
import { backHref } from "./links";

// The sheet's states other than "here are the options": each says what happened in a
// sentence and offers a way on.

/**
 * Runs the same search again (a new searchId) and opens its results. Without criteria there is
 * nothing to repeat, so the button is disabled and says why.
 */
export function SearchAgain({ criteria, variant = "primary" }: { criteria: SearchCriteria | null; variant?: "primary" | "secondary" }) {
  const run = useRunSearch();
  if (!criteria) {
    return (
      <div className="space-y-1.5">
        <Button variant={variant} disabled aria-describedby="search-again-reason">
          <RotateCcw aria-hidden className="size-4" />
          Search again
        </Button>
        <p id="search-again-reason" className="text-[0.8125rem] text-slate-500">
          This link does not carry the search&apos;s criteria, so it cannot be repeated.{" "}
          <Link href="/search" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Start a new search
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Button variant={variant} pending={run.isPending || run.isSuccess} onClick={() => run.mutate(criteria)}>
        {run.isPending || run.isSuccess ? null : <RotateCcw aria-hidden className="size-4" />}
        {run.isPending || run.isSuccess ? "Searching…" : "Search again"}
      </Button>
      {run.error ? (
        <Callout title="The search could not be started">
          <p>{run.error.message}</p>
        </Callout>
      ) : null}
    </div>
  );
}

export function StatePanel({
  icon: Icon,
  tone = "neutral",
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone?: "neutral" | "warning" | "error";
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="options-state-title"
      className="rounded-xl border border-slate-200 bg-white px-5 py-10 text-center shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:px-10"
    >
      <span
        className={cn(
          "mx-auto grid size-11 place-items-center rounded-full ring-1 ring-inset",
          tone === "warning" && "bg-amber-50 text-amber-700 ring-amber-200",
          tone === "error" && "bg-rose-50 text-rose-700 ring-rose-200",
          tone === "neutral" && "bg-slate-100 text-slate-600 ring-slate-200",
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <h2 id="options-state-title" className="mt-4 text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mx-auto mt-2 max-w-lg text-[0.9375rem] leading-relaxed text-slate-600">{children}</div>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row sm:items-start">{actions}</div>
    </section>
  );
}

const BackLink = ({ criteria, searchId, label = "Back to results" }: { criteria: SearchCriteria | null; searchId: string; label?: string }) => (
  <Link href={backHref(criteria, searchId)} className={buttonClasses({ variant: "secondary" })}>
    {criteria ? label : "New search"}
  </Link>
);

export function ExpiredState({ criteria }: { criteria: SearchCriteria | null }) {
  return (
    <StatePanel
      icon={Hourglass}
      tone="warning"
      title="This search has expired — searches last 20 minutes"
      actions={<SearchAgain criteria={criteria} />}
    >
      <p>Its options and quotes can no longer be booked. Search again with the same criteria to get current prices.</p>
    </StatePanel>
  );
}

export function EmptyState({ criteria, searchId }: { criteria: SearchCriteria | null; searchId: string }) {
  return (
    <StatePanel
      icon={PackageOpen}
      title="No saved options for this product"
      actions={
        <>
          {criteria ? <BackLink criteria={criteria} searchId={searchId} /> : null}
          <SearchAgain criteria={criteria} variant={criteria ? "primary" : "secondary"} />
        </>
      }
    >
      <p>
        This search holds no options for it. The product may not be part of this search, or its sources returned nothing
        bookable. Pick another result, or search again for fresh availability.
      </p>
    </StatePanel>
  );
}

export function NotFoundState({ criteria, searchId }: { criteria: SearchCriteria | null; searchId: string }) {
  return (
    <StatePanel
      icon={SearchX}
      title="This product is not part of this search"
      actions={
        <>
          <SearchAgain criteria={criteria} />
          {criteria ? <BackLink criteria={criteria} searchId={searchId} label="Back to search" /> : null}
        </>
      }
    >
      <p>The service does not know this search or product. The link may be incomplete, or the search was removed.</p>
    </StatePanel>
  );
}

export function ErrorState({ message, onRetry, retrying, criteria, searchId }: { message: string; onRetry?: () => void; retrying: boolean; criteria: SearchCriteria | null; searchId: string }) {
  return (
    <StatePanel
      icon={TriangleAlert}
      tone="error"
      title="The options could not be loaded"
      actions={
        <>
          {onRetry ? (
            <Button onClick={onRetry} pending={retrying}>
              {retrying ? null : <RotateCcw aria-hidden className="size-4" />}
              Retry
            </Button>
          ) : null}
          <BackLink criteria={criteria} searchId={searchId} />
        </>
      }
    >
      <p>{message}</p>
    </StatePanel>
  );
}
