// GET /api/products/hotel-thumbnails?ids=a,b – image URL (or null) per hotel, at most 60 IDs, each cached for a day
import { cachedEach, TTL } from "@/lib/bff/cache";
import { ok, route } from "@/lib/bff/handler";
import { thumbnailsQuerySchema } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: thumbnailsQuerySchema }, async ({ tds, deps, query, signal }) =>
  ok(await cachedEach(deps.cache(), (id) => `thumb:${id}`, query.ids, TTL.content, (missing) => tds.hotelThumbnails(missing, { signal }))),
);
