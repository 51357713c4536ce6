"use client";

import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { apiGetChecked } from "@/lib/api-client";
import { isThumbnails } from "@/lib/tds/contract/answers";

/** The service answers at most 60 IDs per call. */
export const THUMBNAIL_BATCH = 60;
const DAY_MS = 86_400_000;

export type Thumbnail = { state: "loading" } | { state: "ready"; url: string } | { state: "none" };

/**
 * Splits IDs not asked for yet into batches of at most `size`, keeping the batches already made:
 * a re-read that adds or reorders products never re-asks for those already requested.
 */
export function extendBatches(batches: readonly string[][], ids: readonly string[], size = THUMBNAIL_BATCH): string[][] {
  const requested = new Set(batches.flat());
  const fresh = [...new Set(ids)].filter((id) => !requested.has(id));
  if (fresh.length === 0) return batches as string[][];
  const out = [...batches];
  for (let i = 0; i < fresh.length; i += size) out.push(fresh.slice(i, i + size));
  return out;
}

/** Hotel thumbnails for the loaded products, one call per new page of them, cached for a day. */
export function useThumbnails(ids: readonly string[]): (id: string) => Thumbnail {
  const [kept, setKept] = useState<string[][]>([]);
  const batches = extendBatches(kept, ids);
  // Adjusting state while rendering (React's pattern for "remember what was seen"): no extra pass.
  if (batches !== kept) setKept(batches);
  const results = useQueries({
    queries: batches.map((batch) => ({
      queryKey: ["hotel-thumbnails", batch.join(",")] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => apiGetChecked("/api/products/hotel-thumbnails", isThumbnails, { query: { ids: batch.join(",") }, signal }),
      staleTime: DAY_MS,
      gcTime: DAY_MS,
      refetchOnWindowFocus: false,
    })),
  });
  const byId = new Map<string, Thumbnail>();
  results.forEach((r, i) => {
    for (const id of batches[i] ?? []) {
      const url = r.data?.[id];
      byId.set(id, r.isPending ? { state: "loading" } : url ? { state: "ready", url } : { state: "none" });
    }
  });
  return (id) => byId.get(id) ?? { state: "loading" };
}
