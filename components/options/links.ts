import type { ResultRow } from "@/components/results/types";
import { checkoutHref, searchHref, type SearchCriteria } from "@/lib/search/criteria";

// Where the sheet's links lead. Used by the server page and the client sheet alike.

/** Back to the search's results (or to a blank search when the link carried no criteria). */
export function backHref(criteria: SearchCriteria | null, searchId: string): string {
  return criteria ? searchHref(criteria, searchId) : "/search";
}

/** Where "Select" leads: checkout of the row's quote, with the criteria when the page has them. */
export function selectHref(row: ResultRow, searchId: string, criteria: SearchCriteria | null): string {
  if (criteria) return checkoutHref(row.rateQuoteId, searchId, criteria);
  // A link without criteria still reaches checkout; travellers are then entered from scratch.
  return `/checkout/${encodeURIComponent(row.rateQuoteId)}?${new URLSearchParams({ sid: searchId })}`;
}
