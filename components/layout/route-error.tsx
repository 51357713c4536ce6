"use client";

import Link from "next/link";
import { useEffect, type ReactNode } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";

export type RouteErrorProps = { error: Error & { digest?: string }; reset: () => void };

/**
 * A desk page that failed while rendering (its route's error.tsx): the page's heading, what could
 * not be shown and what to do, the reference an admin can find in the log (the error's digest),
 * Try again, and where to go instead. The error itself goes to the browser's console.
 */
export function RouteError({
  eyebrow,
  title,
  problem,
  children,
  link,
  error,
  reset,
}: RouteErrorProps & {
  /** The small line above the heading: the part of the desk ("Sell", "Administration"). */
  eyebrow?: string;
  title: string;
  /** The callout's title: what could not be shown. */
  problem: string;
  /** What to do, in sentences; the reference follows them. */
  children: ReactNode;
  link?: { href: string; label: string; prefetch?: false };
}) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      {eyebrow ? <p className="text-sm font-medium text-brand-700">{eyebrow}</p> : null}
      <h1 className={cn(eyebrow && "mt-1", "text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]")}>{title}</h1>
      <Callout title={problem} className="mt-6 max-w-2xl">
        <p>
          {children} Reference: <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={reset}>Try again</Button>
        {link ? (
          <Link href={link.href} prefetch={link.prefetch} className={buttonClasses({ variant: "secondary" })}>
            {link.label}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
