"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import type { ActionProblem } from "./action-errors";

/** A failed step as a sentence, with the one way on that fits it. */
export function ProblemCallout({
  problem,
  onRetry,
  onReload,
  retryLabel = "Try again",
  className,
}: {
  problem: ActionProblem;
  onRetry?: () => void;
  onReload?: () => void;
  retryLabel?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Callout title={problem.title} tone={problem.next === "same" || problem.next === "reload" ? "warning" : "error"}>
        <p>{problem.message}</p>
      </Callout>
      {problem.next === "same" && onRetry ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
      {problem.next === "reload" && onReload ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onReload}>
          Reload the booking
        </Button>
      ) : null}
      {problem.next === "signin" ? (
        <Link href={`/login?next=${encodeURIComponent(typeof window === "undefined" ? "/bookings" : window.location.pathname)}`} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
          Sign in again
        </Link>
      ) : null}
    </div>
  );
}
