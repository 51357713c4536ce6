import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { searchHref, type SearchCriteria } from "@/lib/search/criteria";
import { describeParty } from "./selection-summary";

/** The checkout page around its sections: the way back, the heading, and the summary of what is booked beside them. */
export function PageFrame({
  criteria,
  searchId,
  aside,
  asideLast = false,
  children,
}: {
  criteria: SearchCriteria;
  searchId: string;
  aside: ReactNode;
  /** On narrow screens the summary comes first, except after booking: then the outcome leads. */
  asideLast?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Link href={searchHref(criteria, searchId)} className="text-sm font-medium text-brand-700 hover:text-brand-800">
        <span aria-hidden>←</span> Back to results
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
      <p className="mt-1 text-sm text-slate-500">Confirm the live price, name the travellers and book. {describeParty(criteria)}.</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className={cn("lg:sticky lg:top-24 lg:order-last", asideLast && "order-last")} aria-label="What is being booked">
          {aside}
        </aside>
        <div className="min-w-0 space-y-6">{children}</div>
      </div>
    </>
  );
}
