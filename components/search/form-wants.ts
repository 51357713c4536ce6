import type { SearchCriteria } from "@/lib/search/criteria";

// What a search form needs as it opens, apart from the rules that check it (./search-resolver.ts,
// which the form loads once the page has settled): the page shows without them.

/**
 * What the form asks for that its values cannot say: a transfer's "Return journey" switch is on
 * (an empty return time would otherwise quietly price one way). Set by the fields, read on submit.
 */
export type FormWants = { transferReturn?: boolean };

/** What a form wants when it opens on these values (a return time given means the switch is on). */
export const initialWants = (values: SearchCriteria): FormWants => ({ transferReturn: values.productType === "transfer" && !!values.returnAt });
