import type { HotelContent } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { cached, TTL, type Cache } from "./cache";

type Deps = { cache: Cache; tds: TdsClient };

/** A hotel's content (name, photos, place, facilities), cached for a day as the service asks. */
export function hotelContent(deps: Deps, canonicalId: string, signal?: AbortSignal): Promise<HotelContent> {
  return cached(deps.cache, `hotel:${canonicalId}`, TTL.content, () => deps.tds.hotelContent(canonicalId, { signal }));
}

/**
 * For a hotel page's first HTML: the content when it is at hand within `waitMs` (the cache, or a
 * quick service), so the name and the photo are in the first paint; otherwise null, and the
 * browser asks for it as before. Never fails and never holds the page longer than `waitMs`: a
 * slower call goes on and fills the cache, which the browser's own request then finds (or joins).
 */
export async function hotelContentSoon(deps: Deps, canonicalId: string, waitMs = 300): Promise<HotelContent | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
  try {
    return await Promise.race([hotelContent(deps, canonicalId).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
