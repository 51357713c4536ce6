// GET /api/products/hotel/:canonicalId – hotel content (cached for a day)
import { ok, route } from "@/lib/bff/handler";
import { hotelContent } from "@/lib/bff/hotel-content";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "advisor", params: params("canonicalId"), query: noQuery },
  async ({ tds, deps, params: { canonicalId }, signal }) =>
    ok(await hotelContent({ cache: deps.cache(), tds }, canonicalId, signal)),
);
