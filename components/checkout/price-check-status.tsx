"use client";

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardBody } from "@/components/ui/card";
import { RefreshCw as RefreshIcon } from "lucide-react";
import { searchHref, type SearchCriteria } from "@/lib/search/criteria";
import type { PriceCheckAction, Problem } from "./checkout-errors";
import { PriceCheckSkeleton } from "./price-check-panel";
import type { PriceWait } from "./use-checkout-price";

// What stands where the form goes while there is no price to book at: why (a failed check or
// options list, with the way forward), or what is awaited.

/** A failed price-check (or options list, or a quote found expired at booking), with the way forward. */
export function ProblemCard({
  problem,
  criteria,
  searchId,
  onRetry,
  retrying,
  onSearchAgain,
  searching,
  searchError,
  onOptions,
}: {
  problem: Problem<PriceCheckAction>;
  criteria: SearchCriteria;
  searchId: string;
  onRetry: () => void;
  retrying: boolean;
  onSearchAgain: () => void;
  searching: boolean;
  searchError: string | null;
  onOptions: () => void;
}) {
  const back = (
    <Link href={searchHref(criteria, searchId)} className={buttonClasses({ variant: problem.action === "back" ? "primary" : "secondary" })}>
      Back to results
    </Link>
  );
  return (
    <Card aria-labelledby="problem-title">
      <CardBody className="space-y-4">
        <div role="alert">
          <h2 id="problem-title" className="text-lg font-semibold text-ink">
            {problem.title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{problem.message}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {problem.action === "search_again" ? (
            <Button onClick={onSearchAgain} pending={searching}>
              Search again
            </Button>
          ) : null}
          {problem.action === "retry" ? (
            <Button onClick={onRetry} pending={retrying}>
              {!retrying ? <RefreshIcon className="size-4" /> : null}
              Check the price again
            </Button>
          ) : null}
          {problem.action === "options" ? <Button onClick={onOptions}>Show the options again</Button> : null}
          {back}
        </div>
        {searchError ? <Callout title="The search could not be started">{searchError}</Callout> : null}
      </CardBody>
    </Card>
  );
}


/** The options or the price being fetched, or an option still to pick. */
export function PriceCheckWaiting({ waiting }: { waiting: PriceWait }) {
  switch (waiting) {
    case "options":
      return <PriceCheckSkeleton label="Loading the activity's options…" />;
    case "pick":
      return (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          Pick an option above to check its live price.
        </p>
      );
    case "price":
      return <PriceCheckSkeleton />;
    default:
      return null;
  }
}
