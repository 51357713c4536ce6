"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ResultRow } from "@/components/results/types";
import type { SearchCriteria } from "@/lib/search/criteria";
import { rememberSelectedRate } from "@/lib/search/selected-rate";
import { selectHref } from "./links";

/**
 * Selecting an option: the row is remembered for checkout (which has no call to read a quote
 * back), then checkout opens. `selectedId` marks the button whose navigation is under way.
 */
export function useSelectOption(searchId: string, criteria: SearchCriteria | null) {
  const router = useRouter();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const select = (row: ResultRow, context: { hotelName?: string | null } = {}) => {
    setSelectedId(row._id);
    rememberSelectedRate(row, context);
    router.push(selectHref(row, searchId, criteria));
  };
  return { select, selectedId };
}
